"""Adding, renaming, notes, another process's change, the roll dialog's seam, and remapped keys."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text, sheet_text

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.keymap import load_keymap
from vtm_tui.ui.messages import CharacterChanged
from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.new_character import NewCharacterDialog
from vtm_tui.ui.screens.notes_editor import NotesEditor
from vtm_tui.ui.widgets.character_list import CharacterList

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"


async def test_a_adds_a_storyteller_ghoul_and_ctrl_z_removes_it(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        assert isinstance(app.screen, NewCharacterDialog)
        await pilot.press(*"Joana Prata", "enter", "enter")  # no player: a storyteller character
        await pilot.press("down", "enter")  # Storyteller character (already highlighted), then ghoul
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert app.screen.selected_character.name == "Joana Prata"
        data = character_file(chronicle, "joana-prata")
        assert data["kind"] == "spc" and data["creature"] == "ghoul" and data["player"] == ""
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not (chronicle / "characters" / "joana-prata.toml").exists()
        assert list((chronicle / "trash").glob("joana-prata-*.toml"))
        assert "Joana Prata" not in [c.name for c in app.screen.query_one(CharacterList).shown]
    entries = [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert [e["change"]["field"] for e in entries] == ["character", "character"]


async def test_a_adds_a_v20_ghoul_with_a_ghouls_blood_pool_not_a_vampires(campaigns):
    chronicle = campaigns / "the-iron-vigil"
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a", *"Bento Ferraz", "enter", "enter", "down", "enter", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert app.screen.selected_character.name == "Bento Ferraz"
        assert "ghoul (traits ≤ 5, blood pool 2, 1/turn)" in sheet_text(app)
    data = character_file(chronicle, "bento-ferraz")
    assert data["creature"] == "ghoul" and data["blood"] == {"current": 2}


async def test_shift_r_renames_and_the_file_follows(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("R")
        await pilot.press("ctrl+a", "ctrl+k", *"Duarte Moniz Sr.", "enter")  # select-all is not needed: clear
        await pilot.pause()
        assert app.screen.selected_character.name.startswith("Duarte Moniz Sr")
        assert not (chronicle / "characters" / "duarte-moniz.toml").exists()
        renamed = [p for p in (chronicle / "characters").glob("duarte-moniz-sr*.toml")]
        assert len(renamed) == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert character_file(chronicle, "duarte-moniz")["name"] == "Duarte Moniz"


async def test_e_edits_notes_and_esc_saves(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        old = character_file(chronicle, "duarte-moniz")["notes"]
        await pilot.press("e")
        assert isinstance(app.screen, NotesEditor)
        await pilot.press("enter", *"Owes Rita a favour.", "escape")
        await pilot.pause()
        notes = character_file(chronicle, "duarte-moniz")["notes"]
        assert notes == old + "\nOwes Rita a favour."
        assert "Owes Rita a favour." in sheet_text(app)
        await pilot.press("e", "escape")  # unchanged: nothing saved, nothing logged
    entries = [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert len(entries) == 1 and entries[0]["change"]["field"] == "notes"


async def test_another_process_changing_the_same_trait_reloads_without_losing_it(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        other = open_chronicle(chronicle)
        theirs = other.character("Duarte Moniz")
        theirs.sheet.attributes["Strength"] = 2
        other.save_character(theirs)
        await pilot.press("tab", "plus")
        await pilot.pause()
        assert any("another process" in n.message.lower() or "changed" in n.message.lower()
                   for n in app._notifications)
        assert character_file(chronicle, "duarte-moniz")["attributes"]["Strength"] == 2  # theirs kept
        assert app.screen.selected_character.sheet.attributes["Strength"] == 2  # and shown
        await pilot.press("plus")  # works again on the reloaded sheet
        assert character_file(chronicle, "duarte-moniz")["attributes"]["Strength"] == 3


async def test_character_changed_from_elsewhere_refreshes_the_sheet(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        store = app.chronicle_store
        duarte = store.character("Duarte Moniz")
        duarte.sheet.hunger = 5
        saved = store.save_character(duarte)
        app.post_message(CharacterChanged(saved))  # what the roll dialog does after a failed rouse
        await pilot.pause()
        assert app.screen.selected_character.sheet.hunger == 5
        assert "●●●●● 5" in sheet_text(app)
        assert "Duarte Moniz H5" in screen_text(app)


async def test_keymap_remaps_a_binding_by_id(campaigns):
    app = make_app(campaigns / LISBOA, keymap={"sheet.hunger_up": "u", "app.log": "l"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = character_file(campaigns / LISBOA, "duarte-moniz")["hunger"]
        await pilot.press("u")
        assert character_file(campaigns / LISBOA, "duarte-moniz")["hunger"] == before + 1
        await pilot.press("l")
        assert app.current_mode == "log"


def test_keymap_file_is_read_and_bad_entries_reported(tmp_path):
    file = tmp_path / "keymap.toml"
    file.write_text('"app.roll" = "ctrl+r"\n"app.quit" = 3\n')
    keymap, problem = load_keymap(file)
    assert keymap == {"app.roll": "ctrl+r"}
    assert "app.quit" in problem
    file.write_text("broken = \n")
    assert load_keymap(file)[0] == {} and "default keys kept" in load_keymap(file)[1]
    assert load_keymap(tmp_path / "absent.toml") == ({}, None)


def test_every_binding_has_an_id_and_a_description():
    from textual.binding import Binding

    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.screens import broken, conflict, help, log, new_character, new_chronicle, notes_editor, picker
    from vtm_tui.ui.widgets import character_list, sheet_view

    owners = [VtmApp, CoterieScreen, picker.PickerScreen, help.HelpScreen, broken.ProblemScreen,
              new_chronicle.NewChronicleDialog, new_character.NewCharacterDialog, new_character.RenameDialog,
              notes_editor.NotesEditor, character_list.CharacterList, sheet_view.SheetView,
              conflict.ConflictScreen, log.LogScreen]
    ids = []
    for owner in owners:
        for binding in owner.__dict__.get("BINDINGS", []):
            assert isinstance(binding, Binding), owner
            assert binding.id and binding.description, (owner, binding)
            ids.append(binding.id)
    app_ids = [b.id for b in VtmApp.BINDINGS]
    assert {"app.coterie", "app.conflict", "app.log", "app.roll", "app.help", "app.quit"} <= set(app_ids)


async def test_a_second_login_s_save_shows_up_by_itself(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        other = open_chronicle(chronicle)
        theirs = other.character("Duarte Moniz")
        theirs.sheet.hunger = 1
        other.save_character(theirs)
        screen.poll_disk()  # what the timer does every few seconds
        await pilot.pause()
        assert screen.selected_character.sheet.hunger == 1
        assert "Duarte Moniz H1" in screen_text(app)
        assert "another process changed" in screen_text(app)
        await pilot.press("right_square_bracket")  # and edits go on from the new state
        assert character_file(chronicle, "duarte-moniz")["hunger"] == 2


async def test_the_poll_timer_reloads_on_its_own(campaigns, monkeypatch):
    monkeypatch.setattr(CoterieScreen, "POLL_SECONDS", 0.1)
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        other = open_chronicle(chronicle)
        theirs = other.character("Duarte Moniz")
        theirs.notes = "Seen at the Cais do Sodré."
        other.save_character(theirs)
        for _ in range(50):
            await pilot.pause(0.1)
            if app.screen.selected_character.notes == theirs.notes:
                break
        assert "Seen at the Cais do Sodré." in sheet_text(app)
