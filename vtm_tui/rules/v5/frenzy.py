"""Resisting frenzy: Willpower + a third of Humanity, no Hunger dice, no re-roll."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.v5.checks import HUNGER_FRENZY_DIFFICULTY
from vtm_tui.rules.v5.humanity import Humanity
from vtm_tui.rules.v5.kinds import RollKind
from vtm_tui.rules.v5.results import CRITICAL_WIN, V5Roll, WrapsRoll, judge
from vtm_tui.rules.v5.rolling import roll
from vtm_tui.rules.v5.trackers import Tracker

RESISTED_FREE = "resisted at no cost"
RESISTED = "resisted, but the turn is spent"
FRENZIED = "frenzy"


def frenzy_pool(willpower: Tracker | int, humanity: Humanity | int) -> int:
    """Current (undamaged) Willpower + Humanity // 3, at least 1."""
    undamaged = willpower.undamaged if isinstance(willpower, Tracker) else int(willpower)
    rating = humanity.rating if isinstance(humanity, Humanity) else int(humanity)
    return max(1, undamaged + rating // 3)


@dataclass(frozen=True)
class FrenzyResult(WrapsRoll):
    """The Frenzy test and what it means at the table (Outcome via the roll)."""

    roll: V5Roll

    @property
    def resisted(self) -> bool:
        return self.roll.win

    @property
    def turn_spent(self) -> bool:
        """A plain win resists but spends the turn; a critical win costs nothing."""
        return self.roll.win and self.roll.result != CRITICAL_WIN

    @property
    def effect(self) -> str:
        if not self.roll.win:
            return FRENZIED
        return RESISTED if self.turn_spent else RESISTED_FREE

    def to_dict(self) -> dict[str, Any]:
        data = self.roll.to_dict()
        data.update(resisted=self.resisted, turn_spent=self.turn_spent, effect=self.effect)
        return data

    def summary(self) -> str:
        return f"{self.roll.summary()}; {self.effect}"


def judge_frenzy(faces: Iterable[int], difficulty: int = HUNGER_FRENZY_DIFFICULTY) -> FrenzyResult:
    return FrenzyResult(judge(faces, (), difficulty, kind=RollKind.FRENZY))


def frenzy_test(pool: int, difficulty: int, dice: DiceSource) -> FrenzyResult:
    """Roll to resist frenzy (hunger frenzy: Difficulty 4)."""
    return FrenzyResult(roll(pool, 0, difficulty, dice, kind=RollKind.FRENZY))
