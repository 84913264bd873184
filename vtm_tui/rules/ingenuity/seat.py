"""What an Ingenuity player's seat may change without ``players_may_edit_traits``: the resources.

Health, Resolve and the other resources (``resources.<name>``) move in play;
die sizes, proficiencies and Fate are the storyteller's.

:func:`reconcile`: two logins spending one resource at once both count.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.replay import Path, changed_by_both, counter, get_path

#: Sheet fields (as the sheet's edits name them; a table name covers its entries) that are trackers.
TRACKER_FIELDS = ("resources",)


def reconcile(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]
              ) -> tuple[dict[Path, Any], list[str]]:
    """Resources both logins changed add up (never below 0; the maximum is the loader's to check)."""
    forced: dict[Path, Any] = {}
    refused: list[str] = []
    tables = [doc.get("resources") for doc in (base, ours, theirs)]
    names = {name for table in tables if isinstance(table, dict) for name in table}
    for name in sorted(names):
        path = ("resources", name, "current")
        values = [get_path(doc, path) for doc in (base, ours, theirs)]
        if changed_by_both(*values):
            value = counter(*values, 0, None)
            if value is None:
                refused.append(".".join(path))
            else:
                forced[path] = value
    return forced, refused
