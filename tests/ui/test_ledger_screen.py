"""The ledger screen (``4``) and the note dialog (``ctrl+n``), driven with keys; asserts on ledger.toml and the log."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from ui_support import log_entries, make_app, screen_text

from vtm_tui.play.ledger import add_item
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.ledger import LedgerScreen
from vtm_tui.ui.screens.ledger_dialog import LedgerItemDialog
from vtm_tui.ui.screens.note_dialog import NoteDialog

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LedgerScreen.POLL_SECONDS = None  # tests decide when the disk is looked at
LAST_EXAMPLE_SESSION = 3  # lisboa-nocturna's last session; the set-up starts session 4 (tonights_session)


@pytest.fixture
def lisboa(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    return campaigns / "lisboa-nocturna"


def ledger_file(chronicle: Path) -> dict:
    return tomllib.loads((chronicle / "ledger.toml").read_text(encoding="utf-8"))


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text])


async def test_add_a_boon_edit_it_make_it_secret_and_remove_it(lisboa: Path) -> None:
    app = make_app(lisboa)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        await pilot.press("a")
        assert isinstance(app.screen, LedgerItemDialog)
        await type_text(pilot, "Duarte")
        await pilot.press("tab")
        await type_text(pilot, "Dona Amalia")
        await pilot.press("tab", "ctrl+u")
        await type_text(pilot, "major")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        boon = ledger_file(lisboa)["boons"][0]
        assert (boon["debtor"], boon["creditor"], boon["size"], boon["called_in"]) == ("Duarte", "Dona Amalia",
                                                                                         "major", False)
        await pilot.press("enter")  # edit: tick "called in" and save
        await pilot.press("tab", "tab", "tab", "space", "enter")
        await pilot.pause()
        assert ledger_file(lisboa)["boons"][0]["called_in"] is True
        await pilot.press("s")
        await pilot.pause()
        assert ledger_file(lisboa)["boons"][0]["secret"] is True
        await pilot.press("delete")
        assert ledger_file(lisboa)["boons"]  # the first Delete only asks
        assert "Press Delete again" in screen_text(app)
        await pilot.press("delete")
        await pilot.pause()
        assert "boons" not in ledger_file(lisboa)
    logged = [e for e in log_entries(lisboa, LAST_EXAMPLE_SESSION) if e["kind"] == "ledger"]
    assert [e["change"]["action"] for e in logged] == ["add", "edit", "edit", "delete"]
    assert [e.get("secret", False) for e in logged] == [False, False, True, True]


async def test_a_boons_names_complete_from_the_characters_and_the_ledger(lisboa: Path) -> None:
    add_item(open_chronicle(lisboa), "boons", {"debtor": "Bispo Xavier", "creditor": "Duarte Moniz"})
    app = make_app(lisboa)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        await pilot.press("a")
        dialog = app.screen
        assert isinstance(dialog, LedgerItemDialog) and "→ completes a name" in screen_text(app)
        await type_text(pilot, "inê")
        await pilot.press("right")  # accepts what the field suggests, as the hint says
        await pilot.press("tab")
        await type_text(pilot, "bis")
        await pilot.press("right", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    boon = ledger_file(lisboa)["boons"][-1]
    assert (boon["debtor"], boon["creditor"]) == ("Inês Valadares", "Bispo Xavier")


async def test_a_refused_entry_keeps_the_dialog_and_what_was_typed(lisboa: Path) -> None:
    app = make_app(lisboa)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4", "right", "right", "a")  # domains
        await type_text(pilot, "Alfama")
        await pilot.press("tab", "tab")
        await type_text(pilot, "9")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerItemDialog)
        assert "out of range 0-5" in screen_text(app)
        assert app.screen.typed()["name"] == "Alfama"
        await pilot.press("backspace")
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    assert ledger_file(lisboa)["domains"][0]["chasse"] == 3


async def test_markup_typed_into_an_entry_is_shown_as_text(lisboa: Path) -> None:
    store = open_chronicle(lisboa)
    add_item(store, "relationships", {"who": "[bold]Ana[/bold]", "whom": "[red]x", "relation": "sire"})
    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4", "right", "right", "right")
        await pilot.pause()
        assert "[bold]Ana[/bold]" in screen_text(app)


async def test_a_broken_ledger_is_reported_and_never_written(lisboa: Path) -> None:
    (lisboa / "ledger.toml").write_text("[[boons]\n", encoding="utf-8")
    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert "ledger.toml cannot be read" in screen_text(app)
        assert "ledger.toml, line 1, column 8" in app.screen.broken
        await pilot.press("a")
        assert isinstance(app.screen, LedgerScreen)  # no dialog: nothing can be saved
        await pilot.press("1")  # the rest of the app works
        await pilot.pause()
        assert app.current_mode == "coterie"
    assert (lisboa / "ledger.toml").read_text(encoding="utf-8") == "[[boons]\n"


async def test_a_player_sees_only_public_entries_and_cannot_change_them(lisboa: Path) -> None:
    store = open_chronicle(lisboa)
    add_item(store, "boons", {"debtor": "Duarte", "creditor": "Amália"})
    add_item(store, "bonds", {"thrall": "Inês", "regnant": "Amália", "secret": True})
    before = (lisboa / "ledger.toml").read_text(encoding="utf-8")
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LedgerScreen) and screen.read_only
        assert "Duarte" in screen_text(app) and "Blood bonds 0" in screen_text(app)
        await pilot.press("right")
        assert "Inês" not in screen_text(app)
        await pilot.press("a", "s", "delete", "delete", "ctrl+n")
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LedgerScreen)
    assert (lisboa / "ledger.toml").read_text(encoding="utf-8") == before


async def test_note_scene_and_title_from_the_note_dialog(lisboa: Path) -> None:
    app = make_app(lisboa)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, NoteDialog)
        await type_text(pilot, "The Elysium")
        await pilot.press("tab", "right", "enter")  # a scene marker
        await pilot.press("ctrl+n")
        await type_text(pilot, "Amalia lies")
        await pilot.press("tab", "tab", "space", "enter")  # a secret note
        await pilot.press("ctrl+n")
        await pilot.press("enter")  # empty: refused, the dialog stays
        assert isinstance(app.screen, NoteDialog) and "empty" in screen_text(app)
        await type_text(pilot, "Ashes")
        await pilot.press("tab", "left", "enter")  # the session's title
        await pilot.pause()
        assert not isinstance(app.screen, NoteDialog)
        await pilot.press("3")
        await pilot.pause()
        assert "— Ashes" in screen_text(app)  # the log names the session by its newest title
    logged = [(e["kind"], e["comment"], e.get("secret", False)) for e in log_entries(lisboa, LAST_EXAMPLE_SESSION)
              if e["kind"] in ("scene", "note", "title") and e["session"] > LAST_EXAMPLE_SESSION]
    assert logged == [("scene", "The Elysium", False), ("note", "Amalia lies", True), ("title", "Ashes", False)]


async def test_ledger_and_note_keys_need_a_chronicle(campaigns: Path) -> None:
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("4", "ctrl+n")
        await pilot.pause()
        assert app.current_mode == "picker" and not isinstance(app.screen, (LedgerScreen, NoteDialog))
        await pilot.press("question_mark")
        described = {description for section in app.screen.sections for _key, description in section.keys}
        assert not {"Ledger", "Note, scene or session title"} & described


async def test_a_players_palette_offers_the_ledger(lisboa: Path) -> None:
    from vtm_tui.ui.screens.player_palette import PlayerCommands

    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        commands = {title: call for title, _help, call in PlayerCommands(app.screen)._commands()}
        commands["Ledger"]()
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen) and app.screen.read_only
