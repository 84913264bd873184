"""Health and Willpower trackers: boxes that are empty, Superficial (/) or Aggravated (X).

Trackers are immutable; every change returns a new tracker so the app can keep
the old one for undo and the store can log the difference.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.catalogue.v5_trackers import HEALTH_POWERS, doc_health_size, health_bonus, health_size
from vtm_tui.rules.errors import RulesError

__all__ = ["HEALTH_POWERS", "Tracker", "doc_health_size", "health_bonus", "health_size", "spend_willpower"]

SUPERFICIAL_MARK = "/"
AGGRAVATED_MARK = "X"
EMPTY_MARK = "."

OK = "ok"
IMPAIRED = "impaired"
TORPOR = "torpor"
DEAD = "dead"


def _amount(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number of 0 or more, not {value!r}")
    return value


def halve_superficial(amount: int) -> int:
    """Vampires halve Superficial physical damage, rounding up."""
    return -(-_amount(amount, "damage") // 2)


@dataclass(frozen=True)
class Tracker:
    """A track of ``size`` boxes with some Superficial and Aggravated damage."""

    size: int
    superficial: int = 0
    aggravated: int = 0

    def __post_init__(self) -> None:
        _amount(self.size, "tracker size")
        _amount(self.superficial, "Superficial damage")
        _amount(self.aggravated, "Aggravated damage")
        if self.superficial + self.aggravated > self.size:
            raise RulesError(
                f"{self.superficial} Superficial + {self.aggravated} Aggravated damage do not fit "
                f"in {self.size} boxes"
            )

    @classmethod
    def health(cls, stamina: int, disciplines: Mapping[str, Any] | None = None,
               powers: Mapping[str, Iterable[Any]] | None = None) -> Tracker:
        """Health = Stamina + 3, + Fortitude with Resilience (:func:`health_size`)."""
        return cls(health_size(stamina, disciplines, powers))

    @classmethod
    def willpower(cls, composure: int, resolve: int) -> Tracker:
        """Willpower = Composure + Resolve."""
        return cls(_amount(composure, "Composure") + _amount(resolve, "Resolve"))

    @property
    def empty(self) -> int:
        return self.size - self.superficial - self.aggravated

    @property
    def undamaged(self) -> int:
        """The value a tracker roll uses (before its 1-die floor)."""
        return self.empty

    @property
    def impaired(self) -> bool:
        """No empty box left: −2 dice to the pools this tracker governs."""
        return self.size > 0 and self.empty == 0

    @property
    def all_aggravated(self) -> bool:
        return self.size > 0 and self.aggravated == self.size

    def pool(self) -> int:
        """Dice for a roll of this tracker: the undamaged boxes, at least 1."""
        return max(1, self.undamaged)

    def take_superficial(self, amount: int, *, halve: bool = False) -> Tracker:
        """Mark Superficial damage; on a full track each point turns a / into an X.

        ``halve`` is for a vampire's Superficial physical damage (rounded up).
        """
        amount = halve_superficial(amount) if halve else _amount(amount, "damage")
        into_empty = min(amount, self.empty)
        overflow = amount - into_empty
        superficial = self.superficial + into_empty
        upgraded = min(overflow, superficial)
        return replace(self, superficial=superficial - upgraded, aggravated=self.aggravated + upgraded)

    def take_aggravated(self, amount: int) -> Tracker:
        """Mark Aggravated damage: empty boxes first, then over Superficial ones."""
        amount = _amount(amount, "damage")
        into_empty = min(amount, self.empty)
        upgraded = min(amount - into_empty, self.superficial)
        return replace(
            self,
            superficial=self.superficial - upgraded,
            aggravated=self.aggravated + into_empty + upgraded,
        )

    def take(self, amount: int, *, aggravated: bool = False, halve: bool = False) -> Tracker:
        return self.take_aggravated(amount) if aggravated else self.take_superficial(amount, halve=halve)

    def heal_superficial(self, amount: int) -> Tracker:
        return replace(self, superficial=max(0, self.superficial - _amount(amount, "healing")))

    def heal_aggravated(self, amount: int) -> Tracker:
        return replace(self, aggravated=max(0, self.aggravated - _amount(amount, "healing")))

    def resized(self, size: int) -> Tracker:
        """The same damage on a track of a new size (an Attribute changed); excess damage is dropped."""
        size = _amount(size, "tracker size")
        aggravated = min(self.aggravated, size)
        return Tracker(size, min(self.superficial, size - aggravated), aggravated)

    def condition(self, *, vampire: bool = True) -> str:
        """``ok``, ``impaired``, or for Health all Aggravated ``torpor`` (vampire) / ``dead`` (mortal)."""
        if self.all_aggravated:
            return TORPOR if vampire else DEAD
        return IMPAIRED if self.impaired else OK

    def boxes(self) -> str:
        """``XX//...``: Aggravated, then Superficial, then empty boxes."""
        return AGGRAVATED_MARK * self.aggravated + SUPERFICIAL_MARK * self.superficial + EMPTY_MARK * self.empty


def spend_willpower(willpower: Tracker, points: int = 1) -> Tracker:
    """Spent Willpower is marked as Superficial damage."""
    return willpower.take_superficial(points)
