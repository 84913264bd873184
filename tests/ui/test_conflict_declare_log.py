"""Pressing ``g`` three times in a V5 conflict logs one declaration, the last, when the turn moves on."""

from __future__ import annotations

import pytest
from ui_support import log_entries, make_app

from vtm_tui.ui.screens.add_participant import AddParticipantDialog
from vtm_tui.ui.screens.conflict import ConflictScreen
from vtm_tui.ui.widgets.turn_order_view import TurnOrderView

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LAST_EXAMPLE_SESSION = 3


async def test_cycling_g_logs_only_the_final_group(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConflictScreen)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AddParticipantDialog)
        await pilot.press("down", "space", *["down"] * 5, "space", "ctrl+s")  # Inês, Rita Calado
        await pilot.pause()
        await pilot.press("N")
        await pilot.pause()
        screen.query_one(TurnOrderView).move_cursor(row=1)
        await pilot.press("g", "g", "g")
        await pilot.pause()
        declared = [e for e in log_entries(path, LAST_EXAMPLE_SESSION) if e.get("change", {}).get("field") == "declared"]
        assert declared == []  # still choosing
        await pilot.press("n")
        await pilot.pause()
    declared = [e for e in log_entries(path, LAST_EXAMPLE_SESSION) if e.get("change", {}).get("field") == "declared"]
    assert len(declared) == 1
    assert declared[0]["change"]["before"] != declared[0]["change"]["after"]
