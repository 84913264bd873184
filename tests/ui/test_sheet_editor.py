"""The sheet editor (ctrl+e): a batch of edits saved together is one logged change; ctrl+z reverts it whole."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text

from vtm_tui.model.character import Character
from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.sheet_editor import SheetEditor
from vtm_tui.play.sheet_batch import batch_edit, sheet_diff

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"


async def test_a_batch_of_edits_is_one_log_entry_with_the_diff_and_one_undo(campaigns):
    chronicle = campaigns / LISBOA
    before = character_file(chronicle, "duarte-moniz")
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.selected_character.name == "Duarte Moniz"
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, SheetEditor)
        await pilot.press("ctrl+u", *"Sommelier", "tab", "tab", "tab", "ctrl+u", "1", "1")  # generation 11
        await pilot.press("pagedown", "5")  # Strength 5
        await pilot.press("pagedown", "pagedown", "pagedown", *"Fortitude 1", "enter")
        await pilot.pause()
        assert "4 changes (ctrl+s saves them as one)" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        after = character_file(chronicle, "duarte-moniz")
        assert (after["concept"], after["generation"], after["attributes"]["Strength"]) == ("Sommelier", 11, 5)
        assert after["disciplines"]["Fortitude"] == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
    assert character_file(chronicle, "duarte-moniz") == before
    entries = [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert len(entries) == 2
    batch, undo = entries
    assert batch["change"]["field"] == "sheet"
    assert batch["change"]["after"] == {"concept": "Sommelier", "generation": 11, "attributes.Strength": 5,
                                        "disciplines.Fortitude": 1}
    assert batch["change"]["before"]["attributes.Strength"] == 4
    assert batch["change"]["before"]["disciplines.Fortitude"] == ""
    assert undo["comment"] == "undo" and undo["change"]["after"] == batch["change"]["before"]


async def test_esc_closes_an_untouched_editor_and_asks_before_dropping_changes(campaigns):
    chronicle = campaigns / LISBOA
    before = character_file(chronicle, "duarte-moniz")
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e", "escape")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        await pilot.press("ctrl+e", "pagedown", "5", "pageup", "escape")
        await pilot.pause()
        assert "Discard the changes to Duarte Moniz's sheet?" in screen_text(app)
        await pilot.press("escape")  # Esc keeps editing, however often it is pressed
        await pilot.pause()
        assert isinstance(app.screen, SheetEditor)
        await pilot.press("escape", "d")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    assert character_file(chronicle, "duarte-moniz") == before


def test_the_diff_holds_only_what_changed_and_nothing_is_no_edit() -> None:
    doc = {"name": "Ana", "ruleset": "v5", "attributes": dict.fromkeys(
        ("Strength", "Dexterity", "Stamina", "Charisma", "Manipulation", "Composure", "Intelligence", "Wits",
         "Resolve"), 2)}
    one = Character.from_toml(doc, where="t", ruleset="v5")
    two = Character.from_toml({**doc, "clan": "Ventrue", "flaws": {"Prey Exclusion": 1}}, where="t", ruleset="v5")
    assert sheet_diff(one, two) == ({"clan": "", "flaws.Prey Exclusion": ""},
                                    {"clan": "Ventrue", "flaws.Prey Exclusion": 1})
    assert batch_edit(one, one) is None
    assert batch_edit(one, two).comment == "2 changes saved together"


async def test_an_ingenuity_sheets_size_fate_and_resource_maximum_are_editable(campaigns):
    chronicle = campaigns / "lanterns-of-saltmarsh"
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        character = app.screen.selected_character
        await pilot.press("ctrl+e")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, SheetEditor)
        from textual.widgets import Input

        editor.query_one("#create-text-size", Input).value = "Large"
        editor.query_one("#create-text-fate", Input).value = "4"
        editor.query_one("#create-text-resources-Endurance-max", Input).value = "19"
        await pilot.press("ctrl+s")
        await pilot.pause()
    data = character_file(chronicle, character.slug)
    assert (data["size"], data["fate"], data["resources"]["Endurance"]["max"]) == ("Large", 4, 19)


async def test_a_bad_number_is_kept_out_and_said_as_text_never_markup(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        from textual.widgets import Input

        app.screen.query_one("#create-text-generation", Input).value = "[bold]13x"
        await pilot.press("pagedown")
        await pilot.pause()
        assert isinstance(app.screen, SheetEditor)
        assert "Generation: '[bold]13x' is not a whole number; kept 12" in " ".join(screen_text(app).split())
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert character_file(chronicle, "duarte-moniz")["generation"] == 12


async def test_passing_through_the_convictions_page_changes_nothing(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e", *["pagedown"] * 8)
        await pilot.pause()
        assert "Step 9 of 9: Convictions" in screen_text(app)
        await pilot.press("pageup")
        await pilot.pause()
        assert "No changes yet." in screen_text(app)


async def test_an_untouched_text_field_is_kept_exactly_as_the_file_has_it(campaigns):
    path = campaigns / LISBOA / "characters" / "duarte-moniz.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("who never stopped organising", "who  never stopped organising"), encoding="utf-8")
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e", "pagedown")
        await pilot.pause()
        assert "No changes yet." in screen_text(app)


async def test_a_quick_characters_pools_are_a_page_of_the_editor_checked_on_save(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("A", "down", "enter", "ctrl+u", *"Rui", "enter")
        await pilot.pause()
        await pilot.press("ctrl+e", "end")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, SheetEditor)
        while editor.step.id != "pools":
            await pilot.press("pagedown")
        await pilot.press(*"Melee 6", "enter", *"brawl 0", "enter", *"Physical 25", "enter", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetEditor) and "a pool is 0-20 dice" in screen_text(app)
        await pilot.press(*"Physical 5", "enter", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    assert character_file(chronicle, "rui")["pools"] == {"Physical": 5, "Social": 2, "Mental": 2,
                                                       "Intimidation": 4, "Melee": 6}
