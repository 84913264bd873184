"""One action path: the same roll of a character's pool through the command line and through the app's roll
dialog gives the same pool, dice, result and log entry, and changes the sheet the same way.

Before, ``vtm-tui roll v5 --chronicle --character duarte --pool "Strength + Brawl"`` counted its own pool and
rolled 7 dice for Duarte with his Health full, where the app (play/) rolled 7 − 2 impaired = 5.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.cli import main
from vtm_tui.model.typed import is_typed
from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.roll_result import RollResult

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
DUARTE = "characters/duarte-moniz.toml"


def impaired_copy(folder: Path) -> Path:
    """A copy of the example with Duarte Moniz's Health full (Stamina 3: 6 boxes, 4 Superficial + 2 Aggravated)."""
    shutil.copytree(EXAMPLE, folder)
    sheet = folder / DUARTE
    text = sheet.read_text(encoding="utf-8")
    assert "[health]\nsuperficial = 2\naggravated = 2\n" in text
    sheet.write_text(text.replace("[health]\nsuperficial = 2\n", "[health]\nsuperficial = 4\n"), encoding="utf-8")
    assert open_chronicle(folder).character("duarte").sheet.health.impaired(6)
    return folder


def new_entries(folder: Path) -> list:
    """The entries of session 4: the example's session 3 has ended, so the first roll opens session 4."""
    return list(read_session(folder, 4, recover=False).entries)


def comparable(entry) -> dict:
    fields = asdict(entry)
    del fields["id"], fields["time"]
    return fields


def cli_roll(capsys, folder: Path, *extra: str) -> dict:
    assert main(["roll", "v5", "--chronicle", str(folder), "--character", "duarte", "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


async def app_roll(folder: Path, pool: str, *, dice=None, faces: str = "", kind: str = "test", difficulty: str = ""):
    """Open the coterie, select Duarte, ``r``, type the pool (and any faces), Enter; returns the result's text."""
    app = VtmApp(path=folder, dice=dice or SeededDice(1), clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if kind == "test":
            assert app.screen.selected_character.name == "Duarte Moniz"
            await pilot.press("r")
        else:
            app.push_screen(RollDialog(app.chronicle_store.character("duarte"), kind=kind))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and dialog.character.name == "Duarte Moniz"
        if kind == "test":
            dialog.query_one("#pool").value = pool
            await pilot.pause()
        if difficulty:
            dialog.query_one("#difficulty").value = difficulty
            await pilot.pause()
        if faces:
            dialog.query_one("#faces").value = faces
            await pilot.pause()
        dialog.query_one("#faces" if faces or kind != "test" else "#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        return dialog.query_one(RollResult).describe()


async def test_an_impaired_roll_is_the_same_from_the_command_line_and_the_app(tmp_path, capsys):
    by_cli, by_app = impaired_copy(tmp_path / "cli"), impaired_copy(tmp_path / "app")
    data = cli_roll(capsys, by_cli, "--pool", "Strength + Brawl", "--seed", "11")
    await app_roll(by_app, "Strength + Brawl", dice=SeededDice(11))
    (cli_entry,), (app_entry,) = new_entries(by_cli), new_entries(by_app)
    assert cli_entry.pool == app_entry.pool == "Strength 4 + Brawl 3 - 2 impaired"
    assert data["pool"] == app_entry.roll["pool"] == 5  # 7 dice − 2 impaired; the command line rolled 7
    assert len(data["faces"]) + len(data["hunger_faces"]) == 5 and data["hunger"] == 3
    assert (data["result"], data["faces"], data["hunger_faces"]) == (
        app_entry.result, app_entry.roll["faces"], app_entry.roll["hunger_faces"])
    assert data["logged"] == cli_entry.id
    assert comparable(cli_entry) == comparable(app_entry)


async def test_typed_faces_are_judged_and_logged_the_same(tmp_path, capsys):
    by_cli, by_app = impaired_copy(tmp_path / "cli"), impaired_copy(tmp_path / "app")
    data = cli_roll(capsys, by_cli, "--pool", "Strength + Brawl", "--difficulty", "2",
                    "--faces", "6,10", "--hunger-faces", "1,10,3")
    await app_roll(by_app, "Strength + Brawl", faces="6 10 | 1 10 3", difficulty="2")
    (cli_entry,), (app_entry,) = new_entries(by_cli), new_entries(by_app)
    assert data["result"] == app_entry.result == "messy_critical"
    assert is_typed(cli_entry) and is_typed(app_entry)  # neither claims the app rolled those dice
    assert cli_entry.difficulty == 2 and comparable(cli_entry) == comparable(app_entry)


async def test_a_rouse_from_the_command_line_saves_the_hunger_as_the_app_does(tmp_path, capsys):
    by_cli, by_app = impaired_copy(tmp_path / "cli"), impaired_copy(tmp_path / "app")
    data = cli_roll(capsys, by_cli, "--kind", "rouse", "--faces", "3")
    await app_roll(by_app, "", faces="3", kind="rouse")
    assert data["result"] == "fail" and data["changes"] == ["Hunger 3 → 4"]
    for folder in (by_cli, by_app):
        assert open_chronicle(folder).character("duarte").sheet.hunger == 4  # the command line never saved it
    (cli_entry,), (app_entry,) = new_entries(by_cli), new_entries(by_app)
    assert comparable(cli_entry) == comparable(app_entry)
    assert cli_entry.change == {"field": "hunger", "before": 3, "after": 4}


def test_a_typed_hunger_replaces_the_sheets_and_keeps_the_impairment(tmp_path, capsys):
    """``--hunger`` (the README's example) still rolls the pool from the sheet, penalties included."""
    folder = impaired_copy(tmp_path / "cli")
    data = cli_roll(capsys, folder, "--pool", "Strength + Brawl", "--hunger", "1", "--seed", "2")
    assert data["pool"] == 5 and len(data["hunger_faces"]) == 1
    data = cli_roll(capsys, folder, "--pool", "Strength + Brawl", "--mortal", "--seed", "2")
    assert data["pool"] == 5 and data["hunger_faces"] == []
    assert [entry.pool for entry in new_entries(folder)] == ["Strength 4 + Brawl 3 - 2 impaired"] * 2


async def test_a_willpower_reroll_is_logged_and_saved_the_same(tmp_path, capsys):
    """``--reroll`` after a pool from the sheet: two entries (the roll, then the re-roll naming it), as the app's
    ``1`` (re-roll failures) logs them, and the Willpower damage saved."""
    from vtm_tui.rules.dice import GivenFaces

    by_cli, by_app = impaired_copy(tmp_path / "cli"), impaired_copy(tmp_path / "app")
    data = cli_roll(capsys, by_cli, "--pool", "Strength + Brawl", "--difficulty", "3", "--faces", "7,2",
                    "--hunger-faces", "4,5,6", "--reroll", "reroll_failures", "--reroll-faces", "8")
    app = VtmApp(path=by_app, dice=GivenFaces({"regular": [7, 2], "hunger": [4, 5, 6], "reroll": [8]}),
                 clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#pool").value = "Strength + Brawl"
        dialog.query_one("#difficulty").value = "3"
        await pilot.pause()
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
    cli_entries, app_entries = new_entries(by_cli), new_entries(by_app)
    assert [e.kind for e in cli_entries] == [e.kind for e in app_entries] == ["roll", "reroll"]
    assert cli_entries[1].ref == cli_entries[0].id and data["logged"] == cli_entries[1].id
    assert data["result"] == app_entries[1].result == "win" and data["pool"] == 5
    for cli_entry, app_entry in zip(cli_entries, app_entries):
        cli_fields, app_fields = comparable(cli_entry), comparable(app_entry)
        assert is_typed(cli_entry) and not is_typed(app_entry)  # the command line was given faces, the app rolled
        for fields in (cli_fields, app_fields):
            del fields["extra"], fields["ref"]
        assert cli_fields == app_fields
    for folder in (by_cli, by_app):
        assert open_chronicle(folder).character("duarte").sheet.willpower.superficial == 2
