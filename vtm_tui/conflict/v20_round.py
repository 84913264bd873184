"""V20's round under its old name, for the tests and scenes that drive one directly.

The rules moved into the rule set's package (``rules/v20/conflict_round.py``); the app and the
command line reach them through ``table.conflict_round`` (:mod:`vtm_tui.conflict.tracker`). This
module only binds the conflict layer's helpers to the V20 facet, found through the registry.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.conflict.context import Change, Table
from vtm_tui.conflict.round_kit import KIT
from vtm_tui.model.conflict import Conflict
from vtm_tui.rules.ruleset import ruleset_for

_ROUND: Any = ruleset_for("v20").conflict_round()


def phase(conflict: Conflict) -> str:
    """``declare`` (the turn walks up from the lowest initiative) or ``act`` (down from the highest)."""
    return _ROUND.phase(conflict)


def tied_with(conflict: Conflict, name: str) -> list[str]:
    """The others sharing ``name``'s initiative slot (they act at the same time)."""
    return _ROUND.tied_with(conflict, name)


def split_penalty(conflict: Conflict, name: str) -> int:
    """Dice the next action of ``name`` loses (0 with a single action); refused when none is left."""
    return _ROUND.split_penalty(conflict, name)


def split_text(conflict: Conflict, name: str) -> str:
    """``3 actions: −3/−4/−5 (1 taken)`` or ``""`` for a single action."""
    return _ROUND.split_text(conflict, name)


def declare_multiple(conflict: Conflict, table: Table, name: str, actions: int) -> Change:
    """``name`` takes ``actions`` actions this round (1 cancels); the pools split as the rules say."""
    return _ROUND.declare_multiple(KIT, conflict, table, name, actions)
