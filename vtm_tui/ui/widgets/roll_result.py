"""A judged roll as the table needs it: every die, the outcome's name and margin, what follows.

The follow-ups that can be acted on carry their key in brackets (``[1] re-roll
failures (3 2; 1 Willpower): win 25.0%``); the roll dialog binds the keys, this
widget only shows them. It takes focus after a roll so those keys reach the
dialog rather than an input field.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from vtm_tui.play.follow_ups import FollowUp, describe_result
from vtm_tui.ui.widgets.dice_view import DiceView, shown_roll


def outcome_line(outcome: Any) -> str:
    """``3 successes → messy critical, margin 2`` (Ingenuity: the total)."""
    roll = shown_roll(outcome)
    if outcome.ruleset == "ingenuity":
        count = f"total {getattr(outcome, 'total', getattr(outcome, 'face', '?'))}"
    elif hasattr(roll, "kept"):  # a check
        count = f"kept {roll.kept}"
    else:
        successes = getattr(roll, "successes", 0)
        count = f"{successes} success{'' if successes == 1 else 'es'}"
    return f"{count} → {describe_result(outcome)}"


def follow_up_text(item: FollowUp) -> str:
    if item.action == "info":
        return f"· {item.text}"
    mark = f"[{item.key}] " if item.key else ""
    return f"{mark}{'' if item.available else '✗ '}{item.text}"


class RollResult(VerticalScroll, can_focus=True):
    """The result page of the roll dialog."""

    DEFAULT_CSS = """
    RollResult { height: auto; max-height: 100%; padding: 0 0; }
    RollResult:focus { background-tint: $foreground 3%; }
    RollResult #result-head { padding: 0 1; text-style: italic; }
    RollResult #result-outcome { padding: 0 1; text-style: bold; }
    RollResult #result-follow { padding: 0 1; }
    RollResult #result-changes { padding: 0 1; color: $warning; }
    RollResult #result-keys { padding: 0 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="result-head")
        yield DiceView(id="result-dice")
        yield Static("", id="result-outcome")
        yield Static("", id="result-follow")
        yield Static("", id="result-changes")
        yield Static("", id="result-keys")

    def show(self, outcome: Any, head: str, follow: Iterable[FollowUp], changes: Iterable[str], keys: str) -> None:
        """Draw ``outcome`` with its heading, follow-ups, saved changes and the keys that work now."""
        self.query_one("#result-head", Static).update(Text(head))
        dice = self.query_one(DiceView)
        dice.pick_mode, dice.picked = False, ()
        dice.outcome = outcome
        self.query_one("#result-outcome", Static).update(Text(outcome_line(outcome)))
        lines = [follow_up_text(item) for item in follow]
        self.query_one("#result-follow", Static).update(Text("\n".join(lines)))
        self.set_changes(changes)
        self.set_keys(keys)

    def set_changes(self, changes: Iterable[str]) -> None:
        said = list(changes)
        static = self.query_one("#result-changes", Static)
        static.update(Text("Saved: " + "; ".join(said) if said else ""))
        static.display = bool(said)

    def set_keys(self, keys: str) -> None:
        self.query_one("#result-keys", Static).update(Text(keys))

    def describe(self) -> str:
        """Everything shown, as plain text (for tests)."""
        parts = [str(self.query_one(f"#{name}", Static).render()) for name in ("result-head", "result-outcome",
                                                                               "result-follow", "result-changes")]
        parts.insert(1, self.query_one(DiceView).describe())
        return "\n".join(p for p in parts if p)
