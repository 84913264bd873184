"""Stepping through a round in a fixed order (V5, and V20's declaring and acting phases).

Who is skipped: anyone taken out, in torpor, dead, Incapacitated or down, and
anyone who already acted this round. ``direction`` −1 walks the order
upwards, which is how V20 takes declarations (from the lowest initiative up).
"""

from __future__ import annotations

from vtm_tui.conflict.context import Table
from vtm_tui.conflict.wounds import can_act
from vtm_tui.model.conflict import Conflict, Participant


def waiting(conflict: Conflict, table: Table) -> list[Participant]:
    """Participants who can still act this round, in order."""
    return [p for p in conflict.ordered() if can_act(p, table) and not p.acted]


def step(conflict: Conflict, table: Table, direction: int = 1, *, skip_acted: bool = True) -> int | None:
    """The index of the next participant after ``conflict.turn`` who may act, or None (in place: no change)."""
    ordered = conflict.ordered()
    index = conflict.turn + direction
    while 0 <= index < len(ordered):
        p = ordered[index]
        if can_act(p, table) and (not skip_acted or not p.acted):
            return index
        index += direction
    return None


def first(conflict: Conflict, table: Table, *, from_end: bool = False) -> int | None:
    """The first (or, ``from_end``, the last) participant who may act and has not acted."""
    ordered = conflict.ordered()
    indices = range(len(ordered) - 1, -1, -1) if from_end else range(len(ordered))
    for index in indices:
        if can_act(ordered[index], table) and not ordered[index].acted:
            return index
    return None


def reset_round(conflict: Conflict) -> None:
    for p in conflict.participants:
        p.acted = False
