"""The shell: modes and app-wide keys on every screen, help, palette, sizes, quitting."""

from __future__ import annotations

from ui_support import log_entries, make_app, screen_text

from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.help import HelpScreen
from vtm_tui.ui.screens.picker import PickerScreen
from vtm_tui.ui.widgets.header import VtmHeader


async def test_starts_on_the_picker_and_quits_with_q(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert app.theme == "vtm"
        await pilot.press("1")  # no chronicle yet: nothing happens, nothing breaks
        await pilot.press("r")
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("q")
    assert app.return_code == 0


async def test_path_opens_the_coterie_with_a_header(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        header = app.screen.query_one(VtmHeader).describe()
        assert header == "Lisboa Nocturna · V5 · session 3 (ended) — coterie"
        assert app.chronicle_store is not None


async def test_number_keys_switch_screens_and_back(campaigns):
    app = make_app(campaigns / "the-iron-vigil")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        coterie = app.screen
        await pilot.press("2")
        assert app.current_mode == "conflict"
        assert "conflict" in screen_text(app)
        await pilot.press("3")
        assert app.current_mode == "log"
        await pilot.press("1")
        assert app.screen is coterie  # the coterie keeps its state
        await pilot.press("o")
        assert isinstance(app.screen, PickerScreen)


async def test_help_lists_every_key_with_a_description(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab")  # into the sheet: its keys join the help
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        described = {description for section in app.screen.sections for _key, description in section.keys}
        for wanted in ("Raise", "Lower", "Damage", "Heal", "Hunger +1", "Slake", "Stain", "Undo", "Notes",
                       "Rename", "Coterie", "Conflict", "Log", "Roll", "Help", "Quit", "Commands"):
            assert wanted in described
        titles = [section.title for section in app.screen.sections]
        assert titles[0] == "Sheet" and titles[-1] == "VtmApp"
        await pilot.press("escape")
        assert isinstance(app.screen, CoterieScreen)


async def test_roll_key_opens_the_roll_dialog(campaigns):
    from vtm_tui.ui.screens.roll_dialog import RollDialog

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)


async def test_command_palette_goes_to_the_log(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Log")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.current_mode == "log"


async def test_the_palette_finds_frenzy_remorse_and_rouse_on_a_v5_chronicle(campaigns):
    from vtm_tui.ui.screens.roll_dialog import RollDialog

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = {title: help_text for title, help_text, _ in app.screen.palette_commands()}
        assert commands["Frenzy test"].endswith("(f)") and commands["Remorse test"].endswith("(m)")
        assert commands["Rouse check"].endswith("(u)")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"frenzy")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog) and app.screen.kind == "frenzy"


async def test_resizing_small_does_not_crash(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert any("80×24" in n.message for n in app._notifications)
        await pilot.press("tab", "j", "j", "t", "2", "1", "question_mark", "escape")
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)


async def test_start_and_end_session_from_the_palette_actions(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_start_session()
        await pilot.pause()
        assert app.session_number == 4 and app.session_open
        assert (campaigns / "lisboa-nocturna" / "sessions" / "0004.toml").is_file()
        assert "session 4 —" in app.screen.query_one(VtmHeader).describe()
        app.action_end_session()
        await pilot.pause()
        assert not app.session_open
        await pilot.press("escape")  # the Remorse tests owed (Inês has stains), rolled later
        await pilot.pause()
        assert "session 4 (ended)" in app.screen.query_one(VtmHeader).describe()


async def test_ending_a_session_lists_the_remorse_tests_owed_and_rolls_them_from_the_list(campaigns):
    from vtm_tui.rules.dice import GivenFaces
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.ui.screens.remorse_due import RemorseDueDialog
    from vtm_tui.ui.screens.roll_dialog import RollDialog

    chronicle = campaigns / "lisboa-nocturna"
    store = open_chronicle(chronicle)
    duarte = store.character("Duarte")
    duarte.sheet.stains = 1
    store.save_character(duarte)
    app = make_app(chronicle)
    app.dice = GivenFaces({"regular": [8] * 12})  # every test passes: the stains are cleared
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_start_session()
        app.action_end_session()
        await pilot.pause()
        assert isinstance(app.screen, RemorseDueDialog)
        text = screen_text(app)
        assert "Session 4: Remorse tests owed" in text and "▶ Duarte Moniz: Humanity" in text
        assert "Inês Valadares: Humanity 7, 2 stains → Remorse with 1 die" in text
        await pilot.press("enter")  # Duarte's test, in the roll dialog
        await pilot.pause()
        assert isinstance(app.screen, RollDialog) and app.screen.kind == "remorse"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")  # the list again, with whoever still owes one
        await pilot.pause()
        assert isinstance(app.screen, RemorseDueDialog) and "Duarte" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, (RemorseDueDialog, RollDialog))
    owed = [c.name for c in open_chronicle(chronicle).remorse_due()]
    assert owed == []
    logged = [e for e in log_entries(chronicle, 4) if e["kind"] == "remorse"]
    assert [e["actor"] for e in logged] == ["Duarte Moniz", "Inês Valadares"]


async def test_help_on_the_picker_leaves_out_keys_that_need_a_chronicle(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        described = {description for section in app.screen.sections for _key, description in section.keys}
        assert {"New chronicle", "Help", "Quit"} <= described
        assert not {"Coterie", "Roll", "Who is connected"} & described


def test_run_builds_the_app_from_the_command_line(monkeypatch, campaigns):
    import argparse

    from vtm_tui.rules.dice import SeededDice, SystemDice
    from vtm_tui.ui import app as app_module

    built = []
    monkeypatch.setattr(app_module.VtmApp, "run", lambda self: built.append(self))
    args = argparse.Namespace(path=str(campaigns / "lisboa-nocturna"), campaigns=str(campaigns), player=None, seed=5)
    assert app_module.run(args) == 0
    app = built[-1]
    assert isinstance(app.dice, SeededDice)
    assert app.start_path == campaigns / "lisboa-nocturna" and app.campaigns_dir == campaigns
    args = argparse.Namespace(path=None, campaigns=None, player=None, seed=None)
    app_module.run(args)
    assert isinstance(built[-1].dice, SystemDice) and built[-1].start_path is None
    assert built[-1].campaigns_dir == campaigns  # ./campaigns, as the working folder has one


WARM_UP_CHILD = """
import asyncio, json, sys
from vtm_tui.ui.app import VtmApp
import vtm_tui.ui.screens.coterie
at_start = "vtm_tui.ui.screens.log" in sys.modules  # what the first screen needs does not pull it in

async def main():
    app = VtmApp(path=sys.argv[1], keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        later = [name in sys.modules for name in ("vtm_tui.ui.screens.log", "vtm_tui.ui.screens.conflict",
                                                  "vtm_tui.ui.screens.roll_dialog")]
    print(json.dumps([at_start, later]))

asyncio.run(main())
"""


def test_other_screens_are_imported_after_the_first_paint(campaigns, tmp_path):
    """Start-up imports only the first screen; the log, conflict and roll modules follow in a thread, so
    pressing 3 does not pay ~80 ms of imports (a fresh process: this one has imported everything)."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", WARM_UP_CHILD, str(campaigns / "lisboa-nocturna")],
                         capture_output=True, text=True, env=env, timeout=120, check=True)
    at_start, later = json.loads(out.stdout.strip().splitlines()[-1])
    assert at_start is False
    assert later == [True, True, True]


async def test_help_lists_a_priority_key_where_it_acts(campaigns):
    """Enter in the note dialog's field logs the note (the dialog's priority binding), so the help lists ⏎ as
    the dialog's "Log it", not as the field's "Submit"; the help reads Textual's public ``active_bindings``."""
    from vtm_tui.ui.screens.help import sections_for
    from vtm_tui.ui.screens.note_dialog import NoteDialog

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NoteDialog)
        where = {description: section.title for section in sections_for(app.screen)
                 for _keys, description in section.keys}
        assert where.get("Log it") == app.screen.HELP_TITLE and "Submit" not in where
