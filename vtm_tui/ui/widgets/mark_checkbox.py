"""Check marks and radio buttons that show their state by a mark, not by colour alone, and keys that mean one thing.

Textual's Checkbox, RadioButton and SelectionList draw the same mark in both
states and tell them apart by colour, which a monochrome SSH terminal (or a
colour-blind storyteller) cannot see: here an unticked box is empty and an
unchosen radio shows ``○``.

Enter on a focused box does what the dialog's hint says (roll, add), not
untick it: only space toggles. And a selection list toggles the row under the
cursor when space arrives, not when its message is handled, so keys that come
together (typeahead, an SSH burst) tick the rows they were meant for. (Textual
8.2's SelectionList toggles whatever row is highlighted once the queued
``OptionSelected`` is handled: ``space down space down space`` in one burst
ticks only the last row.)
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.actions import SkipAction
from textual.binding import Binding
from textual.strip import Strip
from textual.widgets import Checkbox, RadioButton, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

#: Enter is passed on to the dialog (its Enter rolls / adds / exports).
PASS_ENTER = Binding("enter", "pass_enter", "The dialog's Enter (space ticks)", show=False, id="tick.enter")


class MarkCheckbox(Checkbox):
    """A checkbox whose box is empty when off; space toggles it, Enter belongs to the dialog."""

    BINDINGS = [PASS_ENTER]

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "

    def action_pass_enter(self) -> None:
        raise SkipAction()


class MarkRadioButton(RadioButton):
    """A radio button that shows ``●`` when chosen and ``○`` when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "●" if self.value else "○"


class MarkSelectionList(SelectionList):
    """A selection list whose unticked rows show an empty box, toggled at once on space; Enter goes on.

    The row space acts on carries ``▶`` after its box (the highlight alone is a colour). Prompts are plain
    text, never markup: they are characters' names.
    """

    BINDINGS = [PASS_ENTER]

    def __init__(self, *selections: tuple[str, object], **kwargs) -> None:  # noqa: ANN003 - SelectionList's
        self._labels = [Text(str(label)) for label, *_ in selections]
        marked = [(Text("  ") + label, *rest) for label, (_, *rest) in zip(self._labels, selections, strict=True)]
        super().__init__(*marked, **kwargs)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        for index, on in ((old, False), (new, True)):
            if index is not None and 0 <= index < len(self._labels):
                self.replace_option_prompt_at_index(index, Text("▶ " if on else "  ", style="bold")
                                                    + self._labels[index])

    def action_pass_enter(self) -> None:
        raise SkipAction()

    def action_select(self) -> None:
        """Toggle the highlighted row now (see the module docstring for why not through a message)."""
        highlighted = self.highlighted
        if highlighted is None:
            return
        selection = self.get_option_at_index(highlighted)
        if not selection.disabled:
            self.toggle(selection)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        _, scroll_y = self.scroll_offset
        try:
            selection = self.get_option_at_index(scroll_y + y)
        except OptionDoesNotExist:
            return strip
        segments = list(strip)
        if selection.value in self.selected or len(segments) < 3 or segments[1].text != "X":
            return strip
        segments[1] = Segment(" ", segments[1].style)
        return Strip(segments, strip.cell_length)
