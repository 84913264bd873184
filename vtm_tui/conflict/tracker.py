"""The conflict state machine the screen drives: rounds and turns for each rule set.

Every function takes the conflict (never modified), a :class:`~vtm_tui.conflict.context.Table`
and, where dice may be rolled, a dice source; it returns a
:class:`~vtm_tui.conflict.context.Change` with the new conflict and the log
entries to append. The rule sets differ only in how a round is ordered, which
their conflict facet (``table.conflict_round``, :mod:`vtm_tui.rules.conflict_round`) says:
V5 declared groups (or advanced initiative), V20 initiative rolled (declare up,
act down), Ingenuity teams alternating (surprise rounds). This module is the
one flow every rule set shares, and hands the facet the layer's helpers (:data:`~vtm_tui.conflict.round_kit.KIT`).

A conflict is *set up* until its first round begins (``state["started"]``):
participants join in any order; :func:`next_round` then orders round 1.
"""

from __future__ import annotations

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied
from vtm_tui.conflict.round_kit import KIT
from vtm_tui.conflict.wounds import can_act
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
    """``Setting up``, ``Round 3``, ``Round 2 · declarations (lowest first)`` or ``Surprise round``."""
    if not started(conflict):
        return "Setting up"
    return table.conflict_round.round_label(conflict)


def actor(conflict: Conflict, table: Table) -> Participant | None:
    """Whose turn it is, or None (set-up, or nobody can act)."""
    if not started(conflict):
        return None
    current = conflict.current()
    if current is None or not can_act(current, table):
        return None
    return table.conflict_round.actor(KIT, conflict, table, current)


def turn_line(conflict: Conflict, table: Table) -> tuple[str, str]:
    """What the current actor does (``acts``, ``declares``) and who chooses (`` · Sabbat picks`` or "")."""
    return table.conflict_round.turn_line(KIT, conflict, table)


def next_round(conflict: Conflict, table: Table, dice: DiceSource, *, surprise: str | None = None) -> Change:
    """Begin the next round (round 1 when setting up); ``surprise`` (Ingenuity) names the surprising side."""
    if not conflict.participants:
        raise ConflictError("add participants first (a)")
    number = conflict.round + 1 if started(conflict) else 1
    return table.conflict_round.start_round(KIT, conflict, table, dice, number, surprise=surprise)


def next_turn(conflict: Conflict, table: Table, dice: DiceSource) -> Change:
    """The current actor is done; the next one's turn (a new round when everyone has acted)."""
    if not started(conflict):
        return next_round(conflict, table, dice)
    moved = table.conflict_round.next_turn(KIT, conflict, table)
    if moved is None:
        return next_round(conflict, table, dice)
    new, message = moved
    entry = table.entry("conflict", actor=_name(new), comment=f"round {new.round}: {message}")
    return Change(new, (entry,), message=message)


def previous_turn(conflict: Conflict, table: Table) -> Change:
    """Back one turn in this round (a mistaken key press); earlier rounds stay closed."""
    if not started(conflict):
        raise ConflictError("the conflict has not begun (N begins round 1)")
    new, message = table.conflict_round.previous_turn(KIT, conflict, table)
    entry = table.entry("conflict", actor=_name(new), comment=f"round {new.round}: {message}")
    return Change(new, (entry,), message=message)


def pass_turn(conflict: Conflict, table: Table) -> Change:
    """The current actor waits: to the end of the order (V5; V20 while acting; refused where a team picks)."""
    return table.conflict_round.pass_turn(KIT, conflict, table)


def declare_next(conflict: Conflict, table: Table, name: str, dice: DiceSource) -> Change:
    """``g``: ``name`` declares the next of the rule set's groups (V5); refused where there are none."""
    return table.conflict_round.declare_next(KIT, conflict, table, name, dice)


def more_actions(conflict: Conflict, table: Table, name: str) -> Change:
    """``m``: ``name`` declares one more action this round, the pool split (V20); refused elsewhere."""
    return table.conflict_round.more_actions(KIT, conflict, table, name)


def pick(conflict: Conflict, table: Table, name: str) -> Change:
    """Enter: the side whose turn it is picks ``name`` to act now (Ingenuity); refused elsewhere."""
    return table.conflict_round.pick(KIT, conflict, table, name)


def _name(conflict: Conflict) -> str:
    current = conflict.current()
    return current.name if current is not None else ""
