"""Multiple actions in one turn: split pools, as immutable state.

docs/rules.md: declare N actions; the first action's pool loses N dice, each later
action one more (N+1, N+2, ...); an action whose pool falls to 0 or less cannot
be attempted. Willpower can be spent once per turn, so the state also refuses a
second Willpower roll among the turn's actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20.results import V20Result


@dataclass(frozen=True)
class MultipleActions:
    """The declared actions of one turn: each base pool, and the rolls made so far.

    ``pools`` are the dice each action would have alone (wound penalty already
    off); ``results[i]`` is None until action ``i`` is rolled.
    """

    pools: tuple[int, ...]
    results: tuple[V20Result | None, ...] = ()

    def __post_init__(self) -> None:
        if len(self.pools) < 2:
            raise RulesError(f"multiple actions means two or more declared actions, not {len(self.pools)}")
        for i, pool in enumerate(self.pools):
            if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
                raise RulesError(f"action {i + 1}: pool {pool!r} must be a whole number of dice ≥ 0")
        if not self.results:
            object.__setattr__(self, "results", (None,) * len(self.pools))
        elif len(self.results) != len(self.pools):
            raise RulesError("multiple actions: one result slot per declared action")

    @property
    def count(self) -> int:
        return len(self.pools)

    def penalty(self, index: int) -> int:
        """Dice action ``index`` (0-based) loses: N for the first, one more for each later one."""
        self._check_index(index)
        return self.count + index

    def dice(self, index: int) -> int:
        """Dice left for action ``index``; 0 or less means it cannot be attempted."""
        return self.pools[index] - self.penalty(index)

    def can_attempt(self, index: int) -> bool:
        return self.dice(index) >= 1

    @property
    def split(self) -> tuple[int, ...]:
        """Every action's dice after the split (may be ≤ 0)."""
        return tuple(self.dice(i) for i in range(self.count))

    @property
    def willpower_spent(self) -> bool:
        return any(r is not None and r.willpower for r in self.results)

    @property
    def next_index(self) -> int | None:
        """The first declared action that can still be rolled, or None."""
        for i, result in enumerate(self.results):
            if result is None and self.can_attempt(i):
                return i
        return None

    def dice_for(self, index: int) -> int:
        """The dice to roll for action ``index``; raises if it cannot be attempted."""
        dice = self.dice(index)
        if dice < 1:
            raise RulesError(
                f"action {index + 1} of {self.count} cannot be attempted: its pool of "
                f"{self.pools[index]} loses {self.penalty(index)} dice"
            )
        return dice

    def record(self, index: int, outcome: V20Result) -> MultipleActions:
        """The state after action ``index`` was rolled."""
        dice = self.dice_for(index)
        if self.results[index] is not None:
            raise RulesError(f"action {index + 1} was already rolled this turn")
        if not outcome.automatic and outcome.pool != dice:
            raise RulesError(f"action {index + 1} rolls {dice} dice, not {outcome.pool}")
        if outcome.willpower and self.willpower_spent:
            raise RulesError("Willpower can be spent only once per turn")
        results = list(self.results)
        results[index] = outcome
        return replace(self, results=tuple(results))

    def _check_index(self, index: int) -> None:
        if not 0 <= index < self.count:
            raise RulesError(f"there is no action {index + 1}: {self.count} were declared")

    def to_dict(self) -> dict[str, Any]:
        return {
            "pools": list(self.pools),
            "split": list(self.split),
            "results": {str(i + 1): r.to_dict() for i, r in enumerate(self.results) if r is not None},
        }


def declare(pools: Sequence[int]) -> MultipleActions:
    """Declare the turn's actions by their base pools, in the order they will be taken."""
    return MultipleActions(tuple(pools))
