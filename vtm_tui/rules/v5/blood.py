"""Blood Potency (V5 core p.216), Blood Surge and mending with the blood."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.checks import RouseResult, rouse_check
from vtm_tui.rules.v5.trackers import Tracker

MAX_BLOOD_POTENCY = 10


@dataclass(frozen=True)
class BloodPotency:
    """One row of the Blood Potency table."""

    level: int
    surge: int  #: dice a Blood Surge adds
    mend: int  #: Superficial damage mended per Rouse
    power_bonus: int  #: dice added to Discipline pools
    rouse_reroll: int | None  #: Discipline level up to which Rouse checks may be re-rolled (None: never)
    bane_severity: int

    def may_reroll_rouse(self, power_level: int) -> bool:
        """Whether a Discipline power of ``power_level`` rolls its Rouse check with a re-roll."""
        return self.rouse_reroll is not None and power_level <= self.rouse_reroll

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "surge": self.surge,
            "mend": self.mend,
            "power_bonus": self.power_bonus,
            "rouse_reroll": self.rouse_reroll,
            "bane_severity": self.bane_severity,
        }


#: The table of docs/rules.md, BP 0-10: (surge, mend, power bonus, rouse re-roll ≤ level, bane severity).
_TABLE = (
    (1, 1, 0, None, 0),
    (2, 1, 0, 1, 2),
    (2, 2, 1, 1, 2),
    (3, 2, 1, 2, 3),
    (3, 3, 2, 2, 3),
    (4, 3, 2, 3, 4),
    (4, 3, 3, 3, 4),
    (5, 3, 3, 4, 5),
    (5, 4, 4, 4, 5),
    (6, 4, 4, 5, 6),
    (6, 5, 5, 5, 6),
)
BLOOD_POTENCY: tuple[BloodPotency, ...] = tuple(BloodPotency(level, *row) for level, row in enumerate(_TABLE))


def blood_potency(level: int) -> BloodPotency:
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= MAX_BLOOD_POTENCY:
        raise RulesError(f"Blood Potency must be a whole number from 0 to {MAX_BLOOD_POTENCY}, not {level!r}")
    return BLOOD_POTENCY[level]


@dataclass(frozen=True)
class SurgeResult:
    """A Blood Surge: the Rouse check, and the pool before and after the surge dice."""

    rouse: RouseResult
    pool_before: int
    pool_after: int

    @property
    def surge(self) -> int:
        return self.pool_after - self.pool_before


def blood_surge(pool: int, level: int, hunger: int, dice: DiceSource, *, discipline: bool = False) -> SurgeResult:
    """Rouse the blood, then add the surge dice to one non-Discipline pool."""
    if discipline:
        raise RulesError("Blood Surge adds dice to a non-Discipline pool only")
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise RulesError(f"pool must be a whole number of 0 or more, not {pool!r}")
    row = blood_potency(level)
    return SurgeResult(rouse_check(hunger, dice), pool, pool + row.surge)


@dataclass(frozen=True)
class MendResult:
    """Mending: the Rouse check and the Health track before and after."""

    rouse: RouseResult
    before: Tracker
    after: Tracker

    @property
    def healed(self) -> int:
        return self.before.superficial - self.after.superficial


def mend(health: Tracker, level: int, hunger: int, dice: DiceSource) -> MendResult:
    """A Rouse check heals the Blood Potency's "mend" in Superficial Health damage."""
    row = blood_potency(level)
    if health.superficial == 0:
        raise RulesError("no Superficial Health damage to mend")
    return MendResult(rouse_check(hunger, dice), health, health.heal_superficial(row.mend))
