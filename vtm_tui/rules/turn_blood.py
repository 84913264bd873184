"""Blood spent in one conflict turn, counted wherever it was spent (V20's blood per turn).

A V20 vampire may spend only as much blood in one turn (one round of the conflict tracker) as the generation
allows (docs/rules.md, V20). The count lives in the conflict's ``state["blood"]`` as ``{"round": n, "spent":
{name: points}}``, so it starts again each round. Every spend of a participant in a running conflict adds to
it, whatever made it: ``b`` on the conflict screen, ``]`` (or ``d`` on the blood track) on the coterie screen
or a player's seat, ``vtm-tui sheet``. Which changes are spends and how much a turn allows is the rule set's
(its ``SheetEdits`` facet: ``turn_spend`` and ``turn_spend_refusal``); the counting here knows no rule set.

Duck-typed on the model's Conflict (``state``, ``round``): rules is the lowest layer.
"""

from __future__ import annotations

from typing import Any


def spent_this_turn(conflict: Any, name: str) -> int:
    """Blood ``name`` has spent in the conflict's current round."""
    record = conflict.state.get("blood", {})
    if not isinstance(record, dict) or record.get("round") != conflict.round:
        return 0
    spent = record.get("spent", {})
    value = spent.get(name, 0) if isinstance(spent, dict) else 0
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def count_spend(conflict: Any, name: str, amount: int) -> int:
    """Add ``amount`` to what ``name`` spent this round, in ``conflict.state`` (changed in place: pass a copy);
    returns the round's total."""
    spent = spent_this_turn(conflict, name) + amount
    record = conflict.state.get("blood")
    if not isinstance(record, dict) or record.get("round") != conflict.round:
        record = {"round": conflict.round, "spent": {}}
    spent_by = record.get("spent") if isinstance(record.get("spent"), dict) else {}
    conflict.state["blood"] = {**record, "spent": {**spent_by, name: spent}}
    return spent
