"""The Line-API log view: a long log is drawn a line at a time, never a widget per entry."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from textual.app import App, ComposeResult

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.v5 import judge
from vtm_tui.ui.widgets.log_view import LogView

START = datetime(2026, 9, 12, 20, 0, tzinfo=timezone.utc)


def _entries(count: int) -> list[LogEntry]:
    roll = LogEntry.from_outcome(judge([7, 5, 10], [10, 1], 3), session=1, actor="Inês", pool="Wits + Awareness",
                                 difficulty=3, now=START)
    return [LogEntry(**{**roll.__dict__, "id": f"e{i}", "time": START + timedelta(seconds=i), "comment": f"n{i}"})
            for i in range(count)]


class ViewApp(App[None]):
    def __init__(self, entries: list[LogEntry]) -> None:
        super().__init__()
        self.entries = entries
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        yield LogView(id="view")

    def on_mount(self) -> None:
        view = self.query_one(LogView)
        view.show(self.entries)
        view.focus()

    def on_log_view_selected(self, message: LogView.Selected) -> None:
        self.picked.append(message.entry.id)


async def test_twenty_thousand_entries_format_only_what_is_on_screen():
    app = ViewApp(_entries(20_000))
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        view = app.query_one(LogView)
        assert list(view.children) == []
        assert view.cursor == 19_999 and view.virtual_size.height == 20_000
        assert len(view._lines) <= 2 * view.size.height  # only the lines drawn were formatted
        await pilot.press("home")
        await pilot.pause()
        assert view.cursor == 0 and view.scroll_offset.y == 0
        await pilot.press("pagedown", "down")
        await pilot.pause()
        assert view.cursor == view.size.height - 1 + 1
        assert len(view._lines) <= 4 * view.size.height
        await pilot.press("enter")
        assert app.picked == [f"e{view.cursor}"]


async def test_appending_follows_only_when_on_the_newest():
    app = ViewApp(_entries(50))
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        view = app.query_one(LogView)
        view.append(_entries(52)[50:])
        await pilot.pause()
        assert view.cursor == 51 and view.scroll_offset.y == 52 - view.size.height
        await pilot.press("up", "up", "up")
        view.append([LogEntry(**{**view.rows[0].__dict__, "id": "late"})])
        await pilot.pause()
        assert view.cursor == 48 and len(view.rows) == 53


async def test_moving_the_cursor_on_screen_repaints_two_lines_only():
    """A key that moves the cursor without scrolling redraws the old and new lines, not the whole view
    (over SSH that is what is sent, and the whole view cost about 7 ms per key)."""
    app = ViewApp(_entries(200))
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        view = app.query_one(LogView)
        drawn: list[int] = []
        original = LogView.render_line

        def render_line(self, y):
            drawn.append(int(self.scroll_offset.y) + y)
            return original(self, y)

        LogView.render_line = render_line
        try:
            await pilot.press("up")
            await pilot.pause()
        finally:
            LogView.render_line = original
        assert view.cursor == 198
        assert sorted(set(drawn)) == [198, 199]
        await pilot.press("home")  # a move that scrolls still draws the new page
        await pilot.pause()
        assert view.scroll_offset.y == 0 and view.cursor == 0


async def test_a_wide_terminal_shows_a_long_pool_whole():
    """Issue 19 (11): at 200 columns the pool column was still cut at 22 cells."""
    pool = "Dexterity 3 + Firearms 2 + Blood Surge 2"
    roll = LogEntry.from_outcome(judge([7, 5, 10], [10, 1], 3), session=1, actor='Leonor "Nora" Aires',
                                 pool=pool, difficulty=3, now=START)
    app = ViewApp([roll])
    async with app.run_test(size=(200, 10)) as pilot:
        await pilot.pause()
        text = "\n".join("".join(s.text for s in strip) for strip in app.screen._compositor.render_strips())
        assert pool in text and 'Leonor "Nora" Aires' in text
    app = ViewApp([roll])
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        text = "\n".join("".join(s.text for s in strip) for strip in app.screen._compositor.render_strips())
        assert "Dexterity 3 + Firearm…" in text  # at 100 columns the columns keep their width


async def test_a_new_line_lays_out_the_screen_only_when_the_scrollbar_comes():
    """Growing the view asks no layout of the whole screen (another player's roll on a seat: it was most of the
    CPU that roll cost there), except when the rows first overflow and the scrollbar must appear; the newest line
    is still shown and the scrollbar knows the new range."""
    app = ViewApp(_entries(3))
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        view = app.query_one(LogView)
        layouts: list[int] = []
        original = LogView.refresh

        def refresh(self, *regions, **options):
            if options.get("layout"):
                layouts.append(len(self.rows))
            return original(self, *regions, **options)

        LogView.refresh = refresh
        try:
            view.append(_entries(20)[3:])  # 20 rows overflow a 10-row view: the scrollbar comes, one layout
            await pilot.pause()
            assert layouts and set(layouts) == {20} and view.show_vertical_scrollbar
            layouts.clear()
            for count in range(21, 26):
                view.append(_entries(count)[count - 1:])
                await pilot.pause()
        finally:
            LogView.refresh = original
        assert layouts == []
        assert view.virtual_size.height == 25 and view.vertical_scrollbar.window_virtual_size == 25
        assert view.cursor == 24 and view.scroll_offset.y == view.max_scroll_y == 25 - view.scrollable_content_region.height
        await pilot.press("home")
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert view.cursor == 24 and view.scroll_offset.y == view.max_scroll_y
