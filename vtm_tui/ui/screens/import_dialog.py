"""The storyteller's "Import character…" (command palette): a file path, imported through the headless layer.

Only the storyteller's coterie offers it — a player's seat never reaches a path
field. The path is size-limited; the import itself is
:func:`vtm_tui.play.importing.import_character` (what ``vtm-tui import`` runs),
so the same refusals apply: a bad file is one line in the dialog, an existing
character is kept unless "replace" is ticked. What could not be mapped is
listed before the dialog closes. Everything shown is text, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from vtm_tui.errors import VtmError
from vtm_tui.store.chronicle_store import ChronicleStore
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.new_character import DIALOG_CSS
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox

#: Longest path typed (a path is data from a keyboard like any other).
PATH_LIMIT = 1024
#: Unmapped lines shown (the rest are counted).
SHOWN = 8


class ImportDialog(VtmDialog[str | None]):
    """Answers the imported character's name, or None."""

    HELP_TITLE = "Import character"
    BINDINGS = [Binding("escape", "close", "Close", id="dialog.cancel"),
                Binding("enter", "import", "Import", show=False, id="import.enter")]  # from the Replace box
    DEFAULT_CSS = DIALOG_CSS.format(name="ImportDialog") + "ImportDialog > Vertical { width: 76; }"

    def __init__(self, store: ChronicleStore) -> None:
        super().__init__()
        self.store = store
        self.imported: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Import character — Enter imports, Esc closes"
            yield Label("A JSON export: Progeny, a Foundry actor, or vtm-tui")
            yield Input(id="path", max_length=PATH_LIMIT, placeholder="~/Downloads/character.json")
            yield MarkCheckbox("Replace a character of the same name", id="replace")
            yield Static("", id="import-result")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_import()

    def action_import(self) -> None:
        """Enter, wherever the focus is (the path or the Replace box): import, or close once imported."""
        if self.imported is not None:
            self.dismiss(self.imported)
            return
        path = self.query_one("#path", Input).value.strip()
        if not path:
            return self._show("Type the path of an exported character file.", error=True)
        from vtm_tui.play.importing import NameTaken, import_character
        from vtm_tui.play.sessions import SessionEnded

        try:
            with self.app.saying_a_started_session():
                done = import_character(self.store, path,
                                        replace_existing=self.query_one("#replace", MarkCheckbox).value)
        except NameTaken as exc:
            return self._show(f"{exc}: tick “Replace a character of the same name” to overwrite it.", error=True)
        except SessionEnded as exc:  # asked; Esc leaves the path typed here
            return self.app.ask_next_session(exc, self.action_import)
        except VtmError as exc:
            return self._show(str(exc), error=True)
        lines = [f"{'Replaced' if done.replaced else 'Imported'} {done.character.name} ({done.format}) → "
                 f"characters/{done.character.slug}.toml"]
        lines += [f"  not mapped: {line}" for line in done.unmapped[:SHOWN]]
        if len(done.unmapped) > SHOWN:
            lines.append(f"  … and {len(done.unmapped) - SHOWN} more (vtm-tui import lists them all)")
        lines.append("Enter or Esc closes.")
        self.imported = done.character.name
        self._show("\n".join(lines))

    def _show(self, text: str, *, error: bool = False) -> None:
        result = self.query_one("#import-result", Static)
        result.update(Text(("⚠ " if error else "") + text))
        result.set_class(error, "error")

    def action_close(self) -> None:
        self.dismiss(self.imported)
