"""Ingenuity's round under its old name, for the tests that drive one directly.

The rules moved into the rule set's package (``rules/ingenuity/conflict_round.py``); the app and
the command line reach them through ``table.conflict_round`` (:mod:`vtm_tui.conflict.tracker`).
This module only binds the conflict layer's helpers to the Ingenuity facet.
"""

from __future__ import annotations

from vtm_tui.conflict.context import Change, Table
from vtm_tui.conflict.round_kit import KIT
from vtm_tui.model.conflict import Conflict


def pick(conflict: Conflict, table: Table, name: str) -> Change:
    """The team whose turn it is picks ``name`` to act now."""
    return table.conflict_round.pick(KIT, conflict, table, name)
