"""The conflict state machine the screen drives: rounds and turns for each rule set.

Every function takes the conflict (never modified), a :class:`~vtm_tui.conflict.context.Table`
and, where dice may be rolled, a dice source; it returns a
:class:`~vtm_tui.conflict.context.Change` with the new conflict and the log
entries to append. The rule sets differ only in how a round is ordered:

- V5: :mod:`vtm_tui.conflict.v5_round` (declared groups, or advanced initiative);
- V20: :mod:`vtm_tui.conflict.v20_round` (initiative rolled, declare up, act down);
- Ingenuity: :mod:`vtm_tui.conflict.ingenuity_round` (teams alternate; surprise rounds).

A conflict is *set up* until its first round begins (``state["started"]``):
participants join in any order; :func:`next_round` then orders round 1.
"""

from __future__ import annotations

from vtm_tui.conflict import ingenuity_round, v5_round, v20_round
from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied
from vtm_tui.conflict.turns import first, step
from vtm_tui.conflict.wounds import can_act
from vtm_tui.errors import VtmError
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.rules.dice import DiceSource


def new_conflict(title: str = "") -> Conflict:
    return Conflict(title=" ".join(title.split()))


def set_title(conflict: Conflict, table: Table, title: str) -> Change:
    """Name the conflict ("Alfama rooftops"); shown on the tracker and logged."""
    new = copied(conflict)
    before, new.title = new.title, " ".join(title.split())
    entry = table.entry("conflict", comment=f"the conflict is called {new.title!r}" if new.title else
                        "the conflict's name is cleared", change={"field": "title", "before": before,
                                                                   "after": new.title})
    return Change(new, (entry,), message=f"Conflict: {new.title or '(no name)'}.")


def started(conflict: Conflict) -> bool:
    return bool(conflict.state.get("started"))


def round_label(conflict: Conflict, table: Table) -> str:
    """``Setting up``, ``Round 3``, ``Round 2 · declarations`` or ``Surprise round``."""
    if not started(conflict):
        return "Setting up"
    order = table.rules.turn_order
    if order == "teams":
        return ingenuity_round.round_label(conflict)
    if order == "initiative" and v20_round.phase(conflict) == v20_round.DECLARE:
        return f"Round {conflict.round} · declarations (lowest first)"
    return f"Round {conflict.round}"


def actor(conflict: Conflict, table: Table) -> Participant | None:
    """Whose turn it is, or None (set-up, or nobody can act)."""
    if not started(conflict):
        return None
    current = conflict.current()
    if current is None or not can_act(current, table):
        return None
    if table.rules.turn_order != "teams":
        return None if current.acted else current
    try:
        choices = ingenuity_round.turn_order(conflict, table).choices
    except VtmError:
        return None
    return current if current.name in choices else None


def next_round(conflict: Conflict, table: Table, dice: DiceSource, *, surprise: str | None = None) -> Change:
    """Begin the next round (round 1 when setting up); ``surprise`` (Ingenuity) names the surprising side."""
    if not conflict.participants:
        raise ConflictError("add participants first (a)")
    number = conflict.round + 1 if started(conflict) else 1
    if surprise is not None and not table.rules.surprise_rounds:
        raise ConflictError("surprise rounds are an Ingenuity rule; V5 and V20 handle surprise by the storyteller")
    order = table.rules.turn_order
    if order == "declared":
        return v5_round.start_round(conflict, table, dice, number)
    if order == "initiative":
        return v20_round.start_round(conflict, table, dice, number)
    if surprise is not None and started(conflict):
        raise ConflictError("a surprise round can only open the fight")
    return ingenuity_round.start_round(conflict, table, number if not surprise else 1, surprise=surprise)


def next_turn(conflict: Conflict, table: Table, dice: DiceSource) -> Change:
    """The current actor is done; the next one's turn (a new round when everyone has acted)."""
    if not started(conflict):
        return next_round(conflict, table, dice)
    order = table.rules.turn_order
    if order == "teams":
        new, message = ingenuity_round.next_turn(conflict, table)
    elif order == "initiative":
        moved = v20_round.next_turn(conflict, table)
        if moved is None:
            return next_round(conflict, table, dice)
        new, message = moved
    else:
        new = copied(conflict)
        current = new.current()
        if current is not None and can_act(current, table):
            current.acted = True
        index = step(new, table, 1)
        if index is None:
            index = first(new, table)
        if index is None:
            return next_round(conflict, table, dice)
        new.turn = index
        message = f"{new.current().name} acts."
    entry = table.entry("conflict", actor=_name(new), comment=f"round {new.round}: {message}")
    return Change(new, (entry,), message=message)


def previous_turn(conflict: Conflict, table: Table) -> Change:
    """Back one turn in this round (a mistaken key press); earlier rounds stay closed."""
    if not started(conflict):
        raise ConflictError("the conflict has not begun (N begins round 1)")
    order = table.rules.turn_order
    if order == "teams":
        new, message = ingenuity_round.previous_turn(conflict, table)
    elif order == "initiative":
        new, message = v20_round.previous_turn(conflict, table)
    else:
        new = copied(conflict)
        index = step(new, table, -1, skip_acted=False)
        if index is None:
            raise ConflictError("this is the first turn of the round")
        new.turn = index
        new.current().acted = False
        message = f"Back to {new.current().name}'s turn."
    entry = table.entry("conflict", actor=_name(new), comment=f"round {new.round}: {message}")
    return Change(new, (entry,), message=message)


def pass_turn(conflict: Conflict, table: Table) -> Change:
    """The current actor waits: to the end of the order (V5; V20 while acting)."""
    order = table.rules.turn_order
    if order == "teams":
        raise ConflictError("in Ingenuity the team picks who acts: choose another member instead (Enter)")
    if order == "initiative" and v20_round.phase(conflict) == v20_round.DECLARE:
        raise ConflictError("declarations are taken in initiative order; pass once actions are resolved")
    if not started(conflict):
        raise ConflictError("the conflict has not begun (N begins round 1)")
    return v5_round.pass_turn(conflict, table)


def _name(conflict: Conflict) -> str:
    current = conflict.current()
    return current.name if current is not None else ""
