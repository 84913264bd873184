"""The character sheet beside the list: laid out for the chronicle's rule set, with a trait cursor.

It holds reactive ``character`` (bound from the coterie screen's ``selected_character``: attributes go
down) and ``cursor`` (the focused slot's field). Any change of either redraws the text; the view scrolls so
the cursor stays visible. Edits go up as :class:`SheetView.Step` messages; the screen saves them.

Drawn a line at a time (Textual's Line API), like the log and the roll result: the sheet's text is cut into
one strip per line, and a change repaints only the lines that differ (a trait key: two lines). As a Static
in a scrolling container, every key re-rendered the whole sheet and laid the screen out again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from vtm_tui.model.character import Character
from vtm_tui.rules.ruleset import registry_entry
from vtm_tui.ui.widgets.text_strips import line_strip

if TYPE_CHECKING:  # loaded with the rule set's sheet (``sheet_<id>.py``), after the first paint
    from vtm_tui.rules.sheet_edits import Slot
    from vtm_tui.ui.widgets.sheet_layout import SheetLayout

    Layout = Callable[[Character, int, str | None], SheetLayout]


#: The sheet of a rule set whose registry line names no layout of its own: its traits, one per row.
PLAIN_LAYOUT = "vtm_tui.ui.widgets.sheet_common.layout_plain"


def _layout_path(ruleset: str) -> tuple[str, str]:
    """(module, function) that draw ``ruleset``'s sheet: its registry line's ``sheet_layout``, else the plain one."""
    module, _, name = (registry_entry(ruleset).sheet_layout or PLAIN_LAYOUT).rpartition(".")
    return module, name


def layout_module(ruleset: str) -> ModuleType:
    """The module that draws the rule set's sheet, named by its registry line (imported on first use).

    Found through the registry, so this view never compares a rule set's name. A module whose sheet shows the
    engine's tables may offer ``engine_loaded()`` and ``load_engine()``: the view then loads it in a thread.
    """
    return importlib.import_module(_layout_path(ruleset)[0])


def layout_for(ruleset: str) -> Layout:
    """The rule set's sheet: the function its registry line names, in its :func:`layout_module`."""
    return getattr(layout_module(ruleset), _layout_path(ruleset)[1])


class SheetView(ScrollView, can_focus=True):
    """A scrolling sheet with a cursor on one trait."""

    HELP_TITLE = "Sheet"
    BINDINGS = [
        Binding("down,j", "move(1)", "Next trait", show=False, id="sheet.down"),
        Binding("up,k", "move(-1)", "Previous trait", show=False, id="sheet.up"),
        Binding("right,l", "beside(1)", "Column to the right", show=False, id="sheet.right"),
        Binding("left", "beside(-1)", "Column to the left (or the list)", show=False, id="sheet.left"),
        Binding("home", "first", "First trait", show=False, id="sheet.first"),
        Binding("end", "last", "Last trait", show=False, id="sheet.last"),
        Binding("plus,equals_sign", "step(1)", "Raise", key_display="+", id="sheet.more"),
        Binding("minus", "step(-1)", "Lower", key_display="-", id="sheet.less"),
    ]

    character: reactive[Character | None] = reactive(None, always_update=True)
    cursor: reactive[str | None] = reactive(None)
    #: Shown with no character; a player's seat says its own (there ``a`` answers requests, it adds nobody).
    empty_text = "No character selected. a adds one."

    class Step(Message):
        """``+``/``-`` on a slot: the screen applies, saves and logs it."""

        def __init__(self, slot: Slot, delta: int) -> None:
            super().__init__()
            self.slot = slot
            self.delta = delta

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sheet_layout: SheetLayout | None = None
        self._text = Text()
        self._strips: list[Strip] = []
        self._strips_width = -1  # the width the strips were cut for (-1: cut them again)
        self._drawn: tuple[object, str | None, int] | None = None  # what the sheet shows now
        self._engine_coming = False
        #: Whether +/- may change a slot (None: always). A player's seat sets it so that the footer offers
        #: ``+ Raise`` / ``- Lower`` only where they work, not on traits that are the storyteller's.
        self.may_step: Callable[[Slot], bool] | None = None

    # -- drawing ------------------------------------------------------------------------
    def watch_character(self, _character: Character | None) -> None:
        self.redraw()

    def watch_cursor(self, _cursor: str | None) -> None:
        self.redraw()
        self.call_after_refresh(self.scroll_to_cursor)
        if self.may_step is not None:
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step" and self.may_step is not None:
            slot = self.focused_slot
            return slot is not None and self.may_step(slot)
        return True

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        character = self.character
        if character is None:
            self.sheet_layout = None
            self._drawn = None
            self._show(Text(self.empty_text, style="italic"))
            return
        if not self.size.width:
            return  # not laid out yet: on_resize draws it at its real width
        width = max(20, self.size.width - 1)
        drawn = self._drawn
        if drawn is not None and drawn[0] is character and drawn[1] == self.cursor and drawn[2] == width:
            return  # the same sheet again (a highlight that did not change the selection)
        self.sheet_layout = layout_for(character.ruleset)(character, width, self.cursor)
        if self.sheet_layout.slots and self.cursor not in {s.field for s in self.sheet_layout.slots}:
            self.set_reactive(SheetView.cursor, self.sheet_layout.slots[0].field)
            self.sheet_layout = layout_for(character.ruleset)(character, width, self.cursor)
        self._show(self.sheet_layout.text)
        self._drawn = (character, self.cursor, width)
        module = layout_module(character.ruleset)
        engine_loaded = getattr(module, "engine_loaded", None)
        if engine_loaded is not None and not engine_loaded() and not self._engine_coming:
            # The first sheet shows at once; the engine's table follows, imported in a thread. Imported
            # on the loop (about 100 ms) it ran before Textual had sent the first frame, which reached
            # the terminal only after it.
            self._engine_coming = True
            self.run_worker(partial(self._load_engine, module.load_engine), thread=True, group="sheet-engine")

    def _show(self, text: Text) -> None:
        """Show ``text``: repaint the lines that changed, or lay out again when their number changed."""
        self._text = text
        width = self.scrollable_content_region.width
        if width <= 0 or self._strips_width != width:
            self._strips_width = -1
            self.refresh()
            return
        before = self._strips
        after = self._cut(width)
        self._strips = after
        if len(after) != len(before):
            self.virtual_size = Size(width, len(after))
            self.refresh()
            return
        for y, (old, new) in enumerate(zip(before, after, strict=True)):
            if old != new:
                self.refresh_line(y)

    def _cut(self, width: int) -> list[Strip]:
        """One strip per line of the text, cut at ``width`` (the sheet never wraps)."""
        console, base = self.app.console, self.visual_style.rich_style
        return [line_strip(line, console, base, width) for line in self._text.split("\n", include_separator=False)]

    def _strips_for(self, width: int) -> list[Strip]:
        if width != self._strips_width:
            self._strips = self._cut(width)
            self._strips_width = width
            size = Size(width, len(self._strips))
            if self.virtual_size != size:
                self.virtual_size = size  # the scrollbar follows
        return self._strips

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips_width = -1  # the strips carry the colours (focus tints the background)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        strips = self._strips_for(width)
        index = int(self.scroll_offset.y) + y
        if 0 <= index < len(strips):
            return strips[index]
        return Strip.blank(width, self.visual_style.rich_style)

    def _load_engine(self, load: Callable[[], None]) -> None:
        load()
        self.app.call_from_thread(self._with_engine)

    def _with_engine(self) -> None:
        self._engine_coming = False
        self._drawn = None
        self.redraw()

    def scroll_to_cursor(self) -> None:
        layout = self.sheet_layout
        if layout is None or not layout.slots:
            return
        line = layout.slot_lines[layout.index_of(self.cursor)]
        height = self.scrollable_content_region.height
        if line < self.scroll_y + 1:
            self.scroll_to(y=max(0, line - 2), animate=False)
        elif line >= self.scroll_y + height - 1:
            self.scroll_to(y=line - height + 3, animate=False)

    # -- the cursor ---------------------------------------------------------------------
    @property
    def focused_slot(self) -> Slot | None:
        layout = self.sheet_layout
        if layout is None or not layout.slots:
            return None
        return layout.slots[layout.index_of(self.cursor)]

    def action_move(self, delta: int) -> None:
        layout = self.sheet_layout
        if layout is None or not layout.slots:
            return
        index = max(0, min(len(layout.slots) - 1, layout.index_of(self.cursor) + delta))
        self.cursor = layout.slots[index].field

    def action_first(self) -> None:
        if self.sheet_layout and self.sheet_layout.slots:
            self.cursor = self.sheet_layout.slots[0].field
            self.scroll_home(animate=False)

    def action_last(self) -> None:
        if self.sheet_layout and self.sheet_layout.slots:
            self.cursor = self.sheet_layout.slots[-1].field

    def action_beside(self, direction: int) -> None:
        layout = self.sheet_layout
        if layout is None or not layout.slots:
            return
        index = layout.index_of(self.cursor)
        target = layout.beside(index, direction)
        if target == index and direction < 0:
            self.screen.focus_previous()
            return
        self.cursor = layout.slots[target].field

    def action_step(self, delta: int) -> None:
        slot = self.focused_slot
        if slot is not None:
            self.post_message(self.Step(slot, delta))
