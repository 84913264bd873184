"""SVG snapshots of guided creation, the sheet editor and the quick-character dialog at 80×24.

Update after an intended change with ``pytest tests/ui/test_snapshots_create.py --snapshot-update``.
"""

from __future__ import annotations

from ui_support import make_app

LISBOA = "lisboa-nocturna"


def test_guided_creation_v5_attributes(snap_compare, campaigns):
    async def to_attributes(pilot):
        await pilot.press("c", *"Ana Luz", "pagedown", "pagedown", "down", "enter", "down", "enter")
        for key in "4333222":
            await pilot.press(key, "down")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / LISBOA), terminal_size=(80, 24), run_before=to_attributes)


def test_sheet_editor_with_changes(snap_compare, campaigns):
    async def edit(pilot):
        await pilot.press("ctrl+e", "ctrl+u", *"Sommelier", "pagedown", "5", "down", "4")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / LISBOA), terminal_size=(80, 24), run_before=edit)


def test_quick_character_dialog(snap_compare, campaigns):
    async def open_it(pilot):
        await pilot.press("A", "down", "down")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / LISBOA), terminal_size=(80, 24), run_before=open_it)


def test_sheet_editor_powers_page(snap_compare, campaigns):
    async def to_powers(pilot):
        await pilot.press("ctrl+e", *["pagedown"] * 5, *"Cel", "right", "enter")
        await pilot.pause()

    assert snap_compare(make_app(campaigns / LISBOA), terminal_size=(80, 24), run_before=to_powers)
