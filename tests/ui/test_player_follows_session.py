"""A seat's live log follows the chronicle's current session (``chronicle.toml``), not the highest-numbered file
in ``sessions/`` (issue 27: an empty ``sessions/99999.toml`` left Marta's seat on "Session 99999 · live … cannot
be read right now" while her rolls went to session 4, and through a session end and start)."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest
from ui_support import make_app, until

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import append_entry
from vtm_tui.ui.screens.player import PlayerScreen
from vtm_tui.ui.widgets.log_view import LogView

WHEN = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)


@pytest.fixture
def lisboa(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    chronicle = campaigns / "lisboa-nocturna"
    open_chronicle(chronicle).start_session(WHEN)  # session 4
    return chronicle


def _note(chronicle: Path, session: int, text: str) -> None:
    append_entry(chronicle, LogEntry.new("note", session=session, ruleset="v5", now=WHEN, comment=text))


async def test_stray_files_do_not_derail_the_seat_and_it_follows_the_next_session(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        view = screen.query_one(LogView)
        sessions = lisboa / "sessions"
        (sessions / "99999.toml").write_bytes(b"")
        os.mkfifo(sessions / "0010.toml")
        for number in range(20_000, 22_000):
            (sessions / f"{number}.toml").write_bytes(b"")
        _note(lisboa, 4, "still session four")
        await until(pilot, lambda: any(row.comment == "still session four" for row in view.rows))
        assert screen.tail.number == 4 and not screen.tail.problem
        storyteller = open_chronicle(lisboa)
        storyteller.end_session(WHEN)
        assert storyteller.start_session(WHEN) == 5
        _note(lisboa, 5, "the next night")
        await until(pilot, lambda: screen.tail.number == 5
                    and any(row.comment == "the next night" for row in view.rows))
        assert "Session 5 · live" in str(screen.query_one("#player-log-title").render())
