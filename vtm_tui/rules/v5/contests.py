"""Contests (opposed tests) with ties, taking half against a roll, and teamwork pools."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.results import TIE, V5Roll, judge

ACTOR = "actor"
OPPONENT = "opponent"


@dataclass(frozen=True)
class ContestResult:
    """An opposed test, read from the actor's side (satisfies Outcome).

    ``result`` is ``tie`` on equal successes (nothing is resolved; the
    storyteller decides), else the actor's result as if the Difficulty were
    one more than the opponent's successes: ``win``/``critical_win``/
    ``messy_critical`` when the actor has more, a failure name when fewer.
    ``margin`` is the winner's excess (also set when the opponent wins).
    """

    actor: V5Roll
    opponent: V5Roll | None
    opponent_successes: int
    result: str
    winner: str | None
    margin: int
    ruleset = "v5"

    @property
    def win(self) -> bool:
        return self.winner == ACTOR

    @property
    def tie(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": "contest",
            "result": self.result,
            "win": self.win,
            "winner": self.winner,
            "margin": self.margin,
            "successes": self.actor.successes,
            "opponent_successes": self.opponent_successes,
            "actor": self.actor.to_dict(),
            "opponent": self.opponent.to_dict() if self.opponent else None,
            "opponent_took_half": self.opponent is None,
        }

    def summary(self) -> str:
        theirs = (
            f"{self.opponent.dice_text()} ({self.opponent_successes})"
            if self.opponent
            else f"took half ({self.opponent_successes})"
        )
        head = f"Contest: {self.actor.dice_text()} ({self.actor.successes}) vs {theirs}"
        if self.tie:
            return f"{head} → tie: nothing resolved, the storyteller decides"
        who = "actor" if self.win else "opponent"
        return f"{head} → {self.result.replace('_', ' ')}, {who} wins by {self.margin}"


def contest(actor: V5Roll, opponent: V5Roll | int) -> ContestResult:
    """Judge an opposed test; ``opponent`` may be fixed successes from taking half."""
    if isinstance(opponent, V5Roll):
        theirs, roll = opponent.successes, opponent
    elif isinstance(opponent, int) and not isinstance(opponent, bool) and opponent >= 0:
        theirs, roll = opponent, None
    else:
        raise RulesError(f"the opponent is a roll or a number of successes (0 or more), not {opponent!r}")
    if actor.automatic:
        raise RulesError("a contest is rolled by both sides: an automatic win cannot take part")
    if actor.successes == theirs:
        return ContestResult(actor, roll, theirs, TIE, None, 0)
    judged = judge(actor.faces, actor.hunger_faces, theirs + 1, kind=actor.kind)
    winner = ACTOR if actor.successes > theirs else OPPONENT
    return ContestResult(actor, roll, theirs, judged.result, winner, abs(actor.successes - theirs))


@dataclass(frozen=True)
class TeamworkPool:
    """Who rolls (the largest pool) and the dice the assistants add."""

    dice: int
    roller: int  #: index of the participant who rolls
    assistants: tuple[int, ...]  #: indices of participants who add a die
    notes: tuple[str, ...] = field(default=())


def teamwork_pool(pools: Sequence[int], skill_dots: Sequence[int] | None = None) -> TeamworkPool:
    """Roll the largest pool, +1 die per assistant with a dot in the Skill used.

    ``skill_dots`` gives each participant's dots in that Skill (same order as
    ``pools``); ``None`` when no Skill is involved, so every assistant helps.
    """
    if not pools:
        raise RulesError("teamwork needs at least one participant")
    for value in pools:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(f"each teamwork pool must be a whole number of 0 or more, not {value!r}")
    if skill_dots is not None and len(skill_dots) != len(pools):
        raise RulesError(f"{len(pools)} participants but {len(skill_dots)} Skill ratings")
    roller = max(range(len(pools)), key=lambda i: (pools[i], -i))
    helpers = tuple(
        i for i in range(len(pools)) if i != roller and (skill_dots is None or skill_dots[i] >= 1)
    )
    notes = tuple(
        f"participant {i + 1} has no dot in the Skill and adds no die"
        for i in range(len(pools))
        if i != roller and i not in helpers
    )
    return TeamworkPool(pools[roller] + len(helpers), roller, helpers, notes)
