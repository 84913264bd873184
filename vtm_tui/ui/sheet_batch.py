"""A batch of sheet edits saved together as one change: the diff between two versions of a character.

The sheet editor (``ctrl+e`` on the coterie) hands back the whole edited character; this turns it into one
:class:`~vtm_tui.ui.sheet_edits.Edit` whose ``change`` is ``{field: "sheet", before: {...}, after: {...}}``
— only the values that changed, keyed by their dotted place in the file (``attributes.Strength``,
``disciplines.Potence``; a value that was absent is ``""``). ``SheetKeeper.apply`` logs it as one entry,
and its undo reverts the whole batch (three-way, so a Hunger change made meanwhile is kept).
"""

from __future__ import annotations

from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.ui.sheet_edits import Edit

_ABSENT = ""


def flatten(doc: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"attributes": {"Strength": 2}}`` → ``{"attributes.Strength": 2}`` (lists stay whole values)."""
    flat: dict[str, Any] = {}
    for key, value in doc.items():
        if isinstance(value, dict) and value:
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def sheet_diff(before: Character, after: Character) -> tuple[dict[str, Any], dict[str, Any]]:
    """The changed values only: (their values before, their values after), absent ones as ``""``."""
    old, new = flatten(before.to_toml()), flatten(after.to_toml())
    keys = [k for k in {**old, **new} if old.get(k, _ABSENT) != new.get(k, _ABSENT)]
    empty = ({}, [], _ABSENT)
    keys = [k for k in keys if not (old.get(k, _ABSENT) in empty and new.get(k, _ABSENT) in empty)]
    return {k: old.get(k, _ABSENT) for k in keys}, {k: new.get(k, _ABSENT) for k in keys}


def batch_edit(before: Character, after: Character) -> Edit | None:
    """One logged change for the whole batch, or None when nothing changed."""
    old, new = sheet_diff(before, after)
    if not new:
        return None
    count = len(new)
    return Edit(after, "edit", "sheet", old, new, f"{count} change{'s' if count != 1 else ''} saved together")
