"""How hurt each participant is, and damage applied through the rule set's conflict facet.

Characters keep their damage on their sheets (saved through the store, so the
coterie screen shows the same boxes); extras keep theirs in the participant's
``extra`` table. What a wound does is the rule set's (``table.conflict_round``:
:mod:`vtm_tui.rules.conflict_round`), whose arithmetic is always its engine's:
V5's Superficial/Aggravated boxes, V20's bashing/lethal/aggravated health
levels, Ingenuity's points off a resource. This module reads the sheet, copies
it before a change, takes out whoever can no longer act and logs the damage.
"""

from __future__ import annotations

import copy

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied, find
from vtm_tui.model.character_ingenuity import Resource
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.rules.conflict_round import Condition

__all__ = ["Condition", "apply_damage", "can_act", "condition", "sync", "vampire"]

#: Conditions in which nobody takes a turn.
OUT_STATES = ("torpor", "dead", "final death", "Incapacitated", "down")


def vampire(p: Participant, table: Table) -> bool:
    character = table.character(p)
    if character is None:
        return bool(p.extra.get("vampire", False))
    return table.conflict_round.vampire(character.sheet)


def condition(p: Participant, table: Table) -> Condition:
    """The participant's wounds as the tracker shows them (a missing sheet reads as unhurt)."""
    return table.conflict_round.condition(p, table, table.character(p), vampire(p, table))


def can_act(p: Participant, table: Table) -> bool:
    """Neither taken out nor too hurt to act (torpor, dead, Incapacitated, down)."""
    return not p.out and condition(p, table).can_act


# -- damage -----------------------------------------------------------------------------
def apply_damage(conflict: Conflict, table: Table, name: str, amount: int, kind: str = "",
                 track: str = "health", *, source: str = "") -> Change:
    """Mark ``amount`` damage of ``kind`` on ``name``'s ``track``; logs a ``damage`` entry.

    V5 kinds: superficial/aggravated on health/willpower (a vampire's Superficial Health damage is
    halved, rounding up); V20: bashing/lethal/aggravated health levels; Ingenuity: points off the
    resource named by ``track`` (Health by default). Someone who falls into torpor, dies or is down
    is taken out of the fight with the reason as a note.
    """
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ConflictError(f"damage must be a whole number of 0 or more, not {amount!r}")
    new = copied(conflict)
    p = find(new, name)
    character = table.character(p)
    if character is not None:
        character = copy.deepcopy(character)
    before, after, note, unit, field = table.conflict_round.damage(p, table, character, amount, kind, track,
                                                                   vampire(p, table), Resource)
    later = table.with_character(character) if character is not None else table
    state = condition(p, later)
    if not state.can_act and not p.out:
        p.out = True
        p.note = state.state
    elif state.can_act and p.out and p.note in OUT_STATES:
        p.out, p.note = False, ""
    comment = f"takes {amount} {unit}" + (f" from {source}" if source else "") + (f" ({note})" if note else "")
    if not state.can_act:
        comment += f" — {state.state}"
    entry = table.entry("damage", actor=p.name, comment=comment,
                        change={"field": field, "before": before, "after": after})
    message = f"{p.name}: {before} → {after}" + (f", {state.state}" if state.state not in ("ok",) else "")
    return Change(new, (entry,), (character,) if character is not None else (), message)


def sync(conflict: Conflict, table: Table) -> Change | None:
    """Follow sheets changed elsewhere (healed or hurt in the coterie): out when they cannot act, back when they can.

    Only those taken out by their wounds come back by themselves; someone the storyteller took out
    (fled, surrendered) stays out. None when nothing changed.
    """
    new = copied(conflict)
    entries = []
    for p in new.participants:
        state = condition(p, table)
        if not state.can_act and not p.out:
            p.out, p.note = True, state.state
            entries.append(table.entry("conflict", actor=p.name, comment=f"out of the fight: {state.state}",
                                       change={"field": "out", "before": False, "after": True}))
        elif state.can_act and p.out and p.note in OUT_STATES:
            before, p.out, p.note = p.note, False, ""
            p.extra.pop("beyond", None)
            entries.append(table.entry("conflict", actor=p.name, comment=f"back in the fight (was {before})",
                                       change={"field": "out", "before": True, "after": False}))
    if not entries:
        return None
    names = ", ".join(e.actor for e in entries)
    return Change(new, tuple(entries), message=f"Sheets changed elsewhere: {names} updated.")
