"""A V5 round: declarations in four groups, ordered by the engine (or advanced initiative).

docs/rules.md: no initiative roll. Each round (1) close combat between parties
already engaged, (2) ranged combat, (3) newly started close combat, (4)
everything else; inside a group higher Dexterity + Wits first, then more dots
in the Skill used (:func:`vtm_tui.rules.v5.turn_order.turn_order`). With the
chronicle's ``advanced_initiative`` option the order is Composure + Awareness
instead (:func:`~vtm_tui.rules.v5.turn_order.advanced_initiative`). A
participant who passes moves to the end of the order.

Declarations are kept in each participant's ``extra``: ``declared`` (the group
number) and ``skill`` (the Skill used, for the tie-break). A character who
started a new close combat is engaged next round.
"""

from __future__ import annotations

from vtm_tui.conflict import declarations
from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.pools import trait
from vtm_tui.conflict.roster import copied, current_name, find, point_at, renumber
from vtm_tui.conflict.turns import first, reset_round
from vtm_tui.conflict.wounds import can_act, vampire
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.v5.turn_order import Action, Combatant, Group, advanced_initiative, turn_order

#: The Skill a group is usually fought with (the tie-break takes the better of close-combat Skills).
GROUP_SKILLS = {Group.ENGAGED_CLOSE: ("Brawl", "Melee"), Group.RANGED: ("Firearms",),
                Group.NEW_CLOSE: ("Brawl", "Melee"), Group.OTHER: ()}
SHORT = {Group.ENGAGED_CLOSE: "engaged", Group.RANGED: "ranged", Group.NEW_CLOSE: "new close",
         Group.OTHER: "other"}


#: The Attribute a declared Skill attacks with: Dexterity for a gun or a bow, Strength for fists and blades.
ATTACK_ATTRIBUTE = {"firearms": "Dexterity", "archery": "Dexterity", "brawl": "Strength", "melee": "Strength"}


def declared_attack(p: Participant) -> str | None:
    """The attack pool a declaration implies (ranged: ``Dexterity + Firearms``), None when nothing was declared.

    The contest dialog offers it instead of ``Strength + Brawl``, which a declared shot is not.
    """
    if "declared" not in p.extra:
        return None
    group = group_of(p)
    skill = p.extra.get("skill") or ("Firearms" if group is Group.RANGED else "")
    if not isinstance(skill, str) or not skill:
        return None
    attribute = ATTACK_ATTRIBUTE.get(skill.casefold(), "Dexterity" if group is Group.RANGED else "Strength")
    return f"{attribute} + {skill}"


def group_of(p: Participant) -> Group:
    value = p.extra.get("declared")
    if isinstance(value, int) and value in {int(g) for g in Group}:
        return Group(value)
    return Group.ENGAGED_CLOSE if p.engaged else Group.OTHER


def _action(p: Participant, table: Table) -> Action:
    group = group_of(p)
    skill_name = p.extra.get("skill")
    names = (skill_name,) if isinstance(skill_name, str) and skill_name else GROUP_SKILLS[group]
    skill = max((trait(p, table, name) for name in names), default=0)
    if table.character(p) is None:
        speed = trait(p, table, "initiative", 0)
        return Action(p.name, group, speed, 0, skill)
    return Action(p.name, group, trait(p, table, "Dexterity"), trait(p, table, "Wits"), skill)


def _combatant(p: Participant, table: Table) -> Combatant:
    character = table.character(p)
    if character is None:
        return Combatant(p.name, trait(p, table, "initiative", 0), 0, False, vampire(p, table))
    return Combatant(p.name, trait(p, table, "Composure"), trait(p, table, "Awareness"),
                     character.kind == "pc", vampire(p, table))


def _sorted_names(people: list[Participant], table: Table, dice: DiceSource) -> list[str]:
    if table.option("advanced_initiative", False):
        return [c.name for c in advanced_initiative([_combatant(p, table) for p in people], dice)]
    return [a.name for a in turn_order(_action(p, table) for p in people)]


def order_text(conflict: Conflict, table: Table) -> str:
    return " > ".join(p.name for p in conflict.ordered() if can_act(p, table))


def start_round(conflict: Conflict, table: Table, dice: DiceSource, number: int) -> Change:
    """Round ``number``: everyone's acted flag cleared, the order made from the declarations."""
    new = copied(conflict)
    if number > 1:
        for p in new.participants:  # a close combat started last round is an engaged one now
            if group_of(p) is Group.NEW_CLOSE:
                p.extra["declared"] = int(Group.ENGAGED_CLOSE)
                p.engaged = True
    reset_round(new)
    new.round = number
    new.state["started"] = True
    new.state.pop("passed", None)
    able = [p for p in new.ordered() if can_act(p, table)]
    others = [p.name for p in new.ordered() if not can_act(p, table)]
    renumber(new, _sorted_names(able, table, dice) + others)
    start = first(new, table)
    new.turn = start if start is not None else 0
    how = "advanced initiative (Composure + Awareness)" if table.option("advanced_initiative", False) else \
        "declared actions, then Dexterity + Wits"
    text = order_text(new, table)
    entry = table.entry("conflict", comment=f"round {number} begins; order by {how}: {text}",
                        change={"field": "round", "before": conflict.round, "after": number})
    return Change(new, (entry,), message=f"Round {number}: {text or 'nobody can act'}.")


def declare(conflict: Conflict, table: Table, name: str, group: Group, skill: str = "",
            dice: DiceSource | None = None) -> Change:
    """Set what ``name`` does this round; those who have not acted yet are ordered again."""
    new = copied(conflict)
    p = find(new, name)
    before = group_of(p)
    p.extra["declared"] = int(group)
    if skill:
        p.extra["skill"] = skill
    else:
        p.extra.pop("skill", None)
    p.engaged = group is Group.ENGAGED_CLOSE
    if not table.option("advanced_initiative", False) and new.state.get("started"):
        keep = current_name(new)
        ordered = new.ordered()
        settled = [q.name for q in ordered[: new.turn] if q.acted or not can_act(q, table)]
        settled += [q.name for q in ordered if q.acted and q.name not in settled]
        rest = [q for q in ordered if q.name not in settled and can_act(q, table)]
        out = [q.name for q in ordered if q.name not in settled and not can_act(q, table)]
        names = settled + _sorted_names(rest, table, dice or _NoDice()) + out
        renumber(new, names)
        holder = keep if keep in settled else None
        point_at(new, holder)
        if holder is None:
            start = first(new, table)
            new.turn = start if start is not None else 0
    entry = table.entry("conflict", actor=p.name, comment=f"declares {group.label}" + (f" ({skill})" if skill else ""),
                        change={"field": "declared", "before": before.label, "after": group.label})
    declarations.hold(new, entry)  # logged once, with the final choice, when play moves on
    return Change(new, (), message=f"{p.name}: {group.label}.")


def cycle_group(p: Participant) -> Group:
    """The next group in the list (for a one-key declaration)."""
    groups = list(Group)
    return groups[(groups.index(group_of(p)) + 1) % len(groups)]


def pass_turn(conflict: Conflict, table: Table) -> Change:
    """The current actor passes: to the end of the order, still to act this round."""
    new = copied(conflict)
    current = new.current()
    if current is None or not can_act(current, table) or current.acted:
        raise ConflictError("nobody is waiting to act, so nobody can pass")
    names = [p.name for p in new.ordered() if p.name != current.name]
    last_able = max((i for i, n in enumerate(names) if can_act(find(new, n), table)), default=-1)
    names.insert(last_able + 1, current.name)
    renumber(new, names)
    passed = list(new.state.get("passed", []))
    passed.append(current.name)
    new.state["passed"] = passed
    start = first(new, table)
    new.turn = start if start is not None else 0
    entry = table.entry("conflict", actor=current.name, comment="passes: moves to the end of the order",
                        change={"field": "order", "before": conflict.turn + 1, "after": names.index(current.name) + 1})
    nxt = new.current()
    return Change(new, (entry,), message=f"{current.name} passes; {nxt.name if nxt else 'nobody'} acts.")


class _NoDice:
    """Re-ordering after a declaration never rolls (advanced initiative re-orders only at a round's start)."""

    def roll(self, count: int, sides: int, purpose: str = "regular") -> list[int]:
        raise ConflictError("no dice are rolled when a declaration changes")
