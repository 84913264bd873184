"""Humanity, stains, degeneration and the Remorse test.

Stains fill the empty boxes from the right. Stains beyond the empty boxes are
not kept: each is 1 Aggravated Willpower damage instead (degeneration), and the
character is impaired until the Remorse test clears the stains.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.kinds import RollKind
from vtm_tui.rules.v5.results import V5Roll, WrapsRoll, judge
from vtm_tui.rules.v5.rolling import REGULAR

MAX_HUMANITY = 10
STAIN_MARK = "/"
HUMANITY_MARK = "●"
EMPTY_MARK = "."


@dataclass(frozen=True)
class Humanity:
    """Humanity 0-10, the stains on its empty boxes, and whether it is degenerating."""

    rating: int
    stains: int = 0
    degenerating: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.rating, bool) or not isinstance(self.rating, int) or not 0 <= self.rating <= MAX_HUMANITY:
            raise RulesError(f"Humanity must be a whole number from 0 to {MAX_HUMANITY}, not {self.rating!r}")
        if isinstance(self.stains, bool) or not isinstance(self.stains, int) or self.stains < 0:
            raise RulesError(f"stains must be a whole number of 0 or more, not {self.stains!r}")
        if self.stains > self.empty_boxes:
            raise RulesError(
                f"{self.stains} stains do not fit in the {self.empty_boxes} empty boxes of Humanity {self.rating}"
            )

    @property
    def empty_boxes(self) -> int:
        return MAX_HUMANITY - self.rating

    @property
    def impaired(self) -> bool:
        """Degeneration impairs the character until the stains are cleared."""
        return self.degenerating

    def boxes(self) -> str:
        """``●●●●●●●../``: Humanity from the left, stains from the right."""
        free = self.empty_boxes - self.stains
        return HUMANITY_MARK * self.rating + EMPTY_MARK * free + STAIN_MARK * self.stains

    def add_stains(self, count: int) -> tuple[Humanity, int]:
        """``(new Humanity, Aggravated Willpower damage)`` after ``count`` stains.

        Stains that do not fit are degeneration: 1 Aggravated Willpower damage each.
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RulesError(f"stains must be a whole number of 0 or more, not {count!r}")
        room = self.empty_boxes - self.stains
        excess = max(0, count - room)
        new = replace(self, stains=self.stains + count - excess, degenerating=self.degenerating or excess > 0)
        return new, excess

    def cleared(self) -> Humanity:
        return replace(self, stains=0, degenerating=False)

    def lose(self, points: int = 1) -> Humanity:
        """Humanity lost (never below 0); stains that no longer fit are dropped."""
        rating = max(0, self.rating - points)
        return Humanity(rating, min(self.stains, MAX_HUMANITY - rating), self.degenerating)


def remorse_pool(humanity: Humanity) -> int:
    """Dice for Remorse: max(1, 10 − Humanity − stains)."""
    return max(1, MAX_HUMANITY - humanity.rating - humanity.stains)


@dataclass(frozen=True)
class RemorseResult(WrapsRoll):
    """The Remorse roll and the Humanity it leaves (Outcome via the roll)."""

    roll: V5Roll
    before: Humanity
    after: Humanity

    @property
    def humanity_lost(self) -> int:
        return self.before.rating - self.after.rating

    def to_dict(self) -> dict[str, Any]:
        data = self.roll.to_dict()
        data.update(
            humanity_before=self.before.rating,
            stains_before=self.before.stains,
            humanity_after=self.after.rating,
            humanity_lost=self.humanity_lost,
        )
        return data

    def summary(self) -> str:
        if self.win:
            effect = f"stains cleared, Humanity stays {self.after.rating}"
        else:
            effect = f"Humanity {self.before.rating} → {self.after.rating}, stains cleared"
        return f"{self.roll.summary()}; {effect}"


def judge_remorse(humanity: Humanity, faces: Iterable[int]) -> RemorseResult:
    """Any success clears the stains; failure costs 1 Humanity and clears them too."""
    if humanity.stains == 0 and not humanity.degenerating:
        raise RulesError("no stains: Remorse is tested only by a character with stains")
    values = tuple(faces)
    pool = remorse_pool(humanity)
    if len(values) != pool:
        raise RulesError(f"Remorse rolls {pool} dice (10 − Humanity − stains, at least 1), but {len(values)} faces were given")
    roll = judge(values, (), 1, kind=RollKind.REMORSE)
    after = humanity.cleared() if roll.win else humanity.lose(1).cleared()
    return RemorseResult(roll, humanity, after)


def remorse(humanity: Humanity, dice: DiceSource) -> RemorseResult:
    """Roll the end-of-session Remorse test (no Hunger dice, no Willpower re-roll)."""
    if humanity.stains == 0 and not humanity.degenerating:
        raise RulesError("no stains: Remorse is tested only by a character with stains")
    return judge_remorse(humanity, dice.roll(remorse_pool(humanity), 10, REGULAR))
