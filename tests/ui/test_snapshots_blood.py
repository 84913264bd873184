"""SVG snapshots of the Blood dialog (``b``), the hunting form and a sheet with a compulsion, at 80×24.

Seeded dice, a fixed clock, copies of the example chronicles. Update after an intended change with
``pytest tests/ui/test_snapshots_blood.py --snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

import pytest
from ui_support import make_app

SIZE = (80, 24)


@pytest.mark.tonights_session  # the blood dialog as it opens in a session
def test_blood_dialog(snap_compare, campaigns):
    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=SIZE, press=["b"])


@pytest.mark.tonights_session  # the blood dialog as it opens in a session
def test_hunting_form(snap_compare, campaigns):
    async def to_hunt(pilot):
        await pilot.press("b")
        await pilot.pause()
        for _ in range(5):  # four powers, Mend, then Hunt
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=SIZE, run_before=to_hunt)


def test_sheet_with_a_compulsion(snap_compare, campaigns):
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(campaigns / "lisboa-nocturna")
    duarte = store.character("duarte")
    duarte.sheet.conditions = ["Rebellion compulsion"]
    duarte.sheet.resonance = "Choleric (intense)"
    store.save_character(duarte)

    async def to_blood(pilot):
        from vtm_tui.ui.widgets.sheet_view import SheetView

        await pilot.press("tab")
        sheet = pilot.app.screen.query_one(SheetView)
        while sheet.cursor != "health":
            await pilot.press("j")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=SIZE, run_before=to_blood)
