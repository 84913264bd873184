"""Issue 19 in the roll dialog: Enter on a tick box rolls as the hint says; win at a cost settles the roll."""

from __future__ import annotations

import pytest
from test_roll_dialog import FIXED_NOW, app_for, entries, open_for, set_field

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.ui.widgets.roll_result import RollResult

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

async def test_win_at_a_cost_settles_the_roll(campaigns):
    """Issue 19 (10): after c, a Willpower re-roll and c itself were still offered."""
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [7, 3, 2], "hunger": [4, 5], "reroll": [6, 6, 6]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        await set_field(pilot, dialog, "difficulty", "3")
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        offered = lambda: dialog.query_one(RollResult).keys.split("]")[0].strip("[").split("/")  # noqa: E731
        assert {"1", "p", "c"} <= set(offered())
        await pilot.press("c")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "the roll is settled" in text and "Win at a cost?" not in text and "re-roll" not in text
        assert not {"1", "2", "3", "4", "p", "c"} & set(offered())
        await pilot.press("c", "1", "p")
        await pilot.pause()
    kinds = [e.kind for e in entries(path) if e.time == FIXED_NOW]  # the example's own entries are older
    assert kinds == ["roll", "note"]


async def test_enter_on_a_ticked_box_rolls_and_keeps_it_ticked(campaigns):
    """Issue 19: Enter on the focused Blood Surge box unticked it and rolled nothing ("Enter rolls")."""
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [9, 7, 7, 3, 6, 2], "hunger": [4, 5]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        dialog.query_one("#surge").focus()
        await pilot.press("space")
        await pilot.pause()
        assert dialog.query_one("#surge").value is True
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.query_one("#surge").value is True and dialog.mode == "result"
    rouse, roll = entries(path)[-2:]
    assert rouse.comment == "Blood Surge" and "Blood Surge" in roll.pool
