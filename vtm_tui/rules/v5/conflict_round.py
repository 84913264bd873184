"""V5's conflict (the :class:`~vtm_tui.rules.conflict_round.ConflictRound` facet): declared groups, boxes.

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

Pools: impairment (−2 to Physical pools when Health is full, to Mental and Social ones when
Willpower is), the 1-die floor, and the character's Hunger; a bare number is a Physical pool.
A contest: more successes wins, margin = the difference; damage = margin + weapon rating
(:func:`vtm_tui.rules.v5.turn_order.damage`), Superficial or Aggravated. Equal successes is a tie:
nothing is resolved. In close combat both sides strike (``both_strike``), so a defender who wins deals
damage too; against a dodge or a shot, only the attacker does. Wounds are the engine's
:class:`~vtm_tui.rules.v5.trackers.Tracker` (Superficial halved for vampires on Health, a full track
impaired, all Aggravated → torpor or death).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.rules.conflict_round import (
    Condition, ConflictError, ContestRoll, ContestSpec, Dice, RoundKit, act_next, counted_preview, dice_pool_error,
    extra_pool, no_pool, no_surprise, number, pass_in_order, started,
)
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.v5 import rolling
from vtm_tui.rules.v5.contests import contest
from vtm_tui.rules.v5.pools import build_pool, pool_from_expression
from vtm_tui.rules.v5.trackers import Tracker
from vtm_tui.rules.v5.traits import Category
from vtm_tui.rules.v5.turn_order import Action, Combatant, Group, advanced_initiative, damage, turn_order

#: The Skill a group is usually fought with (the tie-break takes the better of close-combat Skills).
GROUP_SKILLS = {Group.ENGAGED_CLOSE: ("Brawl", "Melee"), Group.RANGED: ("Firearms",),
                Group.NEW_CLOSE: ("Brawl", "Melee"), Group.OTHER: ()}
SHORT = {Group.ENGAGED_CLOSE: "engaged", Group.RANGED: "ranged", Group.NEW_CLOSE: "new close",
         Group.OTHER: "other"}
#: The Attribute a declared Skill attacks with: Dexterity for a gun or a bow, Strength for fists and blades.
ATTACK_ATTRIBUTE = {"firearms": "Dexterity", "archery": "Dexterity", "brawl": "Strength", "melee": "Strength"}
KINDS = ("superficial", "aggravated")
TRACKS = ("health", "willpower")


def group_of(p: Any) -> Group:
    value = p.extra.get("declared")
    if isinstance(value, int) and value in {int(g) for g in Group}:
        return Group(value)
    return Group.ENGAGED_CLOSE if p.engaged else Group.OTHER


def cycle_group(p: Any) -> Group:
    """The next group in the list (for a one-key declaration)."""
    groups = list(Group)
    return groups[(groups.index(group_of(p)) + 1) % len(groups)]


def declared_attack(p: Any) -> str | None:
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


def _action(kit: RoundKit, p: Any, table: Any) -> Action:
    group = group_of(p)
    skill_name = p.extra.get("skill")
    names = (skill_name,) if isinstance(skill_name, str) and skill_name else GROUP_SKILLS[group]
    skill = max((kit.trait(p, table, name) for name in names), default=0)
    if table.character(p) is None:
        speed = kit.trait(p, table, "initiative", 0)
        return Action(p.name, group, speed, 0, skill)
    return Action(p.name, group, kit.trait(p, table, "Dexterity"), kit.trait(p, table, "Wits"), skill)


def _combatant(kit: RoundKit, p: Any, table: Any) -> Combatant:
    character = table.character(p)
    if character is None:
        return Combatant(p.name, kit.trait(p, table, "initiative", 0), 0, False, kit.vampire(p, table))
    return Combatant(p.name, kit.trait(p, table, "Composure"), kit.trait(p, table, "Awareness"),
                     character.kind == "pc", kit.vampire(p, table))


def _sorted_names(kit: RoundKit, people: list[Any], table: Any, dice: DiceSource) -> list[str]:
    if table.option("advanced_initiative", False):
        return [c.name for c in advanced_initiative([_combatant(kit, p, table) for p in people], dice)]
    return [a.name for a in turn_order(_action(kit, p, table) for p in people)]


def order_text(kit: RoundKit, conflict: Any, table: Any) -> str:
    return " > ".join(p.name for p in conflict.ordered() if kit.can_act(p, table))


def declare(kit: RoundKit, conflict: Any, table: Any, name: str, group: Group, skill: str = "",
            dice: DiceSource | None = None) -> Any:
    """Set what ``name`` does this round; those who have not acted yet are ordered again."""
    new = kit.copied(conflict)
    p = kit.find(new, name)
    before = group_of(p)
    p.extra["declared"] = int(group)
    if skill:
        p.extra["skill"] = skill
    else:
        p.extra.pop("skill", None)
    p.engaged = group is Group.ENGAGED_CLOSE
    if not table.option("advanced_initiative", False) and new.state.get("started"):
        keep = kit.current_name(new)
        ordered = new.ordered()
        settled = [q.name for q in ordered[: new.turn] if q.acted or not kit.can_act(q, table)]
        settled += [q.name for q in ordered if q.acted and q.name not in settled]
        rest = [q for q in ordered if q.name not in settled and kit.can_act(q, table)]
        out = [q.name for q in ordered if q.name not in settled and not kit.can_act(q, table)]
        names = settled + _sorted_names(kit, rest, table, dice or _NoDice()) + out
        kit.renumber(new, names)
        holder = keep if keep in settled else None
        kit.point_at(new, holder)
        if holder is None:
            start = kit.first(new, table)
            new.turn = start if start is not None else 0
    entry = table.entry("conflict", actor=p.name, comment=f"declares {group.label}" + (f" ({skill})" if skill else ""),
                        change={"field": "declared", "before": before.label, "after": group.label})
    kit.hold(new, entry)  # logged once, with the final choice, when play moves on
    return kit.change(new, (), message=f"{p.name}: {group.label}.")


class _NoDice:
    """Re-ordering after a declaration never rolls (advanced initiative re-orders only at a round's start)."""

    def roll(self, count: int, sides: int, purpose: str = "regular") -> list[int]:
        raise ConflictError("no dice are rolled when a declaration changes")


class V5ConflictRound:
    """The V5 answers to :class:`~vtm_tui.rules.conflict_round.ConflictRound` (and V5's own declarations)."""

    group_of = staticmethod(group_of)
    cycle_group = staticmethod(cycle_group)

    def declare(self, kit: RoundKit, conflict: Any, table: Any, name: str, group: Group, skill: str = "",
                dice: DiceSource | None = None) -> Any:
        """``name`` declares ``group`` (with the Skill used, for the tie-break)."""
        return declare(kit, conflict, table, name, group, skill, dice)

    # -- turn order --
    def start_round(self, kit: RoundKit, conflict: Any, table: Any, dice: DiceSource, number: int, *,
                    surprise: str | None = None) -> Any:
        """Round ``number``: everyone's acted flag cleared, the order made from the declarations."""
        no_surprise(surprise)
        new = kit.copied(conflict)
        if number > 1:
            for p in new.participants:  # a close combat started last round is an engaged one now
                if group_of(p) is Group.NEW_CLOSE:
                    p.extra["declared"] = int(Group.ENGAGED_CLOSE)
                    p.engaged = True
        kit.reset_round(new)
        new.round = number
        new.state["started"] = True
        new.state.pop("passed", None)
        able = [p for p in new.ordered() if kit.can_act(p, table)]
        others = [p.name for p in new.ordered() if not kit.can_act(p, table)]
        kit.renumber(new, _sorted_names(kit, able, table, dice) + others)
        start = kit.first(new, table)
        new.turn = start if start is not None else 0
        how = "advanced initiative (Composure + Awareness)" if table.option("advanced_initiative", False) else \
            "declared actions, then Dexterity + Wits"
        text = order_text(kit, new, table)
        entry = table.entry("conflict", comment=f"round {number} begins; order by {how}: {text}",
                            change={"field": "round", "before": conflict.round, "after": number})
        return kit.change(new, (entry,), message=f"Round {number}: {text or 'nobody can act'}.")

    def next_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str] | None:
        new = kit.copied(conflict)
        current = new.current()
        if current is not None and kit.can_act(current, table):
            current.acted = True
        return act_next(kit, new, table)

    def previous_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str]:
        new = kit.copied(conflict)
        index = kit.step(new, table, -1, skip_acted=False)
        if index is None:
            raise ConflictError("this is the first turn of the round")
        new.turn = index
        new.current().acted = False
        return new, f"Back to {new.current().name}'s turn."

    def pass_turn(self, kit: RoundKit, conflict: Any, table: Any) -> Any:
        if not started(conflict):
            raise ConflictError("the conflict has not begun (N begins round 1)")
        return pass_in_order(kit, conflict, table)

    def actor(self, kit: RoundKit, conflict: Any, table: Any, current: Any) -> Any:
        return None if current.acted else current

    def round_label(self, conflict: Any) -> str:
        return f"Round {conflict.round}"

    def turn_line(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[str, str]:
        return "acts", ""

    def key_hints(self) -> tuple[str, ...]:
        return ("n/p turn", "N round", "c contest", "g declare", "s pass", "J/K move")

    def pool_preview(self, dice: Dice) -> str:
        return counted_preview(dice)

    def contest_choices(self) -> tuple[str, ...]:
        return ("willpower",)  # a social conflict's blow lands on Willpower

    def order_columns(self) -> tuple[str, ...]:
        return ("", "Name", "Side", "Action", "Health", "State")

    def extra_pool_error(self, name: str, value: int) -> str | None:
        return dice_pool_error(name, value)

    def vampire(self, sheet: Any) -> bool:
        return bool(getattr(sheet, "is_vampire", False))

    def sheet_notes(self, sheet: Any) -> tuple[str, ...]:
        return (f"Willpower {sheet.willpower.boxes(sheet.willpower_size)}",)

    def state_notes(self, sheet: Any) -> tuple[str, ...]:
        return (f"Hunger {sheet.hunger}",) if sheet.is_vampire else ()

    def both_strike(self, dodging: bool) -> bool:
        return not dodging

    def extra_choices(self) -> tuple[str, ...]:
        return ("vampire",)

    # -- declarations --
    def declare_next(self, kit: RoundKit, conflict: Any, table: Any, name: str, dice: DiceSource) -> Any:
        group = cycle_group(kit.find(conflict, name))
        return declare(kit, conflict, table, name, group, dice=dice)

    def more_actions(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        raise ConflictError("Multiple actions that split the pool are V20's rule.")

    def pick_keys(self) -> tuple[str, ...]:
        return ()  # the round's order says who acts

    def pick(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        raise ConflictError("in V5 the order of the round says who acts: n moves to the next turn")

    # -- the turn-order table --
    def order_cell(self, p: Any, conflict: Any) -> str:
        text = SHORT[group_of(p)]
        skill = p.extra.get("skill")
        if skill:
            text += f" ({skill})"
        if p.name in conflict.state.get("passed", []):
            text += " · passed"
        return text

    def action_note(self, conflict: Any, name: str) -> str:
        return ""

    # -- pools and contests --
    def declared_attack(self, p: Any) -> str | None:
        return declared_attack(p)

    def split_penalty(self, conflict: Any, name: str) -> int:
        return 0

    def read_pool(self, p: Any, table: Any, character: Any, text: str, state: Condition, vampire: bool,
                  split: int = 0) -> Dice:
        health_impaired = state.state == "impaired"
        if character is None:
            found = extra_pool(p, text)
            if found is None:
                raise no_pool(p, text)
            dots, name = found
            pool = build_pool(((name, dots),), categories={Category.PHYSICAL}, health_impaired=health_impaired)
            hunger = int(p.extra.get("hunger", 0)) if vampire else 0
            return Dice(pool.dice, pool.describe(), hunger, not vampire)
        typed = number(text)
        options = {"health_impaired": health_impaired, "willpower_impaired": state.willpower_impaired}
        if typed is not None:
            pool = build_pool((("pool", typed),), categories={Category.PHYSICAL}, **options)
        else:
            pool = pool_from_expression(text, character.traits(), **options)
        sheet = character.sheet
        is_vampire = bool(getattr(sheet, "is_vampire", False))
        return Dice(pool.dice, pool.describe(), sheet.hunger if is_vampire else 0, not is_vampire)

    def roll_contest(self, kit: RoundKit, new: Any, table: Any, dice: DiceSource, spec: ContestSpec
                     ) -> ContestRoll:
        a = kit.read_pool(kit.find(new, spec.attacker), table, spec.attack)
        d = kit.read_pool(kit.find(new, spec.defender), table, spec.defence)
        ar = rolling.roll(a.dice, a.hunger, 0, dice, mortal=a.mortal)
        dr = rolling.roll(d.dice, d.hunger, 0, dice, mortal=d.mortal)
        result = contest(ar, dr)
        kind = spec.kind or "superficial"
        lines = (f"{spec.attacker}: {a.text} → {ar.dice_text()} ({ar.successes})",
                 f"{spec.defender}: {d.text} → {dr.dice_text()} ({dr.successes})")
        rolled = ContestRoll(result, a.text, d.text, lines)
        if result.tie:
            return replace(rolled, message="Tie: nothing is resolved; the storyteller decides "
                           "(roll again, or both take the effect).")
        if result.win:
            winner, loser, amount = spec.attacker, spec.defender, damage(result.margin, spec.weapon)
        elif spec.both_strike:
            winner, loser, amount = spec.defender, spec.attacker, damage(result.margin, spec.defender_weapon)
        else:
            return replace(rolled, message=f"{spec.defender} wins by {result.margin}: the attack misses.")
        target = loser if spec.track == "health" else f"{loser}'s {spec.track.capitalize()}"  # a social conflict
        verdict = f"{winner} wins by {result.margin}: {amount} {kind} damage to {target}"
        return replace(rolled, winner=winner, loser=loser, amount=amount, kind=kind, track=spec.track,
                       verdict=verdict)

    # -- wounds --
    def tracks(self, p: Any, character: Any) -> tuple[Tracker, Tracker | None]:
        """(Health, Willpower) as engine trackers; an extra has no Willpower track."""
        if character is None:
            size = int(p.extra.get("health", 4))
            sup, agg = int(p.extra.get("superficial", 0)), int(p.extra.get("aggravated", 0))
            return Tracker(size, min(sup, size - min(agg, size)), min(agg, size)), None
        sheet = character.sheet
        health = Tracker(sheet.health_size, sheet.health.superficial, sheet.health.aggravated)
        willpower = Tracker(sheet.willpower_size, sheet.willpower.superficial, sheet.willpower.aggravated)
        return health, willpower

    def condition(self, p: Any, table: Any, character: Any, vampire: bool) -> Condition:
        health, willpower = self.tracks(p, character)
        state = health.condition(vampire=vampire)
        wp_impaired = bool(willpower and willpower.impaired)
        if state in ("torpor", "dead"):
            return Condition(health.boxes(), state, 0, False)
        if state == "impaired":
            return Condition(health.boxes(), "impaired", 2, True, wp_impaired)
        if wp_impaired:
            return Condition(health.boxes(), "impaired (WP)", 0, True, True)
        return Condition(health.boxes(), "ok")

    def damage(self, p: Any, table: Any, character: Any, amount: int, kind: str, track: str, vampire: bool,
               new_resource: Any) -> tuple[str, str, str, str, str]:
        field, unit = track, kind or "damage"
        kind, track = kind or "superficial", track or "health"
        if kind not in KINDS:
            raise ConflictError(f"V5 damage is superficial or aggravated, not {kind!r}")
        if track not in TRACKS:
            raise ConflictError(f"V5 damage goes to health or willpower, not {track!r}")
        health, willpower = self.tracks(p, character)
        target = health if track == "health" else willpower
        if target is None:
            raise ConflictError(f"{p.name} is an extra and has no Willpower track; damage their health")
        halve = track == "health" and kind == "superficial" and vampire
        hurt = target.take(amount, aggravated=kind == "aggravated", halve=halve)
        note = f"halved to {-(-amount // 2)} for a vampire" if halve and amount else ""
        if character is None:
            p.extra["superficial"], p.extra["aggravated"] = hurt.superficial, hurt.aggravated
        else:
            sheet = character.sheet
            setattr(sheet, track, replace(getattr(sheet, track), superficial=hurt.superficial,
                                          aggravated=hurt.aggravated))
        return target.boxes(), hurt.boxes(), note, unit, field

    # -- tallies --
    def tally_roll(self, found: Dice, table: Any, dice: DiceSource, level: int) -> tuple[int, bool, Any]:
        rolled = rolling.roll(found.dice, found.hunger, 0, dice, mortal=found.mortal)
        return rolled.successes, False, rolled

    def tally_points(self, mine: int, theirs: int | None, outcome: Any) -> tuple[int, int]:
        return mine, theirs or 0


CONFLICT_ROUND = V5ConflictRound()
