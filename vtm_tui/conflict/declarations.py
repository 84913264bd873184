"""Declarations cycled with one key are logged once, with the final choice, when play moves on.

``g`` (V5's group) and ``m`` (V20's number of actions) step through the choices
one press at a time, so logging every press filled the session log with
"declares ranged", "declares new close combat", "declares other"... for one
decision. A declaration step therefore keeps its log line *pending* in the
conflict's state (``pending_declarations``, saved with ``conflict.toml``, so a
restart loses nothing): a later step of the same person and field replaces it,
keeping the first "before". Any other operation settles them first
(:func:`settle`): one entry per person, with the choice they ended on, and none
when they cycled back to where they started.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.conflict.context import Change, Table
from vtm_tui.conflict.roster import copied
from vtm_tui.model.conflict import Conflict
from vtm_tui.model.log_entry import LogEntry

PENDING = "pending_declarations"


def pending(conflict: Conflict) -> dict[str, Any]:
    value = conflict.state.get(PENDING)
    return value if isinstance(value, dict) else {}


def hold(conflict: Conflict, entry: LogEntry) -> None:
    """Keep ``entry`` (a declaration step) pending in ``conflict`` instead of logging it now."""
    field = str(entry.change.get("field", ""))
    key = f"{entry.actor}/{field}"
    waiting = dict(pending(conflict))
    first = waiting.get(key)
    before = first.get("before") if isinstance(first, dict) else entry.change.get("before")
    waiting[key] = {"actor": entry.actor, "comment": entry.comment, "field": field, "before": before,
                    "after": entry.change.get("after")}
    conflict.state[PENDING] = waiting


def settle(change: Change, table: Table) -> Change:
    """``change`` with the pending declarations logged before its own entries, and no longer pending."""
    waiting = pending(change.conflict)
    if not waiting:
        return change
    new = copied(change.conflict)
    new.state.pop(PENDING, None)
    entries = tuple(
        table.entry("conflict", actor=str(item.get("actor", "")), comment=str(item.get("comment", "")),
                    change={"field": item.get("field", ""), "before": item.get("before"), "after": item.get("after")})
        for item in waiting.values()
        if isinstance(item, dict) and item.get("before") != item.get("after")
    )
    return replace(change, conflict=new, entries=entries + change.entries)


def settled_after(before: Conflict, change: Change, table: Table) -> Change:
    """Settle what was pending unless ``change`` is itself a declaration step (it changed what is pending)."""
    if pending(change.conflict) and pending(change.conflict) == pending(before):
        return settle(change, table)
    return change
