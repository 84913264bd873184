"""A one-line question for the conflict tracker (a side's name): Enter answers, Esc cancels."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from vtm_tui.ui.dialog import VtmDialog


class PromptDialog(VtmDialog[str | None]):
    """Answers the typed text (stripped), or None when cancelled."""

    HELP_TITLE = "Question"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]
    DEFAULT_CSS = """
    PromptDialog > Vertical { width: 60; }
    PromptDialog Input { border: none; height: 1; background: $boost; padding: 0 1; }
    PromptDialog Static { color: $text-muted; }
    """

    def __init__(self, title: str, value: str = "", hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text  # never markup (ui/textual_compat.py, install_screen_text)
            yield Input(self.value, id="prompt-input", compact=True)
            yield Static((f"Known: {self.hint} · " if self.hint else "") + "Enter: OK · Esc: cancel", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
