"""The Remorse tests a session's end owes, listed, each rolled from here (``ctrl+p`` → "End session").

Ending a session once showed a toast naming who owed a test; it was gone before the storyteller read it. This
dialog lists each V5 vampire with stains (Humanity, stains, the dice the test takes), and Enter opens the roll
dialog's Remorse test for the one marked ``▶``, the same roll ``m`` makes on the coterie. When that roll is done
the app opens this list again with whoever still owes one; Esc leaves them owed (``m`` or ``vtm-tui session …
remorse`` rolls them later).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from vtm_tui.model.character import Character
from vtm_tui.play.sessions import remorse_line
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList


class RemorseDueDialog(VtmDialog[str | None]):
    """Answers the name of the character whose Remorse test to roll, or None (Esc: later)."""

    HELP_TITLE = "Remorse tests owed"
    BINDINGS = [Binding("escape", "later", "Later", id="remorse_due.later")]
    DEFAULT_CSS = """
    RemorseDueDialog > Vertical { width: 76; }
    RemorseDueDialog #remorse-keys { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, session: int, owed: list[Character]) -> None:
        super().__init__()
        self.session = session
        self.owed = owed

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"Session {self.session}: Remorse tests owed"
            yield MarkedOptionList(*[Option(Text(remorse_line(c)), id=c.name) for c in self.owed], id="remorse-owed")
            yield Static("Enter rolls the marked test · Esc later (m on the coterie rolls one)", id="remorse-keys",
                         markup=False)

    def on_mount(self) -> None:
        owed = self.query_one("#remorse-owed", MarkedOptionList)
        owed.highlighted = 0
        owed.focus()

    def on_option_list_option_selected(self, event: MarkedOptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_later(self) -> None:
        self.dismiss(None)
