"""SVG snapshots of the ledger (``4``), its edit dialog, a player's read-only view and the note dialog.

The scene is the example ledger of ``tools/screenshots_ledger.py`` (fixed ids) on a copy of Lisboa Nocturna,
with seeded dice and a fixed clock. Update after an intended change with
``pytest tests/ui/test_snapshots_ledger.py --snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

import pytest
from ui_support import make_app

from tools.screenshots_ledger import write_scene
from vtm_tui.ui.screens.ledger import LedgerScreen

LedgerScreen.POLL_SECONDS = None


def _keys(*keys: str):
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ledger(snap_compare, campaigns, size):
    write_scene(campaigns / "lisboa-nocturna")
    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=size, run_before=_keys())


def test_ledger_domains_at_80x24(snap_compare, campaigns):
    write_scene(campaigns / "lisboa-nocturna")
    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24),
                        run_before=_keys("right", "right"))


def test_ledger_edit_dialog(snap_compare, campaigns):
    write_scene(campaigns / "lisboa-nocturna")
    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), run_before=_keys("enter"))


def test_ledger_on_a_players_seat(snap_compare, campaigns):
    write_scene(campaigns / "lisboa-nocturna")
    assert snap_compare(make_app(campaigns / "lisboa-nocturna", player="Marta"), terminal_size=(80, 24),
                        run_before=_keys())


def test_note_dialog(snap_compare, campaigns):
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("ctrl+n", *"The", "space", *"Elysium", "tab", "right")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), run_before=run_before)
