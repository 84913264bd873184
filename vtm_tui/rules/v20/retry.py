"""Trying again: each new attempt at a failed task is one Difficulty harder.

docs/rules.md: the second attempt is +1, the third +2, and so on; above 10 the task
is impossible. The storyteller chooses whether the rule applies (not for a
missed shot in combat), so the engine only computes it when asked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20.pools import MAX_DIFFICULTY, check_difficulty


class ImpossibleTask(RulesError):
    """A further attempt would need a Difficulty above 10."""


def retry_difficulty(difficulty: int, attempt: int) -> int:
    """The Difficulty of attempt number ``attempt`` (1 = the first try) at a task of ``difficulty``.

    Raises :class:`ImpossibleTask` when it would exceed 10.
    """
    check_difficulty(difficulty)
    if isinstance(attempt, bool) or not isinstance(attempt, int) or attempt < 1:
        raise RulesError(f"attempt must be 1 (the first try) or more, not {attempt!r}")
    raised = difficulty + attempt - 1
    if raised > MAX_DIFFICULTY:
        raise ImpossibleTask(
            f"attempt {attempt} at Difficulty {difficulty} would need Difficulty {raised}: "
            "above 10 the task is impossible"
        )
    return raised


def max_attempts(difficulty: int) -> int:
    """How many tries a task of ``difficulty`` allows before it becomes impossible."""
    return MAX_DIFFICULTY - check_difficulty(difficulty) + 1


@dataclass(frozen=True)
class RetryState:
    """Repeated attempts at one task: the base Difficulty and the attempt to come.

    ``record(outcome)`` returns the state after a roll: done on a success,
    otherwise the next attempt (one harder). ``possible`` turns False once the
    next attempt would need a Difficulty above 10.
    """

    difficulty: int = 6
    attempt: int = 1
    succeeded: bool = False

    def __post_init__(self) -> None:
        check_difficulty(self.difficulty)
        if self.attempt < 1:
            raise RulesError(f"attempt must be 1 or more, not {self.attempt}")

    @property
    def possible(self) -> bool:
        return not self.succeeded and self.difficulty + self.attempt - 1 <= MAX_DIFFICULTY

    @property
    def current_difficulty(self) -> int:
        """The Difficulty of the next attempt; raises :class:`ImpossibleTask` past 10."""
        if self.succeeded:
            raise RulesError("the task already succeeded: there is nothing to try again")
        return retry_difficulty(self.difficulty, self.attempt)

    def record(self, outcome: Outcome) -> RetryState:
        if self.succeeded:
            raise RulesError("the task already succeeded: there is nothing to try again")
        retry_difficulty(self.difficulty, self.attempt)  # refuses an impossible attempt
        if outcome.win:
            return replace(self, succeeded=True)
        return replace(self, attempt=self.attempt + 1)
