"""The app's last word on user text: no character a terminal obeys is drawn as itself.

A sheet may hold an escape sequence (edited by hand, or from before the entering
checks of :mod:`vtm_tui.rules.user_text`), and every widget shows names, notes
and comments as plain text; plain text, to Textual, is still written to the
terminal byte for byte. So the one place where the text of a line and its
colour codes are still apart, :meth:`textual.strip.Strip.render`, drops what
:mod:`vtm_tui.terminal_text` calls unsafe (escapes, C1 controls, bidirectional
overrides, line separators): they take no cell in Textual's layout, so nothing
moves, and the printable rest (``]0;title``) is shown as typed. The storyteller's
app and every seat (SSH or browser) draw through it.

It also makes every border title (and tab title) text, never markup: Textual reads a
``str`` title as markup (:meth:`textual.widget.Widget.render_str`), so a dialog titled
with a character's name (``Blood — Aaa [/oops]``) ended the app with a MarkupError,
and ``[@click=app.quit]`` became a link. No title in the app is markup; a widget
that wants styling in one passes a :class:`~textual.content.Content`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.widget import Widget

from vtm_tui.terminal_text import drop_unsafe


def install() -> None:
    """Wrap :meth:`Strip.render` and :meth:`Widget.render_str` once per process (the app calls it as it starts)."""
    original = Strip.render
    if getattr(original, "drops_unsafe", False):
        return
    Widget.render_str = _plain_title  # type: ignore[method-assign]

    def render(self: Strip, console: Any) -> str:
        if all(segment.text.isprintable() for segment in self):  # the usual line: nothing to look at
            return original(self, console)
        clean = Strip([Segment(drop_unsafe(s.text), s.style, s.control) for s in self], self.cell_length)
        return original(clean, console)

    render.drops_unsafe = True  # type: ignore[attr-defined]
    Strip.render = render  # type: ignore[method-assign]


def _plain_title(self: Widget, text_content: str | Content) -> Content:
    """A title as given: text, never markup (see the module docstring)."""
    return text_content if isinstance(text_content, Content) else _content(text_content)


@lru_cache(maxsize=256)
def _content(text: str) -> Content:
    """One :class:`Content` per title text: a dialog's border is drawn again on every frame, and a title made anew
    each time is parsed anew each time."""
    return Content(text)
