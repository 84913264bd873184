"""``e``: a character's notes in a TextArea. Esc saves and closes (nothing typed is ever thrown away);
ctrl+z inside undoes typing. An unchanged text saves nothing and logs nothing."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import TextArea
from textual.content import Content


class NotesEditor(ModalScreen[str | None]):
    """Answers the edited text."""

    HELP_TITLE = "Notes"
    BINDINGS = [
        Binding("escape", "done", "Save and close", priority=True, id="notes.done"),
        Binding("ctrl+s", "done", "Save and close", show=False, priority=True, id="notes.save"),
    ]
    DEFAULT_CSS = """
    NotesEditor { align: center middle; }
    NotesEditor > Vertical { width: 90%; max-width: 100; height: 80%; border: thick $primary; background: $surface; }
    NotesEditor TextArea { height: 1fr; }
    """

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(f"{self.title_text} — Esc saves and closes")  # a name: text, not markup
            yield TextArea(self.text, id="notes", soft_wrap=True, show_line_numbers=False)

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.move_cursor(area.document.end)  # notes grow at the end
        area.focus()

    def action_done(self) -> None:
        self.dismiss(self.query_one(TextArea).text)
