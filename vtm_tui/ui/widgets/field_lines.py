"""How the roll form's one widget (:mod:`vtm_tui.ui.widgets.roll_fields`) draws its rows: laid out as lines
(a status or ladder text wraps to several), each drawn as one strip of cells (Textual's Line API).

A row is drawn again only when something it shows changed: a Tab draws the row the cursor left and the one it
reached, a key typed the row of its field. What a row shows is kept by its state (values, caret, cursor,
choices), so a row drawn before in that state (the same pool at the next opening, the row a Tab comes back
to) is not drawn again: a seat opens the roll dialog and Tabs through it once a roll (docs/server.md).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip

from vtm_tui.ui.widgets.field_cells import BACKGROUNDS, LADDER, STATUS, VISIBLE, Cell, Row
from vtm_tui.ui.widgets.field_text import text_segments


#: The component styles rows are drawn with (``roll-fields--<name>``).
STYLE_NAMES = ("label", "field", "placeholder", "cursor", "error", "muted", "disabled", "current", "selection")


class FieldLines:
    """Mixed into the roll form's one widget (before its Widget base): its rows as lines, and their drawing."""

    rows: list[Row]
    models: dict[str, Any]
    options: Callable[[str], Sequence[tuple[Text | str, str]]]
    at: str
    status: tuple[str, ...]
    status_error: bool
    ladder: str
    _picks: dict[str, int]

    def _init_lines(self) -> None:
        self._lines: list[tuple[Row, int]] = []  # (row, line within a wrapped text row)
        self._cache: dict[int, Strip] = {}  # by line: what the widget shows now
        self._drawn: dict[tuple[object, ...], Strip] = {}  # by what a row shows: rows drawn before
        self._styles: dict[str, Style] = {}
        self._drawn_with: tuple[Style, ...] | None = None  # the styles the rows in _drawn were drawn with
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        self._width = 0

    def _line_of(self, name: str) -> int | None:
        for y, (row, _) in enumerate(self._layout()):
            if not isinstance(row, str) and any(cell.name == name for cell in row):
                return y
        return None

    def _relayout(self) -> None:
        height = len(self._lines)
        self._lines = []
        self._cache.clear()
        if len(self._layout()) != height:
            self.refresh(layout=True)
        else:
            self.refresh()

    def notify_style_update(self) -> None:
        """The styles are worked out again when next drawn; the rows drawn before are kept if they are the same
        (a restyle comes with every focus change of the dialog, once or twice a roll, and mostly changes nothing
        this widget draws)."""
        super().notify_style_update()
        self._styles = {}
        self._cache = {}
        self._drawn_with = None

    def _check_drawn(self) -> None:
        """Forget the rows drawn before when the styles they were drawn with changed."""
        styles = (self.rich_style, *(self._style(name) for name in STYLE_NAMES))
        if styles != self._drawn_with:
            self._drawn = {}
            self._drawn_with = styles

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:  # colours blended over the widget's background; a background only where one is set
            full = self.get_component_rich_style(f"roll-fields--{name}", partial=False)
            style = Style(color=full.color, bgcolor=full.bgcolor if name in BACKGROUNDS else None, bold=full.bold,
                          dim=full.dim, reverse=full.reverse, italic=full.italic)
            self._styles[name] = style
        return style

    def _layout(self) -> list[tuple[Row, int]]:
        width = max(1, self.size.width)
        if self._lines and width == self._width:
            return self._lines
        self._width = width
        self._cache.clear()
        lines: list[tuple[Row, int]] = []
        for row in self.rows:
            if row == STATUS:
                count = sum(len(self._wrap(text, width)) for text in self.status) or 1
                lines += [(row, i) for i in range(count)]
            elif row == LADDER:
                lines += [(row, i) for i in range(len(self._wrap(self.ladder, width)))]
            else:
                lines.append((row, 0))
        self._lines = lines
        return lines

    def _wrap(self, text: str, width: int) -> list[str]:
        """``text`` in lines of ``width`` cells (remembered: the same headline is wrapped for the height, the
        layout and each of its lines drawn, and again at every opening)."""
        key = (text, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 64:
                self._wrapped.clear()
            lines = self._wrapped[key] = [line.plain for line in Text(text).wrap(self.app.console, width)] \
                if text else [""]
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        status = sum(len(self._wrap(text, width)) for text in self.status) or 1
        ladder = len(self._wrap(self.ladder, width))
        return sum(status if row == STATUS else ladder if row == LADDER else 1 for row in self.rows)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self._layout()
        if y >= len(lines):
            return Strip.blank(width, self.rich_style)
        strip = self._cache.get(y)
        if strip is None:
            if self._drawn_with is None:
                self._check_drawn()
            line = lines[y]
            key = (width, id(line[0]), line[1], self._row_state(line[0]))
            strip = self._drawn.get(key)
            if strip is None:
                if len(self._drawn) > 256:
                    self._drawn.clear()
                strip = self._drawn[key] = self._draw(line, width)
            self._cache[y] = strip
        return strip

    def _row_state(self, row: Row) -> tuple[object, ...]:
        """Everything a row's drawing depends on besides its cells and width (which styles too, until they
        change): the same row in the same state is drawn once, whichever opening of the dialog or Tab asks."""
        if isinstance(row, str):
            return (self.status_error, self.status) if row == STATUS else (self.ladder,)
        state: list[object] = []
        for cell in row:
            if not cell.name:
                continue
            here = cell.name == self.at and self.has_focus
            model = self.models.get(cell.name)
            if cell.kind == "text":
                value = model.value
                suggestion = self._completion_of(value) if here and cell.name == "pool" else ""
                state.append((value, model.cursor_position, model.selection if here else None,
                              model.placeholder, here, suggestion, model.disabled))
            elif cell.kind == "tick":
                state.append((self._tick_text(cell), here, self._disabled(cell.name)))
            else:
                state.append((self._choice_text(cell), here, self._disabled(cell.name)))
        return tuple(state)

    def _draw(self, line: tuple[Row, int], width: int) -> Strip:
        base = self._styles.get("")
        if base is None:  # the widget's own style (its colours over its ancestors' backgrounds): worked out once
            base = self._styles[""] = self.rich_style
        row, index = line
        if isinstance(row, str):
            texts = [wrapped for text in (self.status if row == STATUS else (self.ladder,))
                     for wrapped in self._wrap(text, width)]
            style = base + (self._style("error") if row == STATUS and self.status_error
                            else self._style("muted") if row == LADDER else Style())
            text = texts[index] if index < len(texts) else ""
            return Strip([Segment(text.translate(VISIBLE), style)]).crop_extend(0, width, base)
        fixed = sum(cell.width + cell.gap for cell in row) + sum(
            len(self._tick_text(cell)) for cell in row if cell.kind == "tick" and not cell.width)
        shares = [cell for cell in row if not cell.width and cell.kind != "tick"]
        room = max(0, width - fixed)
        segments: list[Segment] = []
        for cell in row:
            if cell.kind == "tick" and not cell.width:
                size = len(self._tick_text(cell))
            elif cell.width:
                size = cell.width
            else:
                size = room // len(shares) + (1 if shares.index(cell) >= len(shares) - room % len(shares) else 0)
            segments += [Segment(segment.text.translate(VISIBLE), segment.style)
                         for segment in self._cell(cell, size, base)]
            if cell.gap:
                segments.append(Segment(" " * cell.gap, base))
        return Strip(segments).crop_extend(0, width, base)

    def _tick_text(self, cell: Cell) -> str:
        box = self.models.get(cell.name)
        label = str(getattr(box, "label", cell.text)) if box is not None else cell.text
        return f"▐{'X' if box is not None and box.value else ' '}▌ {label}"

    def _cell(self, cell: Cell, size: int, base: Style) -> list[Segment]:
        if size <= 0:
            return []
        here = cell.name == self.at and self.has_focus
        disabled = self._disabled(cell.name) if cell.name else False
        dim = self._style("disabled") if disabled else Style()
        if cell.kind == "label":
            return [Segment(cell.text[:size].ljust(size), base + self._style("label"))]
        field = base + self._style("field") + dim + (self._style("current") if here else Style())
        if cell.kind == "tick":
            text = self._tick_text(cell)[:size].ljust(size)
            return [Segment(text, base + (self._style("cursor") if here else dim))]
        if cell.kind == "choice":
            return self._choice(cell, size, field, here)
        return self._text(cell, size, field, here)

    def _choice_text(self, cell: Cell) -> tuple[int, str]:
        """The option a choice shows (-1 and its prompt when none)."""
        options = list(self.options(cell.name))
        index = self._picks.get(cell.name, self._chosen(options, self._choice_value(cell.name)))
        return (index, str(options[index][0])) if 0 <= index < len(options) else (-1, cell.text)

    def _choice(self, cell: Cell, size: int, field: Style, here: bool) -> list[Segment]:
        index, text = self._choice_text(cell)
        body = (text[: max(0, size - 2)].ljust(max(0, size - 2)) + "▼ ")[:size]
        mark = self._style("cursor") if here else self._style("placeholder") if index < 0 else Style()
        return [Segment(body, field + mark)]

    def _text(self, cell: Cell, size: int, field: Style, here: bool) -> list[Segment]:
        model = self.models[cell.name]
        value: str = model.value
        at_end = model.cursor_position >= len(value)
        suggestion = self._completion_of(value)[len(value):] if here and cell.name == "pool" and at_end else ""
        start, end = sorted(model.selection) if here else (0, 0)
        return text_segments(value, model.cursor_position, size, placeholder=str(model.placeholder or ""),
                             suggestion=suggestion, here=here, field=field, dim=self._style("placeholder"),
                             caret=self._style("cursor"), selected=(start, end), mark=self._style("selection"))
