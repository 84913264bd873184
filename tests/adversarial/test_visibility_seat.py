"""What a player's seat shows of others: who is connected but never their addresses; the seat's log free of
every secret planted in it; requests only for the player's own characters, by exact name."""

from __future__ import annotations

import asyncio
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.ui.ui_support import EXAMPLES, make_app, no_polling, screen_text
from vtm_tui.model.log_entry import STORYTELLER_COMMENT, LogEntry
from vtm_tui.store import index
from vtm_tui.store.requests import request_entry
from vtm_tui.store.seats import Seat
from vtm_tui.store.session_log import append_entry

WHEN = datetime(2026, 10, 3, 23, 0, tzinfo=timezone.utc)
ADDRESS = "203.0.113.77"


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    no_polling()
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    chronicle = folder / "chronicle.toml"
    chronicle.write_text(chronicle.read_text(encoding="utf-8").replace("session_open = false", "session_open = true"),
                         encoding="utf-8")
    return folder


async def _seats_text(app) -> str:
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        return screen_text(app)


def test_a_player_sees_who_is_connected_but_no_address(lisboa: Path) -> None:
    other = Seat(lisboa, role="player", player="Tiago", characters=("Duarte Moniz",), pid=1, host="far-away",
                 via=f"ssh from {ADDRESS}")
    other.take()
    try:
        seen = asyncio.run(_seats_text(make_app(lisboa, player="Marta")))
        assert "Tiago" in seen and "Duarte Moniz" in seen and "ssh" in seen
        assert ADDRESS not in seen
        storyteller = asyncio.run(_seats_text(make_app(lisboa)))
        assert ADDRESS in storyteller  # the storyteller may see where a seat comes from
    finally:
        other.leave()


def _plant(folder: Path) -> None:
    """Secrets in session 3 that Marta (Inês Valadares) must never read on her seat."""
    entries = [
        LogEntry.new("roll", session=3, ruleset="v5", now=WHEN, actor="Inês Valadares", pool="Wits 2 + Awareness 1",
                     difficulty=3, result="win", margin=1, roll={"faces": [8, 9, 10], "win": True},
                     comment="she listens", extra={STORYTELLER_COMMENT: "CANARY-ST"}),
        LogEntry.new("edit", session=3, ruleset="v5", now=WHEN, actor="Inês Valadares",
                     change={"field": "private_notes", "before": "CANARY-BEFORE", "after": "CANARY-AFTER"}),
        LogEntry.new("note", session=3, ruleset="v5", now=WHEN, secret=True, comment="CANARY-NOTE"),
        LogEntry.new("roll", session=3, ruleset="v5", now=WHEN, actor="Rita Calado", pool="Wits 7 + Awareness 8",
                     difficulty=4, secret=True, result="failure", roll={"faces": [1, 2], "shortfall": 4},
                     comment="CANARY-SECRET-COMMENT"),
        request_entry(session=3, ruleset="v5", actor="inês valadares", pool="Wits + Awareness",
                      prompt="CANARY-SOMEONE-ELSES-REQUEST", now=WHEN),
    ]
    for entry in entries:
        append_entry(folder, entry)


def test_the_seats_log_and_requests_hold_no_planted_secret(lisboa: Path) -> None:
    _plant(lisboa)

    async def scene() -> tuple[str, str]:
        from vtm_tui.review.lines import format_entry
        from vtm_tui.ui.widgets.log_view import LogView

        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(200, 50)) as pilot:
            await pilot.pause()
            view = app.screen.query_one(LogView)
            lines = "\n".join(format_entry(row, storyteller=False).text() for row in view.rows)
            return lines, screen_text(app)

    lines, screen = asyncio.run(scene())
    assert "she listens" in lines and "Rita Calado" in lines  # the checks below can fail
    for canary in ("CANARY", "Wits 7", "D4", "-4"):
        assert canary not in lines and canary not in screen, canary
