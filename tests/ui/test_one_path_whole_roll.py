"""One call makes a whole roll (play/roll_path.py): the roll dialog and ``vtm-tui roll v5`` write the same entries,
field by field (time and ids aside), for a plain roll, a Blood Surge (its Rouse check first) and a power (its
Rouse checks first, then its pool). Before, Blood Surge existed only in the dialog and the command line had no
way to pay a power's Rouse before its roll."""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

import pytest
from textual.widgets import OptionList
from ui_support import start_tonights_session

from vtm_tui.cli import main
from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.ui.screens.blood_dialog import BloodDialog
from vtm_tui.ui.screens.roll_dialog import RollDialog

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def comparable(entry) -> dict:
    fields = asdict(entry)
    del fields["id"], fields["time"]
    if fields["ref"]:
        fields["ref"] = "(the entry before)"
    return fields


def new_entries(folder: Path) -> list:
    """Session 4's entries: the storyteller started it (the example's session 3 has ended)."""
    return list(read_session(folder, 4, recover=False).entries)


def cli_roll(capsys, folder: Path, character: str, *extra: str) -> dict:
    assert main(["roll", "v5", "--chronicle", str(folder), "--character", character, "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


async def app_roll(folder: Path, character: str, seed: int, *, pool: str = "", surge: bool = False,
                   power: str = "", difficulty: str = "") -> None:
    app = VtmApp(path=folder, dice=SeededDice(seed), clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(RollDialog(app.chronicle_store.character(character)))
        await pilot.pause()
        dialog = app.screen
        if power:  # ctrl+o, then the power picked on the Blood dialog (powers only)
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert isinstance(app.screen, BloodDialog)
            options = app.screen.query_one("#blood-actions", OptionList)
            index = next(i for i in range(options.option_count)
                         if str(options.get_option_at_index(i).prompt).lstrip("▶ ").startswith(f"Use {power}"))
            while options.highlighted != index:
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog
        if pool:
            dialog.query_one("#pool").value = pool
        if difficulty:
            dialog.query_one("#difficulty").value = difficulty
        if surge:
            dialog.query_one("#surge").value = True
        await pilot.pause()
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()


CASES = {
    "plain": ("ines", 5, dict(pool="Wits + Awareness", difficulty="3"),
              ("--pool", "Wits + Awareness", "--difficulty", "3"), ["roll"]),
    "blood surge": ("ines", 8, dict(pool="Wits + Awareness", surge=True),
                    ("--pool", "Wits + Awareness", "--blood-surge"), ["rouse", "roll"]),
    "power": ("amalia", 3, dict(power="Mesmerize", difficulty="4"), ("--power", "Mesmerize", "--difficulty", "4"),
              ["rouse", "roll"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_the_dialog_and_the_command_line_write_the_same_entries(tmp_path, capsys, case):
    character, seed, in_app, on_cli, kinds = CASES[case]
    by_cli, by_app = tmp_path / "cli", tmp_path / "app"
    for folder in (by_cli, by_app):
        shutil.copytree(EXAMPLE, folder)
        start_tonights_session(folder)  # what is compared is the roll, not the question before it
    data = cli_roll(capsys, by_cli, character, *on_cli, "--seed", str(seed))
    await app_roll(by_app, character, seed, **in_app)
    cli_entries, app_entries = new_entries(by_cli), new_entries(by_app)
    assert [entry.kind for entry in cli_entries] == kinds
    assert [comparable(entry) for entry in cli_entries] == [comparable(entry) for entry in app_entries]
    assert data["logged"] == cli_entries[-1].id
    cli_sheet = open_chronicle(by_cli).character(character).sheet
    assert cli_sheet.hunger == open_chronicle(by_app).character(character).sheet.hunger


def test_a_blood_surge_with_typed_faces_rolls_with_the_hunger_after_its_rouse(tmp_path, capsys):
    """``--rouse-faces`` types the Rouse die a Blood Surge costs: a failed one (3) raises Inês's Hunger 2 → 3, and the
    surged test (Wits 3 + Awareness 2 + 2 = 7 dice) rolls 3 Hunger dice; the result names the Rouse."""
    folder = tmp_path / "c"
    shutil.copytree(EXAMPLE, folder)
    assert main(["roll", "v5", "--chronicle", str(folder), "--character", "ines", "--pool", "Wits + Awareness",
                 "--blood-surge", "--rouse-faces", "3", "--faces", "9,7,7,3", "--hunger-faces", "4,5,1"]) == 0
    captured = capsys.readouterr()
    assert "Blood Surge Rouse: 3 → fail, Hunger 2 → 3; the test rolls 3 Hunger dice" in captured.err
    rouse, roll = new_entries(folder)
    assert (rouse.kind, rouse.comment, rouse.change) == ("rouse", "Blood Surge",
                                                          {"field": "hunger", "before": 2, "after": 3})
    assert roll.roll["hunger_faces"] == [4, 5, 1] and roll.roll["pool"] == 7
    assert open_chronicle(folder).character("ines").sheet.hunger == 3


@pytest.mark.parametrize(("extra", "message"), [
    (("--pool", "3", "--blood-surge"), "--blood-surge: only with --chronicle and --character"),
    (("--pool", "Wits + Awareness", "--rouse-faces", "3"), "Rouse faces: only for a Blood Surge's or a power's"),
    (("--pool", "Wits + Awareness", "--blood-surge", "--rouse-faces", "3,4", "--faces", "1,2,3,4",
      "--hunger-faces", "1,2,3"), "its Rouse check is one die"),
    (("--pool", "Auspex + Wits", "--blood-surge"), "Blood Surge adds dice to a non-Discipline pool only"),
])
def test_a_refused_surge_logs_nothing(tmp_path, capsys, extra, message):
    folder = tmp_path / "c"
    shutil.copytree(EXAMPLE, folder)
    args = ["roll", "v5", *extra] if extra[1] == "3" else ["roll", "v5", "--chronicle", str(folder),
                                                           "--character", "ines", *extra]
    assert main(args) == 2
    assert message in capsys.readouterr().err
    assert not (folder / "sessions" / "0004.toml").exists()
