"""The roll dialog after issue 17's rule fixes: Blood Surge's Rouse first, re-roll strategies that cannot help."""

from __future__ import annotations

import pytest
from test_roll_dialog import app_for, entries, open_for, set_field

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.widgets.roll_result import RollResult

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

def _set_hunger(path, slug: str, hunger: int) -> None:
    store = open_chronicle(path)
    character = store.character(slug)
    character.sheet.hunger = hunger
    store.save_character(character)


async def test_blood_surge_rolls_with_the_hunger_after_its_rouse_and_shows_it(campaigns):
    """Hunger 4, Blood Surge: the Rouse fails (Hunger 5), so the test rolls 5 Hunger dice, and says so."""
    path = campaigns / "lisboa-nocturna"
    _set_hunger(path, "ines", 4)
    dice = GivenFaces({"regular": [3, 8, 8], "hunger": [7, 7, 7, 2, 2]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        dialog.query_one("#surge").value = True
        await pilot.pause()
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "Blood Surge Rouse: 3 → fail, Hunger 4 → 5; the test rolls 5 Hunger dice" in text
        assert "= 7 dice (5 Hunger)" in text
    rouse, roll = entries(path)[-2:]
    assert rouse.kind == "rouse" and rouse.result == "fail" and rouse.change["after"] == 5
    assert roll.roll["hunger_faces"] == [7, 7, 7, 2, 2] and roll.roll["faces"] == [8, 8]
    assert any(note.startswith("Blood Surge Rouse: 3 → fail") for note in roll.roll["notes"])


async def test_blood_surge_with_typed_faces_splits_them_by_the_hunger_after_the_rouse(campaigns):
    path = campaigns / "lisboa-nocturna"
    _set_hunger(path, "ines", 4)
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        dialog.query_one("#surge").value = True
        await set_field(pilot, dialog, "faces", "2 9 9 6 6 6 6 6")  # the Rouse die, then 7 faces, no bar
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
    roll = entries(path)[-1]
    assert roll.roll["faces"] == [9, 9] and roll.roll["hunger_faces"] == [6, 6, 6, 6, 6]


async def test_no_strategy_helps_is_shown_instead_of_a_reroll_that_cannot_help(campaigns):
    """Wits 3 at Hunger 2 is one regular die: a 9 beside two Hunger 6s cannot gain a critical."""
    path = campaigns / "lisboa-nocturna"
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits")
        await set_field(pilot, dialog, "difficulty", "1")
        await set_field(pilot, dialog, "faces", "9 | 6 6")
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "✗ maximize criticals: re-rolling one 6-9 cannot make a new pair of tens" in text
        assert "· No strategy helps: no Willpower re-roll can change this result for the better" in text
        before = len(entries(path))
        await pilot.press("2")  # the strategy's key only says why
        await pilot.pause()
        assert len(entries(path)) == before
