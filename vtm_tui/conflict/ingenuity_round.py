"""An Ingenuity round: teams alternate, each picking a member who has not acted; surprise rounds.

docs/rules.md: no initiative roll; the team that starts the fight goes first (the
side that joined the conflict first), the attacked team next, others in the
storyteller's order. The engine's :class:`~vtm_tui.rules.ingenuity.turn_order.TurnOrder`
decides whose pick it is; this module rebuilds it from the participants who
can act (so someone taken out simply drops from their team) and keeps its
round, acted set, next team and history in ``conflict.state["turns"]``.
The participant at ``conflict.turn`` is the one acting now: by default the
first of their team still waiting, or whoever the storyteller picks.
"""

from __future__ import annotations

from dataclasses import replace

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied, find, point_at, sides
from vtm_tui.conflict.turns import reset_round
from vtm_tui.conflict.wounds import can_act
from vtm_tui.model.conflict import Conflict
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.turn_order import SURPRISE_ROUND, TurnOrder


def turn_order(conflict: Conflict, table: Table) -> TurnOrder:
    """The engine's turn order for the conflict as it stands."""
    teams = [(side, [p.name for p in conflict.ordered() if p.side == side and can_act(p, table)])
             for side in sides(conflict)]
    if len(teams) < 2:
        raise ConflictError("an Ingenuity fight needs two teams: put someone on another side")
    base = TurnOrder.start(teams)
    saved = dict(conflict.state.get("turns", {}))
    members = {(t.name, m) for t in base.teams for m in t.members}
    acted = frozenset((str(a), str(b)) for a, b in saved.get("acted", []) if (a, b) in members)
    history = tuple((int(r), str(t), str(m)) for r, t, m in saved.get("history", []))
    surprise = saved.get("surprise")
    if surprise is not None and surprise not in {t.name for t in base.teams}:
        surprise = None
    return replace(base, round=int(saved.get("round", conflict.round)), acted=acted,
                   turn=int(saved.get("turn", 0)) % len(base.teams), surprise=surprise, history=history)


def _store(conflict: Conflict, order: TurnOrder) -> None:
    data = order.to_dict()
    data.pop("teams", None)
    conflict.state["turns"] = data
    conflict.round = max(1, order.round)
    conflict.surprise = order.round == SURPRISE_ROUND
    for p in conflict.participants:
        p.acted = (p.side, p.name) in order.acted
    try:
        choices = order.choices
    except RulesError:
        choices = ()
    current = conflict.current()
    if current is None or current.name not in choices:
        point_at(conflict, choices[0] if choices else None)


def round_label(conflict: Conflict) -> str:
    turns = conflict.state.get("turns", {})
    if conflict.state.get("started") and turns.get("round") == SURPRISE_ROUND:
        return "Surprise round"
    return f"Round {conflict.round}"


def start_round(conflict: Conflict, table: Table, number: int, *, surprise: str | None = None) -> Change:
    """Round ``number`` (or, with ``surprise``, a surprise round in which only that side acts)."""
    new = copied(conflict)
    reset_round(new)
    new.state["started"] = True
    new.state["turns"] = {"round": SURPRISE_ROUND if surprise else number}
    order = turn_order(new, table)
    if surprise:
        try:
            order = TurnOrder.start([(t.name, t.members) for t in order.teams], surprise=surprise)
        except RulesError as exc:
            raise ConflictError(str(exc)) from None
    new.turn = -1
    _store(new, order)
    label = f"surprise round: only {surprise} acts" if surprise else f"round {number}"
    entry = table.entry("conflict", comment=f"{label}; {order.summary()}",
                        change={"field": "round", "before": conflict.round, "after": 0 if surprise else number})
    summary = order.summary()
    return Change(new, (entry,), message=f"{summary[0].upper()}{summary[1:]}.")


def pick(conflict: Conflict, table: Table, name: str) -> Change:
    """The team whose turn it is picks ``name`` to act now."""
    new = copied(conflict)
    p = find(new, name)
    order = turn_order(new, table)
    if p.name not in order.choices:
        raise ConflictError(f"{p.name} cannot act now: {order.summary()}")
    point_at(new, p.name)
    entry = table.entry("conflict", actor=p.name, comment=f"{order.current_team} picks {p.name} to act")
    return Change(new, (entry,), message=f"The {order.current_team} side picks {p.name}.")


def next_turn(conflict: Conflict, table: Table) -> tuple[Conflict, str]:
    """The current actor has acted; the next team picks (a new round begins when everyone has acted)."""
    new = copied(conflict)
    order = turn_order(new, table)
    current = new.current()
    if current is None or current.name not in order.choices:
        raise ConflictError(f"nobody is acting now: {order.summary()}")
    nxt = order.act(current.name)
    new.turn = -1
    _store(new, nxt)
    try:
        text = nxt.summary()
    except RulesError:
        text = "nobody can act"
    if nxt.round != order.round:
        return new, f"Round {nxt.round} begins: {text}."
    return new, f"{current.name} acted; {text}."


def previous_turn(conflict: Conflict, table: Table) -> tuple[Conflict, str]:
    """Take back the last pick of this round (the round before it is not reopened)."""
    new = copied(conflict)
    order = turn_order(new, table)
    if not order.history or order.history[-1][0] != order.round:
        raise ConflictError("nobody has acted yet this round")
    _round, team, member = order.history[-1]
    back = replace(order, acted=order.acted - {(team, member)}, history=order.history[:-1],
                   turn=[t.name for t in order.teams].index(team))
    _store(new, back)
    point_at(new, member)
    return new, f"Back to {member}'s turn ({team})."
