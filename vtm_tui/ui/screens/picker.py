"""The chronicle picker: every chronicle in the campaigns folder, Enter opens one, ``n`` makes one.

A chronicle whose file is broken stays in the list with its error on its row (and in full below the table);
the others still open. Listing reads only each ``chronicle.toml`` (the store's ``list_chronicles``), so the
picker shows at once however long the chronicles' histories are.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from vtm_tui.ui.screens.mode_screen import ModeScreen
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.rules.ruleset import short_title
from vtm_tui.ui.widgets.header import VtmHeader

if TYPE_CHECKING:
    from vtm_tui.store.catalog import ChronicleSummary


def display_path(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder, else with ``~``."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except (ValueError, OSError):
        pass
    try:
        return "~/" + str(path.resolve().relative_to(Path.home().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


_WHERE = re.compile(r"([^\s:]+\.toml)(?:, line (\d+)(?:, column (\d+))?)?")


def short_error(error: str) -> str:
    """The gist of a chronicle's error for its row: ``broken: chronicle.toml 2:11``."""
    match = _WHERE.search(error)
    if match is None:
        return "cannot open (details below)"
    where = Path(match.group(1)).name
    if match.group(2):
        where += f" {match.group(2)}" + (f":{match.group(3)}" if match.group(3) else "")
    return f"broken: {where}"


def last_session_text(summary: ChronicleSummary) -> str:
    if summary.error:
        return ""
    if summary.current_session == 0:
        return "none yet"
    when = summary.last_session.strftime("%Y-%m-%d") if summary.last_session else "?"
    return f"#{summary.current_session} · {when}"


class PickerScreen(ModeScreen[None]):
    """Choose a chronicle."""

    HELP_TITLE = "Chronicles"
    HELP_INTRO = "Pick a chronicle with ↑/↓ (or j/k, Home, End) and Enter; n creates a new one."
    BINDINGS = [
        Binding("n", "new_chronicle", "New chronicle", id="picker.new"),
        Binding("j", "cursor('down')", "Down", show=False, id="picker.down"),
        Binding("k", "cursor('up')", "Up", show=False, id="picker.up"),
        # priority: the table's own Home/End scroll sideways, and a list of names has nothing to the side
        Binding("home", "cursor('first')", "First", show=False, id="picker.first", priority=True),
        Binding("end", "cursor('last')", "Last", show=False, id="picker.last", priority=True),
        Binding("g", "reload", "Reload list", show=False, id="picker.reload"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.summaries: list[ChronicleSummary] = []

    def compose(self) -> ComposeResult:
        yield VtmHeader("chronicles")
        yield Static("", id="picker-where")
        table: DataTable[Text | str] = DataTable(id="chronicles", cursor_type="row", zebra_stripes=True)
        table.add_columns("Chronicle", "Rules", "Characters", "Last session")
        yield table
        yield Static("", id="picker-detail")
        yield VtmFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.action_reload()

    def action_reload(self) -> None:
        """Read the campaigns folder again (new or fixed chronicles appear)."""
        from vtm_tui.errors import VtmError
        from vtm_tui.store.catalog import list_chronicles

        where = self.app.campaigns_dir
        try:
            self.summaries = list_chronicles(where)
            problem = ""
        except (VtmError, OSError) as exc:
            self.summaries, problem = [], str(exc)
        table = self.query_one("#chronicles", DataTable)
        selected = table.cursor_row
        table.clear()
        self._marked = None
        for summary in self.summaries:
            table.add_row(*self._row(summary), key=str(summary.path))
        if self.summaries:
            table.move_cursor(row=min(selected, len(self.summaries) - 1))
            self._mark_cursor()
        count = len(self.summaries)
        shown = display_path(where)
        header = f"{count} chronicle{'s' if count != 1 else ''} in {shown} — Enter opens, n creates"
        if not self.summaries:
            header = f"No chronicles in {shown} yet. Press n to create one."
        if problem:
            header = f"Cannot list {shown}: {problem}"
        self.query_one("#picker-where", Static).update(Text(header))
        self._show_detail()
        table.focus()

    @staticmethod
    def _name_cell(summary: ChronicleSummary, under_cursor: bool) -> Text:
        """The name cell: ``▶`` on the row Enter opens (the row cursor is a colour only)."""
        mark = "▶ " if under_cursor else "  "
        return Text(mark + (f"⚠ {summary.name}" if summary.error else summary.name), style="bold")

    def _mark_cursor(self) -> None:
        from textual.coordinate import Coordinate

        table = self.query_one("#chronicles", DataTable)
        row = table.cursor_row
        if not self.summaries or not 0 <= row < len(self.summaries):
            return
        before = getattr(self, "_marked", None)
        if before is not None and before != row and before < len(self.summaries):
            table.update_cell_at(Coordinate(before, 0), self._name_cell(self.summaries[before], False))
        table.update_cell_at(Coordinate(row, 0), self._name_cell(self.summaries[row], True))
        self._marked = row

    @classmethod
    def _row(cls, summary: ChronicleSummary) -> tuple[Text | str, ...]:
        if summary.error:
            name = cls._name_cell(summary, False)
            return name, "?", str(summary.characters), Text(short_error(summary.error), style="italic")
        return (cls._name_cell(summary, False), short_title(summary.ruleset),
                str(summary.characters), last_session_text(summary))

    def highlighted(self) -> ChronicleSummary | None:
        table = self.query_one("#chronicles", DataTable)
        if not self.summaries or table.cursor_row < 0:
            return None
        return self.summaries[min(table.cursor_row, len(self.summaries) - 1)]

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._mark_cursor()
        self._show_detail()

    def _show_detail(self) -> None:
        summary = self.highlighted()
        detail = self.query_one("#picker-detail", Static)
        if summary is None:
            detail.update("")
        elif summary.error:
            detail.update(Text(f"⚠ This chronicle cannot be opened:\n{summary.error}"))
            detail.add_class("-error")
        else:
            detail.update(Text(display_path(summary.path), style="dim"))
            detail.remove_class("-error")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.app.open_chronicle(Path(event.row_key.value))

    def action_cursor(self, direction: str) -> None:
        table = self.query_one("#chronicles", DataTable)
        if direction in ("first", "last"):
            if table.row_count:
                table.move_cursor(row=0 if direction == "first" else table.row_count - 1)
        elif direction == "down":
            table.action_cursor_down()
        else:
            table.action_cursor_up()

    def action_new_chronicle(self) -> None:
        from vtm_tui.ui.screens.new_chronicle import NewChronicleDialog

        self.app.push_screen(NewChronicleDialog(), self._create)

    def _create(self, answer: tuple[str, str] | None) -> None:
        if answer is None:
            return
        from vtm_tui.errors import VtmError
        from vtm_tui.store.catalog import create_chronicle

        name, ruleset = answer
        where = self.app.campaigns_dir
        try:
            from vtm_tui.model.slug import unique_slug

            taken = [p.name for p in where.iterdir()] if where.is_dir() else []
            store = create_chronicle(where / unique_slug(name, taken, fallback="chronicle"), name, ruleset)
        except (VtmError, OSError) as exc:
            self.notify(str(exc), title="New chronicle", severity="error", timeout=10)
            return
        self.notify(f"Created {store.path}", title="New chronicle")
        self.app.set_store(store)
        self.app.switch_mode("coterie")
