"""A comment only the storyteller reads: ``--st-comment`` on ``vtm-tui roll … --chronicle`` and the roll
dialog's "ST only" field (the storyteller's app has it, a seat never does). It is logged under its own key,
shown to the storyteller in the log and the detail, and to no player on a seat or in an export."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from tests.ui.ui_support import EXAMPLES, log_entries, make_app, no_polling, screen_text
from vtm_tui.cli import main
from vtm_tui.model.log_entry import STORYTELLER_COMMENT
from vtm_tui.store import index

WORDS = "the dock foreman is Rita's informant"


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    no_polling()
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    assert main(["session", str(folder), "start"]) == 0
    return folder


def test_the_command_line_logs_a_storyteller_only_comment(lisboa: Path, capsys) -> None:
    code = main(["roll", "v5", "--chronicle", str(lisboa), "--character", "duarte", "--pool", "Strength + Brawl",
                 "--hunger", "1", "--difficulty", "3", "--secret", "--comment", "on the gantry",
                 "--st-comment", WORDS, "--seed", "4"])
    assert code == 0
    [entry] = [e for e in log_entries(lisboa, 4) if e["kind"] == "roll"]
    assert entry[STORYTELLER_COMMENT] == WORDS and entry["comment"] == "on the gantry"
    capsys.readouterr()
    assert main(["log", str(lisboa), "--session", "4"]) == 0
    assert WORDS in capsys.readouterr().out  # the storyteller's log
    for fmt in ((), ("--json",), ("--export", "markdown"), ("--export", "json")):
        assert main(["log", str(lisboa), "--session", "4", *fmt, "--hide-secret"]) == 0
        assert "foreman" not in capsys.readouterr().out, fmt


def test_st_comment_needs_a_chronicle(capsys) -> None:
    assert main(["roll", "v5", "--pool", "3", "--st-comment", "x"]) == 2
    assert "--st-comment" in capsys.readouterr().err


def test_the_roll_dialog_has_the_field_for_the_storyteller_only(lisboa: Path) -> None:
    from textual.widgets import Input

    async def storyteller() -> str:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            dialog = app.screen
            dialog.query_one("#comment", Input).value = "over the wall"
            dialog.query_one("#st-comment", Input).value = WORDS
            dialog.query_one("#faces", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("escape", "3", "end", "enter")
            await pilot.pause()
            return screen_text(app)

    detail = asyncio.run(storyteller())
    assert "Storyteller only" in detail and WORDS in detail
    [entry] = [e for e in log_entries(lisboa, 4) if e["kind"] == "roll"]
    assert entry[STORYTELLER_COMMENT] == WORDS and entry["comment"] == "over the wall"

    async def player() -> tuple[bool, str]:
        app = make_app(lisboa, player="Tiago")
        async with app.run_test(size=(200, 40)) as pilot:
            await pilot.pause()
            from vtm_tui.review.lines import format_entry
            from vtm_tui.ui.widgets.log_view import LogView

            rows = app.screen.query_one(LogView).rows
            text = screen_text(app) + "\n".join(format_entry(row, storyteller=False).text() for row in rows)
            await pilot.press("r")
            await pilot.pause()
            return bool(app.screen.query("#st-comment")), text

    has_field, seat = asyncio.run(player())
    assert not has_field
    assert "over the wall" in seat and "foreman" not in seat


def test_a_request_carries_a_storyteller_only_comment_the_seat_never_shows(lisboa: Path, capsys) -> None:
    assert main(["ask", str(lisboa), "--character", "Inês", "--pool", "Wits + Awareness", "--prompt",
                 "a shadow on the stairs", "--st-comment", "it is Rita, following her"]) == 0
    [entry] = [e for e in log_entries(lisboa, 4) if e["kind"] == "request"]
    assert entry[STORYTELLER_COMMENT] == "it is Rita, following her"

    async def seat() -> str:
        from vtm_tui.review.lines import format_entry
        from vtm_tui.ui.widgets.log_view import LogView

        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(200, 40)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            rows = app.screen.query_one(LogView).rows
            text += "\n".join(format_entry(row, storyteller=False).text() for row in rows)
            await pilot.press("a")
            await pilot.pause()
            return text + screen_text(app)

    shown = asyncio.run(seat())
    assert "a shadow on the stairs" in shown and "Rita, following" not in shown
