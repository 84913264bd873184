"""A compulsion on a sheet shows in the conflict's row and details, with its penalty, until it is cleared."""

from __future__ import annotations

from conflict_support import table_of, v5_store  # noqa: F401 - the fixture

from vtm_tui.conflict.roster import add_character
from vtm_tui.model.conflict import Conflict
from vtm_tui.ui.widgets.participant_row import details, state_cell


def test_a_compulsion_shows_in_the_row_and_details(v5_store) -> None:  # noqa: F811
    duarte = v5_store.character("duarte")
    duarte.sheet.conditions = ["Rebellion compulsion"]
    table = table_of(v5_store)
    table = table.with_character(duarte)
    conflict = add_character(Conflict(title="Docks"), table, duarte).conflict
    [p] = conflict.participants
    assert state_cell(p, table).endswith("· ⚠ Rebellion compulsion")
    assert "⚠ Rebellion compulsion: defy authority (−2 dice to pools that do not serve it)" in details(
        p, conflict, table)
    duarte.sheet.conditions = []
    assert "⚠" not in state_cell(p, table.with_character(duarte))
