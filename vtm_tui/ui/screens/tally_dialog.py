"""``t`` / ``T`` on the tracker: start an extended (or resisted) action, or roll this turn's dice for one.

New: a label, who acts, the target number of successes, and optionally who
resists. Roll: pick the running tally, type the pools (the opponent's too for a
resisted one) — or type the successes of physical dice instead — and ctrl+r or
Enter adds the turn. The screen's callbacks save and log; the dialog shows the
new tally. Esc closes.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from vtm_tui.conflict.context import Change
from vtm_tui.errors import VtmError
from vtm_tui.rules.numbers import read_whole
from vtm_tui.ui.dialog import VtmDialog

#: (label, actor, target, opponent) → change
Start = Callable[[str, str, int, str], Change]
#: (label, pool, opponent pool, typed successes or None, typed opponent successes) → change
Roll = Callable[[str, str, str, int | None, int], Change]


class TallyDialog(VtmDialog[Change | None]):
    """New tally (``tallies`` empty of running ones or ``new``) or a turn's roll for a running tally."""

    HELP_TITLE = "Extended action"
    BINDINGS = [
        Binding("ctrl+r", "go", "Start / roll", priority=True, id="tally.go"),
        Binding("escape", "close", "Close", id="tally.close"),
    ]
    DEFAULT_CSS = """
    TallyDialog > Vertical { width: 72; }
    TallyDialog Horizontal { height: 1; margin-bottom: 1; }
    TallyDialog Label { width: auto; padding: 0 1 0 0; }
    TallyDialog Input { border: none; height: 1; background: $panel; width: 1fr; padding: 0 1; }
    TallyDialog Input:focus { background: $boost; border: none; }
    TallyDialog Select { width: 1fr; }
    TallyDialog #tally-result { height: auto; }
    TallyDialog #tally-result.-error { color: $warning; text-style: bold; }
    TallyDialog #tally-hint { color: $text-muted; }
    """

    def __init__(self, names: list[str], actor: str, *, running: list[str] | None = None,
                 start: Start | None = None, roll: Roll | None = None) -> None:
        super().__init__()
        self.names = names
        self.actor = actor
        self.running = running or []
        self.start = start
        self.roll = roll
        self.last: Change | None = None

    @property
    def rolling(self) -> bool:
        return bool(self.running) and self.roll is not None

    def compose(self) -> ComposeResult:
        people = [(Text(n), n) for n in self.names]  # names and labels: text, not markup
        with Vertical() as box:
            if self.rolling:
                box.border_title = "Extended action: this turn's roll"
                with Horizontal():
                    yield Label("Tally:")
                    yield Select([(Text(t), t) for t in self.running], value=self.running[0], allow_blank=False,
                                 compact=True, id="tally-pick")
                with Horizontal():
                    yield Label("Pool:")
                    yield Input(placeholder="e.g. Dexterity + Larceny (blank: an extra's general pool)",
                                id="tally-pool", compact=True)
                with Horizontal():
                    yield Label("Opponent's pool:")
                    yield Input(placeholder="for a resisted tally", id="tally-opponent-pool", compact=True)
                with Horizontal():
                    yield Label("Or typed successes:")
                    yield Input(placeholder="physical dice: net successes", id="tally-typed", restrict=r"\d*",
                                max_length=3, compact=True)
                    yield Label(" theirs:")
                    yield Input(placeholder="0", id="tally-typed-opponent", restrict=r"\d*",
                                max_length=3, compact=True)
            else:
                box.border_title = "New extended action"
                with Horizontal():
                    yield Label("Label:")
                    yield Input(placeholder="pick the lock, the chase...", id="tally-label", compact=True)
                with Horizontal():
                    yield Label("Who:")
                    yield Select(people, value=self.actor, allow_blank=False, compact=True, id="tally-actor")
                    yield Label(" Target:")
                    yield Input("5", id="tally-target", restrict=r"\d*", max_length=3, compact=True)
                with Horizontal():
                    yield Label("Resisted by:")
                    yield Select(people, prompt="nobody (a plain extended action)", compact=True,
                                 id="tally-opponent")
            yield Static("", id="tally-result", markup=False)
            yield Static("ctrl+r or Enter: " + ("roll" if self.rolling else "start") + " · Esc: close",
                         id="tally-hint")

    def on_mount(self) -> None:
        self.query_one("#tally-pool" if self.rolling else "#tally-label", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_go()

    def action_go(self) -> None:
        result = self.query_one("#tally-result", Static)
        value = lambda wid: self.query_one(wid, Input).value.strip()  # noqa: E731
        try:
            if self.rolling:
                assert self.roll is not None
                typed = value("#tally-typed")
                change = self.roll(str(self.query_one("#tally-pick", Select).value), value("#tally-pool"),
                                   value("#tally-opponent-pool"),
                                   read_whole(typed, "Successes") if typed else None,
                                   read_whole(value("#tally-typed-opponent") or "0", "Opponent's successes"))
            else:
                assert self.start is not None
                opponent = self.query_one("#tally-opponent", Select).value
                change = self.start(value("#tally-label"), str(self.query_one("#tally-actor", Select).value),
                                    read_whole(value("#tally-target") or "0", "Target"),
                                    "" if opponent is Select.NULL else str(opponent))
        except VtmError as exc:
            result.add_class("-error")
            result.update(str(exc))
            return
        result.remove_class("-error")
        self.last = change
        result.update("\n".join((*change.details, change.message)))
        if not self.rolling:
            self.dismiss(change)

    def action_close(self) -> None:
        self.dismiss(self.last)
