"""Rich text to Line-API strips, for the widgets that draw a line at a time (the sheet, the roll result).

Built from rich segments directly: Textual's Visual path (wrap everything, then format) cost a millisecond
or more for a screenful that almost never needs wrapping.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip


def line_strip(line: Text, console: Console, base: Style, width: int) -> Strip:
    """One line of text (no newline in it) as a strip exactly ``width`` cells wide, over the ``base`` style."""
    segments = [Segment(segment.text, base + segment.style if segment.style else base)
                for segment in line.render(console) if segment.text]
    return Strip(segments, line.cell_len).crop_extend(0, width, base)
