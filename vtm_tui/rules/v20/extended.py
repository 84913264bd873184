"""Extended actions, alone or against an opponent, as immutable state.

docs/rules.md: an extended action has a target number of successes, rolled turn
after turn; each roll adds its net successes, and the log keeps the tally and
the count of rolls. A botch (option ``extended_botch``) sets the tally back to
0 (``restart``, the default) or ends the action (``fail``). Extended and
resisted: each turn, the side with more successes adds the excess to its tally;
the first to the target wins.

Where the books are silent this module chooses, so the tracker and the log
agree: a storyteller may set a limit on rolls (dawn is coming) — reaching it
short of the target fails the action; in a contest a side that botches is
treated by the same option (its tally restarts, or it loses the contest — if
both sides botch on the same turn under ``fail``, the contest ends with no
winner). Any rolled thing with ``successes`` and ``result`` (and optionally a
``botched`` flag, as :class:`~vtm_tui.rules.v20.contests.Teamwork` has) can be
applied.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20.options import check_extended_botch

RUNNING, SUCCEEDED, FAILED = "running", "succeeded", "failed"
WON, NO_WINNER = "won", "no_winner"


class Rolled(Protocol):
    successes: int
    result: str


def _botched(outcome: Rolled) -> bool:
    return bool(getattr(outcome, "botched", outcome.result == "botch"))


def _check_target(target: int) -> None:
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise RulesError(f"an extended action's target must be 1 success or more, not {target!r}")


def _check_successes(successes: int) -> None:
    if isinstance(successes, bool) or not isinstance(successes, int) or successes < 0:
        raise RulesError(f"successes must be a whole number ≥ 0, not {successes!r}")


@dataclass(frozen=True)
class ExtendedAction:
    """The tally of an extended action; :meth:`add` / :meth:`apply` return the next state.

    ``history`` keeps each roll's net successes (``None`` for a botch) so the
    log can show how the tally moved.
    """

    target: int
    botch_rule: str = "restart"
    max_rolls: int | None = None
    tally: int = 0
    rolls: int = 0
    botches: int = 0
    status: str = RUNNING
    history: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        _check_target(self.target)
        check_extended_botch(self.botch_rule)
        if self.max_rolls is not None and (not isinstance(self.max_rolls, int) or self.max_rolls < 1):
            raise RulesError(f"an extended action's roll limit must be 1 or more, not {self.max_rolls!r}")
        if self.status not in (RUNNING, SUCCEEDED, FAILED):
            raise RulesError(f"unknown extended action status {self.status!r}")

    @property
    def done(self) -> bool:
        return self.status != RUNNING

    @property
    def remaining(self) -> int:
        """Successes still needed."""
        return max(0, self.target - self.tally)

    @property
    def rolls_left(self) -> int | None:
        return None if self.max_rolls is None else max(0, self.max_rolls - self.rolls)

    def add(self, successes: int, *, botched: bool = False) -> ExtendedAction:
        """The state after one roll of ``successes`` net successes (or a botch)."""
        if self.done:
            raise RulesError(f"the extended action has already {self.status}; start a new one")
        _check_successes(successes)
        rolls = self.rolls + 1
        if botched:
            state = replace(self, rolls=rolls, botches=self.botches + 1, history=self.history + (None,))
            if self.botch_rule == "fail":
                return replace(state, status=FAILED)
            state = replace(state, tally=0)
        else:
            tally = self.tally + successes
            state = replace(self, rolls=rolls, tally=tally, history=self.history + (successes,))
            if tally >= self.target:
                return replace(state, status=SUCCEEDED)
        if self.max_rolls is not None and rolls >= self.max_rolls:
            return replace(state, status=FAILED)
        return state

    def apply(self, outcome: Rolled) -> ExtendedAction:
        """Add a judged roll (a :class:`V20Result` or a :class:`Teamwork`)."""
        botched = _botched(outcome)
        return self.add(0 if botched else outcome.successes, botched=botched)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "target": self.target,
            "botch_rule": self.botch_rule,
            "tally": self.tally,
            "rolls": self.rolls,
            "botches": self.botches,
            "status": self.status,
            "history": [-1 if h is None else h for h in self.history],
        }
        if self.max_rolls is not None:
            data["max_rolls"] = self.max_rolls
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExtendedAction:
        history = tuple(None if h == -1 else h for h in data.get("history", ()))
        return cls(
            target=data["target"],
            botch_rule=data.get("botch_rule", "restart"),
            max_rolls=data.get("max_rolls"),
            tally=data.get("tally", 0),
            rolls=data.get("rolls", 0),
            botches=data.get("botches", 0),
            status=data.get("status", RUNNING),
            history=history,
        )

    def summary(self) -> str:
        limit = f" of {self.max_rolls}" if self.max_rolls is not None else ""
        rolls = f"{self.rolls}{limit} roll{'s' if self.rolls != 1 or limit else ''}"
        return f"extended: {self.tally}/{self.target} successes after {rolls}, {self.status}"


@dataclass(frozen=True)
class ExtendedContest:
    """An extended and resisted action between two sides (arm wrestling, a chase).

    ``tallies`` are the two sides' running totals; ``winner`` is 0, 1 or None;
    ``status`` is ``running``, ``won`` or ``no_winner`` (both botched under ``fail``).
    """

    target: int
    names: tuple[str, str] = ("actor", "opponent")
    botch_rule: str = "restart"
    tallies: tuple[int, int] = (0, 0)
    turns: int = 0
    status: str = RUNNING
    winner: int | None = None

    def __post_init__(self) -> None:
        _check_target(self.target)
        check_extended_botch(self.botch_rule)
        if len(self.names) != 2 or self.names[0] == self.names[1]:
            raise RulesError(f"an extended contest needs two different sides, not {self.names!r}")
        if self.status not in (RUNNING, WON, NO_WINNER):
            raise RulesError(f"unknown extended contest status {self.status!r}")

    @property
    def done(self) -> bool:
        return self.status != RUNNING

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.names[self.winner]

    def add(
        self, first: int, second: int, *, first_botched: bool = False, second_botched: bool = False
    ) -> ExtendedContest:
        """The state after one turn in which the sides scored ``first`` and ``second`` net successes."""
        if self.done:
            raise RulesError("the extended contest is over; start a new one")
        _check_successes(first)
        _check_successes(second)
        scores = [0 if first_botched else first, 0 if second_botched else second]
        botched = (first_botched, second_botched)
        tallies = list(self.tallies)
        turns = self.turns + 1
        if self.botch_rule == "fail" and any(botched):
            if all(botched):
                return replace(self, turns=turns, status=NO_WINNER, winner=None)
            return replace(self, turns=turns, status=WON, winner=botched.index(False))
        for side in (0, 1):
            if botched[side]:
                tallies[side] = 0
        excess = scores[0] - scores[1]
        if excess:
            side = 0 if excess > 0 else 1
            tallies[side] += abs(excess)
            if tallies[side] >= self.target:
                return replace(self, tallies=(tallies[0], tallies[1]), turns=turns, status=WON, winner=side)
        return replace(self, tallies=(tallies[0], tallies[1]), turns=turns)

    def apply(self, first: Rolled, second: Rolled) -> ExtendedContest:
        """Add one turn of two judged rolls."""
        return self.add(
            first.successes,
            second.successes,
            first_botched=_botched(first),
            second_botched=_botched(second),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "names": list(self.names),
            "botch_rule": self.botch_rule,
            "tallies": list(self.tallies),
            "turns": self.turns,
            "status": self.status,
            "winner": self.winner_name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExtendedContest:
        names = tuple(data.get("names", ("actor", "opponent")))
        winner = data.get("winner")
        tallies = tuple(data.get("tallies", (0, 0)))
        return cls(
            target=data["target"],
            names=(names[0], names[1]),
            botch_rule=data.get("botch_rule", "restart"),
            tallies=(tallies[0], tallies[1]),
            turns=data.get("turns", 0),
            status=data.get("status", RUNNING),
            winner=None if winner is None else names.index(winner),
        )

    def summary(self) -> str:
        scores = f"{self.names[0]} {self.tallies[0]}, {self.names[1]} {self.tallies[1]} of {self.target}"
        if self.winner is not None:
            return f"extended contest: {scores} after {self.turns} turns — {self.winner_name} wins"
        return f"extended contest: {scores} after {self.turns} turns, {self.status}"
