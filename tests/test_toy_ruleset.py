"""A new rule set is one package plus one registry line (issue 25): the toy rule set of ``tests/toy_ruleset/``
(a plain pool of d6s, 5+ succeeds, with its own sheet class) is registered through the public
:func:`vtm_tui.rules.ruleset.register`, a chronicle of it is made headless, and a roll is made from the command
line and from the roll dialog: both are logged with the same fields, the log screen shows the entry and its
filter by rule set finds it. Nothing in ``vtm_tui`` names the toy; where core code keyed something by rule-set id
(sheet classes, house-rule defaults, a command module per rule set, the screens' lists), this test failed."""

from __future__ import annotations

import asyncio
import json
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.toy_ruleset import ENTRY
from tests.toy_ruleset.sheet import ToySheet
from vtm_tui.cli import main
from vtm_tui.model.character import Character
from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.dice import SeededDice
from vtm_tui.rules.ruleset import register, unregister
from vtm_tui.store import log_format as fmt
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.log_index_scan import scan_chunk
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.ui.screens.log import LogScreen
from vtm_tui.ui.screens.new_chronicle import ruleset_choices
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.screens.session_picker import ChoicePicker

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
SEED = 7


@pytest.fixture
def toy():
    """The toy registered for one test (its one registry line), and forgotten after."""
    register("toy", ENTRY)
    yield "toy"
    unregister("toy")


def make_chronicle(capsys, folder: Path) -> Path:
    """A toy chronicle made as ``vtm-tui new`` makes one, with one character of the toy's own sheet."""
    assert main(["new", str(folder), "--ruleset", "toy", "--name", "Dice Night", "--json"]) == 0
    capsys.readouterr()
    store = open_chronicle(folder)
    assert store.chronicle.ruleset == "toy" and store.chronicle.options == {"players_may_type_faces": True}
    store.add_character(Character(name="Rook", sheet=ToySheet({"Body": 3, "Knack": 2})))
    return folder


def comparable(entry) -> dict:
    fields = asdict(entry)
    del fields["id"], fields["time"]
    return fields


def test_the_toy_is_known_everywhere_while_registered_and_nowhere_after(toy):
    assert "toy" in RULESETS and ("toy", "Toy — a plain pool of d6s, 5+ succeeds") in ruleset_choices()
    unregister("toy")
    assert "toy" not in RULESETS and all(key != "toy" for key, _ in ruleset_choices())
    register("toy", ENTRY)  # for the fixture to forget


def test_the_new_chronicle_dialog_offers_the_toy_and_makes_a_chronicle_of_it(toy, tmp_path):
    campaigns = tmp_path / "campaigns"
    campaigns.mkdir()
    asyncio.run(new_chronicle_from_the_picker(campaigns, "Dice Night"))
    store = open_chronicle(campaigns / "dice-night")
    assert store.chronicle.ruleset == "toy" and store.chronicle.name == "Dice Night"


def test_a_counted_toy_roll_is_judged_from_typed_faces(toy, capsys):
    assert main(["roll", "toy", "--pool", "4", "--difficulty", "2", "--faces", "6,5,2,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["ruleset"], data["successes"], data["result"], data["margin"]) == ("toy", 2, "success", 0)
    assert main(["odds", "toy", "--pool", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["p_win"] == pytest.approx(1 / 3)


def test_the_toys_sheet_is_its_own_class_read_back_from_the_chronicle(toy, tmp_path, capsys):
    folder = make_chronicle(capsys, tmp_path / "toy")
    rook = open_chronicle(folder).character("Rook")
    assert type(rook.sheet) is ToySheet and rook.traits() == {"Body": 3, "Knack": 2}


def test_a_quick_toy_character_keeps_its_pools_within_the_registry_lines_bounds(toy, tmp_path, capsys):
    folder = make_chronicle(capsys, tmp_path / "toy")
    open_chronicle(folder).add_character(Character(name="Guard", kind="spc", sheet=ToySheet(), pools={"Brawl": 4}))
    assert open_chronicle(folder).character("Guard").traits()["Brawl"] == 4
    path = folder / "characters" / "guard.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("Brawl = 4", "Brawl = 25"), encoding="utf-8")
    assert main(["roll", "toy", "--chronicle", str(folder), "--character", "Guard", "--pool", "Brawl"]) == 2
    assert "guard.toml: field 'pools.Brawl': 25: a pool is 0-20 dice" in capsys.readouterr().err


def test_the_log_index_reads_a_toy_session_on_its_fast_road(toy, tmp_path, capsys):
    """The index's scanner knows the rule sets registered when it reads, not only those at import."""
    folder = make_chronicle(capsys, tmp_path / "toy")
    assert main(["roll", "toy", "--chronicle", str(folder), "--character", "Rook", "--pool", "Body",
                 "--faces", "6,1,5"]) == 0
    [entry] = read_session(folder, 1, recover=False).entries
    scanned = scan_chunk((folder / "sessions" / "0001.toml").read_bytes(), fmt.toml_value, 1)
    assert scanned is not None and [(entry.id in row, "toy" in row) for row in scanned[1]] == [(True, True)]


def test_the_command_line_and_the_dialog_log_the_same_toy_roll(toy, tmp_path, capsys):
    by_cli = make_chronicle(capsys, tmp_path / "cli")
    by_app = make_chronicle(capsys, tmp_path / "app")
    assert main(["roll", "toy", "--chronicle", str(by_cli), "--character", "Rook", "--pool", "Body + Knack",
                 "--difficulty", "2", "--seed", str(SEED), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [cli_entry] = read_session(by_cli, 1, recover=False).entries
    assert data["logged"] == cli_entry.id
    assert (cli_entry.ruleset, cli_entry.actor, cli_entry.pool, cli_entry.difficulty) == ("toy", "Rook",
                                                                                          "Body 3 + Knack 2", 2)
    assert len(cli_entry.roll["faces"]) == 5 and all(1 <= face <= 6 for face in cli_entry.roll["faces"])
    assert cli_entry.roll["successes"] == sum(face >= 5 for face in cli_entry.roll["faces"])

    asyncio.run(dialog_roll(by_app, "Rook", "Body + Knack", "2"))  # a Pilot test (this folder has no async runner)
    [app_entry] = read_session(by_app, 1, recover=False).entries
    assert comparable(app_entry) == comparable(cli_entry)


def test_the_log_screen_shows_the_toy_roll_and_filters_it_by_rule_set(toy, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = make_chronicle(capsys, tmp_path / "toy")
    assert main(["roll", "toy", "--chronicle", str(folder), "--character", "Rook", "--pool", "Body",
                 "--faces", "6,1,5", "--comment", "the vault door"]) == 0
    [entry] = read_session(folder, 1, recover=False).entries
    asyncio.run(log_filtered_by_rule_set(folder, entry.id))


async def new_chronicle_from_the_picker(campaigns: Path, name: str) -> None:
    """``n`` on the picker, the name, then the toy picked from the rule-set list (its registry line's words)."""
    app = VtmApp(campaigns=campaigns, clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*name, "enter")
        await pilot.pause()
        listed = app.screen.query_one("#ruleset", OptionList)
        prompts = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert any(prompt.endswith("Toy — a plain pool of d6s, 5+ succeeds") for prompt in prompts), prompts
        for _ in range(list(RULESETS).index("toy")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.ruleset == "toy" and app.chronicle_name == name


async def dialog_roll(folder: Path, character: str, pool: str, difficulty: str) -> None:
    """Roll ``pool`` for ``character`` from the roll dialog, as a storyteller types it, with seeded dice."""
    app = VtmApp(path=folder, dice=SeededDice(SEED), clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(RollDialog(app.chronicle_store.character(character)))
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#pool").value = pool
        dialog.query_one("#difficulty").value = difficulty
        await pilot.pause()
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()


async def log_filtered_by_rule_set(folder: Path, entry_id: str) -> None:
    """The log screen (3) shows session 1's one entry, and its rule-set filter (u) offers the toy and keeps it."""
    app = VtmApp(path=folder, clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        screen.show_session(1)
        await _settle(pilot)
        assert [row.id for row in screen.view.rows] == [entry_id]
        for _ in range(20):  # the rows are read; wait for a frame that paints them
            if "the vault door" in _screen_text(app):
                break
            await pilot.pause()
        text = _screen_text(app)
        assert "Rook" in text and "the vault door" in text and "success" in text
        for ruleset, shown in (("v5", []), ("toy", [entry_id])):  # another rule set hides it, its own shows it
            await pilot.press("u")
            await pilot.pause()
            picker = app.screen
            assert isinstance(picker, ChoicePicker) and ("toy", "Toy") in picker.choices
            for _ in range([value for value, _label in picker.choices].index(ruleset)):
                await pilot.press("down")
            await pilot.press("enter")
            await _settle(pilot)
            assert screen.filter.ruleset == ruleset
            assert [row.id for row in screen.view.rows] == shown


def _screen_text(app: VtmApp) -> str:
    """Everything on the screen as plain text (what a person would read)."""
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


async def _settle(pilot, rounds: int = 50) -> None:
    """Let background workers (the index, a history query) finish and their results land."""
    await pilot.pause()
    for _ in range(rounds):
        busy = [w for w in pilot.app.workers if not w.is_finished]
        if not busy:
            break
        await pilot.app.workers.wait_for_complete(busy)
        await pilot.pause()
    await pilot.pause()
