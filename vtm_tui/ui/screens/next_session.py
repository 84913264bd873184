"""Ask before a change opens the next session: ``s`` starts it and makes the change, Esc cancels.

A storyteller fixing a touchstone after "End session" once started session 2 without a word. Now the app asks
this one question wherever a change would be logged after the last session ended
(:func:`vtm_tui.play.sessions.must_ask`, :class:`~vtm_tui.play.sessions.SessionEnded`); Esc writes nothing and
leaves the editor or dialog underneath as it was, typed text and all.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from vtm_tui.ui.dialog import VtmDialog


class NextSessionDialog(VtmDialog[bool]):
    """Answers True to start session ``ended + 1`` for the change, False (Esc) to cancel it."""

    HELP_TITLE = "Start the next session?"
    BINDINGS = [
        Binding("s", "answer(True)", "Start it", id="next_session.start"),
        Binding("escape", "answer(False)", "Cancel", id="next_session.cancel"),
    ]
    DEFAULT_CSS = """
    NextSessionDialog > Vertical { width: 60; }
    NextSessionDialog #next-session-keys { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, ended: int) -> None:
        super().__init__()
        self.ended = ended

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Session ended"
            yield Static(f"Session {self.ended} has ended. Start session {self.ended + 1} for this change?",
                         id="next-session-question", markup=False)
            yield Static(f"s starts session {self.ended + 1} and saves · Esc cancels (nothing is saved; "
                         "what you typed stays)", id="next-session-keys", markup=False)

    def action_answer(self, start: bool) -> None:
        self.dismiss(start)
