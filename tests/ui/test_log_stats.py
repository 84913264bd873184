"""Statistics from the log screen: counts next to the exact expected counts, per character with c."""

from __future__ import annotations

import pytest
from ui_support import screen_text
from test_log_support import log_app, log_env, open_log, settle  # noqa: F401 - log_env is a fixture

from vtm_tui.review.stats import roll_stats
from vtm_tui.rules.v5 import odds
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.log_stats import LogStats


async def test_statistics_of_a_session_and_of_one_character(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.show_session(1)
        await settle(pilot)
        await pilot.press("t")
        stats_screen = app.screen
        assert isinstance(stats_screen, LogStats)
        entries = read_session(log_env, 1, recover=False).entries
        assert stats_screen.stats == roll_stats(entries, label="Session 1", options=stats_screen.options)
        text = screen_text(app)
        assert "Messy criticals in session 1: 1 of 13 rolls; expected 0.6" in text
        assert "Hunger, oldest first" in text
        await pilot.press("c")  # the first character who rolled: Inês
        assert stats_screen.actor == "Inês Valadares"
        inês = [e for e in entries if e.actor == "Inês Valadares" and e.kind == "roll"]
        want = sum(odds(e.roll["pool"], e.roll["hunger"], e.roll["difficulty"])["messy_critical"] for e in inês)
        assert stats_screen.stats.outcome("messy_critical").expected == pytest.approx(want)
        assert f"Inês Valadares' messy criticals: 1 of 2 rolls; expected {want:.1f}" in screen_text(app)
        await pilot.press("C")
        assert stats_screen.actor is None
        await pilot.press("escape")
        assert app.screen is screen


async def test_statistics_of_all_sessions_follow_the_filter(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_log(pilot)
        await pilot.press("a")
        await settle(pilot)
        screen.set_filter(screen.filter.with_actor("Duarte Moniz"))
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        stats_screen = app.screen
        assert isinstance(stats_screen, LogStats) and stats_screen.actor == "Duarte Moniz"
        rolls = [e for n in (1, 2, 3) for e in read_session(log_env, n, recover=False).entries
                 if e.actor == "Duarte Moniz" and e.result]
        assert stats_screen.stats.rolls == len(rolls) > 3


def test_the_count_comes_before_its_bar_so_no_bar_covers_it():
    """Issue 19 (11): the most frequent outcome's bar ran over its count."""
    from rich.console import Console

    from vtm_tui.review.stats import OutcomeCount, RollStats
    from vtm_tui.ui.screens.log_stats import outcome_table

    stats = RollStats("x", 20, 20, (OutcomeCount("win", 14, 13.0), OutcomeCount("failure", 6, 7.4)), ())
    console = Console(width=76, record=True, color_system=None)
    console.print(outcome_table(stats))
    rows = console.export_text().splitlines()
    win = next(row for row in rows if row.startswith("win"))
    assert win.split()[:3] == ["win", "14", "13.0"] and win.rstrip().endswith("█")
