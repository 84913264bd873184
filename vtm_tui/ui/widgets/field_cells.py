"""What the roll form's one widget lays out (:mod:`vtm_tui.ui.widgets.roll_fields`): its rows of cells, and
the keys a text field takes from it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Keys a text field's model does as its own bindings do (no selection: the form draws none).
EDIT_KEYS = {"left": "cursor_left", "ctrl+left": "cursor_left_word", "ctrl+right": "cursor_right_word",
             "backspace": "delete_left", "home": "home", "ctrl+a": "home", "end": "end", "ctrl+e": "end",
             "delete": "delete_right", "ctrl+d": "delete_right", "ctrl+w": "delete_left_word",
             "ctrl+u": "delete_left_all", "ctrl+k": "delete_right_all", "ctrl+backspace": "delete_right_word"}
STATUS, LADDER = "status", "ladder"
#: The component styles whose background is drawn (the others give a colour or an attribute only).
BACKGROUNDS = {"field", "current", "cursor", "selection"}


@dataclass(frozen=True)
class Cell:
    """One place on a row: a label (``name`` empty) or a field of kind text, tick or choice."""

    name: str = ""
    text: str = ""  # a label's text; a tick box's label
    width: int = 0  # 0: a share of the row's room left
    kind: str = "label"
    gap: int = 0  # blank columns after it


Row = tuple[Cell, ...] | str  # a row of cells, or the status / ladder text


def option_starting(options: Sequence[tuple[object, str]], typed: str) -> int | None:
    """The first option whose label begins with ``typed`` (lower case), as a list's type-ahead finds it."""
    return next((i for i, (label, _) in enumerate(options) if str(label).lower().startswith(typed)), None)


#: Control characters (an escape from a pasted text or a hostile sheet's trait name) drawn as a visible mark,
#: one cell for one, never sent to the terminal as they are.
VISIBLE = {code: "\ufffd" for code in (*range(32), *range(127, 160))}
