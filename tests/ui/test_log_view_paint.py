"""Issue 18: a new log line costs every observing app one line drawn, not a screenful; what is drawn is the same.

The log view keeps every line it painted under the look it was painted with (size, scrollbar, scroll, theme,
focus, line filters); these tests hold it to what Textual's own drawing of the same lines gives, through the
changes that must repaint (a theme, the focus, the scrollbar appearing, a resize, a scroll sideways).
"""

from __future__ import annotations

from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.style import Style
from rich.text import Text
from test_log_view import START, ViewApp, _entries
from textual.app import ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.ui.widgets.log_line import VIRTUAL_WIDTH, pieces_strip
from vtm_tui.ui.widgets.log_view import LogView


def _more(view: LogView, count: int = 1) -> list[LogEntry]:
    last = view.rows[-1]
    return [LogEntry(**{**last.__dict__, "id": f"more{len(view.rows) + i}", "comment": f"m{len(view.rows) + i}",
                        "time": START + timedelta(hours=1, seconds=len(view.rows) + i)}) for i in range(count)]


def _as_textual_draws_it(view: LogView) -> list[Strip]:
    """The view's lines drawn afresh through Textual's own path (its per-line box drawing, nothing kept)."""
    for kept in ("_lines", "_strips", "_painted", "_styles"):
        getattr(view, kept, {}).clear()
    view._painted_look = None
    view._styles_cache.clear()
    return Widget.render_lines(view, Region(0, 0, view.region.width, view.region.height))


def _drawn(view: LogView) -> list[Strip]:
    return view.render_lines(Region(0, 0, view.region.width, view.region.height))


async def test_a_new_entry_draws_only_the_new_line_and_the_one_the_cursor_left():
    """Another seat's roll scrolls a followed log by one: every line moves up, yet only two are drawn (the
    new one, under the cursor, and the one the cursor left); the others are reused as they were painted.
    Before, all of them were formatted and styled again: about 5 ms a roll on every other app at the table."""
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
            for _ in range(3):
                drawn.clear()
                view.append(_more(view))
                await pilot.pause()
                assert sorted(set(drawn)) == [len(view.rows) - 2, len(view.rows) - 1]
        finally:
            LogView.render_line = original
        assert view.scroll_offset.y == len(view.rows) - view.size.height


async def test_what_is_kept_is_what_textual_would_draw_through_every_change():
    app = ViewApp(_entries(3))
    async with app.run_test(size=(100, 12)) as pilot:
        await pilot.pause()
        view = app.query_one(LogView)

        async def same() -> None:
            await pilot.pause()
            kept = _drawn(view)
            assert kept == _as_textual_draws_it(view)

        await same()
        view.append(_more(view, 20))  # the scrollbar appears: every line is one cell narrower
        await same()
        await pilot.press("up", "up")
        await same()
        view.blur()
        await same()
        view.focus()
        app.theme = "nord"  # a theme with the view focused repainted nothing before: old colours stayed
        await same()
        await pilot.press("right", "right")
        await same()
        await pilot.press("left", "left", "end")
        await pilot.resize_terminal(84, 10)
        await same()
        secret = LogEntry(**{**_more(view)[0].__dict__, "secret": True, "id": "secret-one"})
        view.append([secret])  # the Difficulty column widens for the storyteller
        await same()


class TwoWidgets(ViewApp):
    def compose(self) -> ComposeResult:
        yield Input(id="other")
        yield LogView(id="view")


async def test_a_theme_change_shows_in_the_log_lines_at_once():
    """The kept lines used to keep the old theme's colours once the view had taken the focus."""
    app = TwoWidgets(_entries(5))
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        view = app.query_one(LogView)
        app.query_one(Input).focus()
        await pilot.pause()
        view.focus()
        await pilot.pause()
        line = view.cursor - int(view.scroll_offset.y)
        before = {s.style.bgcolor for s in _drawn(view)[line] if s.style}
        app.theme = "nord"
        await pilot.pause()
        after = {s.style.bgcolor for s in _drawn(view)[line] if s.style}
        assert after != before
        assert _drawn(view) == _as_textual_draws_it(view)


PIECE_TEXT = st.text(alphabet=st.sampled_from(list("ab ⟨⟩é漢\x1b\x07\r\t\n0")), max_size=12)
PIECES = st.lists(st.tuples(PIECE_TEXT, st.sampled_from(["", "log-view--time", "log-view--hunger"])), max_size=12)


@settings(max_examples=200, deadline=None)
@given(PIECES)
def test_pieces_make_the_strip_rich_text_would(pieces):
    """The line is built from segments directly; it must be what going through ``rich.text.Text`` gave (control
    codes stripped, unstyled neighbours in one segment, the line cut or padded to the virtual width), once its
    line breaks are shown as ``↵`` and its tabs as spaces (a row is one row: tests/ui/test_seat_notes_newline.py).
    A line always starts with its time."""
    pieces = [("20:41", "log-view--time"), *pieces]
    shown = [(p.replace("\r\n", " ↵ ").replace("\n", " ↵ ").replace("\t", " "), c) for p, c in pieces]
    styles = {"log-view--time": Style(color="grey50"), "log-view--hunger": Style(color="red", bold=True)}
    base = Style(color="white", bgcolor="black")
    text = Text(no_wrap=True, end="")
    for piece, component in shown:
        text.append(piece, styles[component] if component else "")
    expected = Strip(list(text.render(Console())), text.cell_len).extend_cell_length(VIRTUAL_WIDTH) \
        .crop(0, VIRTUAL_WIDTH).apply_style(base)  # fmt: skip
    assert pieces_strip(pieces, styles.__getitem__, base) == expected
