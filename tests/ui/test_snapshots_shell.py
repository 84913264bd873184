"""SVG snapshots of the picker and of the coterie for each rule set, at 100×30 and 80×24.

Seeded dice, a fixed clock, copies of the example chronicles, the working folder set so paths are short.
Update after an intended change with ``pytest tests/ui/test_snapshots_shell.py --snapshot-update`` and look
at the report before committing.
"""

from __future__ import annotations

import pytest
from ui_support import make_app

SIZES = [(100, 30), (80, 24)]
CHRONICLES = ["lisboa-nocturna", "the-iron-vigil", "lanterns-of-saltmarsh"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_picker(snap_compare, campaigns, size):
    assert snap_compare(make_app(campaigns=campaigns), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("chronicle", CHRONICLES)
def test_coterie(snap_compare, campaigns, chronicle, size):
    assert snap_compare(make_app(campaigns / chronicle), terminal_size=size, press=["tab"])


def test_coterie_scrolled_to_the_trackers(snap_compare, campaigns):
    async def to_willpower(pilot):
        from vtm_tui.ui.widgets.sheet_view import SheetView

        await pilot.press("tab")
        sheet = pilot.app.screen.query_one(SheetView)
        while sheet.cursor != "willpower":
            await pilot.press("j")
        await pilot.press("d")
        await pilot.pause()

    from datetime import datetime, timezone

    from vtm_tui.store.chronicle_store import open_chronicle

    # A session is open, as at the table: the damage is logged without opening one first.
    open_chronicle(campaigns / "lisboa-nocturna").start_session(datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc))
    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), run_before=to_willpower)
