"""Live updates: entries appended by anyone (this test, another process) appear as the watcher notices them."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

from ui_support import screen_text, until
from test_log_support import log_app, log_env, open_log, settle  # noqa: F401 - log_env is a fixture

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.v5 import judge
from vtm_tui.store.session_log import append_entry, create_session
from vtm_tui.ui.screens.log_messages import IndexProgress

WHEN = datetime(2026, 11, 29, 21, 40, tzinfo=timezone.utc)


def _roll(comment: str, session: int = 3) -> LogEntry:
    return LogEntry.from_outcome(judge([10, 8, 3], [10, 2], 3), session=session, actor="Inês Valadares",
                                 pool="Manipulation 3 + Subterfuge 2", difficulty=3, comment=comment, now=WHEN)


def _timers(screen) -> list:
    """The screen's own timers: none, it looks at the disk only when the store's watcher says to."""
    return [timer for timer in screen._timers if timer.name != "screen_update"]  # Textual's repaint timer


async def test_a_second_writer_appears_and_the_view_follows(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        before = len(screen.view.rows)
        assert _timers(screen) == []
        append_entry(log_env, _roll("the guard lies about the manifest"))
        await until(pilot, lambda: len(screen.view.rows) == before + 1)
        assert len(screen.view.rows) == before + 1
        assert screen.view.cursor == before  # it was on the newest, so it follows
        text = screen_text(app)
        assert screen.view.rows[-1].comment == "the guard lies about the manifest"
        assert "10 8 3 ⟨10⟩ ⟨2⟩" in text and "messy critical" in text


async def test_another_process_and_a_new_session_are_picked_up(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.view.cursor = 0  # reading back: new lines must not pull the view away
        code = (
            "import sys; from pathlib import Path; from datetime import datetime, timezone\n"
            "from vtm_tui.model.log_entry import LogEntry\n"
            "from vtm_tui.store.session_log import append_entry\n"
            "append_entry(Path(sys.argv[1]), LogEntry.new('note', session=3, ruleset='v5',"
            " now=datetime(2026, 11, 29, 21, 41, tzinfo=timezone.utc), comment='typed at the other login'))\n"
        )
        subprocess.run([sys.executable, "-c", code, str(log_env)], check=True)
        await until(pilot, lambda: screen.view.rows[-1].comment == "typed at the other login")
        assert screen.view.rows[-1].comment == "typed at the other login"
        assert screen.view.cursor == 0
        create_session(log_env, 4, started=WHEN, title="Night four")
        append_entry(log_env, _roll("first roll of night four", session=4))
        await until(pilot, lambda: [row.comment for row in screen.view.rows] == ["first roll of night four"])
        assert screen.scope == 4 and [row.comment for row in screen.view.rows] == ["first roll of night four"]
        assert "Session 4 — Night four" in screen_text(app)


async def test_filters_apply_to_new_entries_and_all_sessions_stay_live(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        await pilot.press("a", "m")
        await settle(pilot)
        before = len(screen.view.rows)
        append_entry(log_env, LogEntry.new("note", session=3, ruleset="v5", now=WHEN, comment="not messy"))
        append_entry(log_env, _roll("messy, and live"))
        await until(pilot, lambda: len(screen.view.rows) > before)
        await pilot.pause()
        assert [row.comment for row in screen.view.rows[before:]] == ["messy, and live"]
        await pilot.press("m")  # again: nothing new, and no line twice
        await settle(pilot)
        assert [row.id for row in screen.view.rows].count(screen.view.rows[-1].id) == 1


async def test_a_session_started_elsewhere_with_no_entry_yet(log_env):
    """``vtm-tui session … start`` at another login writes a session with no entry: the log showed it by
    crashing the app (reading the spans of no entry)."""
    from vtm_tui.store.chronicle_store import open_chronicle

    assert open_chronicle(log_env).start_session(WHEN) == 4  # what the command does
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        assert screen.scope == 4 and screen.view.rows == []
        other = open_chronicle(log_env)  # and while the log is open: another login ends it, starts the next
        other.end_session(WHEN)
        assert other.start_session(WHEN) == 5
        await until(pilot, lambda: screen.scope == 5)
        assert screen.scope == 5 and screen.view.rows == []
        append_entry(log_env, _roll("first roll of night five", session=5))
        await until(pilot, lambda: len(screen.view.rows) == 1)
        assert [row.comment for row in screen.view.rows] == ["first roll of night five"]


async def test_a_worker_report_during_teardown_is_dropped(log_env):
    """Closing takes the screen's widgets down one by one; a progress report landing in between must not
    fail the app (it did, now and then, when a test quit right after opening the log)."""
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        await screen.query_one("#log-status").remove()  # as during teardown: some widgets gone, some not
        screen.post_message(IndexProgress(5, 10))  # as a worker thread reports it
        await pilot.pause()
        assert app.is_running  # the report is dropped, not a crash


async def test_history_asked_for_during_the_first_index_build_waits_without_a_worker(log_env, monkeypatch):
    """While the first build runs, an "all sessions" query is remembered, not run in a thread that polls for
    the build's end; the build's end starts it. Leaving the screen cancels the build's worker, which stops it."""
    import threading

    import vtm_tui.review.index_builder as index_builder

    real_build = index_builder.build_index
    release, started, stopped = threading.Event(), threading.Event(), threading.Event()

    def build(folder, progress=None, stop=lambda: False):
        started.set()
        while not release.wait(0.01):
            if stop():
                stopped.set()
                return None
        return real_build(folder, progress, stop=stop)

    monkeypatch.setattr(index_builder, "build_index", build)
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await until(pilot, started.is_set)
        screen = app.screen
        await pilot.press("a")  # all sessions, before the index is ready
        await pilot.pause()
        assert screen.scope is None
        assert [w for w in app.workers if w.group == "log-history" and not w.is_finished] == []
        release.set()
        await settle(pilot)
        assert len(screen.view.rows) > 0 and {row.session for row in screen.view.rows} == {1, 2, 3}

    release.clear()
    started.clear()
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await until(pilot, started.is_set)
    assert stopped.wait(10)  # a bound for a broken build, not a measure
