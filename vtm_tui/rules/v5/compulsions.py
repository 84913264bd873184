"""Compulsions: what the Beast demands after a messy critical or a bestial failure.

Source: V5 core pp.208–209. After a messy critical or a bestial failure the storyteller may
impose a compulsion, rolled on the general table or the clan's own taken instead. It lasts
until it is satisfied or the scene ends; the storyteller clears it. While it lasts, pools
that do not serve it lose dice: −2 for the general ones and most clan ones, as printed
below (a Malkavian's Delusion and a Gangrel's Feral Impulses hit named Attributes instead).

Decision: the general table rolls a d10: 1–3 Hunger, 4–6 Dominance, 7–8 Harm, 9–10 Paranoia;
the app offers the clan's compulsion beside the rolled one and the storyteller picks.
The penalty is shown and applied only when the storyteller says the pool does not serve the
compulsion (the roll dialog's modifier); nothing decides that on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.rules.blood_upkeep import COMPULSION_SUFFIX  # how a sheet writes one: "Arrogance compulsion"
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.rolling import REGULAR

#: Results that call for a compulsion (docs/rules.md result names).
TRIGGERS = ("messy_critical", "bestial_failure")


@dataclass(frozen=True)
class Compulsion:
    """A compulsion: its name, what it demands and what it costs the pools that do not serve it."""

    name: str
    demand: str
    penalty: int = 2
    applies_to: str = "pools that do not serve it"
    clan: str = ""

    def penalty_text(self) -> str:
        return f"−{self.penalty} dice to {self.applies_to}"

    def text(self) -> str:
        """``Hunger compulsion: feed now (−2 dice to pools that do not serve it)``."""
        return f"{self.name} compulsion: {self.demand} ({self.penalty_text()})"


GENERAL: tuple[Compulsion, ...] = (
    Compulsion("Hunger", "feed, now"),
    Compulsion("Dominance", "assert control over someone present"),
    Compulsion("Harm", "hurt someone, physically or otherwise"),
    Compulsion("Paranoia", "trust no one; seek out the threat"),
)

CLAN: dict[str, Compulsion] = {c.clan: c for c in (
    Compulsion("Judgment", "punish a wrongdoer", clan="Banu Haqim"),
    Compulsion("Rebellion", "defy authority", clan="Brujah"),
    Compulsion("Feral Impulses", "act as the beast would", 3, "Manipulation and Intelligence pools", "Gangrel"),
    Compulsion("Morbidity", "learn about death", clan="Hecata"),
    Compulsion("Ruthlessness", "succeed at any cost", clan="Lasombra"),
    Compulsion("Delusion", "act on what the madness shows", 1,
               "Dexterity, Manipulation, Composure and Wits pools", "Malkavian"),
    Compulsion("Transgression", "break a rule or lead another to", clan="Ministry"),
    Compulsion("Cryptophilia", "learn a secret", clan="Nosferatu"),
    Compulsion("Tempting Fate", "take the most dangerous way", clan="Ravnos"),
    Compulsion("Affective Empathy", "ease another's suffering", clan="Salubri"),
    Compulsion("Obsession", "fixate on something beautiful", clan="Toreador"),
    Compulsion("Perfectionism", "do it flawlessly", clan="Tremere"),
    Compulsion("Covetousness", "acquire something wanted", clan="Tzimisce"),
    Compulsion("Arrogance", "be obeyed", clan="Ventrue"),
)}

_BY_NAME = {c.name.casefold(): c for c in (*GENERAL, *CLAN.values())}


def general_compulsion(face: int) -> Compulsion:
    """The general table's compulsion for a d10 face (see the module docstring)."""
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
        raise RulesError(f"compulsion face {face!r} is not on a d10 (1-10)")
    return GENERAL[0 if face <= 3 else 1 if face <= 6 else 2 if face <= 8 else 3]


def roll_compulsion(dice: DiceSource) -> tuple[int, Compulsion]:
    face = dice.roll(1, 10, REGULAR)[0]
    return face, general_compulsion(face)


def clan_compulsion(clan: str) -> Compulsion | None:
    wanted = " ".join(clan.split()).casefold()
    for name, compulsion in CLAN.items():
        if name.casefold() == wanted or (wanted.startswith("the ") and name.casefold() == wanted[4:]):
            return compulsion
    return None


def compulsion_named(name: str) -> Compulsion | None:
    """A known compulsion by name (case aside), for reading a sheet's condition back."""
    return _BY_NAME.get(" ".join(name.split()).casefold())


def condition_text(condition: str) -> str:
    """A condition as the sheet, roll dialog and conflict show it: with its penalty when it is a compulsion."""
    compulsion = compulsion_of(condition)
    return compulsion.text() if compulsion is not None else condition




def compulsion_of(condition: str) -> Compulsion | None:
    """The compulsion a sheet's condition names (``"Arrogance compulsion"``), or ``None``."""
    if not condition.endswith(COMPULSION_SUFFIX):
        return None
    return compulsion_named(condition[: -len(COMPULSION_SUFFIX)])
