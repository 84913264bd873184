"""Ingenuity's conflict (the :class:`~vtm_tui.rules.conflict_round.ConflictRound` facet): teams, points.

docs/rules.md: no initiative roll; the team that starts the fight goes first (the
side that joined the conflict first), the attacked team next, others in the
storyteller's order. The engine's :class:`~vtm_tui.rules.ingenuity.turn_order.TurnOrder`
decides whose pick it is; this facet rebuilds it from the participants who
can act (so someone taken out simply drops from their team) and keeps its
round, acted set, next team and history in ``conflict.state["turns"]``.
The participant at ``conflict.turn`` is the one acting now: by default the
first of their team still waiting, or whoever the storyteller picks.

A pool is an attribute die + a skill die (+ a proficiency bonus number). A contest is symmetric (the
result must exceed the other's; a tie resolves nothing), the smaller creature adding the size difference;
damage = the difference + the weapon, off a resource (Health by default). The source is silent on damage,
so this tool takes it off the named resource and a participant whose Health reaches 0 is down.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.conflict_round import (
    Condition, ConflictError, ContestRoll, ContestSpec, Dice, RoundKit, extra_pool, no_pool,
)
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity import rolling
from vtm_tui.rules.ingenuity.character import RESOURCE_ATTRIBUTES
from vtm_tui.rules.ingenuity.contests import symmetric_contest
from vtm_tui.rules.ingenuity.sizes import size_bonus
from vtm_tui.rules.ingenuity.turn_order import SURPRISE_ROUND, TurnOrder
from vtm_tui.rules.pool import resolve

RESOURCES = tuple(name for name, _attribute in RESOURCE_ATTRIBUTES)
DIE_SIZES = (4, 6, 8, 10, 12)


def turn_order(kit: RoundKit, conflict: Any, table: Any) -> TurnOrder:
    """The engine's turn order for the conflict as it stands."""
    teams = [(side, [p.name for p in conflict.ordered() if p.side == side and kit.can_act(p, table)])
             for side in kit.sides(conflict)]
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


def _store(kit: RoundKit, conflict: Any, order: TurnOrder) -> None:
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
        kit.point_at(conflict, choices[0] if choices else None)


def pick(kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
    """The team whose turn it is picks ``name`` to act now."""
    new = kit.copied(conflict)
    p = kit.find(new, name)
    order = turn_order(kit, new, table)
    if p.name not in order.choices:
        raise ConflictError(f"{p.name} cannot act now: {order.summary()}")
    kit.point_at(new, p.name)
    entry = table.entry("conflict", actor=p.name, comment=f"{order.current_team} picks {p.name} to act")
    return kit.change(new, (entry,), message=f"The {order.current_team} side picks {p.name}.")


class IngenuityConflictRound:
    """The Ingenuity answers to :class:`~vtm_tui.rules.conflict_round.ConflictRound`."""

    # -- turn order --
    def start_round(self, kit: RoundKit, conflict: Any, table: Any, dice: DiceSource, number: int, *,
                    surprise: str | None = None) -> Any:
        """Round ``number`` (or, with ``surprise``, a surprise round in which only that side acts)."""
        if surprise is not None and conflict.state.get("started"):
            raise ConflictError("a surprise round can only open the fight")
        number = number if not surprise else 1
        new = kit.copied(conflict)
        kit.reset_round(new)
        new.state["started"] = True
        new.state["turns"] = {"round": SURPRISE_ROUND if surprise else number}
        order = turn_order(kit, new, table)
        if surprise:
            try:
                order = TurnOrder.start([(t.name, t.members) for t in order.teams], surprise=surprise)
            except RulesError as exc:
                raise ConflictError(str(exc)) from None
        new.turn = -1
        _store(kit, new, order)
        label = f"surprise round: only {surprise} acts" if surprise else f"round {number}"
        entry = table.entry("conflict", comment=f"{label}; {order.summary()}",
                            change={"field": "round", "before": conflict.round, "after": 0 if surprise else number})
        summary = order.summary()
        return kit.change(new, (entry,), message=f"{summary[0].upper()}{summary[1:]}.")

    def next_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str] | None:
        """The current actor has acted; the next team picks (a new round begins when everyone has acted)."""
        new = kit.copied(conflict)
        order = turn_order(kit, new, table)
        current = new.current()
        if current is None or current.name not in order.choices:
            raise ConflictError(f"nobody is acting now: {order.summary()}")
        nxt = order.act(current.name)
        new.turn = -1
        _store(kit, new, nxt)
        try:
            text = nxt.summary()
        except RulesError:
            text = "nobody can act"
        if nxt.round != order.round:
            return new, f"Round {nxt.round} begins: {text}."
        return new, f"{current.name} acted; {text}."

    def previous_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str]:
        """Take back the last pick of this round (the round before it is not reopened)."""
        new = kit.copied(conflict)
        order = turn_order(kit, new, table)
        if not order.history or order.history[-1][0] != order.round:
            raise ConflictError("nobody has acted yet this round")
        _round, team, member = order.history[-1]
        back = replace(order, acted=order.acted - {(team, member)}, history=order.history[:-1],
                       turn=[t.name for t in order.teams].index(team))
        _store(kit, new, back)
        kit.point_at(new, member)
        return new, f"Back to {member}'s turn ({team})."

    def pass_turn(self, kit: RoundKit, conflict: Any, table: Any) -> Any:
        raise ConflictError("in Ingenuity the team picks who acts: choose another member instead (Enter)")

    def actor(self, kit: RoundKit, conflict: Any, table: Any, current: Any) -> Any:
        try:
            choices = turn_order(kit, conflict, table).choices
        except VtmError:
            return None
        return current if current.name in choices else None

    def round_label(self, conflict: Any) -> str:
        if conflict.state.get("turns", {}).get("round") == SURPRISE_ROUND:
            return "Surprise round"
        return f"Round {conflict.round}"

    def turn_line(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[str, str]:
        try:
            return "acts", f" · {turn_order(kit, conflict, table).current_team} picks"
        except VtmError:
            return "acts", ""

    def key_hints(self) -> tuple[str, ...]:
        return ("n/p turn", "Enter pick", "z surprise", "N round", "c contest")

    def pool_preview(self, dice: Dice) -> str:
        return f"= {dice.text}"  # the dice are sizes: their total is the whole story

    def contest_choices(self) -> tuple[str, ...]:
        return ()

    def order_columns(self) -> tuple[str, ...]:
        return ("", "Name", "Team", "Turn", "Health", "State")

    def extra_pool_error(self, name: str, value: int) -> str | None:
        if value in DIE_SIZES:
            return None
        return f"pool {name!r}: an Ingenuity extra rolls a die size, d4-d12, not {value}"

    def vampire(self, sheet: Any) -> bool:
        return bool(getattr(sheet, "is_vampire", False))

    def sheet_notes(self, sheet: Any) -> tuple[str, ...]:
        return ()

    def state_notes(self, sheet: Any) -> tuple[str, ...]:
        return ()

    def both_strike(self, dodging: bool) -> bool:
        return not dodging

    def extra_choices(self) -> tuple[str, ...]:
        return ()  # an extra takes damage as points off a resource, never as a vampire

    # -- declarations --
    def declare_next(self, kit: RoundKit, conflict: Any, table: Any, name: str, dice: DiceSource) -> Any:
        raise ConflictError("Declaring a group is V5's turn order; V20 uses m (multiple actions).")

    def more_actions(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        raise ConflictError("Multiple actions that split the pool are V20's rule.")

    def pick_keys(self) -> tuple[str, ...]:
        return ("enter",)  # the team whose turn it is picks

    def pick(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        return pick(kit, conflict, table, name)

    # -- the turn-order table --
    def order_cell(self, p: Any, conflict: Any) -> str:
        if p.acted:
            return "acted"
        surprise = conflict.state.get("turns", {}).get("surprise")
        if surprise and p.side != surprise:
            return "surprised"
        return "waiting"

    def action_note(self, conflict: Any, name: str) -> str:
        return ""

    # -- pools and contests --
    def declared_attack(self, p: Any) -> str | None:
        return None

    def split_penalty(self, conflict: Any, name: str) -> int:
        return 0

    def read_pool(self, p: Any, table: Any, character: Any, text: str, state: Condition, vampire: bool,
                  split: int = 0) -> Dice:
        if character is None:
            found = extra_pool(p, text)
            if found is None:
                raise no_pool(p, text)
            die, name = found
            if die not in DIE_SIZES:
                raise ConflictError(f"{p.name}: an Ingenuity extra's pool is a die size d4-d12, not {die}")
            return Dice(2, f"{name} d{die} + d{die}", attribute=die, skill=die,
                        size=str(p.extra.get("size", "Medium")))
        resolved = resolve(text, character.traits())
        traits = [(name, size) for name, size in resolved.traits]
        if len(traits) == 1:
            traits.append(("untrained", 4))
        if len(traits) != 2:
            raise ConflictError(f"{p.name}: an Ingenuity test is an attribute die + a skill die, not {text!r}")
        (first, a), (second, s) = traits
        bonus = resolved.modifier
        if not 0 <= bonus <= 4:
            raise ConflictError(f"{p.name}: a proficiency bonus is +1 to +4, not {bonus:+d}")
        described = f"{first} d{a} + {second} d{s}" + (f" + {bonus}" if bonus else "")
        return Dice(2, described, attribute=a, skill=s, bonus=bonus, size=character.sheet.size)

    def roll_contest(self, kit: RoundKit, new: Any, table: Any, dice: DiceSource, spec: ContestSpec
                     ) -> ContestRoll:
        a = kit.read_pool(kit.find(new, spec.attacker), table, spec.attack)
        d = kit.read_pool(kit.find(new, spec.defender), table, spec.defence)
        ar = rolling.roll(a.attribute, a.skill, dice, bonus=a.bonus, size_bonus=size_bonus(a.size, d.size))
        dr = rolling.roll(d.attribute, d.skill, dice, bonus=d.bonus, size_bonus=size_bonus(d.size, a.size))
        result = symmetric_contest(ar, dr, first_name=spec.attacker, second_name=spec.defender)
        lines = (f"{spec.attacker}: {a.text} → {ar.summary()}", f"{spec.defender}: {d.text} → {dr.summary()}")
        extra = {"attacker_roll": ar.to_dict(), "defender_roll": dr.to_dict()}
        rolled = ContestRoll(result, a.text, d.text, lines, extra_roll=extra)
        if result.winner is None:
            return replace(rolled, message="Tie: nothing is resolved (repeat, or best of three).")
        difference = abs(ar.total - dr.total)
        if result.winner == spec.attacker:
            winner, loser, amount = spec.attacker, spec.defender, difference + spec.weapon
        elif spec.both_strike:
            winner, loser, amount = spec.defender, spec.attacker, difference + spec.defender_weapon
        else:
            return replace(rolled, message=f"{spec.defender} wins: the attack misses.")
        resource = spec.kind or "Health"
        return replace(rolled, winner=winner, loser=loser, amount=amount, kind="", track=resource,
                       verdict=f"{winner} wins by {difference}: {amount} {resource} to {loser}")

    # -- wounds --
    def points(self, p: Any, character: Any, resource: str = "Health") -> tuple[int, int]:
        """(current, maximum) of a resource."""
        if character is None:
            top = int(p.extra.get("health", 8))
            return int(p.extra.get("health_left", top)), top
        sheet = character.sheet
        return sheet.resource_current(resource), sheet.resource_max(resource)

    def condition(self, p: Any, table: Any, character: Any, vampire: bool) -> Condition:
        current, top = self.points(p, character)
        if current <= 0:
            return Condition(f"{current}/{top}", "down", 0, False)
        return Condition(f"{current}/{top}", "ok")

    def damage(self, p: Any, table: Any, character: Any, amount: int, kind: str, track: str, vampire: bool,
               new_resource: Any) -> tuple[str, str, str, str, str]:
        resource = track or "Health"
        unit = kind or "points"
        name = next((r for r in RESOURCES if r.casefold() == resource.casefold()), None)
        if name is None:
            raise ConflictError(f"Ingenuity damage goes to a resource ({', '.join(RESOURCES)}), not {resource!r}")
        if character is None:
            if name != "Health":
                raise ConflictError(f"{p.name} is an extra and has only Health points")
            current, top = self.points(p, None)
            p.extra["health_left"] = max(0, current - amount)
            return f"Health {current}/{top}", f"Health {p.extra['health_left']}/{top}", "", unit, track
        sheet = character.sheet
        current, top = sheet.resource_current(name), sheet.resource_max(name)
        held = sheet.resources.get(name)
        sheet.resources[name] = new_resource(max(0, current - amount), held.max if held is not None else None)
        return f"{name} {current}/{top}", f"{name} {max(0, current - amount)}/{top}", "", unit, track

    # -- tallies --
    def tally_roll(self, found: Dice, table: Any, dice: DiceSource, level: int) -> tuple[int, bool, Any]:
        rolled = rolling.roll(found.attribute, found.skill, dice, bonus=found.bonus, difficulty=level)
        return rolled.total, False, rolled

    def tally_points(self, mine: int, theirs: int | None, outcome: Any) -> tuple[int, int]:
        """A roll is a total, not successes: each exchange's winner gains 1, or each test that meets the Difficulty."""
        if theirs is not None:
            return int(mine > theirs), int(theirs > mine)
        return int(outcome.win), 0


CONFLICT_ROUND = IngenuityConflictRound()
