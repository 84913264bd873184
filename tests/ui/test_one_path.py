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

from ui_support import start_tonights_session

from vtm_tui.cli import main
from vtm_tui.model.typed import is_typed
from vtm_tui.play import request_for
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
    start_tonights_session(folder)  # session 4: what is compared is the roll, not the question before it
    sheet = folder / DUARTE
    text = sheet.read_text(encoding="utf-8")
    assert "[health]\nsuperficial = 2\naggravated = 2\n" in text
    sheet.write_text(text.replace("[health]\nsuperficial = 2\n", "[health]\nsuperficial = 4\n"), encoding="utf-8")
    assert open_chronicle(folder).character("duarte").sheet.health.impaired(6)
    return folder


def new_entries(folder: Path) -> list:
    """The entries of session 4, which the storyteller started (the example's session 3 has ended)."""
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
    """``--hunger`` (docs/command-line.md's example) still rolls the pool from the sheet, penalties included."""
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


SALTMARSH = Path(__file__).resolve().parents[2] / "campaigns" / "lanterns-of-saltmarsh"


async def test_an_ingenuity_test_is_the_same_from_the_command_line_and_the_app(tmp_path, capsys, monkeypatch):
    """``roll ingenuity --character`` builds, judges and logs through the roll dialog's play functions: the same
    pool, dice, result and log entry. Before, the command line resolved the dice itself and logged by its own
    code, never building the request the dialog builds (``request_for``)."""
    import vtm_tui.commands.sheet_roll as sheet_roll

    by_cli, by_app = tmp_path / "cli", tmp_path / "app"
    for folder in (by_cli, by_app):
        shutil.copytree(SALTMARSH, folder)
        start_tonights_session(folder)
    built = []
    monkeypatch.setattr(sheet_roll, "request_for", lambda *a, **k: built.append(a[1].pool) or request_for(*a, **k))
    assert main(["roll", "ingenuity", "--chronicle", str(by_cli), "--character", "bram", "--json",
                 "--attribute", "Strength", "--skill", "Combat", "--bonus", "2", "--difficulty", "12",
                 "--advantage", "1", "--faces", "3,5", "--luck", "11", "--reroll-faces", "9"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert built == ["Strength + Combat + 2"]
    app = VtmApp(path=by_app, dice=SeededDice(1), clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RollDialog(app.chronicle_store.character("bram")))
        await pilot.pause()
        dialog = app.screen
        for field, value in (("#pool", "Strength + Combat + 2"), ("#difficulty", "12"), ("#modifier", "1"),
                             ("#faces", "3 5 11 9")):
            dialog.query_one(field).value = value
            await pilot.pause()
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
    number = open_chronicle(by_app).chronicle.current_session
    [cli_entry] = read_session(by_cli, number, recover=False).entries
    [app_entry] = read_session(by_app, number, recover=False).entries
    assert cli_entry.pool == app_entry.pool == "Strength d10 + Combat d8 + 2"
    assert data["dice"] == app_entry.roll["dice"] == {"attribute": "d10", "skill": "d8"}
    assert (data["result"], data["total"], data["faces"]) == (
        app_entry.result, app_entry.roll["total"], app_entry.roll["faces"])
    assert data["faces"]["rerolls"][0]["rolled"] == 9 and data["logged"] == cli_entry.id
    assert is_typed(cli_entry) and is_typed(app_entry)
    assert comparable(cli_entry) == comparable(app_entry)


def test_an_automatic_win_takes_the_pool_from_the_sheet_as_the_app_does(tmp_path, capsys):
    """``--automatic`` with a pool of trait names goes through the play layer: the impaired pool the dialog
    would roll (5 dice), not the 7 dots the command line counted before."""
    folder = impaired_copy(tmp_path / "cli")
    data = cli_roll(capsys, folder, "--pool", "Strength + Brawl", "--automatic", "--difficulty", "2")
    assert data["automatic"] is True and data["result"] == "win" and data["pool"] == 5
    [entry] = new_entries(folder)
    assert entry.pool == "Strength 4 + Brawl 3 - 2 impaired" and entry.id == data["logged"]


def test_a_v20_retry_with_typed_wounds_goes_through_the_play_layer(tmp_path, capsys, monkeypatch):
    """``--attempt`` and ``--wounds`` with trait names: the request carries them (Difficulty +1, the typed wound
    penalty in the pool), and the entry is the play layer's, with the sheet's trait dots. Before, these two
    options sent the roll down the command line's own counting and logging."""
    import vtm_tui.commands.sheet_roll as sheet_roll

    built = []
    monkeypatch.setattr(sheet_roll, "request_for", lambda *a, **k: built.append(a[1]) or request_for(*a, **k))
    folder = tmp_path / "vigil"
    shutil.copytree(EXAMPLE.parent / "the-iron-vigil", folder)
    assert main(["roll", "v20", "--chronicle", str(folder), "--character", "edwin", "--json",
                 "--pool", "Dexterity + Brawl", "--attempt", "2", "--wounds", "1", "--faces", "7,7,1,3,9"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["difficulty"], data["attempt"], data["pool"], data["result"]) == (7, 2, 5, "success")
    assert [(roll.attempt, roll.wounds) for roll in built] == [(2, 1)]
    [entry] = read_session(folder, open_chronicle(folder).chronicle.current_session, recover=False).entries
    assert entry.pool == "Dexterity 3 + Brawl 3 - 1 wounds" and entry.difficulty == 7 and is_typed(entry)


def test_the_rouse_on_awakening_from_the_sheet_saves_the_hunger(tmp_path, capsys):
    """``--kind rouse --awakening`` takes the sheet's Hunger and saves what the Rouse did, as the dialog's Rouse
    does; before, it was counted apart and the sheet kept its Hunger."""
    folder = impaired_copy(tmp_path / "cli")
    data = cli_roll(capsys, folder, "--kind", "rouse", "--awakening", "--faces", "4")
    assert data["awakening"] is True and data["changes"] == ["Hunger 3 → 4"]
    assert open_chronicle(folder).character("duarte").sheet.hunger == 4
    [entry] = new_entries(folder)
    assert entry.pool == "Rouse check on awakening" and entry.change == {"field": "hunger", "before": 3, "after": 4}
