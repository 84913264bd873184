"""SVG snapshots of the roll dialog: before rolling (the odds chart) and after a messy critical.

Inês Valadares (second in the list) rolls Wits + Awareness against Difficulty 3 with given dice (a messy
critical: a regular ten and a Hunger ten), a fixed clock and copies of the example chronicles, at 100×30
and 80×24. Update after an intended change with ``pytest tests/ui/test_snapshots_roll.py --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock

SIZES = [(100, 30), (80, 24)]
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def messy_app(path) -> VtmApp:
    dice = GivenFaces({"regular": [10, 7, 3], "hunger": [10, 4]})
    return VtmApp(path=path, dice=dice, clock=fixed_clock(NOW), keymap={})


async def open_dialog(pilot) -> None:
    await pilot.press("down", "r")  # Inês, then the roll dialog
    await pilot.pause()
    pool = pilot.app.screen.query_one("#pool")
    pool.value = "wits + aw"  # shows the completion offered for the last term
    pool.cursor_position = len(pool.value)
    pool.cursor_blink = False  # a blinking cursor would make the picture depend on timing
    pilot.app.screen.query_one("#difficulty").value = "3"
    await pilot.pause(0.3)


async def rolled(pilot) -> None:
    await open_dialog(pilot)
    await pilot.press("right", "enter")
    await pilot.pause(0.2)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_roll_dialog_before_rolling(snap_compare, campaigns, size):
    assert snap_compare(messy_app(campaigns / "lisboa-nocturna"), terminal_size=size, run_before=open_dialog)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.tonights_session  # a roll made in a session
def test_roll_dialog_after_a_messy_critical(snap_compare, campaigns, size):
    assert snap_compare(messy_app(campaigns / "lisboa-nocturna"), terminal_size=size, run_before=rolled)
