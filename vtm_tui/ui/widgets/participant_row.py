"""One participant as a row of the turn-order table: marker, name, side, order facts, wounds.

Nothing depends on colour alone: the current actor carries ``▶``, who has
acted ``✓``, who is out ``✗`` with the reason written out; tied V20
initiatives show ``=``. Pure functions of the conflict and the table, so
tests can read a row without running the app.
"""

from __future__ import annotations

from rich.text import Text

from vtm_tui.conflict.context import Table
from vtm_tui.conflict.roster import format_pools, is_extra
from vtm_tui.conflict.wounds import condition
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.play.blood import condition_text
from vtm_tui.rules.ruleset import ruleset_for

CURRENT, ACTED, OUT, WAITING = "▶", "✓", "✗", " "
#: The row the screen's keys act on (the table's cursor, which colour alone would show).
CURSOR = "→"


def marker(p: Participant, current: Participant | None, table: Table) -> str:
    if current is not None and p.name == current.name:
        return CURRENT
    if p.out or not condition(p, table).can_act:
        return OUT
    return ACTED if p.acted else WAITING


def order_cell(p: Participant, conflict: Conflict, table: Table) -> str:
    """What orders this participant in the round, as a storyteller reads it."""
    return table.conflict_round.order_cell(p, conflict)


def state_cell(p: Participant, table: Table) -> str:
    state = condition(p, table)
    if p.out:
        return f"out: {p.note or state.state}"
    text = state.label
    character = table.character(p)
    if character is None and not is_extra(p):
        return f"{text} · no sheet (renamed or removed?)"
    if character is not None:
        text += "".join(f" · {note}" for note in table.conflict_round.state_notes(character.sheet))
    conditions = getattr(character.sheet, "conditions", ()) if character is not None else ()
    if conditions:  # a compulsion lasts until the storyteller clears it (coterie: b → Clear)
        text += " · ⚠ " + ", ".join(conditions)
    return text


def pools_text(p: Participant, table: Table) -> str:
    """An extra's pools as typed: ``general 4, attack 5`` (die sizes in Ingenuity: ``general d8``)."""
    return format_pools(dict(p.extra.get("pools", {})), rating=ruleset_for(table.ruleset).roll_play().rating_text)


def details(p: Participant, conflict: Conflict, table: Table) -> str:
    """One line about the highlighted participant for the status line (what the table has no room for)."""
    state = condition(p, table)
    parts = [p.name, p.side]
    character = table.character(p)
    if character is None:
        parts.append(f"extra: {pools_text(p, table) or 'no pools'}")
    else:
        parts.append("player character" if character.kind == "pc" else "storyteller character")
    parts.append(f"Health {state.track} {state.label}")
    if character is not None:
        parts += table.conflict_round.sheet_notes(character.sheet)  # V5: the Willpower boxes
    note = table.conflict_round.action_note(conflict, p.name)  # V20: the split pool of several actions
    if note:
        parts.append(note)
    if p.note:
        parts.append(p.note)
    for held in getattr(character.sheet, "conditions", ()) if character is not None else ():
        parts.append("⚠ " + condition_text(held, table.ruleset))
    return " · ".join(parts)


def row_cells(p: Participant, conflict: Conflict, table: Table, current: Participant | None) -> tuple[Text, ...]:
    mark = marker(p, current, table)
    style = "bold reverse" if mark == CURRENT else ("dim" if mark in (OUT, ACTED) else "")
    name = p.name + (" *" if is_extra(p) else "")
    cells = (mark, name, p.side, order_cell(p, conflict, table), condition(p, table).track, state_cell(p, table))
    return tuple(Text(str(cell), style=style) for cell in cells)
