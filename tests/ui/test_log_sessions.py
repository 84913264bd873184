"""The session picker: every session with its date, rolls and players; jump to one, or to all together."""

from __future__ import annotations

from ui_support import screen_text
from test_log_support import log_app, log_env, open_log, settle, shown_ids  # noqa: F401 - log_env is a fixture

from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.log import LogScreen
from vtm_tui.ui.screens.session_picker import SessionPicker


async def test_the_log_opens_on_the_current_session(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_log(pilot)
        assert screen.scope == 3
        assert shown_ids(screen) == [e.id for e in read_session(log_env, 3, recover=False).entries]
        assert screen.view.cursor == len(screen.view.rows) - 1  # on the newest
        text = screen_text(app)
        assert "Session 3 — Alcântara containers" in text
        assert "⟨10⟩" in text  # a Hunger ten, told apart by its symbol


async def test_picker_lists_sessions_and_jumps(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        await pilot.press("s")
        picker = app.screen
        assert isinstance(picker, SessionPicker)
        text = screen_text(app)
        assert "All sessions together" in text
        assert "#1   2026-09-12   13 rolls  Inês, Vicente, Leonor, Duarte +3 — Three ni" in text
        await pilot.press("down", "enter")  # it opens on the session shown (3); the next down is 2
        await settle(pilot)
        assert isinstance(app.screen, LogScreen) and screen.scope == 2
        assert shown_ids(screen) == [e.id for e in read_session(log_env, 2, recover=False).entries]
        assert "Session 2" in screen_text(app) and "live" not in screen_text(app)
        await pilot.press("s")
        await pilot.press("home", "enter")
        await settle(pilot)
        assert screen.scope is None
        assert len(screen.view.rows) == sum(len(read_session(log_env, n, recover=False).entries) for n in (1, 2, 3))
        await pilot.press("s")
        await pilot.press("escape")
        assert screen.scope is None and isinstance(app.screen, LogScreen)


async def test_enter_opens_the_detail_with_the_link_to_the_original_roll(log_env):
    from vtm_tui.ui.screens.entry_detail import EntryDetail

    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.show_session(1)
        await settle(pilot)
        entries = read_session(log_env, 1, recover=False).entries
        reroll = next(i for i, e in enumerate(entries) if e.kind == "reroll")
        screen.view.cursor = reroll
        await pilot.press("enter")
        detail = app.screen
        assert isinstance(detail, EntryDetail)
        rows = {row.label: row.value for row in detail.rows}
        assert rows["Re-roll of"].endswith("Tomás Queiroz, Intelligence 4 + Occult 3 → failure")
        assert rows["Re-rolled"] == "dice 1, 6: 2 3 → 5 3 (reroll_failures)"
        assert "failure 25.0% ◀" in rows["Odds"]
        await pilot.press("l")  # follow the link to the original roll
        await pilot.pause()
        original = app.screen
        assert isinstance(original, EntryDetail) and original.entry.id == entries[reroll].ref
        assert "Re-rolled as" in {row.label for row in original.rows}
        await pilot.press("escape")
        assert isinstance(app.screen, LogScreen)
