"""The roll form's fields drawn as lines by one widget that owns the cursor (Textual's Line API).

A form of some twenty field widgets (inputs, tick boxes, selects) made every Tab a focus change: the field
left and the field reached restyled, the dialog repainted, 13–18 ms of a seat's CPU per key on a server
where seventeen rolls a second must fit in two cores (docs/server.md). Here the cursor is this widget's
own: Tab, Shift+Tab, ↑ and ↓ move it and repaint the one or two rows it left and reached; a key typed
edits the field under it and repaints that row.

What each field holds stays in a standard widget (an ``Input``, a tick box, a ``Select``), never shown
(:mod:`vtm_tui.ui.widgets.field_models`): its editing (cursor, insert, delete, paste, length limit), its
value and its change messages are Textual's, which the dialog and the tests read as before. This widget
draws them and sends them the keys. What the cursor is on is shown in reverse video (the caret in a text
field, the whole tick box or choice), not by colour alone.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from vtm_tui.ui.widgets.field_cells import (BACKGROUNDS, EDIT_KEYS, LADDER, STATUS, VISIBLE, Cell, Row,
                                             option_starting)
from vtm_tui.ui.widgets.field_text import text_segments

class RollFields(Widget, can_focus=True):
    """Every field of the roll form, one row per line, and the status and ladder text between them."""

    ALLOW_SELECT = False
    BINDINGS = [
        Binding("tab", "next_field", "Next field (completes a trait first)", show=False, id="roll.next_field"),
        Binding("shift+tab", "previous_field", "Previous field", show=False, id="roll.previous_field"),
        Binding("down", "row(1)", "Field below", show=False, id="roll.field_below"),
        Binding("up", "row(-1)", "Field above", show=False, id="roll.field_above"),
    ]
    COMPONENT_CLASSES = {"roll-fields--label", "roll-fields--field", "roll-fields--placeholder",
                         "roll-fields--cursor", "roll-fields--error", "roll-fields--muted", "roll-fields--disabled",
                         "roll-fields--current", "roll-fields--selection"}
    DEFAULT_CSS = """
    RollFields { height: auto; padding: 0 1; }
    RollFields > .roll-fields--label { color: $text-muted; }
    RollFields > .roll-fields--muted { color: $text-muted; }
    RollFields > .roll-fields--field { background: $surface; }
    RollFields > .roll-fields--current { background: $foreground 5%; }
    RollFields > .roll-fields--placeholder { color: $text-disabled; }
    RollFields > .roll-fields--selection { background: $input-selection-background; }
    RollFields > .roll-fields--cursor {  /* reversed: an Input's cursor colours, and seen without colour too */
        background: $input-cursor-foreground; color: $input-cursor-background; text-style: reverse;
    }
    RollFields > .roll-fields--error { color: $error; text-style: bold; }
    RollFields > .roll-fields--disabled { text-style: dim; }
    RollFields:ansi > .roll-fields--field { background: ansi_default; }
    RollFields:ansi > .roll-fields--placeholder { color: ansi_default; text-style: dim; }
    RollFields:ansi > .roll-fields--cursor { background: ansi_black; color: ansi_white; text-style: reverse; }
    """

    class Chose(Message):
        """A trait was picked on the ``add-trait`` choice (Enter or space): the form adds it to the pool."""

        def __init__(self, value: str) -> None:
            super().__init__()
            self.value = value

    def __init__(self, rows: Sequence[Row], models: dict[str, Any], *,
                 options: Callable[[str], Sequence[tuple[Text | str, str]]],
                 completion: Callable[[str], str | None], id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = list(rows)
        self.models = models
        self.options = options
        self.completion = completion
        self.order = [cell.name for row in self.rows if not isinstance(row, str) for cell in row
                      if cell.name and not self._disabled(cell.name)]
        self._kinds = {cell.name: cell.kind for row in self.rows if not isinstance(row, str) for cell in row}
        self.at = self.order[0] if self.order else ""
        self.status: tuple[str, ...] = ()
        self.status_error = False
        self.ladder = ""
        self._picks: dict[str, int] = {}  # a choice's option under the cursor (add-trait: not yet chosen)
        self._typed = ""  # letters typed on a choice, to jump to the option they begin
        self._lines: list[tuple[Row, int]] = []  # (row, line within a wrapped text row)
        self._cache: dict[int, Strip] = {}
        self._styles: dict[str, Style] = {}
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        self._width = 0

    # -- the fields --------------------------------------------------------------------------------
    def _disabled(self, name: str) -> bool:
        return bool(getattr(self.models.get(name), "disabled", False))

    def _kind(self, name: str) -> str:
        return self._kinds.get(name, "")

    def move_to(self, name: str) -> None:
        """Put the cursor on field ``name`` (a model's ``focus()`` comes here) and show it."""
        if name not in self.order or name == self.at:
            return
        before, self.at = self.at, name
        self._typed = ""
        self._picks.pop(before, None)  # a trait shown on "+ add a trait" and not added is forgotten
        self._arrive(name)
        self.refresh_field(before)
        self.refresh_field(name)
        self._show_row(name)

    def _arrive(self, name: str) -> None:
        """A text field reached has all its text selected, as an Input's focus selects it: typing replaces
        it (a new pool over the last one), ← → or Home/End keep it."""
        model = self.models.get(name)
        if self._kind(name) == "text" and model is not None and model.value:
            model.select_all()

    def _show_row(self, name: str) -> None:
        parent = self.parent
        y = self._line_of(name)
        if y is None or parent is None or not hasattr(parent, "scroll_to_region"):
            return
        top = self.virtual_region.y + y
        seen = parent.scroll_offset.y
        if seen <= top < seen + parent.scrollable_content_region.height:
            return  # in view already (every row at 80×24): no scroll to work out
        parent.scroll_to_region(Region(0, top, 1, 1), animate=False, immediate=True)

    def _line_of(self, name: str) -> int | None:
        for y, (row, _) in enumerate(self._layout()):
            if not isinstance(row, str) and any(cell.name == name for cell in row):
                return y
        return None

    def refresh_field(self, name: str) -> None:
        """Repaint the row that shows field ``name`` (its model's value or cursor changed)."""
        y = self._line_of(name)
        if y is not None:
            self._cache.pop(y, None)
            self.refresh(Region(0, y, self._width + 2, 1))  # the compositor clips it to the widget

    def set_status(self, lines: Sequence[str], *, error: bool) -> None:
        """The request's headline and notes (or the error) under the pool."""
        lines = tuple(lines)
        if lines == self.status and error == self.status_error:
            return
        self.status, self.status_error = lines, error
        self._relayout()

    def set_ladder(self, text: str) -> None:
        if text != self.ladder:
            self.ladder = text
            self._relayout()

    def reset(self) -> None:
        """A new opening: the cursor back on the first field, nothing picked."""
        self.at = self.order[0] if self.order else ""
        self._picks.clear()
        self._typed = ""
        self._arrive(self.at)
        self._relayout()

    def _relayout(self) -> None:
        height = len(self._lines)
        self._lines = []
        self._cache.clear()
        if len(self._layout()) != height:
            self.refresh(layout=True)
        else:
            self.refresh()

    # -- keys --------------------------------------------------------------------------------------
    def action_next_field(self) -> None:
        if self.at == "pool" and self._accept_completion():
            return
        self._step(1)

    def action_previous_field(self) -> None:
        self._step(-1)

    def _step(self, by: int) -> None:
        if self.at in self.order:
            self.move_to(self.order[(self.order.index(self.at) + by) % len(self.order)])

    def action_row(self, by: int) -> None:
        """The field of the row above or below (the nearest column to the one left)."""
        rows = [row for row in self.rows if not isinstance(row, str)
                and any(cell.name in self.order for cell in row)]
        here = next((i for i, row in enumerate(rows) if any(cell.name == self.at for cell in row)), None)
        if here is None or not 0 <= here + by < len(rows):
            return
        column = [cell.name for cell in rows[here] if cell.name in self.order].index(self.at)
        names = [cell.name for cell in rows[here + by] if cell.name in self.order]
        self.move_to(names[min(column, len(names) - 1)])

    def _accept_completion(self) -> bool:
        model = self.models.get("pool")
        if model is None or model.cursor_position != len(model.value):
            return False
        suggestion = self._suggestion(model.value)
        if not suggestion:
            return False
        model.value = suggestion
        model.cursor_position = len(suggestion)
        self.refresh_field("pool")
        return True

    def _suggestion(self, value: str) -> str:
        if not value:
            return ""
        found = self.completion(value) or ""
        return found if len(found) > len(value) else ""

    def on_key(self, event: events.Key) -> None:
        """Typing edits the field under the cursor; what is not the field's goes on to the dialog's keys."""
        kind = self._kind(self.at)
        key = event.key
        handled = False
        if kind == "text":
            handled = self._edit_key(key, event.character if event.is_printable else None)
        elif kind == "tick" and key == "space":
            box = self.models[self.at]
            box.value = not box.value
            handled = True
        elif kind == "choice":
            handled = self._choice_key(key, event.character if event.is_printable else None)
        if handled:
            event.stop()
            event.prevent_default()

    def _edit_key(self, key: str, character: str | None) -> bool:
        model = self.models[self.at]
        before = model.value
        if character is not None:
            self._insert(model, character)
        elif key == "right":
            if self.at != "pool" or not self._accept_completion():
                model.action_cursor_right()
        elif key in EDIT_KEYS:
            getattr(model, f"action_{EDIT_KEYS[key]}")()
        else:
            return False
        if model.value == before:  # the caret moved: drawn now (a new value is drawn when its Changed arrives,
            self.refresh_field(self.at)  # in one frame with the rest; drawn here too, it was sent twice)
        return True

    def _choice_key(self, key: str, character: str | None) -> bool:
        name = self.at
        options = list(self.options(name))
        if not options:
            return key == "space"
        adding = name == "add-trait"
        index = self._picks.get(name, -1 if adding else self._chosen(options, self._value(name)))
        if key in ("right", "left"):
            index = (index + (1 if key == "right" else -1)) % len(options) if index >= 0 or key == "right" \
                else len(options) - 1
            self._typed = ""
        elif key == "space" and not adding:
            index = index + 1 if index + 1 < len(options) else -1  # the last option, then none again
            self._typed = ""
        elif key in ("space", "enter") and adding:
            if index < 0:  # as a closed list opens: its first trait shown, ← → or letters for another
                self._picks[name] = 0
                self.refresh_field(name)
                return True
            self._picks.pop(name, None)
            self.refresh_field(name)
            self.post_message(self.Chose(options[index][1]))
            return True
        elif character is not None and character != " ":
            typed = (self._typed + character).lower()  # letters typed go on, or start again with this one
            found = option_starting(options, typed)
            if found is None:
                typed = character.lower()
                found = option_starting(options, typed)
            if found is None:
                return True
            self._typed, index = typed, found
        else:
            return False
        if adding:
            self._picks[name] = index
        else:
            select = self.models[name]
            if index < 0:
                select.clear()
            else:
                select.value = options[index][1]
        self.refresh_field(name)
        return True

    @staticmethod
    def _chosen(options: list[tuple[Any, str]], value: Any) -> int:  # -1: none, the prompt shows
        return -1 if value is None else next((i for i, (_, v) in enumerate(options) if v == value), -1)

    def _value(self, name: str) -> Any:
        select = self.models.get(name)
        return None if select is None or select.is_blank() else select.value

    def on_paste(self, event: events.Paste) -> None:
        """Pasted text goes into the text field under the cursor, its first line only (as an Input does)."""
        event.stop()
        if self._kind(self.at) == "text" and event.text:
            self._insert(self.models[self.at], event.text.splitlines()[0])
            self.refresh_field(self.at)

    @staticmethod
    def _insert(model: Any, text: str) -> None:
        """Typed or pasted text: over the selection if there is one (as an Input takes it), else at the caret."""
        start, end = sorted(model.selection)
        if start != end:
            model.replace(text, start, end)
        else:
            model.insert_text_at_cursor(text)

    def on_mount(self) -> None:
        self._arrive(self.at)  # as the first field's Input was focused, with its text selected

    def on_focus(self) -> None:
        self.refresh_field(self.at)

    on_blur = on_focus

    # -- drawing -----------------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = {}
        self._cache = {}

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
            strip = self._cache[y] = self._draw(lines[y], width)
        return strip

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

    def _choice(self, cell: Cell, size: int, field: Style, here: bool) -> list[Segment]:
        options = list(self.options(cell.name))
        index = self._picks.get(cell.name, self._chosen(options, self._value(cell.name)))
        text = str(options[index][0]) if 0 <= index < len(options) else cell.text
        body = (text[: max(0, size - 2)].ljust(max(0, size - 2)) + "▼ ")[:size]
        mark = self._style("cursor") if here else self._style("placeholder") if index < 0 else Style()
        return [Segment(body, field + mark)]

    def _text(self, cell: Cell, size: int, field: Style, here: bool) -> list[Segment]:
        model = self.models[cell.name]
        value: str = model.value
        at_end = model.cursor_position >= len(value)
        suggestion = self._suggestion(value)[len(value):] if here and cell.name == "pool" and at_end else ""
        start, end = sorted(model.selection) if here else (0, 0)
        return text_segments(value, model.cursor_position, size, placeholder=str(model.placeholder or ""),
                             suggestion=suggestion, here=here, field=field, dim=self._style("placeholder"),
                             caret=self._style("cursor"), selected=(start, end), mark=self._style("selection"))
