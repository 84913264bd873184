"""Ask before throwing typed work away: ``d`` discards, Esc (or ``n``) keeps it.

Esc never confirms: a storyteller pressing Esc to back out of pages keeps what was typed however often it is
pressed; only a key of its own (``d``) discards. The question names what would be lost.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from vtm_tui.ui.dialog import VtmDialog


class ConfirmDiscard(VtmDialog[bool]):
    """Answers True to discard, False to keep editing."""

    HELP_TITLE = "Discard?"
    BINDINGS = [
        Binding("d", "answer(True)", "Discard", id="discard.yes"),
        Binding("escape,n", "answer(False)", "Keep editing", id="discard.no"),
    ]
    DEFAULT_CSS = """
    ConfirmDiscard > Vertical { width: 60; }
    ConfirmDiscard #discard-keys { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Discard?"
            yield Static(self.question, id="discard-question", markup=False)
            yield Static("d discards · Esc keeps editing", id="discard-keys", markup=False)

    def action_answer(self, discard: bool) -> None:
        self.dismiss(discard)
