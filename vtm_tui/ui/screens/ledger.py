"""The chronicle ledger (``4``): boons, blood bonds, domains, relationships and the timeline of nights.

One table per section (←/→ or Tab switch sections), the selected entry's note
below it. ``a`` adds, Enter or ``e`` edits, Delete (twice) removes, ``s``
makes an entry secret or public; every change goes through the headless
:mod:`vtm_tui.play.ledger` (the same as ``vtm-tui ledger``), is saved by
compare-and-swap and logged in the session. A player's seat opens the same
screen read-only and sees only what is not secret. A broken ``ledger.toml`` is
reported here (file, line, field) and nothing is written until it is fixed;
the rest of the app works as before.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static
from textual.widgets.data_table import CellDoesNotExist

from vtm_tui.errors import VtmError
from vtm_tui.model.ledger import SECTIONS, SINGULAR, TITLES, Ledger, LedgerItem, field_specs
from vtm_tui.ui.chronicle_watch import Following, follow_chronicle
from vtm_tui.ui.screens.mode_screen import ModeScreen
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader

if TYPE_CHECKING:
    from vtm_tui.store.chronicle_store import ChronicleStore

#: Longest cell in the table (the whole note shows below it).
CELL_WIDTH = 28
HINT = "←/→ section · a add · ⏎ edit · s secret · Del remove · ctrl+n note"
READ_ONLY_HINT = "←/→ section · ↑/↓ entries · read only · Esc back"


def cell(value: Any, width: int = CELL_WIDTH) -> Text:
    """A value as plain text for a table cell (never markup), cut to ``width``."""
    if isinstance(value, bool):
        words = "yes" if value else ""
    else:
        words = " ".join(str(value).split())
    text = Text(words)
    text.truncate(width, overflow="ellipsis")
    return text


class LedgerScreen(ModeScreen[None]):
    """The ledger, editable for the storyteller and read-only on a player's seat."""

    HELP_TITLE = "Ledger"
    HELP_INTRO = ("Boons, blood bonds, domains, relationships and the timeline of nights, kept in ledger.toml. "
                  "←/→ switch sections; a adds, Enter edits, s makes an entry secret or public, Delete twice "
                  "removes. Every change is saved at once and logged in the session; secret entries never reach "
                  "a player's seat.")
    #: Whether to look at ledger.toml when the store's watcher says it changed (None: never; tests decide when).
    POLL_SECONDS: float | None = 2.0
    BINDINGS = [
        Binding("right,tab", "section(1)", "Next section", show=False, priority=True, id="ledger.next_section"),
        Binding("left,shift+tab", "section(-1)", "Previous section", show=False, priority=True,
                id="ledger.previous_section"),
        Binding("a", "add", "Add", id="ledger.add"),
        Binding("e", "edit", "Edit", id="ledger.edit"),
        Binding("s", "toggle_secret", "Secret", id="ledger.secret"),
        Binding("delete,x", "remove", "Remove", show=False, id="ledger.remove"),
        Binding("escape", "back", "Back", show=False, id="ledger.back"),
    ]

    def __init__(self, read_only: bool = False) -> None:
        super().__init__()
        self.read_only = read_only
        self.section = SECTIONS[0]
        self.ledger = Ledger()
        self.broken = ""
        self._text: str | None = None  # the file's text when last read (None: no file)
        self._confirm_remove: str | None = None
        self._following: Following | None = None

    def compose(self) -> ComposeResult:
        yield VtmHeader("ledger")
        yield Static("", id="ledger-sections", markup=False)
        yield DataTable(id="ledger-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="ledger-note", markup=False)
        yield Static(READ_ONLY_HINT if self.read_only else HINT, id="ledger-hint", markup=False)
        yield Static("", id="ledger-status", markup=False)
        yield VtmFooter()

    @property
    def store(self) -> ChronicleStore:
        store = self.app.chronicle_store
        if store is None:
            raise VtmError("open a chronicle first")
        return store

    def on_mount(self) -> None:
        self.load()
        self.query_one(DataTable).focus()
        store = self.app.chronicle_store
        if self.POLL_SECONDS and store is not None:  # looked at when the store's watcher says the file changed
            self._following = follow_chronicle(store.path, lambda _changes: self._poll(), "ledger.toml")

    def on_unmount(self) -> None:
        if self._following is not None:
            self._following.stop()

    def on_screen_resume(self) -> None:
        if self.app.chronicle_store is not None:
            self._poll()

    # -- reading -------------------------------------------------------------------------------
    def _file_text(self) -> str | None:
        from vtm_tui.store.ledger_file import ledger_path

        try:
            return ledger_path(self.store.path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, VtmError):
            return None

    def _poll(self) -> None:
        """Another login (or ``vtm-tui ledger``) changed the file: show it."""
        if self.app.chronicle_store is not None and self._file_text() != self._text:
            self.load()

    def load(self) -> None:
        from vtm_tui.play.ledger import ledger_for, load_ledger
        from vtm_tui.play.visibility import viewer_for

        self._text = self._file_text()
        try:
            ledger = load_ledger(self.store.path)
        except VtmError as exc:
            self.broken = str(exc)
            self.ledger = Ledger()
            self.show()
            self.say(f"ledger.toml cannot be read: {exc}", error=True)
            return
        self.broken = ""
        player = self.app.player
        self.ledger = ledger_for(viewer_for(player, self.store.characters), ledger)
        self.show()

    # -- showing -------------------------------------------------------------------------------
    def _columns(self) -> list[tuple[str, str]]:
        specs = [s for s in field_specs(self.section) if s.name not in ("note", "secret")]
        columns = [(s.name, s.label) for s in specs]
        if not self.read_only:
            columns.append(("secret", "Secret"))
        return columns

    def show(self, keep: str | None = None) -> None:
        """Draw the section bar and the current section's table (the cursor stays on ``keep``)."""
        bar = Text(" ")
        for section in SECTIONS:
            count = len(self.ledger.items(section))
            label = f" {TITLES[section]} {count} "
            bar.append(f"[{label}]" if section == self.section else f" {label} ",
                       style="bold reverse" if section == self.section else "")
        self.query_one("#ledger-sections", Static).update(bar)
        table = self.query_one(DataTable)
        if keep is None and table.row_count:
            keep = self.selected_id
        table.clear(columns=True)
        columns = self._columns()
        for name, label in columns:
            table.add_column(Text(label), key=name)
        for item in self.ledger.items(self.section):
            table.add_row(*(cell(getattr(item, name)) for name, _ in columns), key=item.id)
        if keep is not None and keep in {i.id for i in self.ledger.items(self.section)}:
            table.move_cursor(row=table.get_row_index(keep))
        self._show_note()

    def _show_note(self) -> None:
        item = self.selected_item
        note = self.query_one("#ledger-note", Static)
        if item is None:
            what = SINGULAR[self.section]
            empty = "Nothing here yet." + ("" if self.read_only else f" a adds a {what}.")
            note.update(Text("Nothing is shown or saved until ledger.toml is fixed." if self.broken else empty))
            return
        text = Text(item.summary(), style="bold")
        if item.secret:
            text.append("  (secret)", style="italic")
        if item.note:
            text.append("\n" + item.note)
        note.update(text)

    def say(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#ledger-status", Static)
        status.set_class(error, "-error")
        status.update(Text(text))

    @property
    def selected_id(self) -> str | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        try:
            return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except CellDoesNotExist:  # a cursor past the rows: nothing selected
            return None

    @property
    def selected_item(self) -> LedgerItem | None:
        item_id = self.selected_id
        return self.ledger.find(item_id) if item_id else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row (the table takes Enter itself): edit it."""
        event.stop()
        if not self.read_only:
            self.action_edit()

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._confirm_remove = None
        self._show_note()

    # -- actions -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.read_only and action in ("add", "edit", "toggle_secret", "remove"):
            return False
        if action == "back":  # Esc closes the seat's read-only view; the storyteller's 4 is a mode
            return self.read_only
        return True

    def action_section(self, step: int) -> None:
        self.section = SECTIONS[(SECTIONS.index(self.section) + step) % len(SECTIONS)]
        self._confirm_remove = None
        self.show()
        self.say("")

    def action_back(self) -> None:
        if self.read_only and self.app.screen_stack[-1] is self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def now(self) -> datetime:
        return self.app.clock()

    def _refused(self) -> bool:
        if self.broken:
            self.say(f"ledger.toml is broken, so nothing is saved: {self.broken}", error=True)
            return True
        return False

    def _apply(self, change: Any) -> str | None:
        """Run one headless change; the error's words on refusal (the table reloads either way). After an ended
        session it asks first (a dialog's save asks before it gets here): ``s`` starts the next and runs it."""
        from vtm_tui.play.sessions import SessionEnded

        try:
            with self.app.saying_a_started_session():
                result = change()
        except SessionEnded as exc:
            self.app.ask_next_session(exc, lambda: self._apply(change))
            return str(exc)
        except VtmError as exc:
            self.load()
            return str(exc)
        self.app.publish_chronicle()  # a change may have opened a session
        self.load()
        self.show(keep=result.item.id)
        self.say(result.message)
        return None

    def action_add(self) -> None:
        if self._refused():
            return
        from vtm_tui.play.ledger import add_item, parse_values
        from vtm_tui.ui.screens.ledger_dialog import LedgerItemDialog

        section = self.section

        def save(typed: dict[str, str]) -> str | None:
            try:
                values = parse_values(section, typed)
            except VtmError as exc:
                return str(exc)
            return self._apply(lambda: add_item(self.store, section, values, now=self.now()))

        self.app.push_screen(LedgerItemDialog(section, None, save, self.names()))

    def action_edit(self) -> None:
        item = self.selected_item
        if item is None or self._refused():
            return
        from vtm_tui.play.ledger import edit_item, parse_values
        from vtm_tui.ui.screens.ledger_dialog import LedgerItemDialog

        def save(typed: dict[str, str]) -> str | None:
            try:
                values = parse_values(item.SECTION, typed)
            except VtmError as exc:
                return str(exc)
            return self._apply(lambda: edit_item(self.store, item.id, values, now=self.now()))

        self.app.push_screen(LedgerItemDialog(item.SECTION, item, save, self.names()))

    def names(self) -> list[str]:
        """What a person field completes from: the chronicle's characters, then anyone the ledger names."""
        names = dict.fromkeys(character.name for character in self.store.characters)
        names.update(dict.fromkeys(self.ledger.people()))
        return list(names)

    def action_toggle_secret(self) -> None:
        item = self.selected_item
        if item is None or self._refused():
            return
        from vtm_tui.play.ledger import edit_item

        problem = self._apply(lambda: edit_item(self.store, item.id, {"secret": not item.secret}, now=self.now()))
        if problem:
            self.say(problem, error=True)

    def action_remove(self) -> None:
        item = self.selected_item
        if item is None or self._refused():
            return
        if self._confirm_remove != item.id:
            self._confirm_remove = item.id
            self.say(f"Remove {item.summary()}? Press Delete again to remove it (the log keeps it).")
            return
        self._confirm_remove = None
        from vtm_tui.play.ledger import delete_item

        problem = self._apply(lambda: delete_item(self.store, item.id, now=self.now()))
        if problem:
            self.say(problem, error=True)
