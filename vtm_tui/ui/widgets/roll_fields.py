"""The roll form's fields drawn as lines by one widget that owns the cursor (Textual's Line API).

A form of some twenty field widgets (inputs, tick boxes, selects) made every Tab a focus change: the field
left and the field reached restyled, the dialog repainted, 13–18 ms of a seat's CPU per key on a server
where seventeen rolls a second must fit in two cores (docs/server.md). Here the cursor is this widget's
own: Tab, Shift+Tab, ↑ and ↓ move it and repaint the one or two rows it left and reached; a key typed
edits the field under it and repaints that row.

What each field holds stays in a standard widget (an ``Input``, a tick box, a ``Select``), never shown
(:mod:`vtm_tui.ui.widgets.field_models`): its editing (cursor, insert, delete, paste, length limit), its
value and its change messages are Textual's, which the dialog and the tests read as before. This widget
draws them and sends them the keys. What the cursor is on is shown in reverse video (the caret in a text
field, the whole tick box or choice), not by colour alone.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

from vtm_tui.ui.widgets.field_cells import EDIT_KEYS, Row, option_starting
from vtm_tui.ui.widgets.field_lines import FieldLines


class RollFields(FieldLines, Widget, can_focus=True):
    """Every field of the roll form, one row per line, and the status and ladder text between them."""

    ALLOW_SELECT = False
    #: The keys that move between fields are priority bindings: Textual runs them as the key arrives, where a
    #: plain binding runs once the key has gone round the widgets, after the keys typed behind it were already
    #: typed into the field left (``ctrl+t`` and a comment typed at once put the comment in the pool).
    BINDINGS = [
        Binding("tab", "next_field", "Next field (completes a trait first)", show=False, id="roll.next_field",
                priority=True),
        Binding("shift+tab", "previous_field", "Previous field", show=False, id="roll.previous_field",
                priority=True),
        Binding("down", "row(1)", "Field below", show=False, id="roll.field_below"),
        Binding("up", "row(-1)", "Field above", show=False, id="roll.field_above"),
        Binding("ctrl+t", "to_field('comment')", "To the comment", show=False, id="roll.comment", priority=True),
    ]
    COMPONENT_CLASSES = {"roll-fields--label", "roll-fields--field", "roll-fields--placeholder",
                         "roll-fields--cursor", "roll-fields--error", "roll-fields--muted", "roll-fields--disabled",
                         "roll-fields--current", "roll-fields--selection"}
    DEFAULT_CSS = """
    RollFields { height: auto; padding: 0 1; }
    RollFields > .roll-fields--label { color: $text-muted; }
    RollFields > .roll-fields--muted { color: $text-muted; }
    RollFields > .roll-fields--field { background: $surface; }
    RollFields > .roll-fields--current { background: $foreground 5%; }
    RollFields > .roll-fields--placeholder { color: $text-disabled; }
    RollFields > .roll-fields--selection { background: $input-selection-background; }
    RollFields > .roll-fields--cursor {  /* reversed: an Input's cursor colours, and seen without colour too */
        background: $input-cursor-foreground; color: $input-cursor-background; text-style: reverse;
    }
    RollFields > .roll-fields--error { color: $error; text-style: bold; }
    RollFields > .roll-fields--disabled { text-style: dim; }
    RollFields:ansi > .roll-fields--field { background: ansi_default; }
    RollFields:ansi > .roll-fields--placeholder { color: ansi_default; text-style: dim; }
    RollFields:ansi > .roll-fields--cursor { background: ansi_black; color: ansi_white; text-style: reverse; }
    """

    class Chose(Message):
        """A trait was picked on the ``add-trait`` choice (Enter or space): the form adds it to the pool."""

        def __init__(self, value: str) -> None:
            super().__init__()
            self.value = value

    def __init__(self, rows: Sequence[Row], models: dict[str, Any], *,
                 options: Callable[[str], Sequence[tuple[Text | str, str]]],
                 completion: Callable[[str], str | None], id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = list(rows)
        self.models = models
        self.options = options
        self.completion = completion
        self.order = [cell.name for row in self.rows if not isinstance(row, str) for cell in row
                      if cell.name and not self._disabled(cell.name)]
        self._kinds = {cell.name: cell.kind for row in self.rows if not isinstance(row, str) for cell in row}
        self.at = self.order[0] if self.order else ""
        self.status: tuple[str, ...] = ()
        self.status_error = False
        self.ladder = ""
        self._picks: dict[str, int] = {}  # a choice's option under the cursor (add-trait: not yet chosen)
        self._typed = ""  # letters typed on a choice, to jump to the option they begin
        self._init_lines()

    # -- the fields --------------------------------------------------------------------------------
    def _disabled(self, name: str) -> bool:
        return bool(getattr(self.models.get(name), "disabled", False))

    def _kind(self, name: str) -> str:
        return self._kinds.get(name, "")

    def move_to(self, name: str) -> None:
        """Put the cursor on field ``name`` (a model's ``focus()`` comes here) and show it."""
        if name not in self.order or name == self.at:
            return
        before, self.at = self.at, name
        self._typed = ""
        self._picks.pop(before, None)  # a trait shown on "+ add a trait" and not added is forgotten
        self._arrive(name)
        self.refresh_field(before)
        self.refresh_field(name)
        self._show_row(name)

    def _arrive(self, name: str) -> None:
        """A text field reached has all its text selected, as an Input's focus selects it: typing replaces
        it (a new pool over the last one), ← → or Home/End keep it."""
        model = self.models.get(name)
        if self._kind(name) == "text" and model is not None and model.value:
            model.select_all()

    def _show_row(self, name: str) -> None:
        parent = self.parent
        y = self._line_of(name)
        if y is None or parent is None or not hasattr(parent, "scroll_to_region"):
            return
        top = self.virtual_region.y + y
        seen = parent.scroll_offset.y
        if seen <= top < seen + parent.scrollable_content_region.height:
            return  # in view already (every row at 80×24): no scroll to work out
        parent.scroll_to_region(Region(0, top, 1, 1), animate=False, immediate=True)

    def refresh_field(self, name: str) -> None:
        """Repaint the row that shows field ``name`` (its model's value or cursor changed)."""
        y = self._line_of(name)
        if y is not None:
            self._cache.pop(y, None)
            self.refresh(Region(0, y, self._width + 2, 1))  # the compositor clips it to the widget

    def set_status(self, lines: Sequence[str], *, error: bool) -> None:
        """The request's headline and notes (or the error) under the pool."""
        lines = tuple(lines)
        if lines == self.status and error == self.status_error:
            return
        self.status, self.status_error = lines, error
        self._relayout()

    def set_ladder(self, text: str) -> None:
        if text != self.ladder:
            self.ladder = text
            self._relayout()

    def reset(self) -> None:
        """A new opening: the cursor back on the first field, nothing picked."""
        self.at = self.order[0] if self.order else ""
        self._picks.clear()
        self._typed = ""
        self._arrive(self.at)
        self._relayout()

    # -- keys --------------------------------------------------------------------------------------
    def action_next_field(self) -> None:
        if self.at == "pool" and self._accept_completion():
            return
        self._step(1)

    def action_to_field(self, name: str) -> None:
        """Straight to one field (ctrl+t: the comment, past the eight fields a Tab would cross)."""
        self.move_to(name)

    def action_previous_field(self) -> None:
        self._step(-1)

    def _step(self, by: int) -> None:
        if self.at in self.order:
            self.move_to(self.order[(self.order.index(self.at) + by) % len(self.order)])

    def action_row(self, by: int) -> None:
        """The field of the row above or below (the nearest column to the one left)."""
        rows = [row for row in self.rows if not isinstance(row, str)
                and any(cell.name in self.order for cell in row)]
        here = next((i for i, row in enumerate(rows) if any(cell.name == self.at for cell in row)), None)
        if here is None or not 0 <= here + by < len(rows):
            return
        column = [cell.name for cell in rows[here] if cell.name in self.order].index(self.at)
        names = [cell.name for cell in rows[here + by] if cell.name in self.order]
        self.move_to(names[min(column, len(names) - 1)])

    def _accept_completion(self) -> bool:
        model = self.models.get("pool")
        if model is None or model.cursor_position != len(model.value):
            return False
        suggestion = self._completion_of(model.value)
        if not suggestion:
            return False
        model.value = suggestion
        model.cursor_position = len(suggestion)
        self.refresh_field("pool")
        return True

    def _completion_of(self, value: str) -> str:
        if not value:
            return ""
        found = self.completion(value) or ""
        return found if len(found) > len(value) else ""

    def on_key(self, event: events.Key) -> None:
        """Typing edits the field under the cursor; what is not the field's goes on to the dialog's keys."""
        kind = self._kind(self.at)
        key = event.key
        handled = False
        if kind == "text":
            handled = self._edit_key(key, event.character if event.is_printable else None)
        elif kind == "tick" and key == "space":
            box = self.models[self.at]
            box.value = not box.value
            handled = True
        elif kind == "choice":
            handled = self._choice_key(key, event.character if event.is_printable else None)
        if handled:
            event.stop()
            event.prevent_default()

    def _edit_key(self, key: str, character: str | None) -> bool:
        model = self.models[self.at]
        before = model.value
        if character is not None:
            self._insert(model, character)
        elif key == "right":
            if self.at != "pool" or not self._accept_completion():
                model.action_cursor_right()
        elif key in EDIT_KEYS:
            getattr(model, f"action_{EDIT_KEYS[key]}")()
        else:
            return False
        if model.value == before:  # the caret moved: drawn now (a new value is drawn when its Changed arrives,
            self.refresh_field(self.at)  # in one frame with the rest; drawn here too, it was sent twice)
        return True

    def _choice_key(self, key: str, character: str | None) -> bool:
        name = self.at
        options = list(self.options(name))
        if not options:
            return key == "space"
        adding = name == "add-trait"
        index = self._picks.get(name, -1 if adding else self._chosen(options, self._choice_value(name)))
        if key in ("right", "left"):
            index = (index + (1 if key == "right" else -1)) % len(options) if index >= 0 or key == "right" \
                else len(options) - 1
            self._typed = ""
        elif key == "space" and not adding:
            index = index + 1 if index + 1 < len(options) else -1  # the last option, then none again
            self._typed = ""
        elif key in ("space", "enter") and adding:
            if index < 0:  # as a closed list opens: its first trait shown, ← → or letters for another
                self._picks[name] = 0
                self.refresh_field(name)
                return True
            self._picks.pop(name, None)
            self.refresh_field(name)
            self.post_message(self.Chose(options[index][1]))
            return True
        elif character is not None and character != " ":
            typed = (self._typed + character).lower()  # letters typed go on, or start again with this one
            found = option_starting(options, typed)
            if found is None:
                typed = character.lower()
                found = option_starting(options, typed)
            if found is None:
                return True
            self._typed, index = typed, found
        else:
            return False
        if adding:
            self._picks[name] = index
        else:
            select = self.models[name]
            if index < 0:
                select.clear()
            else:
                select.value = options[index][1]
        self.refresh_field(name)
        return True

    @staticmethod
    def _chosen(options: list[tuple[Any, str]], value: Any) -> int:  # -1: none, the prompt shows
        return -1 if value is None else next((i for i, (_, v) in enumerate(options) if v == value), -1)

    def _choice_value(self, name: str) -> Any:
        select = self.models.get(name)
        return None if select is None or select.is_blank() else select.value

    def on_paste(self, event: events.Paste) -> None:
        """Pasted text goes into the text field under the cursor, its first line only (as an Input does)."""
        event.stop()
        if self._kind(self.at) == "text" and event.text:
            self._insert(self.models[self.at], event.text.splitlines()[0])
            self.refresh_field(self.at)

    @staticmethod
    def _insert(model: Any, text: str) -> None:
        """Typed or pasted text: over the selection if there is one (as an Input takes it), else at the caret."""
        start, end = sorted(model.selection)
        if start != end:
            model.replace(text, start, end)
        else:
            model.insert_text_at_cursor(text)

    def on_mount(self) -> None:
        self._arrive(self.at)  # as the first field's Input was focused, with its text selected

    def on_focus(self) -> None:
        self.refresh_field(self.at)

    on_blur = on_focus

    def watch_has_focus(self, has_focus: bool) -> None:
        """A focus change repaints the cursor's row (:meth:`on_focus`) and restyles nothing: no rule styles this
        widget by focus (its cursor is drawn while it has focus). Textual's watcher restyled it from the whole
        stylesheet, each of its nine component classes too, about 1.3 ms of a seat's CPU at each of the two focus
        changes of a roll (the dialog opened, its result page shown), for styles that came out the same."""
