"""Resisted actions and teamwork: two or more judged rolls read together.

docs/rules.md: in a resisted action both sides roll and the winner keeps only the
successes beyond the other's (4 against 3 is one success: marginal). In
teamwork each character rolls separately, net successes are added, and any
participant's botch is flagged on the whole — the storyteller decides whether
it spoils the attempt (the seed: "one person's botch can bollix the whole
attempt"); an extended action counts a flagged teamwork roll as a botch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20.results import RULESET, V20Result, degree_for, success_words


@dataclass(frozen=True)
class ResistedResult:
    """Both sides' rolls of a resisted action, read from the actor's side.

    Satisfies :class:`vtm_tui.rules.base.Outcome`: ``result`` is ``success``
    when the actor wins (``successes`` = the excess), ``botch`` when the actor's
    own roll botched, else ``failure`` (a tie resolves nothing: ``winner`` is
    None). ``opponent_excess`` is what the opponent keeps when it wins.
    """

    actor: V20Result
    opponent: V20Result
    ruleset: str = RULESET

    @property
    def excess(self) -> int:
        return self.actor.successes - self.opponent.successes

    @property
    def winner(self) -> str | None:
        """``"actor"``, ``"opponent"`` or None on a tie."""
        if self.excess > 0:
            return "actor"
        if self.excess < 0:
            return "opponent"
        return None

    @property
    def successes(self) -> int:
        """The actor's successes that count: those beyond the opponent's."""
        return max(0, self.excess)

    @property
    def opponent_excess(self) -> int:
        return max(0, -self.excess)

    @property
    def result(self) -> str:
        if self.winner == "actor":
            return "success"
        return "botch" if self.actor.botched else "failure"

    @property
    def win(self) -> bool:
        return self.result == "success"

    @property
    def margin(self) -> int:
        return self.successes

    @property
    def degree(self) -> str | None:
        return degree_for(self.successes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": "resisted",
            "result": self.result,
            "win": self.win,
            "successes": self.successes,
            "margin": self.margin,
            "degree": self.degree,
            "winner": self.winner,
            "opponent_excess": self.opponent_excess,
            "actor": self.actor.to_dict(),
            "opponent": self.opponent.to_dict(),
        }

    def summary(self) -> str:
        if self.winner is None:
            verdict = "a tie: nothing is resolved"
        elif self.winner == "actor":
            verdict = f"the actor wins with {success_words(self.successes)} ({self.degree})"
        else:
            verdict = f"the opponent wins with {success_words(self.opponent_excess)}"
        return (
            f"resisted: {self.actor.successes} against {self.opponent.successes} → {verdict}"
            + (" — the actor botched" if self.actor.botched else "")
            + (" — the opponent botched" if self.opponent.botched else "")
        )


def resist(actor: V20Result, opponent: V20Result) -> ResistedResult:
    """Read two judged rolls as a resisted action (the actor tries, the opponent resists)."""
    return ResistedResult(actor, opponent)


@dataclass(frozen=True)
class Contribution:
    """One participant's roll in a teamwork effort."""

    name: str
    successes: int
    botched: bool


@dataclass(frozen=True)
class Teamwork:
    """Several characters rolling separately for one task; ``add`` returns the new state.

    Satisfies :class:`vtm_tui.rules.base.Outcome`: ``successes`` is the sum of
    everyone's net successes and ``result`` follows it (``success`` from 1 up);
    ``botched`` flags a participant's botch and names who in ``botched_by``. A
    team whose total is 0 and in which someone botched reads as a ``botch``.
    """

    contributions: tuple[Contribution, ...] = ()
    ruleset: str = RULESET

    def add(self, name: str, outcome: V20Result) -> Teamwork:
        if not name.strip():
            raise RulesError("a teamwork participant needs a name")
        if any(c.name == name for c in self.contributions):
            raise RulesError(f"{name} already rolled for this teamwork effort")
        entry = Contribution(name, outcome.successes, outcome.botched)
        return replace(self, contributions=self.contributions + (entry,))

    @property
    def successes(self) -> int:
        return sum(c.successes for c in self.contributions)

    @property
    def botched(self) -> bool:
        return any(c.botched for c in self.contributions)

    @property
    def botched_by(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.contributions if c.botched)

    @property
    def result(self) -> str:
        if self.successes >= 1:
            return "success"
        return "botch" if self.botched else "failure"

    @property
    def win(self) -> bool:
        return self.result == "success"

    @property
    def margin(self) -> int:
        return self.successes if self.win else 0

    @property
    def degree(self) -> str | None:
        return degree_for(self.successes) if self.win else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": "teamwork",
            "result": self.result,
            "win": self.win,
            "successes": self.successes,
            "margin": self.margin,
            "degree": self.degree,
            "botched": self.botched,
            "botched_by": list(self.botched_by),
            "contributions": [
                {"name": c.name, "successes": c.successes, "botched": c.botched}
                for c in self.contributions
            ],
        }

    def summary(self) -> str:
        parts = " + ".join(f"{c.name} {c.successes}{' (botch)' if c.botched else ''}" for c in self.contributions)
        line = f"teamwork: {parts or 'nobody yet'} → {success_words(self.successes)}, {self.result}"
        if self.degree:
            line += f" ({self.degree})"
        if self.botched and self.win:
            line += f" — {', '.join(self.botched_by)} botched: the storyteller may rule the attempt spoiled"
        return line
