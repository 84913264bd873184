"""Discipline powers: level, Rouse cost and pool, and a catalogue of core powers as printed.

A sheet may name a power only (``Dominate = ["Mesmerize"]``): its level, cost and
pool then come from :data:`CATALOGUE`. A power the catalogue does not know (a
supplement, a house power) carries its own ``level``, ``rouse`` and ``pool`` on the
sheet. ``rouse`` is the number of Rouse checks the power costs, 0 for "Free".

Source: V5 core rulebook, "Disciplines" chapter (pp. 243–300), each power's
"Cost" and "Dice Pools" lines; Oblivion from *Chicago by Night* / *Cults of the
Blood Gods*. Where a power is resisted, ``pool`` is the user's side only; a power
with no roll has an empty pool. The catalogue holds every power of the core
Disciplines at levels 1-5 with their amalgam prerequisites (Thin-Blood
Alchemy, which has formulas rather than powers, aside: its formulas and the
Blood Sorcery rituals are in :mod:`vtm_tui.rules.catalogue.v5_rituals`), and
the Oblivion powers of the shipped example chronicles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError

#: What a sheet may write for a free power.
FREE = "free"
MAX_ROUSE = 5
MAX_LEVEL = 5


@dataclass(frozen=True)
class PowerInfo:
    """A power as the rules see it: which discipline, its level, its Rouse checks and its pool."""

    name: str
    discipline: str
    level: int
    rouse: int = 0  #: Rouse checks it costs (0: free)
    pool: str = ""  #: e.g. "Manipulation + Dominate"; "" when the power is not rolled
    amalgam: tuple[str, int] | None = None  #: another Discipline's dots the power needs, e.g. ("Obfuscate", 2)

    def __post_init__(self) -> None:
        if not 1 <= self.level <= MAX_LEVEL:
            raise RulesError(f"{self.name}: a power's level is 1-{MAX_LEVEL}, not {self.level}")
        if not 0 <= self.rouse <= MAX_ROUSE:
            raise RulesError(f"{self.name}: a power costs 0-{MAX_ROUSE} Rouse checks, not {self.rouse}")

    @property
    def cost_text(self) -> str:
        if not self.rouse:
            return "free"
        return "1 Rouse" if self.rouse == 1 else f"{self.rouse} Rouse"

    def describe(self) -> str:
        """``Mesmerize (Dominate 2, 1 Rouse, Manipulation + Dominate)``."""
        parts = [f"{self.discipline} {self.level}", self.cost_text]
        if self.pool:
            parts.append(self.pool)
        return f"{self.name} ({', '.join(parts)})"


def parse_rouse(value: int | str) -> int:
    """A sheet's ``rouse``: a whole number 0-5, or ``"free"`` (0)."""
    if isinstance(value, str) and value.strip().casefold() == FREE:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ROUSE:
        raise RulesError(f"rouse must be 0-{MAX_ROUSE} or \"free\", not {value!r}")
    return value


def _p(discipline: str, level: int, name: str, rouse: int, pool: str = "",
       amalgam: tuple[str, int] | None = None) -> PowerInfo:
    return PowerInfo(name, discipline, level, rouse, pool, amalgam)


#: The core powers, by discipline then level (V5 core, each power's Cost, Dice Pools and Amalgam lines).
CATALOGUE: tuple[PowerInfo, ...] = (
    # Animalism (core p.245)
    _p("Animalism", 1, "Bond Famulus", 3, "Charisma + Animal Ken"),  # three Rouse checks over the nights of the bond
    _p("Animalism", 1, "Sense the Beast", 0, "Resolve + Animalism"),
    _p("Animalism", 2, "Feral Whispers", 1, "Manipulation + Animalism"),
    _p("Animalism", 3, "Animal Succulence", 0),
    _p("Animalism", 3, "Quell the Beast", 1, "Charisma + Animalism"),
    _p("Animalism", 3, "Unliving Hive", 0, "", ("Obfuscate", 2)),
    _p("Animalism", 4, "Subsume the Spirit", 1, "Manipulation + Animalism"),
    _p("Animalism", 5, "Animal Dominion", 2, "Charisma + Animalism"),
    _p("Animalism", 5, "Drawing Out the Beast", 1, "Wits + Animalism"),
    # Auspex (core p.249)
    _p("Auspex", 1, "Heightened Senses", 0, "Wits + Resolve"),
    _p("Auspex", 1, "Sense the Unseen", 0, "Wits + Auspex"),
    _p("Auspex", 2, "Premonition", 0, "Resolve + Auspex"),
    _p("Auspex", 3, "Scry the Soul", 1, "Intelligence + Auspex"),
    _p("Auspex", 3, "Share the Senses", 1, "Resolve + Auspex"),
    _p("Auspex", 4, "Spirit's Touch", 1, "Intelligence + Auspex"),
    _p("Auspex", 5, "Clairvoyance", 1, "Intelligence + Auspex"),
    _p("Auspex", 5, "Possession", 2, "Resolve + Auspex", ("Dominate", 3)),
    _p("Auspex", 5, "Telepathy", 1, "Resolve + Auspex"),
    # Blood Sorcery (core p.254)
    _p("Blood Sorcery", 1, "Corrosive Vitae", 1),
    _p("Blood Sorcery", 1, "A Taste for Blood", 0, "Resolve + Blood Sorcery"),
    _p("Blood Sorcery", 2, "Extinguish Vitae", 1, "Intelligence + Blood Sorcery"),
    _p("Blood Sorcery", 3, "Blood of Potency", 1, "Resolve + Blood Sorcery"),
    _p("Blood Sorcery", 3, "Scorpion's Touch", 1, "Strength + Blood Sorcery"),
    _p("Blood Sorcery", 4, "Theft of Vitae", 1, "Wits + Blood Sorcery"),
    _p("Blood Sorcery", 5, "Baal's Caress", 1, "Strength + Blood Sorcery"),
    _p("Blood Sorcery", 5, "Cauldron of Blood", 1, "Resolve + Blood Sorcery"),
    # Celerity (core p.259)
    _p("Celerity", 1, "Cat's Grace", 0),
    _p("Celerity", 1, "Rapid Reflexes", 0),
    _p("Celerity", 2, "Fleetness", 1),
    _p("Celerity", 3, "Blink", 1, "Dexterity + Athletics"),
    _p("Celerity", 3, "Traversal", 1, "Dexterity + Athletics"),
    _p("Celerity", 4, "Draught of Elegance", 1),
    _p("Celerity", 4, "Unerring Aim", 1, "", ("Auspex", 2)),
    _p("Celerity", 5, "Lightning Strike", 1),
    _p("Celerity", 5, "Split Second", 1),
    # Dominate (core p.262)
    _p("Dominate", 1, "Cloud Memory", 0, "Charisma + Dominate"),
    _p("Dominate", 1, "Compel", 0, "Charisma + Dominate"),
    _p("Dominate", 2, "Mesmerize", 1, "Manipulation + Dominate"),
    _p("Dominate", 2, "Dementation", 1, "Manipulation + Dominate", ("Obfuscate", 2)),
    _p("Dominate", 3, "The Forgetful Mind", 1, "Manipulation + Dominate"),
    _p("Dominate", 3, "Submerged Directive", 0),
    _p("Dominate", 4, "Rationalize", 1, "Charisma + Dominate"),
    _p("Dominate", 5, "Mass Manipulation", 1, "Manipulation + Dominate"),
    _p("Dominate", 5, "Terminal Decree", 0),
    # Fortitude (core p.266)
    _p("Fortitude", 1, "Resilience", 0),
    _p("Fortitude", 1, "Unswayable Mind", 0),
    _p("Fortitude", 2, "Toughness", 1),
    _p("Fortitude", 2, "Enduring Beasts", 1, "Stamina + Animalism", ("Animalism", 1)),
    _p("Fortitude", 3, "Defy Bane", 1, "Wits + Survival"),
    _p("Fortitude", 3, "Fortify the Inner Facade", 0),
    _p("Fortitude", 4, "Draught of Endurance", 1),
    _p("Fortitude", 5, "Flesh of Marble", 2),
    _p("Fortitude", 5, "Prowess from Pain", 1),
    # Obfuscate (core p.270)
    _p("Obfuscate", 1, "Cloak of Shadows", 0),
    _p("Obfuscate", 1, "Silence of Death", 0),
    _p("Obfuscate", 2, "Unseen Passage", 1, "Wits + Obfuscate"),
    _p("Obfuscate", 3, "Ghost in the Machine", 0),
    _p("Obfuscate", 3, "Mask of a Thousand Faces", 1),
    _p("Obfuscate", 4, "Conceal", 1, "Intelligence + Obfuscate", ("Auspex", 3)),
    _p("Obfuscate", 4, "Vanish", 0, "Wits + Obfuscate"),
    _p("Obfuscate", 5, "Cloak the Gathering", 1),
    _p("Obfuscate", 5, "Impostor's Guise", 1, "Wits + Obfuscate"),
    # Oblivion (Chicago by Night / Cults of the Blood Gods: no core Discipline, kept for the shipped examples)
    _p("Oblivion", 1, "Shadow Cloak", 0),
    _p("Oblivion", 1, "Oblivion's Sight", 0),
    _p("Oblivion", 2, "Arms of Ahriman", 1, "Wits + Oblivion"),
    _p("Oblivion", 2, "Shadow Cast", 1),
    # Potence (core p.274)
    _p("Potence", 1, "Lethal Body", 0),
    _p("Potence", 1, "Soaring Leap", 0),
    _p("Potence", 2, "Prowess", 1),
    _p("Potence", 3, "Brutal Feed", 0),
    _p("Potence", 3, "Spark of Rage", 1, "Manipulation + Potence", ("Presence", 3)),
    _p("Potence", 3, "Uncanny Grip", 1),
    _p("Potence", 4, "Draught of Might", 1),
    _p("Potence", 5, "Earthshock", 2),
    _p("Potence", 5, "Fist of Caine", 1),
    # Presence (core p.277)
    _p("Presence", 1, "Awe", 0, "Manipulation + Presence"),
    _p("Presence", 1, "Daunt", 0),
    _p("Presence", 2, "Lingering Kiss", 0),
    _p("Presence", 3, "Dread Gaze", 1, "Charisma + Presence"),
    _p("Presence", 3, "Entrancement", 1, "Charisma + Presence"),
    _p("Presence", 4, "Irresistible Voice", 0, "", ("Dominate", 1)),
    _p("Presence", 4, "Summon", 1, "Manipulation + Presence"),
    _p("Presence", 5, "Majesty", 2, "Charisma + Presence"),
    _p("Presence", 5, "Star Magnetism", 1),
    # Protean (core p.281)
    _p("Protean", 1, "Eyes of the Beast", 0),
    _p("Protean", 1, "Weight of the Feather", 0),
    _p("Protean", 2, "Feral Weapons", 1),
    _p("Protean", 3, "Earth Meld", 1),
    _p("Protean", 3, "Shapechange", 1),
    _p("Protean", 4, "Metamorphosis", 1),
    _p("Protean", 5, "Mist Form", 1),
    _p("Protean", 5, "The Unfettered Heart", 0),
)

_BY_KEY: dict[tuple[str, str], PowerInfo] = {
    (power.discipline.casefold(), power.name.casefold()): power for power in CATALOGUE
}


def catalogue_power(discipline: str, name: str) -> PowerInfo | None:
    """The catalogue's entry for ``name`` under ``discipline`` (case aside), or ``None``."""
    return _BY_KEY.get((" ".join(discipline.split()).casefold(), " ".join(name.split()).casefold()))


def catalogue_for(discipline: str, dots: int) -> tuple[PowerInfo, ...]:
    """The catalogue's powers of ``discipline`` up to level ``dots`` (what the app offers to add)."""
    wanted = discipline.casefold()
    return tuple(p for p in CATALOGUE if p.discipline.casefold() == wanted and p.level <= dots)


def _held(disciplines: Mapping[str, int], name: str) -> int:
    """The dots ``disciplines`` (name → dots) gives ``name``, case aside (0 when absent)."""
    return next((dots for held, dots in disciplines.items() if held.casefold() == name.casefold()), 0)


def unmet(power: PowerInfo, disciplines: Mapping[str, int]) -> list[str]:
    """What ``power`` needs that ``disciplines`` (name → dots) lacks, each as ``"Obfuscate 2 (has 0)"``: its own
    Discipline at the power's level, then its amalgam's. The one rule of a power's prerequisites: experience's
    choices (:func:`powers_to_pick`), the powers page and the sheet's warnings all ask it."""
    needs = [(power.discipline, power.level), *([power.amalgam] if power.amalgam else [])]
    return [f"{name} {dots} (has {_held(disciplines, name)})" for name, dots in needs
            if _held(disciplines, name) < dots]


def unmet_text(power: PowerInfo, disciplines: Mapping[str, int]) -> str:
    """``"Dementation needs Obfuscate 2 (has 0)"``, or ``""`` when the dots meet every prerequisite."""
    missing = unmet(power, disciplines)
    return f"{power.name} needs {' and '.join(missing)}" if missing else ""


def amalgam_missing(power: PowerInfo, disciplines: dict[str, int]) -> str:
    """What ``power``'s amalgam needs that ``disciplines`` (name → dots) lacks: ``"Obfuscate 2"``, or ``""``."""
    if power.amalgam is None:
        return ""
    other, dots = power.amalgam
    return "" if _held(disciplines, other) >= dots else f"{other} {dots}"


def powers_to_pick(discipline: str, dots: int, disciplines: dict[str, int],
                   held: set[str]) -> tuple[PowerInfo, ...]:
    """Powers a new dot of ``discipline`` may bring: not ``held`` (casefolded), and every prerequisite met
    (:func:`unmet`) once ``discipline`` has ``dots``."""
    after = {name: rating for name, rating in disciplines.items() if name.casefold() != discipline.casefold()}
    after[discipline] = dots
    return tuple(p for p in catalogue_for(discipline, MAX_LEVEL)
                 if p.name.casefold() not in held and not unmet(p, after))
