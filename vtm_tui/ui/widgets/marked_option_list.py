"""An option list whose highlighted row carries ``▶``: Textual shows the highlight by colour alone.

Used where a dialog offers a choice (a new chronicle's rule set, a new character's kind, a session): on a
monochrome terminal, or to a colour-blind storyteller, the choice Enter would take was invisible.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▶ "


class MarkedOptionList(OptionList):
    """An OptionList that writes ``▶`` before the highlighted option (and two spaces before the others)."""

    def __init__(self, *options: Option, **kwargs) -> None:  # noqa: ANN003 - OptionList's own
        # A string prompt is text, never markup: the widget is meant for any list, names included.
        self._prompts = [Text(o.prompt) if isinstance(o.prompt, str) else o.prompt for o in options]
        marked = [Option(Text("  ") + prompt, id=o.id, disabled=o.disabled)
                  for o, prompt in zip(options, self._prompts, strict=True)]
        super().__init__(*marked, **kwargs)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        for index, on in ((old, False), (new, True)):
            if index is not None and 0 <= index < len(self._prompts):
                self.replace_option_prompt_at_index(index, Text(MARK if on else "  ", style="bold")
                                                    + self._prompts[index])
