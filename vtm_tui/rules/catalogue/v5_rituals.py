"""Blood Sorcery rituals and thin-blood alchemy formulas of the V5 core, as names and mechanics only.

A ritual or formula is its own kind on a V5 sheet (``rituals = [...]``, ``formulas = [...]``), not a
Discipline power: it is learned with experience at its level × 3, needs as many dots in its Discipline
as its level, and is performed with one pool for all of its kind. What each one does is the book's
business: only the name, the level, the Rouse cost, the pool and the Discipline it needs are here.

Source: V5 core rulebook, "Disciplines" chapter: Blood Sorcery's rituals (every ritual costs one Rouse
check and is rolled Intelligence + Blood Sorcery) and Thin-Blood Alchemy's formulas (brewed with a Rouse
check, rolled Intelligence + Thin-Blood Alchemy). Formulas the core lists only as a way to copy
another Discipline's power (Counterfeit) have no fixed level and are left to a sheet's own table.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError

MAX_LEVEL = 5


@dataclass(frozen=True)
class RitualInfo:
    """A ritual or formula as the rules see it: its kind, level, Rouse cost, pool and the Discipline it needs."""

    name: str
    kind: str  #: "ritual" or "formula"
    level: int
    rouse: int = 1
    #: The Discipline whose dots it needs (as many as its level) and rolls with.
    discipline: str = "Blood Sorcery"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RulesError(f"{self.name}: a kind is {' or '.join(KINDS)}, not {self.kind!r}")
        if not 1 <= self.level <= MAX_LEVEL:
            raise RulesError(f"{self.name}: a {self.kind}'s level is 1-{MAX_LEVEL}, not {self.level}")

    @property
    def pool(self) -> str:
        """Every ritual rolls Intelligence + Blood Sorcery; every formula Intelligence + Thin-Blood Alchemy."""
        return f"Intelligence + {self.discipline}"

    def describe(self) -> str:
        """``Ward against Ghouls (ritual 1, 1 Rouse, Intelligence + Blood Sorcery)``."""
        return f"{self.name} ({self.kind} {self.level}, {self.rouse} Rouse, {self.pool})"


#: A kind → the Discipline it needs and rolls with.
KINDS: dict[str, str] = {"ritual": "Blood Sorcery", "formula": "Thin-Blood Alchemy"}


def _r(level: int, name: str) -> RitualInfo:
    return RitualInfo(name, "ritual", level)


def _f(level: int, name: str) -> RitualInfo:
    return RitualInfo(name, "formula", level, 1, "Thin-Blood Alchemy")


RITUALS: tuple[RitualInfo, ...] = (
    _r(1, "Blood Walk"),
    _r(1, "Clinging of the Insect"),
    _r(1, "Craft Bloodstone"),
    _r(1, "Wake with Evening's Freshness"),
    _r(1, "Ward against Ghouls"),
    _r(2, "Communicate with Kindred Sire"),
    _r(2, "Eyes of Babel"),
    _r(2, "Illuminate the Trail of Prey"),
    _r(2, "Truth of Blood"),
    _r(2, "Ward against Spirits"),
    _r(2, "Warding Circle against Ghouls"),
    _r(3, "Dagon's Call"),
    _r(3, "Deflection of Wooden Doom"),
    _r(3, "Essence of Air"),
    _r(3, "Firewalker"),
    _r(3, "Ward against Lupines"),
    _r(3, "Warding Circle against Spirits"),
    _r(4, "Defense of the Sacred Haven"),
    _r(4, "Eyes of the Nighthawk"),
    _r(4, "Incorporeal Passage"),
    _r(4, "Ward against Cainites"),
    _r(4, "Warding Circle against Lupines"),
    _r(5, "Escape to True Sanctuary"),
    _r(5, "Heart of Stone"),
    _r(5, "Shaft of Belated Dissolution"),
    _r(5, "Warding Circle against Cainites"),
)

FORMULAS: tuple[RitualInfo, ...] = (
    _f(1, "Far Reach"),
    _f(1, "Haze"),
    _f(2, "Envelop"),
    _f(3, "Defractionate"),
    _f(3, "Profane Hieros Gamos"),
    _f(4, "Airborne Momentum"),
    _f(4, "Awaken the Sleeper"),
)

_BY_KEY: dict[tuple[str, str], RitualInfo] = {(r.kind, r.name.casefold()): r for r in RITUALS + FORMULAS}


def catalogue_ritual(kind: str, name: str) -> RitualInfo | None:
    """The core's ritual (``kind="ritual"``) or formula named ``name`` (case and spacing aside), or ``None``."""
    return _BY_KEY.get((kind, " ".join(name.split()).casefold()))


def rituals_for(kind: str, dots: int) -> tuple[RitualInfo, ...]:
    """The core's rituals or formulas of level ``dots`` or lower (what a character with those dots may learn)."""
    return tuple(r for r in RITUALS + FORMULAS if r.kind == kind and r.level <= dots)


def missing(kind: str, level: int, dots: int) -> str:
    """What a ``kind`` of ``level`` needs that ``dots`` in its Discipline lack: ``"Blood Sorcery 3"``, or ``""``."""
    return "" if dots >= level else f"{KINDS[kind]} {level}"


def ritual_entry(kind: str, name: str, level: int | None) -> str | dict[str, object]:
    """How an import writes a ritual or formula into a sheet's list: the bare name when the core gives the
    same level, else ``{name, level}`` (a level outside 1-5 is left for the sheet's check to name)."""
    known = catalogue_ritual(kind, name)
    if level is None or (known is not None and known.level == level):
        return name
    return {"name": name, "level": level}
