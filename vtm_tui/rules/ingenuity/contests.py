"""Helping and opposing: assists, contests, best-of series.

- An assist is the same test made by a helper; the helper's result gives the
  actor a bonus by threshold, and of several helpers only the best counts.
- When one side's result sets the other's Difficulty it is a normal test: judge
  the actor against :func:`contest_difficulty` of the setter's outcome.
- When both sides do the same thing (an arm wrestle) each must *exceed* the
  other; a tie resolves nothing. :class:`ContestSeries` keeps score for a
  best-of-three or best-of-five, ties not counting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.results import FAILURE, RULESET, SUCCESS, TIE, IngenuityOutcome

#: (threshold, bonus), highest first: a helper's result of 12 gives +3.
ASSIST_THRESHOLDS: tuple[tuple[int, int], ...] = ((16, 4), (12, 3), (8, 2), (4, 1))

ResultLike = IngenuityOutcome | int


def _total(value: ResultLike, what: str) -> int:
    if isinstance(value, IngenuityOutcome):
        return value.total
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} {value!r} is not a test result")
    return value


def assist_bonus(helper: ResultLike) -> int:
    """The bonus one helper's result gives: ≥4 +1, ≥8 +2, ≥12 +3, ≥16 +4, else 0."""
    total = _total(helper, "assist result")
    for threshold, bonus in ASSIST_THRESHOLDS:
        if total >= threshold:
            return bonus
    return 0


def best_assist(helpers: Iterable[ResultLike]) -> int:
    """Several helpers at once: only the highest bonus counts (no stacking)."""
    return max((assist_bonus(h) for h in helpers), default=0)


def contest_difficulty(setter: ResultLike) -> int:
    """The Difficulty one side's result sets for the other (the guards' search vs Markos' stealth)."""
    total = _total(setter, "contest result")
    if total < 1:
        raise RulesError(f"contest result {total} cannot set a Difficulty (at least 1)")
    return total


@dataclass(frozen=True)
class ContestOutcome:
    """A symmetric contest seen from the first side: ``success`` beats, ``failure`` loses, ``tie`` resolves nothing."""

    first: int
    second: int
    first_name: str = "first"
    second_name: str = "second"
    ruleset: str = RULESET

    @property
    def result(self) -> str:
        if self.first == self.second:
            return TIE
        return SUCCESS if self.first > self.second else FAILURE

    @property
    def win(self) -> bool:
        return self.result == SUCCESS

    @property
    def margin(self) -> int:
        return self.first - self.second if self.win else 0

    @property
    def winner(self) -> str | None:
        """The winning side's name, None on a tie."""
        if self.result == TIE:
            return None
        return self.first_name if self.win else self.second_name

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": "contest",
            "result": self.result,
            "win": self.win,
            "margin": self.margin,
            "totals": {self.first_name: self.first, self.second_name: self.second},
            "winner": self.winner,
        }

    def summary(self) -> str:
        verdict = f"{self.winner} wins" if self.winner else "tie, nothing resolved"
        return f"contest {self.first_name} {self.first} vs {self.second_name} {self.second}: {verdict}"


def symmetric_contest(
    first: ResultLike, second: ResultLike, *, first_name: str = "first", second_name: str = "second"
) -> ContestOutcome:
    """Both sides do the same activity: the higher result wins, equal results tie.

    Arnold 11 against Siegmund 8: Arnold wins the arm wrestle.
    """
    if first_name == second_name:
        raise RulesError(f"the two sides of a contest need different names, not both {first_name!r}")
    return ContestOutcome(
        _total(first, "first result"), _total(second, "second result"), first_name, second_name
    )


@dataclass(frozen=True)
class ContestSeries:
    """Score of a best-of-N symmetric contest (N odd: 1, 3, 5, ...); ties are replayed, not counted."""

    best_of: int = 3
    first_wins: int = 0
    second_wins: int = 0
    ties: int = 0
    rounds: tuple[ContestOutcome, ...] = ()

    def __post_init__(self) -> None:
        odd = isinstance(self.best_of, int) and not isinstance(self.best_of, bool) and self.best_of % 2 == 1
        if not odd or self.best_of < 1:
            raise RulesError(f"best of {self.best_of!r}: use an odd number such as 1, 3 or 5")

    @property
    def needed(self) -> int:
        """Wins that decide the series: 2 of 3, 3 of 5."""
        return self.best_of // 2 + 1

    @property
    def finished(self) -> bool:
        return max(self.first_wins, self.second_wins) >= self.needed

    @property
    def winner(self) -> str | None:
        """``"first"`` or ``"second"`` once decided, else None."""
        if self.first_wins >= self.needed:
            return "first"
        if self.second_wins >= self.needed:
            return "second"
        return None

    def record(self, contest: ContestOutcome) -> ContestSeries:
        """The series after one more exchange; a decided series takes no more."""
        if self.finished:
            raise RulesError(f"the best-of-{self.best_of} series is already won by the {self.winner} side")
        result = contest.result
        return ContestSeries(
            self.best_of,
            self.first_wins + (result == SUCCESS),
            self.second_wins + (result == FAILURE),
            self.ties + (result == TIE),
            (*self.rounds, contest),
        )

    def score(self) -> str:
        text = f"{self.first_wins}-{self.second_wins} (best of {self.best_of}"
        text += f", {self.ties} tie{'s' if self.ties != 1 else ''})" if self.ties else ")"
        return text + (f", won by the {self.winner} side" if self.finished else "")
