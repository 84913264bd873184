"""The tracker's table: every participant in this round's order, the current actor marked ``▶``.

A :class:`~textual.widgets.DataTable` with one row per participant, rebuilt
from the conflict on every change (a conflict has a handful of rows, so a
rebuild costs nothing); the cursor stays on the same participant by name.

The row the keys act on (``d``/``D``/``x``/``g``/``O``...) carries ``→`` in the
first column, beside the ``▶`` of whoever acts: a DataTable shows its cursor by
colour alone, and damage went to the wrong row on a terminal without it.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from vtm_tui.conflict.context import Table
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.ui.widgets.participant_row import CURSOR, row_cells

MARK_COLUMN = "mark"


class TurnOrderView(DataTable):
    """Participants in order; ↑/↓ (Home/End) select, the screen's keys act on the row marked ``→``."""

    HELP_TITLE = "Turn order"
    BINDINGS = [
        Binding("home", "first_row", "First row", show=False, id="conflict.first_row"),
        Binding("end", "last_row", "Last row", show=False, id="conflict.last_row"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=False, show_cursor=True)
        self._ruleset = ""
        self._marks: dict[str, Text] = {}  # each row's mark cell without the cursor sign

    def show(self, conflict: Conflict, table: Table, current: Participant | None, keep: str | None = None) -> None:
        """Rebuild the rows; the cursor stays on ``keep`` (default: the selected name)."""
        keep = keep if keep is not None else self.selected_name
        if self._ruleset != table.ruleset:
            self.clear(columns=True)
            for label in table.conflict_round.order_columns():  # the third says what orders the round
                self.add_column(label, key=label or MARK_COLUMN)
            self._ruleset = table.ruleset
        else:
            self.clear()
        names = []
        self._marks = {}
        for p in conflict.ordered():
            cells = row_cells(p, conflict, table, current)
            self._marks[p.name] = cells[0]
            self.add_row(self._mark(cells[0], False), *cells[1:], key=p.name)
            names.append(p.name)
        if names:
            target = names.index(keep) if keep in names else (names.index(current.name) if current else 0)
            self.move_cursor(row=target, animate=False)
            self._paint_cursor(None, target)

    @staticmethod
    def _mark(mark: Text, under_cursor: bool) -> Text:
        sign = Text(CURSOR if under_cursor else " ", style="bold")
        return sign + mark

    def _paint_cursor(self, old_row: int | None, new_row: int) -> None:
        """Put ``→`` on the cursor's row and take it off the row it left."""
        for row, on in ((old_row, False), (new_row, True)):
            if row is None or not 0 <= row < self.row_count:
                continue
            key = self.coordinate_to_cell_key(Coordinate(row, 0)).row_key
            mark = self._marks.get(str(key.value))
            if mark is not None:
                self.update_cell(key, MARK_COLUMN, self._mark(mark, on))

    def watch_cursor_coordinate(self, old_coordinate: Coordinate, new_coordinate: Coordinate) -> None:
        super().watch_cursor_coordinate(old_coordinate, new_coordinate)
        if old_coordinate.row != new_coordinate.row:
            self._paint_cursor(old_coordinate.row, new_coordinate.row)

    def action_first_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)

    @property
    def selected_name(self) -> str | None:
        """The participant under the cursor (None when the table is empty)."""
        if self.row_count == 0:
            return None
        try:
            key, _ = self.coordinate_to_cell_key(self.cursor_coordinate)
        except Exception:  # noqa: BLE001 - an empty or rebuilding table has no cell there
            return None
        return str(key.value) if key.value is not None else None
