"""A judged roll as the table needs it: every die, the outcome's name and margin, what follows.

The follow-ups that can be acted on carry their key in brackets (``[1] re-roll
failures (3 2; 1 Willpower): win 25.0%``); the roll dialog binds the keys, this
widget only shows them. It takes focus after a roll so those keys reach the
dialog rather than an input field.

Drawn by one Line API widget, not a widget per part: a roll's Enter must lay
out and paint within one frame, and each widget costs its own layout, render
and styling. A change that keeps the number of lines (the keys line, a picked
die) repaints only the lines that changed, which is what a remote terminal is
sent.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from vtm_tui.play.follow_ups import FollowUp, describe_result
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.widgets.dice_view import append_dice, describe_dice
from vtm_tui.ui.widgets.text_strips import line_strip


def outcome_line(outcome: Any) -> str:
    """``3 successes → messy critical, margin 2`` (Ingenuity: the total)."""
    return f"{ruleset_for(outcome.ruleset).roll_play().count_text(outcome)} → {describe_result(outcome)}"


def follow_up_text(item: FollowUp) -> str:
    if item.action == "info":
        return f"· {item.text}"
    mark = f"[{item.key}] " if item.key else ""
    return f"{mark}{'' if item.available else '✗ '}{item.text}"


class RollResult(ScrollView, can_focus=True):
    """The result page of the roll dialog: heading, dice, outcome, follow-ups, saved changes and keys.

    A Line API widget: the text is turned into lines once per change (and width), the screen asks for
    them one by one, and the box scrolls when it is short.
    """

    ALLOW_SELECT = False  # its lines carry no text offsets (see _make_lines); the log keeps every roll anyway
    DEFAULT_CSS = """
    RollResult { height: auto; max-height: 100%; padding: 0 1; overflow-x: hidden; }
    RollResult:focus { background-tint: $foreground 3%; }
    RollResult > .result--head { text-style: italic; }
    RollResult > .result--outcome { text-style: bold; }
    RollResult > .result--changes { color: $warning; }
    RollResult > .result--keys { color: $text-muted; }
    RollResult > .dice-view--hunger { text-style: bold; color: $error; }
    RollResult > .dice-view--regular { text-style: bold; }
    RollResult > .dice-view--legend { text-style: italic; color: $text-muted; }
    RollResult > .dice-view--picked { text-style: reverse; }
    """
    COMPONENT_CLASSES = {"result--head", "result--outcome", "result--changes", "result--keys",
                         "dice-view--hunger", "dice-view--regular", "dice-view--legend", "dice-view--picked"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.outcome: Any = None
        self.head = ""
        self.follow: list[str] = []
        self.changes: list[str] = []
        self.keys = ""
        self.pick_mode = False
        self.picked: tuple[int, ...] = ()
        self._layout_width = 0
        self._lines: list[Strip] = []
        self._lines_width = -1  # the width ``_lines`` were made for (-1: out of date)
        self._styles: dict[str, Any] = {}  # component styles, until the styles change

    # -- what is shown ---------------------------------------------------------------------------
    def show(self, outcome: Any, head: str, follow: Iterable[FollowUp], changes: Iterable[str], keys: str) -> None:
        """Draw ``outcome`` with its heading, follow-ups, saved changes and the keys that work now."""
        self.outcome, self.head, self.pick_mode, self.picked = outcome, head, False, ()
        self.follow = [follow_up_text(item) for item in follow]
        self.changes = list(changes)
        self.keys = keys
        self._lines_width = -1
        self.scroll_home(animate=False, immediate=True)
        self.refresh(layout=True)

    def set_pick(self, pick_mode: bool, picked: tuple[int, ...] = ()) -> None:
        """Pick mode shows each regular die's key above it; ``picked`` dice are marked ``^``."""
        self.pick_mode, self.picked = pick_mode, tuple(picked)
        self._redraw()

    def set_follow(self, follow: Iterable[FollowUp], keys: str) -> None:
        """The follow-ups and keys again, when a choice has closed some of them (win at a cost)."""
        self.follow = [follow_up_text(item) for item in follow]
        self.keys = keys
        self._redraw()

    def set_keys(self, keys: str) -> None:
        self.keys = keys
        self._redraw()

    def describe(self) -> str:
        """Everything shown, as plain text (for tests)."""
        if self.outcome is None:
            return ""
        parts = [self.head, describe_dice(self.outcome), outcome_line(self.outcome), "\n".join(self.follow),
                 "Saved: " + "; ".join(self.changes) if self.changes else ""]
        return "\n".join(p for p in parts if p)

    # -- drawing ---------------------------------------------------------------------------------
    def _text(self, width: int) -> Text:
        text = Text()
        if self.outcome is None:
            return text
        style = self._style
        text.append(self.head, style=style("result--head"))
        text.append("\n")
        append_dice(text, self.outcome, width, style, self.pick_mode, self.picked)
        text.append("\n")
        text.append(outcome_line(self.outcome), style=style("result--outcome"))
        for line in self.follow:
            text.append("\n" + line)
        if self.changes:
            text.append("\n")
            text.append("Saved: " + "; ".join(self.changes), style=style("result--changes"))
        text.append("\n")
        text.append(self.keys, style=style("result--keys"))
        return text

    def _style(self, name: str) -> Any:
        try:
            return self._styles[name]
        except KeyError:
            found = self._styles[name] = self.get_component_rich_style(name)
            return found

    def _make_lines(self, width: int) -> list[Strip]:
        """One strip per line, wrapping only the lines wider than the box (see text_strips: Textual's
        Visual path took about 1.2 ms of a roll's 16 ms frame)."""
        if self.outcome is None or width <= 0:
            return []
        console, base = self.app.console, self.visual_style.rich_style
        return [line_strip(part, console, base, width)
                for line in self._text(width).split("\n", include_separator=False)
                for part in ((line,) if line.cell_len <= width else line.wrap(console, width))]

    def _lines_for(self, width: int) -> list[Strip]:
        if width != self._lines_width:
            self._lines = self._make_lines(width)
            self._lines_width = width
            self.set_reactive(ScrollView.virtual_size, Size(width, len(self._lines)))
        return self._lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # The width is kept: asking for self.size during a layout would arrange the whole screen again.
        self._layout_width = width
        return len(self._lines_for(width))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = {}
        self._lines_width = -1  # the lines carry the colours (focus tints the background)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        lines = self._lines_for(width)
        y += self.scroll_offset.y
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def _redraw(self) -> None:
        """Repaint the lines that changed, or lay out again when their number changes."""
        before, width = self._lines, self._lines_width
        if width < 0 or not before:
            self._lines_width = -1
            self.refresh(layout=True)
            return
        after = self._make_lines(width)
        self._lines = after
        if len(after) != len(before):
            self.set_reactive(ScrollView.virtual_size, Size(width, len(after)))
            self.refresh(layout=True)
            return
        top = self.scroll_offset.y
        changed = [Region(0, y - top, width, 1) for y, (old, new) in enumerate(zip(before, after)) if old != new]
        if changed:
            self.refresh(*changed)
