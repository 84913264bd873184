"""The filters in force, one chip per value; focus a chip and press Delete (or Backspace) to drop it.

The row hides itself when no filter is set. It only shows
:meth:`vtm_tui.review.filters.LogFilter.chips`; removing posts
:class:`FilterChips.Removed` with the chip's key, and the screen decides.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalScroll
from textual.message import Message
from textual.widgets import Static

from vtm_tui.review.filters import Chip


class FilterChip(Static, can_focus=True):
    """One filter value."""

    HELP_TITLE = "Filter chip"
    BINDINGS = [
        Binding("delete,backspace,x", "remove", "Remove filter", id="chips.remove"),
        Binding("left", "step(-1)", "Previous chip", show=False, id="chips.previous"),
        Binding("right", "step(1)", "Next chip", show=False, id="chips.next"),
    ]
    DEFAULT_CSS = """
    FilterChip {
        width: auto;
        height: 1;
        padding: 0 1;
        margin-right: 1;
        background: $panel;
        color: $text;
    }
    FilterChip:focus {
        background: $accent;
        color: $text;
        text-style: bold;
    }
    """

    def __init__(self, chip: Chip) -> None:
        super().__init__(f"{chip.label} ×", markup=False)
        self.chip = chip

    def action_remove(self) -> None:
        self.post_message(FilterChips.Removed(self.chip.key))

    def action_step(self, step: int) -> None:
        chips = list(self.parent.query(FilterChip)) if self.parent else []
        if self in chips:
            chips[(chips.index(self) + step) % len(chips)].focus()


class FilterChips(HorizontalScroll, can_focus=False):
    """A one-line row of chips."""

    DEFAULT_CSS = """
    FilterChips {
        height: 1;
        scrollbar-size-horizontal: 0;
        padding: 0 1;
    }
    FilterChips.-empty {
        display: none;
    }
    """

    class Removed(Message):
        """The storyteller removed the chip ``key``."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="-empty")
        self.chips: list[Chip] = []

    def compose(self) -> ComposeResult:
        yield from ()

    def show(self, chips: list[Chip]) -> None:
        """Show ``chips``; focus stays on the chip in the same place when one is removed."""
        if chips == self.chips:
            return
        focused = self.app.focused
        position = None
        if isinstance(focused, FilterChip) and focused.parent is self:
            position = self.chips.index(focused.chip) if focused.chip in self.chips else 0
        self.chips = list(chips)
        self.remove_children()
        widgets = [FilterChip(chip) for chip in chips]
        if widgets:
            self.mount_all(widgets)
        self.set_class(not chips, "-empty")
        if position is not None:
            if widgets:
                widgets[min(position, len(widgets) - 1)].focus()
            else:
                self.screen.focus_next()
