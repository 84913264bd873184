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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import tzinfo

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.color import Color
from textual.filter import LineFilter
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style as TextualStyle

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.lines import EntryLine, format_entry
from vtm_tui.store.index import IndexedEntry
from vtm_tui.ui.textual_compat import css_generation
from vtm_tui.ui.widgets.log_line import VIRTUAL_WIDTH, line_pieces, pieces_strip, with_cursor

Row = LogEntry | IndexedEntry
Loader = Callable[[list[IndexedEntry]], list[LogEntry | None]]

NO_GUTTER = Spacing(0, 0, 0, 0)


@dataclass(frozen=True)
class Look:
    """What a painted line depends on besides its row and the cursor (see :meth:`LogView.render_lines`)."""

    css: int  # the app's stylesheet generation (a theme change moves it on)
    restyled: int  # the view's own restyles
    focus: bool  # the cursor's colour follows the focus
    base_background: Color
    background: Color
    width: int
    plain: bool  # no border, padding, outline, tint, opacity or hatch: the view paints whole lines itself
    scroll_x: int
    text_width: int  # the width less the scrollbar's column, when it shows
    filters: tuple[LineFilter, ...]

    def same_style(self, other: Look) -> bool:
        """Whether lines formatted for ``other`` have the right text and colours here (the scroll may differ)."""
        return (self.css, self.restyled, self.focus, self.base_background, self.background, self.width) == \
            (other.css, other.restyled, other.focus, other.base_background, other.background, other.width)


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
        self._strips: OrderedDict[tuple[int, int], Strip] = OrderedDict()
        self._secret_width = False
        self._styles: dict[str, Style] = {}  # by component ("" the view's own), for the current look
        self._painted: dict[Hashable, Strip] = {}  # whole lines as drawn, for the current look
        self._painted_look: Look | None = None
        self._restyled = 0  # bumped whenever Textual restyles the view

    # -- what is shown ----------------------------------------------------------------------------

    def show(self, rows: Sequence[Row], *, with_date: bool = False, loader: Loader | None = None,
             empty_text: str = "No entries.") -> None:
        """Show ``rows`` (in log order), the cursor on the newest."""
        self.rows = list(rows)
        self.with_date = with_date
        self._loader = loader
        self.empty_text = empty_text
        self._forget_lines()
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
            self._forget_lines()
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
        """A component's style, worked out once per look (Textual works it out from the ancestors each time)."""
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(name, partial=True)
        return style

    def _base_style(self) -> Style:
        style = self._styles.get("")
        if style is None:
            style = self._styles[""] = self.rich_style
        return style

    def notify_style_update(self) -> None:
        """Textual restyled the view (a class, the CSS): the lines painted with the old styles are not reused."""
        super().notify_style_update()
        self._restyled += 1

    def _look(self) -> Look:
        """What every painted line depends on besides its row and the cursor."""
        styles = self.styles
        plain = not (styles.gutter != NO_GUTTER or any(kind for kind, _color in styles.outline) or styles.tint.a
                     or styles.text_opacity != 1 or (styles.has_rule("hatch") and styles.hatch != "none")
                     or self.opacity != 1)
        width = self.region.width
        base_background, background = self.background_colors
        return Look(css=css_generation(self.app), restyled=self._restyled, focus=self.has_focus,
                    base_background=base_background, background=background, width=width, plain=plain,
                    scroll_x=int(self.scroll_offset.x), text_width=width - self.scrollbar_gutter.width,
                    filters=tuple(self.get_line_filters()))

    def render_lines(self, crop: Region) -> list[Strip]:
        """One frame's lines: a line already painted under the same look is reused as it is.

        A new entry at the bottom of a followed log scrolls every line up by one, and Textual asks for each of
        them again: restyling and re-filtering all of them was most of what another seat's roll cost every
        other app at the table (about 5 ms of 13 on a seat at 180×30). A row shows the same strip as long as
        its text, the cursor on it and the look (size, horizontal scroll, theme, CSS, focus, colours, line
        filters) stay the same, so a scroll costs a look-up per line and only the new line is drawn. A box
        that is not plain (border, padding, outline, tint, opacity, hatch) is left to Textual's own path.
        """
        look = self._look()
        before = self._painted_look
        if before is None or not look.same_style(before):
            self._styles.clear()
            self._strips.clear()
        if look != before:
            self._painted.clear()
            self._painted_look = look
        if not look.plain:
            return super().render_lines(crop)
        scroll_y = int(self.scroll_offset.y)
        strips = [self._painted_line(scroll_y + y, y, look) for y in crop.line_range]
        if crop.column_span != (0, look.width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    def _painted_line(self, index: int, y: int, look: Look) -> Strip:
        """Line ``y`` as Textual's plain box paints it: padded to the width, the line filters applied."""
        if not self.rows:
            key: Hashable = ("empty", y)
        elif index >= len(self.rows):
            key = "blank"
        else:
            key = (index, index == self.cursor)
        strip = self._painted.get(key)
        if strip is None:
            strip = self.render_line(y)
            if strip.cell_length != look.width:  # the scrollbar's column, or a terminal wider than the lines
                inner = TextualStyle(background=look.base_background + look.background).rich_style
                strip = strip.adjust_cell_length(look.width, inner)
            for line_filter in look.filters:
                strip = strip.apply_filter(line_filter, look.background)
            if len(self._painted) >= 4096:
                self._painted.clear()
            self._painted[key] = strip
        return strip

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
        key = (index, self.size.width)
        strip = self._strips.get(key)
        if strip is None:  # formatted once: the cursor's colour is laid over it when the cursor is there
            line = self._line(index)
            if line is None:
                text = Text(" (this entry can no longer be read from its file)", no_wrap=True, end="")
                strip = Strip(list(text.render(self.app.console)), text.cell_len) \
                    .extend_cell_length(VIRTUAL_WIDTH).crop(0, VIRTUAL_WIDTH).apply_style(base)  # fmt: skip
            else:
                strip = pieces_strip(line_pieces(line, self.size.width, self._secret_width), self._style, base)
            self._strips[key] = strip
            while len(self._strips) > 512:
                self._strips.popitem(last=False)
        if index == self.cursor:
            strip = with_cursor(strip, self._style("log-view--cursor"))
        return strip.crop(scroll_x, scroll_x + width)

    # -- moving -----------------------------------------------------------------------------------

    def watch_cursor(self, old: int, new: int) -> None:
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
        self._forget_lines()
        self._scroll_cursor_into_view()

    def _forget_lines(self) -> None:
        """The rows, or what their text depends on, changed: every line is formatted and painted again."""
        self._lines.clear()
        self._strips.clear()
        self._painted.clear()

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
