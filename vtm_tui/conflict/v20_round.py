"""A V20 round: initiative rolled, declarations from the lowest up, actions from the highest down.

docs/rules.md: initiative = 1d10 + Dexterity + Wits − wound penalty, highest first;
ties go to the higher Dexterity + Wits, then the characters act at the same
time (one slot, shown with ``=``). The engine
(:func:`vtm_tui.rules.v20.turn_order.roll_initiative`) rolls and orders; this
module keeps the round's two phases in ``conflict.state``:

- ``phase``: ``"declare"`` (the turn walks up from the lowest initiative) then
  ``"act"`` (down from the highest);
- ``initiative``: name → [die, total]; ``ties``: the slots holding more than one;
- ``multiple``: name → N declared actions, and ``used``: name → actions taken,
  so the k-th action's pool loses N + k dice (:mod:`vtm_tui.rules.v20.multiple`).
"""

from __future__ import annotations

from vtm_tui.conflict import declarations
from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.pools import trait
from vtm_tui.conflict.roster import copied, find, renumber
from vtm_tui.conflict.turns import first, reset_round, step
from vtm_tui.conflict.wounds import can_act, condition
from vtm_tui.model.conflict import Conflict
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.v20.turn_order import Combatant, roll_initiative
from vtm_tui.rules.v20.multiple import MultipleActions

DECLARE, ACT = "declare", "act"
MAX_ACTIONS = 10


def phase(conflict: Conflict) -> str:
    return str(conflict.state.get("phase", ACT))


def start_round(conflict: Conflict, table: Table, dice: DiceSource, number: int) -> Change:
    """Roll everyone's initiative for round ``number``; declarations start with the lowest."""
    new = copied(conflict)
    reset_round(new)
    new.round = number
    new.state["started"] = True
    able = [p for p in new.ordered() if can_act(p, table)]
    combatants = []
    for p in able:
        dex, wits = trait(p, table, "Dexterity"), trait(p, table, "Wits")
        if table.character(p) is None and not dex and not wits:
            dex = trait(p, table, "initiative", 0)
        combatants.append(Combatant(p.name, dex, wits, condition(p, table).penalty))
    order = roll_initiative(combatants, dice) if combatants else None
    names = [name for slot in order.names for name in slot] if order else []
    others = [p.name for p in new.ordered() if p.name not in names]
    for p in new.participants:
        p.initiative = None
    rolled: dict[str, list[int]] = {}
    if order is not None:
        for slot in order.slots:
            for entry in slot:
                find(new, entry.name).initiative = entry.total
                rolled[entry.name] = [entry.die, entry.total]
    renumber(new, names + others)
    new.state.update({"phase": DECLARE, "initiative": rolled,
                      "ties": [slot for slot in (order.names if order else []) if len(slot) > 1],
                      "multiple": {}, "used": {}})
    start = first(new, table, from_end=True)
    new.turn = start if start is not None else 0
    summary = order.summary() if order is not None else "nobody can act"
    entry = table.entry("conflict", comment=f"round {number} initiative: {summary}; declarations from the lowest",
                        roll={"ruleset": "v20", "kind": "initiative", **(order.to_dict() if order else {})},
                        change={"field": "round", "before": conflict.round, "after": number})
    return Change(new, (entry,), message=f"Round {number} initiative: {summary}. Declare from the lowest.")


def tied_with(conflict: Conflict, name: str) -> list[str]:
    """The others sharing ``name``'s initiative slot (they act at the same time)."""
    for slot in conflict.state.get("ties", []):
        if name in slot:
            return [n for n in slot if n != name]
    return []


def next_turn(conflict: Conflict, table: Table) -> tuple[Conflict, str] | None:
    """Advance inside the round (in place on a copy); None when the round is over."""
    new = copied(conflict)
    if phase(new) == DECLARE:
        index = step(new, table, -1, skip_acted=False)
        if index is not None:
            new.turn = index
            return new, f"{new.current().name} declares."
        new.state["phase"] = ACT
        start = first(new, table)
        if start is None:
            return None
        new.turn = start
        return new, f"Everyone has declared; {new.current().name} acts first."
    current = new.current()
    if current is not None:
        current.acted = True
    index = step(new, table, 1)
    if index is None:
        index = first(new, table)
    if index is None:
        return None
    new.turn = index
    return new, f"{new.current().name} acts."


def previous_turn(conflict: Conflict, table: Table) -> tuple[Conflict, str]:
    new = copied(conflict)
    if phase(new) == DECLARE:
        index = step(new, table, 1, skip_acted=False)
        if index is None:
            raise ConflictError("this is the first declaration of the round")
        new.turn = index
        return new, f"Back to {new.current().name}'s declaration."
    index = step(new, table, -1, skip_acted=False)
    if index is None:
        new.state["phase"] = DECLARE
        return new, f"Back to the declarations: {new.current().name} declares."
    new.turn = index
    new.current().acted = False
    return new, f"Back to {new.current().name}'s action."


def declare_multiple(conflict: Conflict, table: Table, name: str, actions: int) -> Change:
    """``name`` takes ``actions`` actions this round (1 cancels); the pools split as the rules say."""
    if isinstance(actions, bool) or not isinstance(actions, int) or not 1 <= actions <= MAX_ACTIONS:
        raise ConflictError(f"the number of actions must be 1-{MAX_ACTIONS}, not {actions!r}")
    new = copied(conflict)
    p = find(new, name)
    multiple = dict(new.state.get("multiple", {}))
    before = multiple.get(p.name, 1)
    if actions == 1:
        multiple.pop(p.name, None)
    else:
        multiple[p.name] = actions
    new.state["multiple"] = multiple
    text = split_text(new, p.name) or "one action"
    entry = table.entry("conflict", actor=p.name, comment=f"declares {actions} action{'s' if actions != 1 else ''}: "
                        f"{text}", change={"field": "actions", "before": before, "after": actions})
    declarations.hold(new, entry)  # logged once, with the final choice, when play moves on
    return Change(new, (), message=f"{p.name}: {text}.")


def split_penalty(conflict: Conflict, name: str) -> int:
    """Dice the next action of ``name`` loses (0 with a single action); refused when none is left."""
    count = int(conflict.state.get("multiple", {}).get(name, 1))
    if count < 2:
        return 0
    used = int(conflict.state.get("used", {}).get(name, 0))
    if used >= count:
        raise ConflictError(f"{name} declared {count} actions and has taken them all this round")
    return MultipleActions((99,) * count).penalty(used)


def split_text(conflict: Conflict, name: str) -> str:
    """``3 actions: −3/−4/−5 (1 taken)`` or ``""`` for a single action."""
    count = int(conflict.state.get("multiple", {}).get(name, 1))
    if count < 2:
        return ""
    used = int(conflict.state.get("used", {}).get(name, 0))
    penalties = "/".join(f"−{MultipleActions((99,) * count).penalty(i)}" for i in range(count))
    return f"{count} actions: {penalties}" + (f" ({used} taken)" if used else "")


def use_action(conflict: Conflict, name: str) -> None:
    """Count one of ``name``'s actions as taken (in place)."""
    used = dict(conflict.state.get("used", {}))
    used[name] = int(used.get(name, 0)) + 1
    conflict.state["used"] = used
