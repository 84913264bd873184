"""Every die of a roll, its face written out, Hunger dice told apart by their brackets.

``[7]`` is a regular die and ``⟨7⟩`` a Hunger die, so a storyteller reading a
monochrome terminal (or a colour-blind one) sees which is which. The line below
marks each die (``*`` a ten, ``+`` a success, ``!`` a one that counts, ``·``
anything else); the rule set's roll facet says which faces and marks
(:mod:`vtm_tui.rules.dice_faces`), so this draws any rule set's dice. In pick mode (a Willpower
re-roll by hand) the regular dice carry their key above them and ``^`` marks
the picked ones. The roll result (:mod:`vtm_tui.ui.widgets.roll_result`) draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text

from vtm_tui.rules.dice_faces import DiceFaces
from vtm_tui.rules.ruleset import ruleset_for

CELL = 5
PICK_KEYS = "1234567890"


def dice_faces(outcome: Any) -> DiceFaces:
    """The dice of ``outcome`` as its rule set draws them (:mod:`vtm_tui.rules.dice_faces`)."""
    return ruleset_for(outcome.ruleset).roll_play().dice_faces(outcome)


def dice_cells(outcome: Any) -> list[tuple[str, str, str]]:
    """(kind, face text, mark) for each d10 of an outcome, regular dice first (none for dice that are not d10s)."""
    return list(dice_faces(outcome).cells)


def append_dice(text: Text, outcome: Any, width: int, style: Callable[[str], Style],
                pick_mode: bool = False, picked: tuple[int, ...] = ()) -> None:
    """Append the dice of ``outcome`` to ``text``: faces, marks and the legend, wrapped to ``width`` cells.

    ``style(name)`` gives the style of a ``dice-view--*`` component (hunger, regular, legend, picked).
    """
    faces = dice_faces(outcome)
    if faces.words:
        for words, word_style in faces.words:
            text.append(words, style=word_style)
    else:
        _append_cells(text, list(faces.cells), width, style, pick_mode, picked)
    text.append("\n")
    text.append(faces.legend, style=style("dice-view--legend"))


def _append_cells(text: Text, cells: list[tuple[str, str, str]], width: int, style: Callable[[str], Style],
                  pick_mode: bool, picked: tuple[int, ...]) -> None:
    per_line = max(1, (width - 2) // CELL) if width > 0 else 14
    indexed = list(enumerate(cells))
    picked_style = style("dice-view--picked") if picked else None
    kind_styles = {"regular": style("dice-view--regular"), "hunger": style("dice-view--hunger")}
    for start in range(0, len(cells), per_line):
        chunk = indexed[start : start + per_line]
        if start:
            text.append("\n")
        if pick_mode:
            keys = "".join(
                (PICK_KEYS[i] if kind == "regular" and i < len(PICK_KEYS) else "").center(CELL)
                for i, (kind, _, _) in chunk
            )
            text.append(keys.rstrip() + "\n")
        for i, (kind, face, _) in chunk:
            cell_style = kind_styles[kind]
            if picked_style is not None and i in picked:
                cell_style = cell_style + picked_style
            text.append(face.center(CELL - 1), style=cell_style)
            text.append(" ")
        text.append("\n")
        marks = "".join(("^" if i in picked else mark).center(CELL) for i, (_, _, mark) in chunk)
        text.append(marks.rstrip())


def describe_dice(outcome: Any) -> str:
    """The dice as plain text (for tests): ``[10] [7] [3] ⟨10⟩ ⟨4⟩``."""
    if outcome is None:
        return ""
    return dice_faces(outcome).plain()
