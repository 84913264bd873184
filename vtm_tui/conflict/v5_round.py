"""V5's round under its old name, for the tests and scenes that drive one directly.

The rules moved into the rule set's package (``rules/v5/conflict_round.py``); the app and the
command line reach them through ``table.conflict_round`` (:mod:`vtm_tui.conflict.tracker`). This
module only binds the conflict layer's helpers to the V5 facet, found through the registry.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.conflict.context import Change, Table
from vtm_tui.conflict.round_kit import KIT
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.ruleset import ruleset_for

_ROUND: Any = ruleset_for("v5").conflict_round()


def group_of(p: Participant) -> Any:
    """The group ``p`` declared (else engaged close combat or other)."""
    return _ROUND.group_of(p)


def cycle_group(p: Participant) -> Any:
    """The next group in the list (for a one-key declaration)."""
    return _ROUND.cycle_group(p)


def declared_attack(p: Participant) -> str | None:
    """The attack pool a declaration implies (ranged: ``Dexterity + Firearms``), None when nothing was declared."""
    return _ROUND.declared_attack(p)


def declare(conflict: Conflict, table: Table, name: str, group: Any, skill: str = "",
            dice: DiceSource | None = None) -> Change:
    """Set what ``name`` does this round; those who have not acted yet are ordered again."""
    return _ROUND.declare(KIT, conflict, table, name, group, skill, dice)
