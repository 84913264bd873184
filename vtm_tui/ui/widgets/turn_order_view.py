"""The tracker's table: every participant in this round's order, the current actor marked ``▶``.

A :class:`~textual.widgets.DataTable` with one row per participant, rebuilt
from the conflict on every change (a conflict has a handful of rows, so a
rebuild costs nothing); the cursor stays on the same participant by name.
"""

from __future__ import annotations

from textual.widgets import DataTable

from vtm_tui.conflict.context import Table
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.ui.widgets.participant_row import COLUMNS, row_cells


class TurnOrderView(DataTable):
    """Participants in order; ↑/↓ select, the screen's keys act on the selection."""

    HELP_TITLE = "Turn order"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=False, show_cursor=True)
        self._ruleset = ""

    def show(self, conflict: Conflict, table: Table, current: Participant | None, keep: str | None = None) -> None:
        """Rebuild the rows; the cursor stays on ``keep`` (default: the selected name)."""
        keep = keep if keep is not None else self.selected_name
        if self._ruleset != table.ruleset:
            self.clear(columns=True)
            for label in COLUMNS[table.ruleset]:
                self.add_column(label, key=label or "mark")
            self._ruleset = table.ruleset
        else:
            self.clear()
        names = []
        for p in conflict.ordered():
            self.add_row(*row_cells(p, conflict, table, current), key=p.name)
            names.append(p.name)
        if names:
            target = names.index(keep) if keep in names else (names.index(current.name) if current else 0)
            self.move_cursor(row=target, animate=False)

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
