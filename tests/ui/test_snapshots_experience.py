"""SVG snapshots of the experience dialog (X), the sheet's experience history and the import dialog, at 80×24.

Seeded dice, a fixed clock, copies of the example chronicles. Update after an intended change with
``pytest tests/ui/test_snapshots_experience.py --snapshot-update`` and look at the report first.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ui_support import FIXED_NOW, make_app

from vtm_tui.play import experience as xp
from vtm_tui.store.chronicle_store import open_chronicle

FIXTURES = Path(__file__).parents[1] / "play" / "import_fixtures"


def award(chronicle: Path) -> None:
    store = open_chronicle(chronicle)
    xp.award(store, [store.character("Duarte")], 30, "the harbour job", now=FIXED_NOW)


async def to_brawl(pilot) -> None:
    from vtm_tui.ui.widgets.sheet_view import SheetView

    await pilot.press("tab")
    sheet = pilot.app.screen.query_one(SheetView)
    while sheet.cursor != "skills.Brawl":
        await pilot.press("j")


def test_the_spend_dialog(snap_compare, campaigns):
    award(campaigns / "lisboa-nocturna")

    async def open_dialog(pilot):
        await to_brawl(pilot)
        await pilot.press("X")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), run_before=open_dialog)


def test_the_history_after_a_spend(snap_compare, campaigns):
    award(campaigns / "lisboa-nocturna")

    async def spend(pilot):
        from vtm_tui.ui.widgets.sheet_view import SheetView

        await to_brawl(pilot)
        await pilot.press("X", "enter")
        await pilot.pause()
        pilot.app.screen.query_one(SheetView).scroll_end(animate=False)
        await pilot.pause()

    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), run_before=spend)


@pytest.mark.tonights_session  # an import made in a session
def test_the_import_dialog_after_an_import(snap_compare, campaigns):
    shutil.copy(FIXTURES / "wod5e-vampire.json", Path.cwd() / "sebastiao.json")

    async def import_one(pilot):
        await pilot.pause()
        pilot.app.screen.action_import()
        await pilot.pause()
        await pilot.press(*"sebastiao.json", "enter")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), run_before=import_one)
