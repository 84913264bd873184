"""Kinds of V20 roll, and what each kind changes around the same dice.

Every V20 roll reads its dice the same way (:mod:`vtm_tui.rules.v20.results`);
the kind decides what is rolled and what a result means at the table
(docs/rules.md, v20; V20 core / Revised where docs/rules.md is silent):

- ``test``: an Attribute + Ability pool, the ordinary roll.
- ``damage`` and ``soak`` (combat): they cannot botch; no success is simply no
  damage dealt or none absorbed, so they never use the session's free botch.
  Their 1s cancel successes unless the chronicle's option
  ``damage_ones_do_not_cancel`` is on.
- ``frenzy``: Self-Control (or Instinct) against the Difficulty the storyteller sets.
- ``rotschreck`` (Rötschreck, the Red Fear): Courage against the storyteller's Difficulty.
- ``degeneration``: Conscience (or Conviction) at the Difficulty of the sin; a
  failure or a botch costs a dot of Humanity (or the Path's rating).

Willpower's automatic success is not spent on Virtue rolls nor on damage and
soak rolls (V20 core, "Willpower"). Callers outside the rules ask this module
which kinds exist (:data:`KINDS`) rather than naming them.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.kind_spec import KindSpec


@dataclass(frozen=True)
class V20Kind(KindSpec):
    """One kind of V20 roll: what every rule set declares of a kind (its id, label, dialog title, fixed pool,
    Willpower (the automatic success here) and log kind: :class:`~vtm_tui.rules.kind_spec.KindSpec`), and V20's
    own rules for it."""

    can_botch: bool = True
    virtues: tuple[str, ...] = ()  #: the Virtue rolled, the first the sheet has (e.g. Self-Control or Instinct)
    costs_morality: bool = False  #: a failure costs a dot of Humanity / Path
    combat: bool = False  #: damage and soak: rolled within a conflict
    #: The core's provocations with their Difficulties (frenzy, Rötschreck): offered beside the Difficulty field
    #: and typed by name there, as a ladder's rungs are.
    provocations: tuple[tuple[str, int], ...] = ()
    difficulty: int | None = None  #: the Difficulty when none is typed (None: the rule set's, 6)

    @property
    def virtue_roll(self) -> bool:
        return bool(self.virtues)

    def willpower_refusal(self) -> str | None:
        """Why Willpower cannot be spent on this kind, or ``None``."""
        if self.willpower:
            return None
        what = "a Virtue roll" if self.virtue_roll else f"a {self.label}"
        return f"Willpower's automatic success is not spent on {what}"

    def meaning(self, result: str, successes: int) -> str:
        """What the result means at the table, in a few words."""
        if self.id == "damage":
            return f"{successes} health level{'s' if successes != 1 else ''} of damage dealt" if successes \
                else "no damage dealt"
        if self.id == "soak":
            return f"{successes} health level{'s' if successes != 1 else ''} soaked" if successes \
                else "no damage soaked"
        if self.id == "frenzy":
            return "frenzy resisted" if result == "success" else "the Beast takes over: frenzy"
        if self.id == "rotschreck":
            return "the Red Fear mastered" if result == "success" else "Rötschreck: the vampire flees in terror"
        if self.id == "degeneration":
            return "no degeneration" if result == "success" else "degeneration: one dot of Humanity (or Path) lost"
        return result


TEST = V20Kind("test", "test", "Roll", ordinary=True)
DAMAGE = V20Kind("damage", "damage roll", "Damage roll", listed=True, can_botch=False, willpower=False, combat=True)
SOAK = V20Kind("soak", "soak roll", "Soak roll", listed=True, can_botch=False, willpower=False, combat=True)
#: V20 core, "Frenzy": what provokes it and the Self-Control (Instinct) Difficulty; "when hungry" raises it
#: further at the storyteller's word.
FRENZY_PROVOCATIONS = (("Smell of blood (hungry)", 3), ("Sight of blood (hungry)", 4), ("Being harassed", 4),
                       ("Life-threatening situation", 4), ("Malicious taunts", 4), ("Physical provocation", 6),
                       ("Taste of blood (hungry)", 6), ("Loved one in danger", 7), ("Outright humiliation", 8))
#: V20 core, "Rötschreck": the fire or sunlight and the Courage Difficulty.
ROTSCHRECK_PROVOCATIONS = (("Lighting a cigarette", 3), ("Sight of a torch", 5), ("Bonfire", 6),
                           ("Obscured sunlight", 7), ("Being burned", 7), ("Direct sunlight", 8),
                           ("Trapped in a burning building", 9))

FRENZY = V20Kind("frenzy", "frenzy roll", "Frenzy test", fixed_pool="Frenzy", virtues=("Self-Control", "Instinct"),
                 willpower=False, log_kind="frenzy", provocations=FRENZY_PROVOCATIONS, listed=True)
ROTSCHRECK = V20Kind("rotschreck", "Rötschreck roll", "Rötschreck roll", fixed_pool="Rötschreck",
                     virtues=("Courage",), willpower=False, provocations=ROTSCHRECK_PROVOCATIONS, listed=True)
#: V20 core, "Degeneration": a Conscience roll at Difficulty 8 ("reprehensible acts are hard to justify"),
#: which the storyteller may change.
DEGENERATION = V20Kind("degeneration", "degeneration roll", "Degeneration roll", fixed_pool="Degeneration",
                       virtues=("Conscience", "Conviction"), willpower=False, costs_morality=True, difficulty=8,
                       listed=True)

#: Every kind, by id, in the order a storyteller meets them.
KINDS: dict[str, V20Kind] = {k.id: k for k in (TEST, DAMAGE, SOAK, FRENZY, ROTSCHRECK, DEGENERATION)}
#: The same kinds as every rule set declares them (``ruleset_for("v20").roll_kind(id)``): a new kind is one
#: ``V20Kind`` added to :data:`KINDS`.
KIND_SPECS: dict[str, KindSpec] = dict(KINDS)


def parse_kind(value: str | V20Kind) -> V20Kind:
    """A kind or its id (``Rötschreck`` reads as ``rotschreck``); a bad id names the kinds."""
    if isinstance(value, V20Kind):
        return value
    wanted = value.strip().lower().replace("ö", "o")
    if wanted not in KINDS:
        raise RulesError(f"unknown kind of V20 roll {value!r}: use one of {', '.join(KINDS)}")
    return KINDS[wanted]


def virtue_for(kind: V20Kind, traits: dict[str, int]) -> tuple[str, int]:
    """The Virtue a Virtue roll uses from ``traits`` (name → dots): the first of the kind's the sheet has."""
    for name in kind.virtues:
        if traits.get(name):
            return name, traits[name]
    raise RulesError(f"a {kind.label} rolls {' or '.join(kind.virtues)}, and the sheet has neither")
