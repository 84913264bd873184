"""Issue 14, finding 6 (last part): faces a player types by hand were logged like dice the app rolled. They are
now marked ``typed = true`` and shown so in the storyteller's log line and detail; a chronicle's
``players_may_type_faces`` (on by default) forbids them on players' seats."""

from __future__ import annotations

import tomllib
from datetime import datetime, timezone
from pathlib import Path

import pytest
from seat_support import chronicle_copy, make_app, run, screen_text, set_chronicle_line

from vtm_tui.cli import main
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.detail import detail_rows
from vtm_tui.review.lines import format_entry
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.roll_result import RollResult


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    chronicle = chronicle_copy(tmp_path)
    set_chronicle_line(chronicle, "session_open = false", "session_open = true")
    return chronicle


def _last_block(chronicle: Path) -> dict:
    text = (chronicle / "sessions" / "0003.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)["entry"][-1]


async def _roll_with_faces(app, pilot, faces: str) -> RollDialog:
    await pilot.pause()
    if app.player is None:  # the storyteller: Inês's roll dialog, as r on her row opens it
        app.push_screen(RollDialog(app.chronicle_store.character("ines")))
    else:
        await pilot.press("r")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, RollDialog)
    dialog.query_one("#pool").value = "4"  # Inês has Hunger 2: two regular dice, two Hunger dice
    dialog.query_one("#difficulty").value = "1"
    dialog.query_one("#faces").value = faces
    await pilot.pause()
    dialog.query_one("#faces").focus()
    await pilot.press("enter")
    await pilot.pause()
    return dialog


def test_a_players_typed_faces_are_marked_in_the_file_line_and_detail(lisboa: Path) -> None:
    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            dialog = await _roll_with_faces(app, pilot, "10 7 | 10 4")
            assert dialog.query_one(RollResult).display

    run(body())
    block = _last_block(lisboa)
    assert block["actor"] == "Inês Valadares" and block["typed"] is True
    entry = read_session(lisboa, 3, recover=False).entries[-1]
    assert "typed" in format_entry(entry, storyteller=True).text()
    assert any(row.label == "Typed" for row in detail_rows(entry))


def test_dice_the_app_rolled_are_not_marked(lisboa: Path) -> None:
    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            await _roll_with_faces(app, pilot, "")

    run(body())
    assert "typed" not in _last_block(lisboa)


def test_the_chronicle_can_forbid_typed_faces_on_seats(lisboa: Path) -> None:
    set_chronicle_line(lisboa, "players_may_type_faces = true", "players_may_type_faces = false")
    before = (lisboa / "sessions" / "0003.toml").read_text(encoding="utf-8")

    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            dialog = await _roll_with_faces(app, pilot, "10 7 | 10 4")
            assert not dialog.query_one(RollResult).display
            assert "players_may_type_faces is off" in screen_text(app)

    run(body())
    assert (lisboa / "sessions" / "0003.toml").read_text(encoding="utf-8") == before


def test_the_storyteller_may_still_type_faces_when_seats_may_not(lisboa: Path) -> None:
    set_chronicle_line(lisboa, "players_may_type_faces = true", "players_may_type_faces = false")

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await _roll_with_faces(app, pilot, "7 3 | 2 4")

    run(body())
    assert _last_block(lisboa)["typed"] is True


def test_the_command_lines_faces_are_marked_typed(lisboa: Path) -> None:
    assert main(["roll", "v5", "--chronicle", str(lisboa), "--pool", "2", "--hunger", "0", "--difficulty", "1",
                 "--faces", "7,3"]) == 0
    assert _last_block(lisboa)["typed"] is True
    assert main(["roll", "v5", "--chronicle", str(lisboa), "--pool", "2", "--hunger", "0", "--difficulty", "1",
                 "--seed", "4"]) == 0
    assert "typed" not in _last_block(lisboa)


def test_an_old_entry_without_the_key_reads_as_rolled() -> None:
    entry = LogEntry.new("roll", session=1, ruleset="v5", now=datetime(2026, 1, 1, tzinfo=timezone.utc),
                         actor="Ana", pool="Wits 3", result="win")
    assert "typed" not in format_entry(entry).text()
