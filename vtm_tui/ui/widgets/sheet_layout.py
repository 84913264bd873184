"""Laying a sheet out as lines of text with editable slots and a cursor.

A sheet is drawn as one block of text (cheap to rebuild on every key, however many traits), not as a widget
per trait. Each rule set's module (``sheet_v5``, ``sheet_v20``, ``sheet_ingenuity``) feeds a
:class:`SheetBuilder` with headings, paragraphs and grids of :class:`Cell` s; the builder remembers on which
line each editable slot landed (so the view can scroll to the cursor) and where it sits in its grid (so
←/→ move between columns). The cursor is drawn with a ``▶`` marker as well as reverse video.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from rich.text import Text

from vtm_tui.rules.sheet_edits import Slot

CURSOR = "▶"
CURSOR_STYLE = "reverse bold"


@dataclass
class Cell:
    """A label and its value; editable when it has a slot."""

    label: str
    value: Text | str
    slot: Slot | None = None
    note: str = ""  # shown after the value when there is room (a specialty, a power list)
    dim: bool = False  # an empty trait (0 dots)


@dataclass
class SheetLayout:
    """The drawn sheet and where its slots are."""

    text: Text
    slots: list[Slot] = field(default_factory=list)
    slot_lines: list[int] = field(default_factory=list)
    slot_grid: list[tuple[int, int, int]] = field(default_factory=list)  # (grid, column, row); grid -1 = none

    def index_of(self, field_name: str | None) -> int:
        for index, slot in enumerate(self.slots):
            if slot.field == field_name:
                return index
        return 0 if self.slots else -1

    def beside(self, index: int, direction: int) -> int:
        """The slot in the neighbouring column of the same grid (same row, or its last); else ``index``."""
        if not 0 <= index < len(self.slots):
            return index
        grid, column, row = self.slot_grid[index]
        if grid < 0:
            return index
        best = index
        for other, (g, c, r) in enumerate(self.slot_grid):
            if g == grid and c == column + direction:
                best = other
                if r >= row:
                    break
        return best


class SheetBuilder:
    """Accumulates lines; ``cursor`` is the field of the slot to highlight."""

    def __init__(self, width: int, cursor: str | None) -> None:
        self.width = max(20, width)
        self.cursor = cursor
        self.lines: list[Text] = []
        self.slots: list[Slot] = []
        self.slot_lines: list[int] = []
        self.slot_grid: list[tuple[int, int, int]] = []
        self._grids = 0

    # -- plain lines --------------------------------------------------------------------------
    def heading(self, title: str, right: str = "") -> None:
        if self.lines:
            self.lines.append(Text(""))
        text = Text(f"── {title} ", style="bold")
        fill = self.width - text.cell_len - (len(right) + 2 if right else 0)
        text.append("─" * max(2, fill), style="dim")
        if right:
            text.append(f" {right} ", style="bold")
        self.lines.append(text)

    def paragraph(self, text: str, style: str = "", indent: str = " ") -> None:
        """Wrapped text (wrapped here, so the line numbers of slots below stay exact)."""
        for raw in text.splitlines() or [""]:
            wrapped = textwrap.wrap(raw, self.width - len(indent), subsequent_indent="") or [""]
            for line in wrapped:
                self.lines.append(Text(indent + line, style=style))

    def line(self, text: Text | str) -> None:
        self.lines.append(text if isinstance(text, Text) else Text(text))

    # -- cells ------------------------------------------------------------------------------
    def _cell(self, cell: Cell, label_width: int, value_width: int, with_note: bool) -> Text:
        focused = cell.slot is not None and cell.slot.field == self.cursor
        text = Text(CURSOR if focused else " ", style="bold" if focused else "")
        body = Text(cell.label.ljust(label_width)[:label_width] + " ")
        value = cell.value if isinstance(cell.value, Text) else Text(cell.value)
        value = value.copy()
        value.pad_right(max(0, value_width - value.cell_len))
        body.append_text(value)
        if cell.dim and not focused:
            body.stylize("dim")
        if focused:
            body.stylize(CURSOR_STYLE)
        text.append_text(body)
        if with_note and cell.note:
            text.append("  " + cell.note, style="italic")
        return text

    def _register(self, cell: Cell, line: int, grid: int, column: int, row: int) -> None:
        if cell.slot is None:
            return
        self.slots.append(cell.slot)
        self.slot_lines.append(line)
        self.slot_grid.append((grid, column, row))

    def rows(self, cells: list[Cell], label_width: int = 13, value_width: int = 5) -> None:
        """One cell per line, notes wrapped after the value. The labels get the room the longest needs (up to
        the width): a name the player chose ("Grasp of the tide") is never cut at a fixed column."""
        longest = max((len(cell.label) for cell in cells), default=0)
        label_width = max(label_width, min(longest, self.width - value_width - 3))
        for row, cell in enumerate(cells):
            text = self._cell(cell, label_width, value_width, with_note=False)
            if cell.note:
                room = self.width - text.cell_len - 2
                if room >= 12:
                    pieces = textwrap.wrap(cell.note, room) or [""]
                    text.append("  " + pieces[0], style="italic")
                    self._register(cell, len(self.lines), -1, 0, row)
                    self.lines.append(text)
                    for piece in pieces[1:]:
                        self.lines.append(Text(" " * (self.width - room) + piece, style="italic"))
                    continue
                self._register(cell, len(self.lines), -1, 0, row)
                self.lines.append(text)
                for piece in textwrap.wrap(cell.note, self.width - 4):
                    self.lines.append(Text("    " + piece, style="italic"))
                continue
            self._register(cell, len(self.lines), -1, 0, row)
            self.lines.append(text)

    def grid(self, columns: list[tuple[str, list[Cell]]], label_width: int = 13, value_width: int = 5) -> None:
        """Columns side by side when they fit, else one under the other (each with its title)."""
        grid = self._grids
        self._grids += 1
        cell_width = 1 + label_width + 1 + value_width
        gap = 1 if len(columns) * (cell_width + 1) - 1 <= self.width else 0
        side_by_side = len(columns) * (cell_width + gap) - gap <= self.width
        if not side_by_side:
            for column, (title, cells) in enumerate(columns):
                if title:
                    self.lines.append(Text(" " + title, style="bold italic"))
                for row, cell in enumerate(cells):
                    self._register(cell, len(self.lines), grid, column, row)
                    self.lines.append(self._cell(cell, label_width, value_width, with_note=False))
            return
        titles = [title for title, _ in columns]
        if any(titles):
            head = Text()
            for title in titles:
                head.append((" " + title).ljust(cell_width + gap), style="bold italic")
            self.lines.append(head)
        first_line = len(self.lines)
        height = max(len(cells) for _, cells in columns)
        for row in range(height):
            text = Text()
            for column, (_, cells) in enumerate(columns):
                if row < len(cells):
                    text.append_text(self._cell(cells[row], label_width, value_width, with_note=False))
                    text.append(" " * gap)
                else:
                    text.append(" " * (cell_width + gap))
            self.lines.append(text)
        for column, (_, cells) in enumerate(columns):
            for row, cell in enumerate(cells):
                self._register(cell, first_line + row, grid, column, row)

    # -- result ------------------------------------------------------------------------------
    def build(self) -> SheetLayout:
        return SheetLayout(Text("\n").join(self.lines), self.slots, self.slot_lines, self.slot_grid)
