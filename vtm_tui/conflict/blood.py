"""Spending blood in a conflict turn, within the generation's limit on it (V20).

A V20 vampire may spend only so much blood in one turn (one round of the conflict tracker): the generation
chart's blood-per-turn (docs/rules.md, V20). ``b`` on the conflict screen spends here; a spend made on the
sheet (``]``, a seat, ``vtm-tui sheet``) counts in the same round through
:mod:`vtm_tui.play.turn_blood`. Both keep the count with :mod:`vtm_tui.rules.turn_blood` and ask the rule
set's sheet-edit facet whether one more point is allowed: a spend beyond the limit is refused, and nothing
changes.
"""

from __future__ import annotations

import copy

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied, find
from vtm_tui.model.conflict import Conflict
from vtm_tui.rules import turn_blood


def spent_this_turn(conflict: Conflict, name: str) -> int:
    """Blood ``name`` has spent in the conflict's current round (wherever it was spent)."""
    return turn_blood.spent_this_turn(conflict, name)


def spend_blood(conflict: Conflict, table: Table, name: str, amount: int = 1) -> Change:
    """``name`` spends ``amount`` blood points this turn: the sheet's pool goes down and the log says so; a
    spend beyond the generation's blood per turn is refused."""
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
    edits = table.rules.sheet_edits()
    refused = edits.turn_spend_refusal(sheet, p.name, spent_this_turn(new, p.name), amount)
    if refused:
        raise ConflictError(refused)
    character = copy.deepcopy(character)
    sheet = character.sheet
    before = sheet.blood
    sheet.blood = before - amount
    spent = turn_blood.count_spend(new, p.name, amount)
    limit = sheet.blood_per_turn
    comment = f"spends {amount} blood ({spent} this turn; generation {sheet.generation} allows {limit} per turn)"
    message = f"{p.name}: blood {before} → {sheet.blood}, {spent} of {limit} this turn"
    entry = table.entry("hunger", actor=p.name, comment=comment,
                        change={"field": "blood", "before": before, "after": sheet.blood})
    return Change(new, (entry,), (character,), message)
