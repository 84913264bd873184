"""What a rule set's roll facet returns besides outcomes: exact odds and the follow-ups of a roll, as plain data.

Every :class:`~vtm_tui.rules.roll_play.RollPlay` answers in these shapes, so the dialog's bar chart, the result
page and the command line show any rule set's odds and consequences without knowing which one it is. Every
number in an :class:`OddsView` comes from the engines' exact odds, never from simulation.
"""

from __future__ import annotations

from dataclasses import dataclass

#: How results read on screen (names in docs/rules.md, spaces for underscores).
LABELS = {
    "messy_critical": "messy critical",
    "critical_win": "critical win",
    "win": "win",
    "bestial_failure": "bestial failure",
    "total_failure": "total failure",
    "failure": "failure",
    "success": "success",
    "botch": "botch",
    "pass": "pass",
    "fail": "fail",
    "rolled": "rolled (no Difficulty)",
}

#: Actions the dialog can take; "info" is only said.
ACTIONS = ("info", "reroll", "pick", "cost", "rouse", "frenzy", "compulsion")


def label(result: str) -> str:
    return LABELS.get(result, result.replace("_", " "))


@dataclass(frozen=True)
class OddsView:
    """Result → probability (in the rule set's order), the chance to win, an expected value."""

    rows: tuple[tuple[str, float], ...]
    p_win: float | None
    expected: float
    expected_label: str  #: what ``expected`` counts ("successes", "net successes", "total")

    def probability(self, result: str) -> float:
        return dict(self.rows).get(result, 0.0)

    def summary(self) -> str:
        """``win 62.3% · expected 3.1 successes``."""
        head = f"win {self.p_win:.1%}" if self.p_win is not None else "no Difficulty"
        return f"{head} · expected {self.expected:.1f} {self.expected_label}"


@dataclass(frozen=True)
class FollowUp:
    """One consequence or choice after a roll."""

    action: str
    text: str
    key: str = ""
    strategy: str | None = None
    indices: tuple[int, ...] = ()
    odds: OddsView | None = None
    available: bool = True
    difficulty: int | None = None  #: for a frenzy test owed


def info(text: str) -> FollowUp:
    """A follow-up that is only said (no key, no action)."""
    return FollowUp("info", text)
