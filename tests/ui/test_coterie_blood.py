"""The Blood dialog (``b`` on the coterie): powers, mending, hunting and compulsions, saved and logged."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text, sheet_text

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.ui.screens.blood_dialog import BloodDialog, FeedDialog
from vtm_tui.ui.screens.coterie import CoterieScreen

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"


def new_entries(chronicle):
    return [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW and e["kind"] != "session_start"]


async def choose(pilot, app, label: str) -> None:
    """Highlight the Blood dialog's option that starts with ``label`` and press Enter."""
    from textual.widgets import OptionList

    options = app.screen.query_one("#blood-actions", OptionList)
    index = next(i for i in range(options.option_count) if str(options.get_option_at_index(i).prompt).lstrip("▶ ").startswith(label))
    while options.highlighted != index:
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_b_uses_a_power_with_its_rouse_check(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    app.dice = GivenFaces([4])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        assert isinstance(app.screen, BloodDialog)
        assert "Use Prowess (Potence 2, 1 Rouse)" in screen_text(app)
        await choose(pilot, app, "Use Prowess")
        assert isinstance(app.screen, CoterieScreen)
        assert "Prowess: 1 Rouse (4 fail), Hunger 3 → 4" in screen_text(app)
    assert character_file(chronicle, "duarte-moniz")["hunger"] == 4
    [entry] = new_entries(chronicle)
    assert (entry["kind"], entry["pool"], entry["change"]["after"]) == ("rouse", "Prowess", 4)


async def test_a_messy_hunt_slakes_rolls_resonance_and_offers_a_compulsion(campaigns):
    chronicle = campaigns / LISBOA
    # Strength 4 + Brawl 3 at Hunger 3: regular 7 7 2 2 | Hunger 10 10 4 → messy critical;
    # Resonance: temperament 9 then 9 (acute), resonance 2 (Phlegmatic); then the compulsion die 5 (Dominance)
    app = make_app(chronicle)
    app.dice = GivenFaces([7, 7, 2, 2, 10, 10, 4, 9, 9, 2, 5])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await choose(pilot, app, "Hunt")
        assert isinstance(app.screen, FeedDialog)
        await pilot.press("enter", "enter", "2", "enter", "enter")  # pool as offered, Difficulty 3, slake 2, human
        await pilot.pause()
        assert isinstance(app.screen, BloodDialog) and app.screen.compulsion_due
        assert "The Beast calls for a compulsion" in screen_text(app)
        await choose(pilot, app, "Compulsion: roll")
        assert "Dominance compulsion" in screen_text(app)
        assert "⚠ Dominance compulsion: assert control over someone present (−2 dice" in sheet_text(app)
        assert "Resonance of the last feeding: Phlegmatic (acute, dyscrasia)" in sheet_text(app)
    sheet = character_file(chronicle, "duarte-moniz")
    assert sheet["hunger"] == 1 and sheet["resonance"] == "Phlegmatic (acute, dyscrasia)"
    assert sheet["conditions"] == ["Dominance compulsion"]
    assert [e["kind"] for e in new_entries(chronicle)] == ["roll", "hunger", "edit", "edit"]


async def test_a_bad_amount_keeps_the_form_open_with_what_was_typed(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await choose(pilot, app, "Slake")
        await pilot.press("backspace", "9", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FeedDialog)
        assert "whole number 0-5, not '9'" in screen_text(app)
    assert not new_entries(chronicle)


async def test_a_power_with_a_pool_opens_its_roll_at_the_hunger_its_rouse_left(campaigns):
    from vtm_tui.ui.screens.roll_dialog import RollDialog
    from textual.widgets import Input

    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    app.dice = GivenFaces([2])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down")  # Inês Valadares: Presence 2, Hunger 2, Blood Potency 1
        await pilot.pause()
        await pilot.press("b")
        await choose(pilot, app, "Use Awe")  # free: no Rouse check
        assert isinstance(app.screen, RollDialog)
        assert app.screen.query_one("#pool", Input).value == "Manipulation + Presence"
        assert "(2 Hunger)" in screen_text(app)


async def test_k_after_a_messy_critical_in_the_roll_dialog_puts_a_compulsion_on_the_sheet(campaigns):
    from textual.widgets import Input

    from vtm_tui.ui.screens.roll_dialog import RollDialog

    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    app.dice = GivenFaces([7, 7, 2, 2, 10, 10, 4])  # Strength 4 + Brawl 3 at Hunger 3: a messy critical
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#pool", Input).value = "Strength + Brawl"
        dialog.query_one("#pool", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "Put a compulsion on the sheet" in screen_text(app)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, BloodDialog) and app.screen.compulsion_due
        await choose(pilot, app, "Compulsion of the Brujah")
        assert app.screen is dialog
        assert "Rebellion compulsion" in screen_text(app)
    assert character_file(chronicle, "duarte-moniz")["conditions"] == ["Rebellion compulsion"]
    assert [e["kind"] for e in new_entries(chronicle)] == ["roll", "edit"]


async def test_a_refused_action_is_said_on_the_status_line(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down")  # Inês: no Superficial Health damage
        await pilot.pause()
        await pilot.press("b")
        await choose(pilot, app, "Mend")
        assert "⚠ Inês Valadares: no Superficial Health damage to mend" in screen_text(app)
    assert not new_entries(chronicle)


async def test_ctrl_o_in_the_roll_dialog_uses_a_power_then_rolls_its_pool_at_the_new_hunger(campaigns):
    from textual.widgets import Input

    from vtm_tui.ui.screens.roll_dialog import RollDialog

    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    # Dona Amália (Hunger 1, Blood Potency 4): Mesmerize (Dominate 2, 1 Rouse) is re-rolled: 3 and 5 → fail;
    # then Manipulation 5 + Dominate 5 + 2 (power bonus) = 12 dice at Hunger 2
    app.dice = GivenFaces([3, 5] + [6] * 10 + [2, 2])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        while app.screen.selected_character.name != "Dona Amália Corte-Real":
            await pilot.press("down")
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, BloodDialog) and app.screen.powers_only
        await choose(pilot, app, "Use Mesmerize")
        assert app.screen is dialog
        assert dialog.query_one("#pool", Input).value == "Manipulation + Dominate"
        text = screen_text(app)
        assert "12 dice (2 Hunger)" in text and "+2 Blood Potency power bonus" in text
        assert "Mesmerize: 1 Rouse (3 5 (keep 5) fail), Blood Potency re-roll, Hunger 1 → 2" in text
        dialog.query_one("#difficulty", Input).value = "4"
        dialog.query_one("#pool", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
    kinds = [(e["kind"], e["pool"].split(" ")[0]) for e in new_entries(chronicle)]
    assert kinds == [("rouse", "Mesmerize"), ("roll", "Manipulation")]
    assert new_entries(chronicle)[1]["roll"]["hunger_faces"] == [2, 2]
    assert character_file(chronicle, "amalia-corte-real")["hunger"] == 2


async def test_help_lists_b_on_a_v5_coterie_but_not_on_a_v20_one(campaigns):
    from vtm_tui.ui.screens.help import sections_for

    for chronicle, expected in (("lisboa-nocturna", True), ("the-iron-vigil", False)):
        app = make_app(campaigns / chronicle)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            keys = [pair for section in sections_for(app.screen) for pair in section.keys]
            assert (("b", "Blood") in keys) is expected, chronicle
            await pilot.press("b")  # on V20 nothing opens
            await pilot.pause()
            assert isinstance(app.screen, BloodDialog) is expected


async def test_a_forced_rouse_at_hunger_5_opens_the_hunger_frenzy_test(campaigns):
    from vtm_tui.model.character_v5 import Power
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.ui.screens.roll_dialog import RollDialog

    chronicle = campaigns / LISBOA
    store = open_chronicle(chronicle)
    duarte = store.character("duarte")
    duarte.sheet.hunger = 4
    duarte.sheet.disciplines["Fortitude"] = 5
    duarte.sheet.powers["Fortitude"] = [Power("Flesh of Marble")]  # two Rouse checks
    store.save_character(duarte)
    app = make_app(chronicle)
    app.dice = GivenFaces([2, 3])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await choose(pilot, app, "Use Flesh of Marble")
        assert isinstance(app.screen, RollDialog) and app.screen.kind == "frenzy"
        assert app.screen.initial_difficulty == 4
    assert character_file(chronicle, "duarte-moniz")["hunger"] == 5
