"""An option list whose highlighted row carries ``▶``: Textual shows the highlight by colour alone.

Used wherever a list offers a choice Enter (or Delete) acts on: a new chronicle's rule set, a new character's
kind, a session, a log filter's value, a seat to ask, a creation page's entries. On a monochrome terminal, or to
a colour-blind storyteller, the row a key would take was invisible.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▶ "


def _marked(mark: str, prompt: Text) -> Text:
    """``mark`` before ``prompt``, keeping how the prompt wraps or is cut (a session's line ends in an ellipsis)."""
    text = Text(mark, style="bold" if mark.strip() else "", no_wrap=prompt.no_wrap, overflow=prompt.overflow)
    text.append_text(prompt)
    return text


class MarkedOptionList(OptionList):
    """An OptionList that writes ``▶`` before the highlighted option (and two spaces before the others).

    Every way options arrive (the constructor, ``add_options``, ``set_options``) goes through
    :meth:`add_options`, which keeps each option's own prompt to mark it again when the highlight moves.
    """

    def add_options(self, new_options: Iterable[Any]) -> MarkedOptionList:  # Option, a prompt or None (a divider)
        prompts: list[Text] = self.__dict__.setdefault("_prompts", [])
        del prompts[self.option_count:]  # options cleared (set_options, clear_options): their prompts go too
        marked: list[Any] = []
        for content in new_options:
            if content is None:
                marked.append(None)
                continue
            option = content if isinstance(content, Option) else Option(content)
            # A string prompt is text, never markup: the widget is meant for any list, names included.
            prompt = Text(option.prompt) if isinstance(option.prompt, str) else option.prompt
            prompts.append(prompt)
            marked.append(Option(_marked("  ", prompt), id=option.id, disabled=option.disabled))
        return super().add_options(marked)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        prompts: list[Text] = self.__dict__.get("_prompts", [])
        count = min(len(prompts), self.option_count)
        for index, on in ((old, False), (new, True)):
            if index is not None and 0 <= index < count:
                self.replace_option_prompt_at_index(index, _marked(MARK if on else "  ", prompts[index]))
