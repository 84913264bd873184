"""Quick storyteller characters from the coterie (A) and from the conflict's add dialog (ctrl+t)."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from ui_support import FIXED_NOW, character_file, log_entries, make_app, sheet_text

from vtm_tui.ui.screens.add_participant import AddParticipantDialog
from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.quick_character import QuickCharacterDialog

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"


async def test_shift_a_makes_a_thug_from_a_template_in_a_few_keys_and_ctrl_z_removes_it(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("A")
        assert isinstance(app.screen, QuickCharacterDialog)
        await pilot.press("down", "enter")  # the second template: the mortal thug
        await pilot.press("ctrl+u", *"Rui [bold]Faca", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert app.screen.selected_character.name == "Rui [bold]Faca"
        data = character_file(chronicle, "rui-bold-faca")
        assert (data["kind"], data["creature"], data["player"]) == ("spc", "mortal", "")
        assert data["pools"] == {"Physical": 4, "Social": 2, "Mental": 2, "Brawl": 5, "Intimidation": 4}
        assert "Pools (roll by name): Physical 4 · Social 2 · Mental 2" in sheet_text(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not (chronicle / "characters" / "rui-bold-faca.toml").exists()
    entries = [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert [e["change"]["field"] for e in entries] == ["character", "character"]


async def test_a_chronicles_own_template_is_offered_first_by_its_id_and_a_broken_one_is_named(campaigns):
    chronicle = campaigns / LISBOA
    (chronicle / "templates").mkdir()
    (chronicle / "templates" / "bystander.toml").write_text(
        'label = "Fado singer"\n[character]\ncreature = "mortal"\n[character.pools]\nSocial = 5\n', encoding="utf-8")
    (chronicle / "templates" / "zz.toml").write_text("label = [\n", encoding="utf-8")
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("A")
        dialog = app.screen
        assert isinstance(dialog, QuickCharacterDialog)
        assert dialog.templates[0].label == "Fado singer"
        assert any("zz.toml" in p for p in dialog.problems)
        await pilot.press("enter", "enter")  # the template's label is the name
        await pilot.pause()
        assert character_file(chronicle, "fado-singer")["pools"] == {"Social": 5}


async def test_ctrl_t_in_the_conflicts_add_dialog_fills_an_extra_from_a_template(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AddParticipantDialog)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, QuickCharacterDialog)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen is dialog
        value = lambda wid: dialog.query_one(wid, Input).value  # noqa: E731
        assert value("#add-name") == "Mortal thug"
        assert value("#add-pools") == "general 4, social 2, mental 2, brawl 5, intimidation 4"
        assert value("#add-health") == "5"
        await pilot.press("2", "ctrl+s")
        await pilot.pause()
        conflict = app.chronicle_store.load_conflict()
        names = [p.name for p in conflict.participants]
        assert sum(1 for n in names if n.startswith("Mortal thug")) == 2


async def test_copying_the_templates_writes_each_shipped_one_once_and_keeps_the_chronicles(campaigns):
    from vtm_tui.store.templates import load_templates

    chronicle = campaigns / LISBOA
    (chronicle / "templates").mkdir()
    mine = chronicle / "templates" / "thug.toml"
    mine.write_text('label = "My thug"\n', encoding="utf-8")
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.action_copy_templates()
        await pilot.pause()
    assert mine.read_text(encoding="utf-8") == 'label = "My thug"\n'
    written = sorted(p.stem for p in (chronicle / "templates").glob("*.toml"))
    assert "elder" in written and "bystander" in written
    loaded = load_templates(chronicle, "v5")
    assert loaded.problems == () and {t.id: t.label for t in loaded.templates}["elder"] == "Vampire elder"
