"""Check marks that show their state by a mark, not by colour alone: ``X`` ticked, blank not.

Textual's Checkbox and SelectionList draw an ``X`` in both states and tell
them apart by colour, which a monochrome SSH terminal (or a colour-blind
storyteller) cannot see.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets.option_list import OptionDoesNotExist


class MarkCheckbox(Checkbox):
    """A checkbox whose box is empty when off."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "


class MarkSelectionList(SelectionList):
    """A selection list whose unticked rows show an empty box."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        _, scroll_y = self.scroll_offset
        try:
            selection = self.get_option_at_index(scroll_y + y)
        except OptionDoesNotExist:
            return strip
        segments = list(strip)
        if selection.value in self._selected or len(segments) < 3 or segments[1].text != "X":
            return strip
        segments[1] = Segment(" ", segments[1].style)
        return Strip(segments, strip.cell_length)
