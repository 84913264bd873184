"""The ``X`` key (raise with experience) on the coterie and a player's seat, and "Import character…".

Each test drives the app with keys and asserts on the saved sheet and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text, sheet_text, until

from vtm_tui.play import experience as xp
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.import_dialog import ImportDialog
from vtm_tui.ui.screens.player import PlayerScreen
from vtm_tui.ui.screens.xp_dialog import SpendXpDialog
from vtm_tui.ui.widgets.sheet_view import SheetView

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"
FIXTURES = Path(__file__).parents[1] / "play" / "import_fixtures"


def status(app, selector: str = "#status") -> str:
    """The status line's whole text (the screen may cut it at the pane's width)."""
    return str(app.screen.query_one(selector).render())


def give(chronicle: Path, name: str, amount: int) -> None:
    store = open_chronicle(chronicle)
    xp.award(store, [store.character(name)], amount, "for the test", now=FIXED_NOW)


async def test_x_shows_the_cost_first_and_enter_spends(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 30)  # 24 + 30 total, 20 spent: 34 unspent
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab")  # the sheet, cursor on Strength 4
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, SpendXpDialog)
        text = screen_text(app)
        assert "Duarte Moniz: Strength 4 → 5" in text
        assert "Cost: 25 experience (attribute: new level × 5)" in text and "Unspent: 34 → 9" in text
        assert character_file(chronicle, "duarte-moniz")["attributes"]["Strength"] == 4  # nothing yet
        await pilot.press("enter")
        await pilot.pause()
        saved = character_file(chronicle, "duarte-moniz")
        assert saved["attributes"]["Strength"] == 5 and saved["experience"]["spent"] == 45
        assert "Spent 25 experience" in status(app)
        drawn = sheet_text(app)
        assert "Experience: 9 unspent of 54" in drawn
        assert "2026-11-29  +30  for the test" in drawn and " -25  Strength 4 → 5" in drawn
    spends = [e for e in log_entries(chronicle, 3) if e["kind"] == "experience" and "xp_cost" in e.get("change", {})]
    assert spends[-1]["change"] == {"field": "attributes.Strength", "before": 4, "after": 5, "xp_cost": 25,
                                    "xp_remaining": 9}


async def test_ctrl_z_takes_a_spend_back(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 30)
    before = character_file(chronicle, "duarte-moniz")
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "X", "enter")
        await pilot.pause()
        assert character_file(chronicle, "duarte-moniz")["attributes"]["Strength"] == 5
        await pilot.press("ctrl+z")
        await pilot.pause()
    after = character_file(chronicle, "duarte-moniz")
    assert after["attributes"] == before["attributes"] and after["experience"] == before["experience"]
    undo = log_entries(chronicle, 3)[-1]
    assert (undo["kind"], undo["comment"], undo["change"]["before"], undo["change"]["after"]) == (
        "experience", "undo", 5, 4)


async def test_escape_cancels_and_short_experience_is_refused_without_a_dialog(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 10)  # 14 unspent
    before = (chronicle / "characters" / "duarte-moniz.toml").read_text()
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "X")  # Strength 4 → 5 costs 25
        await pilot.pause()
        assert not isinstance(app.screen, SpendXpDialog)
        assert "Strength 4 → 5 costs 25 experience, only 14 unspent" in status(app)
        sheet = app.screen.query_one(SheetView)
        while sheet.cursor != "skills.Brawl":
            await pilot.press("j")
        await pilot.press("X")  # Brawl 3 → 4 costs 12
        await pilot.pause()
        assert isinstance(app.screen, SpendXpDialog) and "Unspent: 14 → 2" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SpendXpDialog)
    assert (chronicle / "characters" / "duarte-moniz.toml").read_text() == before


async def test_a_seat_may_spend_only_when_players_may_edit_traits(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Inês", 40)
    app = make_app(chronicle, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen)
        app.screen.query_one(SheetView).focus()
        await pilot.press("X")
        await pilot.pause()
        assert "Experience is the storyteller's to spend here" in status(app, "#player-status")
        assert not isinstance(app.screen, SpendXpDialog)
    store = open_chronicle(chronicle)
    store.chronicle.options["players_may_edit_traits"] = True
    store.save_chronicle()
    app = make_app(chronicle, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.query_one(SheetView).focus()
        await pilot.press("X", "enter")
        await pilot.pause()
    assert character_file(chronicle, "ines-valadares")["experience"]["spent"] > 0


async def test_import_from_the_palette_command_shows_what_was_not_mapped(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.action_import()
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        await pilot.press(*str(FIXTURES / "nothing.json"), "enter")
        result = app.screen.query_one("#import-result")
        # the message itself, not the screen: a long checkout path wraps "no such | file" across the box's lines
        await until(pilot, lambda: "no such file" in str(result.content))
        field = app.screen.query_one("#path")
        field.value = str(FIXTURES / "wod5e-vampire.json")
        await pilot.press("enter")
        await until(pilot, lambda: "not mapped: skills.piloting" in screen_text(app))
        assert "Imported Sebastião Vaz (wod5e)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.selected_character.name == "Sebastião Vaz"
    assert character_file(chronicle, "sebastiao-vaz")["clan"] == "Toreador"


async def test_import_of_a_name_taken_names_the_dialogs_tick_box_not_the_command_line_flag(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.action_import()
        await pilot.pause()
        app.screen.query_one("#path").value = str(FIXTURES / "wod5e-vampire.json")
        await pilot.press("enter")
        await until(pilot, lambda: "Imported Sebastião Vaz" in screen_text(app))
        await pilot.press("enter")
        await pilot.pause()
        app.screen.action_import()
        await pilot.pause()
        app.screen.query_one("#path").value = str(FIXTURES / "wod5e-vampire.json")
        await pilot.press("enter")
        result = app.screen.query_one("#import-result")
        await until(pilot, lambda: "already has a character" in str(result.content))
        assert "tick “Replace a character of the same name”" in str(result.content)
        assert "--replace" not in str(result.content)


async def test_export_from_the_palette_writes_both_files_and_never_overwrites(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("j")  # Inês, who has storyteller-only notes
        await pilot.pause()
        app.screen.action_export_character()
        app.screen.action_export_character()
        await pilot.pause()
        assert "exports/ines-valadares-2.md" in status(app)
    sheet = (chronicle / "exports" / "ines-valadares.md").read_text()
    assert sheet.startswith("# Inês Valadares") and (chronicle / "exports" / "ines-valadares-2.json").is_file()
    assert "Second Inquisition" not in sheet  # storyteller-only notes stay out


async def test_enter_on_the_replace_box_imports(campaigns):
    """Enter does the dialog's action wherever the focus is: on the ticked Replace box it imports (it once did
    nothing there, as the box passes Enter on and only the path field answered it)."""
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.action_import()
        await pilot.pause()
        app.screen.query_one("#path").value = str(FIXTURES / "wod5e-vampire.json")
        await pilot.press("tab", "space", "enter")
        await until(pilot, lambda: "Imported Sebastião Vaz (wod5e)" in screen_text(app))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.selected_character.name == "Sebastião Vaz"
    assert character_file(chronicle, "sebastiao-vaz")["clan"] == "Toreador"
