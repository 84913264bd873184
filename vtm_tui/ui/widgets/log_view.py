"""The log drawn a line at a time (Textual's Line API), so 100,000 entries scroll like 10.

Like Toolong's log lines, this is a :class:`~textual.scroll_view.ScrollView`
that never builds a widget per entry: ``render_line(y)`` formats only the
entries on screen (with :func:`vtm_tui.review.lines.format_entry`) and keeps the
last few thousand lines in a cache. Rows are either full log entries (one
session, read whole) or index rows (all history): those are read from their
files when they first come into view, a screenful at a time.

Attributes go down: the screen calls :meth:`LogView.show` and
:meth:`LogView.append`. Messages come up: Enter posts :class:`LogView.Selected`.
The view stays pinned to the newest entry while the cursor is on it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import tzinfo

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.lines import EntryLine, format_entry
from vtm_tui.store.index import IndexedEntry

Row = LogEntry | IndexedEntry
Loader = Callable[[list[IndexedEntry]], list[LogEntry | None]]

#: Cells per column at a comfortable width and at 80 columns: (actor, what, dice, outcome).
WIDE = (16, 22, 20, 15)
NARROW = (11, 14, 18, 15)


def column_widths(width: int) -> tuple[int, int, int, int]:
    """(actor, what, dice, outcome) cells for a view ``width`` wide: past 130 columns the room goes to the
    pool and the actor, so a wide terminal shows ``Dexterity 3 + Firearms 2 + Blood Surge 2`` whole."""
    if width < 100:
        return NARROW
    extra = max(0, width - 130)
    actor, what, dice, outcome = WIDE
    return actor + min(8, extra // 5), what + min(34, extra // 2), dice, outcome
VIRTUAL_WIDTH = 240  # lines are cut here; ←/→ scroll to the comments


class LogView(ScrollView, can_focus=True):
    """Log lines; ↑/↓ move, Enter opens the entry, End follows the newest."""

    HELP_TITLE = "Log lines"
    COMPONENT_CLASSES = {
        "log-view--cursor", "log-view--time", "log-view--actor", "log-view--hunger", "log-view--alarm",
        "log-view--win", "log-view--comment", "log-view--secret", "log-view--empty",
    }  # fmt: skip
    DEFAULT_CSS = """
    LogView {
        background: $background;
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 0;
    }
    LogView > .log-view--cursor { background: $primary 35%; }
    LogView:focus > .log-view--cursor { background: $primary 60%; }
    LogView > .log-view--time { color: $text-muted; }
    LogView > .log-view--actor { text-style: bold; }
    LogView > .log-view--hunger { color: $error; text-style: bold; }
    LogView > .log-view--alarm { color: $error; text-style: bold; }
    LogView > .log-view--win { color: $success; }
    LogView > .log-view--comment { color: $text-muted; text-style: italic; }
    LogView > .log-view--secret { color: $warning; }
    LogView > .log-view--empty { color: $text-muted; text-style: italic; }
    """
    BINDINGS = [
        Binding("enter", "select", "Detail", show=False, id="log.detail"),
        Binding("up", "move(-1)", "Up", show=False, id="log.up"),
        Binding("down", "move(1)", "Down", show=False, id="log.down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="log.page_up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="log.page_down"),
        Binding("home,g", "first", "Oldest", show=False, id="log.first"),
        Binding("end,G", "last", "Newest", show=False, id="log.last"),
        Binding("left", "scroll_left", "Scroll left", show=False, id="log.left"),
        Binding("right", "scroll_right", "Scroll right", show=False, id="log.right"),
    ]

    cursor: reactive[int] = reactive(-1, init=False, repaint=False)  # watch_cursor repaints two lines
    """The highlighted row (-1: none, the view is empty)."""

    class Selected(Message):
        """Enter on a row: the full entry (read from its file for index rows)."""

        def __init__(self, entry: LogEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *, id: str | None = None, storyteller: bool = True, tz: tzinfo | None = None) -> None:
        super().__init__(id=id)
        self.storyteller = storyteller
        self.tz = tz
        self.rows: list[Row] = []
        self.with_date = False
        self.empty_text = "No entries."
        self._loader: Loader | None = None
        self._lines: OrderedDict[int, EntryLine | None] = OrderedDict()
        self._strips: OrderedDict[tuple[int, int, bool], Strip] = OrderedDict()
        self._secret_width = False
        self._frame_styles: dict[str, Style] | None = None  # while a frame is drawn: its styles, by component

    # -- what is shown ----------------------------------------------------------------------------

    def show(self, rows: Sequence[Row], *, with_date: bool = False, loader: Loader | None = None,
             empty_text: str = "No entries.") -> None:
        """Show ``rows`` (in log order), the cursor on the newest."""
        self.rows = list(rows)
        self.with_date = with_date
        self._loader = loader
        self.empty_text = empty_text
        self._lines.clear()
        self._strips.clear()
        self._secret_width = any(row.secret for row in self.rows) and self.storyteller
        self._resize()
        self.cursor = len(self.rows) - 1
        self.call_after_refresh(self._scroll_cursor_into_view)
        self.refresh()

    def append(self, rows: Sequence[Row]) -> None:
        """Add newer rows at the bottom; follow them if the cursor was on the newest."""
        if not rows:
            return
        following = self.cursor >= len(self.rows) - 1
        self.rows.extend(rows)
        if self.storyteller and any(row.secret for row in rows) and not self._secret_width:
            self._secret_width = True
            self._lines.clear()
            self._strips.clear()
        self._resize()
        if following:
            self.cursor = len(self.rows) - 1
        self.refresh()

    def _resize(self) -> None:
        """The scrollable height is the number of rows.

        Setting ``virtual_size`` lays out the whole screen again (it is a layout reactive): on a seat that
        was most of the CPU another player's roll cost (a new line at the bottom: measured 27 ms a roll on
        an observing seat). A layout only changes something when the vertical scrollbar appears or goes, so
        any other growth sets the value quietly and tells the scrollbar its new range.
        """
        size = Size(VIRTUAL_WIDTH, max(1, len(self.rows)))
        old = self.virtual_size
        if size == old:
            return
        window = self.scrollable_content_region.height
        if not self.is_mounted or window < 1 or (size.height > window) != (old.height > window):
            self.virtual_size = size
            return
        self.set_reactive(LogView.virtual_size, size)
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.window_virtual_size = size.height

    @property
    def at_newest(self) -> bool:
        return self.cursor >= len(self.rows) - 1

    def entry_at(self, index: int) -> LogEntry | None:
        """The full entry of row ``index`` (read from its file for an index row)."""
        if not 0 <= index < len(self.rows):
            return None
        row = self.rows[index]
        if isinstance(row, LogEntry):
            return row
        if self._loader is None:
            return None
        return self._loader([row])[0]

    @property
    def current_entry(self) -> LogEntry | None:
        return self.entry_at(self.cursor)

    # -- formatting -------------------------------------------------------------------------------

    def _line(self, index: int) -> EntryLine | None:
        if index in self._lines:
            self._lines.move_to_end(index)
            return self._lines[index]
        row = self.rows[index]
        if isinstance(row, IndexedEntry):
            self._prefetch(index)
            return self._lines.get(index)
        line = self._format(row)
        self._remember(index, line)
        return line

    def _prefetch(self, index: int) -> None:
        """Read a screenful of index rows around ``index`` from their files at once."""
        height = max(1, self.scrollable_content_region.height)
        start = max(0, min(index, int(self.scroll_offset.y)))
        stop = min(len(self.rows), max(index + 1, start + height + 1))
        wanted = [i for i in range(start, stop) if i not in self._lines and isinstance(self.rows[i], IndexedEntry)]
        rows = [self.rows[i] for i in wanted]
        entries = self._loader(rows) if self._loader else [None] * len(rows)  # type: ignore[arg-type]
        for i, entry in zip(wanted, entries, strict=True):
            self._remember(i, self._format(entry) if entry is not None else None)

    def _format(self, entry: LogEntry) -> EntryLine:
        return format_entry(entry, storyteller=self.storyteller, tz=self.tz, with_date=self.with_date,
                            short_date=self.size.width < 100)

    def _remember(self, index: int, line: EntryLine | None) -> None:
        self._lines[index] = line
        while len(self._lines) > 4096:
            self._lines.popitem(last=False)

    def _style(self, name: str) -> Style:
        styles = self._frame_styles
        if styles is None:
            return self.get_component_rich_style(name, partial=True)
        style = styles.get(name)
        if style is None:
            style = styles[name] = self.get_component_rich_style(name, partial=True)
        return style

    def _base_style(self) -> Style:
        styles = self._frame_styles
        if styles is None:
            return self.rich_style
        style = styles.get("")
        if style is None:
            style = styles[""] = self.rich_style
        return style

    def render_lines(self, crop: Region) -> list[Strip]:
        """One frame's lines, with the widget's styles worked out once for the frame.

        Textual works a style out from the widget's ancestors on every ask; asked once a line, that was half
        the CPU of drawing the view again when a new line scrolled it (another player's roll on a seat)."""
        self._frame_styles = {}
        try:
            return super().render_lines(crop)
        finally:
            self._frame_styles = None

    def line_text(self, line: EntryLine) -> Text:
        """The styled text of a line, columns padded to the view's width class."""
        actor_w, what_w, dice_w, outcome_w = column_widths(self.size.width)
        text = Text(no_wrap=True, end="")
        text.append(line.time, self._style("log-view--time"))
        text.append(" ")
        text.append(_fit(line.actor, actor_w), self._style("log-view--actor"))
        text.append(" ")
        if not line.result:  # notes, changes, session marks: the comment follows at once
            text.append(line.what + ("  " if line.comment and line.what else ""))
            text.append(line.comment, self._style("log-view--comment"))
            return text
        text.append(_fit(line.what, what_w))
        text.append(" ")
        used = 0
        for number, die in enumerate(line.dice):
            if number:
                text.append(" ")
                used += 1
            text.append(die.text, self._style("log-view--hunger") if die.hunger else "")
            used += len(die.text)
        text.append(" " * max(1, dice_w - used + 1))
        narrow = self.size.width < 100
        diff_w = (6 if narrow else 9) if self._secret_width else 3
        secret = line.difficulty.endswith("secret")
        difficulty = line.difficulty.replace(" secret", " sec") if narrow else line.difficulty
        text.append(_fit(difficulty, diff_w), self._style("log-view--secret") if secret else "")
        text.append(" ")
        style = f"log-view--{line.tone}" if line.tone else ""
        text.append(_fit(line.outcome, outcome_w), self._style(style) if style else "")
        text.append(" ")
        text.append(f"{line.margin:>3}")
        if line.comment:
            text.append("  ")
            text.append(line.comment, self._style("log-view--comment"))
        return text

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        base = self._base_style()
        if not self.rows:
            if y == 0:
                text = Text(" " + self.empty_text, style=self._style("log-view--empty"), no_wrap=True, end="")
                return Strip(text.render(self.app.console), text.cell_len).adjust_cell_length(width, base) \
                    .apply_style(base)  # fmt: skip
            return Strip.blank(width, base)
        if index >= len(self.rows):
            return Strip.blank(width, base)
        selected = index == self.cursor
        key = (index, self.size.width, selected)
        strip = self._strips.get(key)
        if strip is None:
            line = self._line(index)
            if line is None:
                text = Text(" (this entry can no longer be read from its file)", no_wrap=True, end="")
            else:
                text = self.line_text(line)
            segments = list(text.render(self.app.console))
            strip = Strip(segments, text.cell_len).extend_cell_length(VIRTUAL_WIDTH).crop(0, VIRTUAL_WIDTH)
            strip = strip.apply_style(base)
            if selected:
                strip = Strip([Segment(s.text, (s.style or Style()) + self._style("log-view--cursor"), s.control)
                               for s in strip], strip.cell_length)
            self._strips[key] = strip
            while len(self._strips) > 512:
                self._strips.popitem(last=False)
        return strip.crop(scroll_x, scroll_x + width)

    # -- moving -----------------------------------------------------------------------------------

    def watch_cursor(self, old: int, new: int) -> None:
        for index in (old, new):
            self._strips.pop((index, self.size.width, index == old), None)
            self._strips.pop((index, self.size.width, index == new), None)
        top = int(self.scroll_offset.y)
        self._scroll_cursor_into_view()
        if int(self.scroll_offset.y) == top:  # no scroll: repaint the two lines, not the whole view
            for index in {old, new}:
                if index >= 0:
                    self.refresh_line(index)
        else:
            self.refresh()

    def _scroll_cursor_into_view(self) -> None:
        height = self.scrollable_content_region.height
        if height <= 0 or self.cursor < 0:
            return
        top = int(self.scroll_offset.y)
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    def on_resize(self) -> None:
        self._strips.clear()
        self._lines.clear()
        self._scroll_cursor_into_view()

    def _clamp(self, index: int) -> int:
        return max(0, min(len(self.rows) - 1, index)) if self.rows else -1

    def action_move(self, step: int) -> None:
        self.cursor = self._clamp(self.cursor + step)

    def action_page(self, direction: int) -> None:
        self.cursor = self._clamp(self.cursor + direction * max(1, self.scrollable_content_region.height - 1))

    def action_first(self) -> None:
        self.cursor = self._clamp(0)

    def action_last(self) -> None:
        self.cursor = self._clamp(len(self.rows) - 1)

    def action_select(self) -> None:
        entry = self.current_entry
        if entry is not None:
            self.post_message(self.Selected(entry))

    def on_click(self, event) -> None:  # the mouse is welcome, never needed
        index = int(self.scroll_offset.y) + event.y
        if 0 <= index < len(self.rows):
            self.cursor = index


def _fit(text: str, width: int) -> str:
    """``text`` cut with an ellipsis or padded to exactly ``width`` cells."""
    if len(text) > width:
        return text[: width - 1] + "…"
    return text.ljust(width)
