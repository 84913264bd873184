"""A player's seat hears the chronicle change (the store's watcher), with no timer of its own."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from ui_support import make_app, until

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.player import PlayerScreen
from vtm_tui.ui.widgets.log_view import LogView

WHEN = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)


@pytest.fixture
def lisboa(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    return campaigns / "lisboa-nocturna"


def _own_timers(screen) -> list:
    return [timer for timer in screen._timers if timer.name != "screen_update"]  # Textual's repaint timer


async def test_another_process_rolls_and_the_seat_shows_it_untold(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayerScreen) and _own_timers(screen) == []
        view = screen.query_one(LogView)
        before = len(view.rows)
        code = (
            "import sys; from pathlib import Path; from datetime import datetime, timezone\n"
            "from vtm_tui.model.log_entry import LogEntry\n"
            "from vtm_tui.store.session_log import append_entry\n"
            "append_entry(Path(sys.argv[1]), LogEntry.new('note', session=3, ruleset='v5',"
            " now=datetime(2026, 11, 29, 21, 41, tzinfo=timezone.utc), comment='from the other seat'))\n"
        )
        subprocess.run([sys.executable, "-c", code, str(lisboa)], check=True)  # nobody calls poll()
        await until(pilot, lambda: len(view.rows) == before + 1)
        assert view.rows[-1].comment == "from the other seat"


async def test_a_sheet_saved_elsewhere_shows_on_the_seat(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        other = open_chronicle(lisboa)  # the storyteller's login
        ines = other.character("Inês Valadares")
        other.save_character(dataclasses.replace(ines, notes="A letter from Porto, unopened."))
        await until(pilot, lambda: screen.selected_character.notes == "A letter from Porto, unopened.")
        assert screen.shown_character.notes == "A letter from Porto, unopened."


async def test_who_comes_and_goes_is_heard_from_the_watcher_not_a_timer(lisboa: Path) -> None:
    """The seat list has no 2 s timer any more (most of an idle app's CPU): a seat file made or removed is
    heard at once; the heartbeat's timer is the only one, and it also notices a seat whose app died."""
    from vtm_tui.store.seats import Seat
    from vtm_tui.ui.widgets.header import VtmHeader

    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keeper = app.seat_keeper
        assert [timer.name for timer in keeper._timers] == ["seat-heartbeat"]
        player = Seat(lisboa, role="player", player="Marta", characters=("Inês Valadares",), pid=1, host="far-away")
        player.take()
        await until(pilot, lambda: "● Marta" in str(app.screen.query_one(VtmHeader).render()))
        player.leave()
        await until(pilot, lambda: "Marta" not in str(app.screen.query_one(VtmHeader).render()))
        assert any("Marta" in n.message and "left" in n.message for n in app._notifications)


async def test_another_seats_roll_is_checked_for_requests_alone(lisboa: Path, monkeypatch) -> None:
    """Issue 18: each roll anyone made sent every seat through the whole session again, looking for the
    storyteller's open requests (work growing with the session, on every seat, for every roll); now only the
    entries read since are looked at. A request and its answer still show and go."""
    from vtm_tui.store import requests
    from vtm_tui.store.requests import ask_for_roll, request_entry
    from vtm_tui.store.session_log import append_entry

    looked_at: list[str] = []
    original = requests.answers
    monkeypatch.setattr(requests, "answers", lambda entry: looked_at.append(entry.id) or original(entry))
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(LogView)
        before = len(view.rows)
        looked_at.clear()
        note = LogEntry.new("note", session=3, ruleset="v5", now=WHEN, comment="a roll elsewhere")
        append_entry(lisboa, note)
        await until(pilot, lambda: len(view.rows) == before + 1)
        assert looked_at == [note.id]
        ask = request_entry(session=3, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness", now=WHEN)
        ask_for_roll(lisboa, ask)
        await until(pilot, lambda: [a.id for a in screen.requests] == [ask.id])
        assert screen.query_one("#player-request").display
        cancel = LogEntry.new("request_cancel", session=3, ruleset="v5", now=WHEN, actor="Inês Valadares", ref=ask.id)
        append_entry(lisboa, cancel)
        await until(pilot, lambda: screen.requests == [])
        assert not screen.query_one("#player-request").display
