"""Filtering the log: chips appear per filter, combine, and go one by one (Delete on a focused chip)."""

from __future__ import annotations

from ui_support import screen_text
from test_log_support import log_app, log_env, open_log, settle, shown_ids  # noqa: F401 - log_env is a fixture

from vtm_tui.review.filters import LogFilter
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.session_picker import ChoicePicker, TextPrompt
from vtm_tui.ui.widgets.filter_chips import FilterChip, FilterChips


async def test_messy_key_adds_two_chips_and_filters_the_session(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.show_session(1)
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        chips = [chip.chip.label for chip in screen.query(FilterChip)]
        assert chips == ["messy critical", "bestial failure"]
        want = [e.id for e in read_session(log_env, 1, recover=False).entries
                if e.result in ("messy_critical", "bestial_failure")]
        assert shown_ids(screen) == want and len(want) == 3
        assert "3 of 18 entries" in screen_text(app)


async def test_filters_combine_and_chips_are_removed_one_by_one(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.show_session(1)
        await settle(pilot)
        await pilot.press("c")
        picker = app.screen
        assert isinstance(picker, ChoicePicker)
        names = [value for value, _label in picker.choices]
        for _ in range(names.index("Leonor \"Nora\" Aires")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.press("m")
        await settle(pilot)
        entries = read_session(log_env, 1, recover=False).entries
        assert shown_ids(screen) == [e.id for e in entries if e.actor.startswith("Leonor") and
                                     e.result == "bestial_failure"]
        # Tab to the chips; Delete removes the focused one (the character), the outcome chips stay.
        await pilot.press("tab")
        assert isinstance(app.focused, FilterChip) and app.focused.chip.key == "actor:Leonor \"Nora\" Aires"
        await pilot.press("delete")
        await settle(pilot)
        assert [c.key for c in screen.filter.chips()] == ["result:messy_critical", "result:bestial_failure"]
        assert len(shown_ids(screen)) == 3
        assert isinstance(app.focused, FilterChip)  # focus stays on the chips row
        await pilot.press("backspace")
        await pilot.press("delete")
        await settle(pilot)
        assert screen.filter.is_empty and screen.query_one(FilterChips).has_class("-empty")
        assert len(shown_ids(screen)) == len(entries)


async def test_search_and_a_bad_date_says_what_is_wrong(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.show_session(1)
        await settle(pilot)
        await pilot.press("slash")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*"sigil", "enter")
        await settle(pilot)
        assert screen.filter == LogFilter().with_text("sigil")
        assert {row.actor for row in screen.view.rows} == {"Tomás Queiroz"}
        await pilot.press("d")
        await pilot.press(*"12/09/2026", "enter")
        assert isinstance(app.screen, TextPrompt)
        assert "YYYY-MM-DD" in str(app.screen.query_one("#prompt-error").render())
        await pilot.press("escape")
        await pilot.press("escape")  # Esc on the log clears every filter
        await settle(pilot)
        assert screen.filter.is_empty


async def test_all_sessions_filter_through_the_index(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_log(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert screen.scope is None
        total = sum(len(read_session(log_env, n, recover=False).entries) for n in (1, 2, 3))
        assert len(screen.view.rows) == total
        await pilot.press("m")
        await settle(pilot)
        results = {row.result for row in screen.view.rows}
        assert results == {"messy_critical", "bestial_failure"}
        assert {row.session for row in screen.view.rows} == {1, 2}
        assert "#2 " in screen_text(app)  # every line says its session when several show
        await pilot.press("a")  # back to the live session
        await settle(pilot)
        assert screen.scope == 3


async def test_all_history_shows_the_newest_first_then_everything(log_env, monkeypatch):
    import vtm_tui.ui.screens.log as log_screen
    import vtm_tui.ui.screens.log_history as log_history

    monkeypatch.setattr(log_screen, "FIRST_PAINT", 10)
    monkeypatch.setattr(log_history, "FIRST_PAINT", 10)  # the history queries' first rows
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_log(pilot)
        shown: list[tuple[int, bool]] = []
        ready = screen._history_ready

        def spy(rows, problems, complete):
            shown.append((len(rows), complete))
            ready(rows, problems, complete)

        monkeypatch.setattr(screen, "_history_ready", spy)
        await pilot.press("a")
        await settle(pilot)
        total = sum(len(read_session(log_env, n, recover=False).entries) for n in (1, 2, 3))
        assert shown == [(10, False), (total, True)]
        ids = shown_ids(screen)
        assert len(ids) == len(set(ids)) == total and screen.view.cursor == total - 1
