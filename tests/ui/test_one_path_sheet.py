"""One action path for sheet edits: ``vtm-tui sheet`` and the app's keys write the same sheet file and the same
log entry, because both call :mod:`vtm_tui.play.sheet_edits` and save through the same SheetKeeper.

Before, the command line had no verb for these edits at all (``vtm-tui sheet`` was an unknown command), and
the edits lived in the ui package, out of the command line's reach.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

from ui_support import EXAMPLES, log_entries, screen_text, start_tonights_session

from vtm_tui.cli import main
from vtm_tui.rules.dice import SeededDice
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.ui.screens.player import PlayerScreen

NOW = fixed_clock(datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc))


def copies(tmp_path: Path, example: str, *, in_session: bool = True) -> tuple[Path, Path]:
    """Two copies of ``example``, with its next session started unless ``in_session`` is False: what is compared
    is the edit, not the question asked before a change opens the session after an ended one."""
    by_cli, by_app = tmp_path / "cli", tmp_path / "app"
    for folder in (by_cli, by_app):
        shutil.copytree(EXAMPLES / example, folder)
        if in_session:
            start_tonights_session(folder)
    return by_cli, by_app


def cli(capsys, folder: Path, name: str, *action: str) -> dict:
    assert main(["sheet", str(folder), "--character", name, "--json", *action]) == 0
    return json.loads(capsys.readouterr().out)


def comparable(entry: dict) -> dict:
    return {key: value for key, value in entry.items() if key not in ("id", "time")}


async def app_keys(folder: Path, name: str, *keys: str, player: str | None = None) -> str:
    """Open the app (the coterie, or a seat), select ``name`` with the list's keys, press ``keys``; the screen."""
    app = VtmApp(path=folder, dice=SeededDice(1), clock=NOW, keymap={}, player=player)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(10):
            if app.screen.selected_character.name == name:
                break
            await pilot.press("c" if isinstance(app.screen, PlayerScreen) else "down")
            await pilot.pause()
        assert app.screen.selected_character.name == name
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        return screen_text(app)


def sheet_file(folder: Path, slug: str) -> str:
    return (folder / "characters" / f"{slug}.toml").read_text(encoding="utf-8")


def assert_same(by_cli: Path, by_app: Path, slug: str, first_new_session: int) -> list[dict]:
    assert sheet_file(by_cli, slug) == sheet_file(by_app, slug)
    cli_entries, app_entries = log_entries(by_cli, first_new_session), log_entries(by_app, first_new_session)
    assert [comparable(e) for e in cli_entries] == [comparable(e) for e in app_entries]
    return cli_entries


async def test_damage_to_a_full_track_is_the_same_from_the_command_line_and_the_d_key(tmp_path, capsys):
    """Duarte's Health full of damage: one more Superficial turns a box Aggravated, said in the entry's comment."""
    by_cli, by_app = copies(tmp_path, "lisboa-nocturna")
    for folder in (by_cli, by_app):
        sheet = folder / "characters" / "duarte-moniz.toml"
        sheet.write_text(sheet.read_text(encoding="utf-8").replace("[health]\nsuperficial = 2\n",
                                                                   "[health]\nsuperficial = 4\n"), encoding="utf-8")
    data = cli(capsys, by_cli, "duarte", "damage", "superficial")
    await app_keys(by_app, "Duarte Moniz", "d")
    [entry] = assert_same(by_cli, by_app, "duarte-moniz", 4)
    assert entry["kind"] == "damage" and entry["session"] == 4 == data["session"]
    assert entry["change"] == {"field": "health", "before": {"superficial": 4, "aggravated": 2},
                               "after": {"superficial": 3, "aggravated": 3}}
    assert entry["comment"] == "the track was full: a Superficial box turned Aggravated"
    assert data["logged"] == [entry["id"]]


async def test_v20_blood_spent_is_the_same_from_the_command_line_and_the_bracket_key(tmp_path, capsys):
    by_cli, by_app = copies(tmp_path, "the-iron-vigil")
    cli(capsys, by_cli, "silas", "hunger", "+2")
    await app_keys(by_app, "Silas Crane", "]", "]")
    entries = assert_same(by_cli, by_app, "silas-crane", 2)
    assert [(e["kind"], e["change"]["field"], e["change"]["before"], e["change"]["after"]) for e in entries] == [
        ("hunger", "blood", 6, 5), ("hunger", "blood", 5, 4)]


async def test_an_ingenuity_resource_lost_is_the_same_from_the_command_line_and_the_d_key(tmp_path, capsys):
    by_cli, by_app = copies(tmp_path, "lanterns-of-saltmarsh")
    cli(capsys, by_cli, "bram", "damage")
    await app_keys(by_app, "Bram Cole", "d")
    [entry] = assert_same(by_cli, by_app, "bram-cole", 2)
    assert entry["kind"] == "damage" and entry["change"]["field"] == "resources.Health"
    assert entry["change"]["after"] == entry["change"]["before"] - 1


async def test_a_seat_with_no_session_open_is_refused_the_same_by_the_command_line_and_the_app(tmp_path, capsys):
    """A player never opens a session (vtm_tui.play.sessions): the same words, nothing saved or logged."""
    by_cli, by_app = copies(tmp_path, "the-iron-vigil", in_session=False)
    before = sheet_file(by_cli, "silas-crane")
    assert main(["sheet", str(by_cli), "--character", "silas", "--player", "Beth", "hunger", "+1"]) == 2
    error = capsys.readouterr().err.strip()
    assert error == "vtm-tui: error: Session 1 has ended: nothing saved until the storyteller starts the next."
    shown = await app_keys(by_app, "Silas Crane", "]", player="Beth")
    assert "Session 1 has ended: nothing saved until the storyteller starts the" in " ".join(shown.split())
    for folder in (by_cli, by_app):
        assert sheet_file(folder, "silas-crane") == before and log_entries(folder, 2) == []
