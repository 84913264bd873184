"""Spending blood in a conflict turn, and the generation's limit on it (V20).

A V20 vampire may spend only so much blood in one turn (one round of the
conflict tracker): the generation chart's blood-per-turn, which the sheet
reports as ``blood_per_turn`` (see ``vtm_tui/model/traits.py``). Spending
beyond it is not refused (the storyteller may allow it) but warned, and the
log says so. What was spent this round is kept in ``conflict.state["blood"]``
as ``{"round": n, "spent": {name: points}}``, so it starts again each round.
"""

from __future__ import annotations

import copy

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied, find
from vtm_tui.model.conflict import Conflict


def spent_this_turn(conflict: Conflict, name: str) -> int:
    """Blood ``name`` has spent in the conflict's current round."""
    record = conflict.state.get("blood", {})
    if not isinstance(record, dict) or record.get("round") != conflict.round:
        return 0
    return int(record.get("spent", {}).get(name, 0))


def spend_blood(conflict: Conflict, table: Table, name: str, amount: int = 1) -> Change:
    """``name`` spends ``amount`` blood points this turn: the sheet's pool goes down, the log says so,
    and a spend beyond the generation's blood-per-turn warns."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise ConflictError(f"blood spent must be a whole number of 1 or more, not {amount!r}")
    new = copied(conflict)
    p = find(new, name)
    character = table.character(p)
    sheet = character.sheet if character is not None else None
    if sheet is None or not hasattr(sheet, "blood_per_turn"):
        raise ConflictError(f"{p.name} has no blood pool on a sheet to spend from")
    if sheet.blood < amount:
        raise ConflictError(f"{p.name} has {sheet.blood} blood, not {amount} to spend")
    character = copy.deepcopy(character)
    sheet = character.sheet
    before = sheet.blood
    sheet.blood = before - amount
    spent = spent_this_turn(new, p.name) + amount
    record = new.state.get("blood") if isinstance(new.state.get("blood"), dict) else {}
    if record.get("round") != new.round:
        record = {"round": new.round, "spent": {}}
    record["spent"] = {**record.get("spent", {}), p.name: spent}
    new.state["blood"] = record
    limit = sheet.blood_per_turn
    comment = f"spends {amount} blood ({spent} this turn; generation {sheet.generation} allows {limit} per turn)"
    message = f"{p.name}: blood {before} → {sheet.blood}, {spent} of {limit} this turn"
    if spent > limit:
        comment += " — beyond the limit"
        message = (f"⚠ {p.name} has spent {spent} blood this turn: beyond the {limit} per turn that generation "
                   f"{sheet.generation} allows (blood {before} → {sheet.blood})")
    entry = table.entry("hunger", actor=p.name, comment=comment,
                        change={"field": "blood", "before": before, "after": sheet.blood})
    return Change(new, (entry,), (character,), message)
