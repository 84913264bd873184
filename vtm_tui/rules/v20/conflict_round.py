"""V20's conflict (the :class:`~vtm_tui.rules.conflict_round.ConflictRound` facet): initiative, levels.

docs/rules.md: initiative = 1d10 + Dexterity + Wits − wound penalty, highest first;
ties go to the higher Dexterity + Wits, then the characters act at the same
time (one slot, shown with ``=``). The engine
(:func:`vtm_tui.rules.v20.turn_order.roll_initiative`) rolls and orders; the
round's two phases are kept in ``conflict.state``:

- ``phase``: ``"declare"`` (the turn walks up from the lowest initiative) then
  ``"act"`` (down from the highest);
- ``initiative``: name → [die, total]; ``ties``: the slots holding more than one;
- ``multiple``: name → N declared actions, and ``used``: name → actions taken,
  so the k-th action's pool loses N + k dice (:mod:`vtm_tui.rules.v20.multiple`).

Pools take the wound penalty and the split of multiple actions. A contest is a resisted roll
(:func:`vtm_tui.rules.v20.contests.resist`) at the attack's Difficulty; a winning attack rolls damage
dice (the damage pool + each success beyond the first) at Difficulty 6, the target soaks at 6 (Stamina
against bashing, and against lethal for vampires; Fortitude against aggravated; an extra's ``damage``
and ``soak`` pools), and the net successes are health levels. Vampires take half of bashing damage,
rounded down, after soak (the books' rule). Wounds are the engine's
:class:`~vtm_tui.rules.v20.health.HealthLevels` (bashing/lethal/aggravated levels, wound penalties,
Incapacitated, torpor beyond the track).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.rules.conflict_round import (
    Condition, ConflictError, ContestRoll, ContestSpec, Dice, RoundKit, act_next, counted_preview, dice_pool_error,
    extra_pool, no_pool, no_surprise, number, pass_in_order, started,
)
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.v20 import rolling
from vtm_tui.rules.v20.contests import resist
from vtm_tui.rules.v20.health import LEVELS, HealthLevels, check_kind
from vtm_tui.rules.v20.multiple import MultipleActions
from vtm_tui.rules.v20.options import V20Options
from vtm_tui.rules.v20.pools import V20Pool, resolve_pool
from vtm_tui.rules.v20.turn_order import Combatant, roll_initiative

DECLARE, ACT = "declare", "act"
MAX_ACTIONS = 10
#: The most actions the ``m`` key steps through before it comes back to one.
KEY_ACTIONS = 4
DAMAGE_DIFFICULTY = 6
KINDS = ("bashing", "lethal", "aggravated")


def phase(conflict: Any) -> str:
    return str(conflict.state.get("phase", ACT))


def tied_with(conflict: Any, name: str) -> list[str]:
    """The others sharing ``name``'s initiative slot (they act at the same time)."""
    for slot in conflict.state.get("ties", []):
        if name in slot:
            return [n for n in slot if n != name]
    return []


def split_penalty(conflict: Any, name: str) -> int:
    """Dice the next action of ``name`` loses (0 with a single action); refused when none is left."""
    count = int(conflict.state.get("multiple", {}).get(name, 1))
    if count < 2:
        return 0
    used = int(conflict.state.get("used", {}).get(name, 0))
    if used >= count:
        raise ConflictError(f"{name} declared {count} actions and has taken them all this round")
    return MultipleActions((99,) * count).penalty(used)


def split_text(conflict: Any, name: str) -> str:
    """``3 actions: −3/−4/−5 (1 taken)`` or ``""`` for a single action."""
    count = int(conflict.state.get("multiple", {}).get(name, 1))
    if count < 2:
        return ""
    used = int(conflict.state.get("used", {}).get(name, 0))
    penalties = "/".join(f"−{MultipleActions((99,) * count).penalty(i)}" for i in range(count))
    return f"{count} actions: {penalties}" + (f" ({used} taken)" if used else "")


def use_action(conflict: Any, name: str) -> None:
    """Count one of ``name``'s actions as taken (in place)."""
    used = dict(conflict.state.get("used", {}))
    used[name] = int(used.get(name, 0)) + 1
    conflict.state["used"] = used


def declare_multiple(kit: RoundKit, conflict: Any, table: Any, name: str, actions: int) -> Any:
    """``name`` takes ``actions`` actions this round (1 cancels); the pools split as the rules say."""
    if isinstance(actions, bool) or not isinstance(actions, int) or not 1 <= actions <= MAX_ACTIONS:
        raise ConflictError(f"the number of actions must be 1-{MAX_ACTIONS}, not {actions!r}")
    new = kit.copied(conflict)
    p = kit.find(new, name)
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
    kit.hold(new, entry)  # logged once, with the final choice, when play moves on
    return kit.change(new, (), message=f"{p.name}: {text}.")


def _track(p: Any, character: Any, vampire: bool) -> HealthLevels:
    beyond = p.extra.get("beyond") or None
    if character is None:
        marks = str(p.extra.get("marks", ""))
        track = HealthLevels.from_marks(marks, vampire=vampire)
    else:
        h = character.sheet.health
        boxes = ("aggravated",) * h.aggravated + ("lethal",) * h.lethal + ("bashing",) * h.bashing
        track = HealthLevels(boxes[: len(LEVELS)], vampire=True)
    return replace(track, beyond=check_kind(beyond)) if beyond else track


def _soak(kit: RoundKit, p: Any, table: Any, kind: str) -> int:
    """Soak dice: Stamina (bashing; lethal too for a vampire); Fortitude against aggravated."""
    is_vampire = kit.vampire(p, table)
    if kind == "aggravated":
        return kit.trait(p, table, "Fortitude", 0) if is_vampire else 0
    if kind == "lethal" and not is_vampire:
        return 0
    return kit.trait(p, table, "Stamina", kit.trait(p, table, "soak", 0))


class V20ConflictRound:
    """The V20 answers to :class:`~vtm_tui.rules.conflict_round.ConflictRound` (and V20's own round state)."""

    phase = staticmethod(phase)
    tied_with = staticmethod(tied_with)
    split_text = staticmethod(split_text)

    def declare_multiple(self, kit: RoundKit, conflict: Any, table: Any, name: str, actions: int) -> Any:
        """``name`` takes ``actions`` actions this round (1 cancels)."""
        return declare_multiple(kit, conflict, table, name, actions)

    # -- turn order --
    def start_round(self, kit: RoundKit, conflict: Any, table: Any, dice: DiceSource, number: int, *,
                    surprise: str | None = None) -> Any:
        """Roll everyone's initiative for round ``number``; declarations start with the lowest."""
        no_surprise(surprise)
        new = kit.copied(conflict)
        kit.reset_round(new)
        new.round = number
        new.state["started"] = True
        able = [p for p in new.ordered() if kit.can_act(p, table)]
        combatants = []
        for p in able:
            dex, wits = kit.trait(p, table, "Dexterity"), kit.trait(p, table, "Wits")
            if table.character(p) is None and not dex and not wits:
                dex = kit.trait(p, table, "initiative", 0)
            combatants.append(Combatant(p.name, dex, wits, kit.condition(p, table).penalty))
        order = roll_initiative(combatants, dice) if combatants else None
        names = [name for slot in order.names for name in slot] if order else []
        others = [p.name for p in new.ordered() if p.name not in names]
        for p in new.participants:
            p.initiative = None
        rolled: dict[str, list[int]] = {}
        if order is not None:
            for slot in order.slots:
                for entry in slot:
                    kit.find(new, entry.name).initiative = entry.total
                    rolled[entry.name] = [entry.die, entry.total]
        kit.renumber(new, names + others)
        new.state.update({"phase": DECLARE, "initiative": rolled,
                          "ties": [slot for slot in (order.names if order else []) if len(slot) > 1],
                          "multiple": {}, "used": {}})
        start = kit.first(new, table, from_end=True)
        new.turn = start if start is not None else 0
        summary = order.summary() if order is not None else "nobody can act"
        entry = table.entry("conflict", comment=f"round {number} initiative: {summary}; declarations from the lowest",
                            roll={"ruleset": "v20", "kind": "initiative", **(order.to_dict() if order else {})},
                            change={"field": "round", "before": conflict.round, "after": number})
        return kit.change(new, (entry,), message=f"Round {number} initiative: {summary}. Declare from the lowest.")

    def next_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str] | None:
        new = kit.copied(conflict)
        if phase(new) == DECLARE:
            index = kit.step(new, table, -1, skip_acted=False)
            if index is not None:
                new.turn = index
                return new, f"{new.current().name} declares."
            new.state["phase"] = ACT
            start = kit.first(new, table)
            if start is None:
                return None
            new.turn = start
            return new, f"Everyone has declared; {new.current().name} acts first."
        current = new.current()
        if current is not None:
            current.acted = True
        return act_next(kit, new, table)

    def previous_turn(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[Any, str]:
        new = kit.copied(conflict)
        if phase(new) == DECLARE:
            index = kit.step(new, table, 1, skip_acted=False)
            if index is None:
                raise ConflictError("this is the first declaration of the round")
            new.turn = index
            return new, f"Back to {new.current().name}'s declaration."
        index = kit.step(new, table, -1, skip_acted=False)
        if index is None:
            new.state["phase"] = DECLARE
            return new, f"Back to the declarations: {new.current().name} declares."
        new.turn = index
        new.current().acted = False
        return new, f"Back to {new.current().name}'s action."

    def pass_turn(self, kit: RoundKit, conflict: Any, table: Any) -> Any:
        if phase(conflict) == DECLARE:
            raise ConflictError("declarations are taken in initiative order; pass once actions are resolved")
        if not started(conflict):
            raise ConflictError("the conflict has not begun (N begins round 1)")
        return pass_in_order(kit, conflict, table)

    def actor(self, kit: RoundKit, conflict: Any, table: Any, current: Any) -> Any:
        return None if current.acted else current

    def round_label(self, conflict: Any) -> str:
        if phase(conflict) == DECLARE:
            return f"Round {conflict.round} · declarations (lowest first)"
        return f"Round {conflict.round}"

    def turn_line(self, kit: RoundKit, conflict: Any, table: Any) -> tuple[str, str]:
        return ("declares" if phase(conflict) == DECLARE else "acts"), ""

    def key_hints(self) -> tuple[str, ...]:
        return ("n/p turn", "N round", "c contest", "m actions", "s pass", "J/K move")

    def pool_preview(self, dice: Dice) -> str:
        return counted_preview(dice)

    def contest_choices(self) -> tuple[str, ...]:
        return ("difficulty",)  # each die against a target number (6 unless set)

    def order_columns(self) -> tuple[str, ...]:
        return ("", "Name", "Side", "Init", "Health", "State")

    def extra_pool_error(self, name: str, value: int) -> str | None:
        return dice_pool_error(name, value)

    def vampire(self, sheet: Any) -> bool:
        return bool(getattr(sheet, "is_vampire", True))  # a V20 sheet is a vampire's

    def sheet_notes(self, sheet: Any) -> tuple[str, ...]:
        return ()

    def state_notes(self, sheet: Any) -> tuple[str, ...]:
        return ()

    def both_strike(self, dodging: bool) -> bool:
        return False  # one attack at a time: the defender strikes on their own turn

    def extra_choices(self) -> tuple[str, ...]:
        return ("vampire",)

    # -- declarations --
    def declare_next(self, kit: RoundKit, conflict: Any, table: Any, name: str, dice: DiceSource) -> Any:
        raise ConflictError("Declaring a group is V5's turn order; V20 uses m (multiple actions).")

    def more_actions(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        count = int(conflict.state.get("multiple", {}).get(name, 1))
        return declare_multiple(kit, conflict, table, name, count + 1 if count < KEY_ACTIONS else 1)

    def pick_keys(self) -> tuple[str, ...]:
        return ()  # initiative says who acts

    def pick(self, kit: RoundKit, conflict: Any, table: Any, name: str) -> Any:
        raise ConflictError("in V20 initiative says who acts: n moves to the next turn")

    # -- the turn-order table --
    def order_cell(self, p: Any, conflict: Any) -> str:
        if p.initiative is None:
            return "—"
        die = conflict.state.get("initiative", {}).get(p.name, [None])[0]
        text = f"{p.initiative}" + (f" (d{die})" if die else "")
        if tied_with(conflict, p.name):
            text = "=" + text
        split = split_text(conflict, p.name)
        if split:
            text += f" · {split.split(':')[0]}"
        return text

    def action_note(self, conflict: Any, name: str) -> str:
        return split_text(conflict, name)

    # -- pools and contests --
    def declared_attack(self, p: Any) -> str | None:
        return None

    def split_penalty(self, conflict: Any, name: str) -> int:
        return split_penalty(conflict, name)

    def read_pool(self, p: Any, table: Any, character: Any, text: str, state: Condition, vampire: bool,
                  split: int = 0) -> Dice:
        penalty = state.penalty
        if character is None:
            found = extra_pool(p, text)
            if found is None:
                raise no_pool(p, text)
            dots, name = found
            pool = V20Pool(((name, dots),), 0, penalty)
        else:
            typed = number(text)
            pool = V20Pool((), typed, penalty) if typed is not None else resolve_pool(text, character.traits(),
                                                                                      wound_penalty=penalty)
        dice = max(0, pool.dice - split)
        described = pool.describe()
        if split:
            described = f"{described.rsplit(' = ', 1)[0]} − {split} split = {dice}"
        return Dice(dice, described)

    def roll_contest(self, kit: RoundKit, new: Any, table: Any, dice: DiceSource, spec: ContestSpec
                     ) -> ContestRoll:
        options = V20Options.from_dict(table.options, strict=False)
        attacker = kit.find(new, spec.attacker)
        split = split_penalty(new, attacker.name)
        a = kit.read_pool(attacker, table, spec.attack, split=split)
        no_defence = spec.defence.strip() == "0"
        d = Dice(0, "no defence roll") if no_defence else kit.read_pool(kit.find(new, spec.defender), table,
                                                                         spec.defence)
        ar = rolling.roll(a.dice, spec.difficulty, dice, options=options)
        dr = rolling.roll(d.dice, spec.difficulty, dice, options=options)
        result = resist(ar, dr)
        lines = [f"{spec.attacker}: {a.text} → {ar.summary()}", f"{spec.defender}: {d.text} → {dr.summary()}"]
        if new.state.get("multiple", {}).get(attacker.name):
            use_action(new, attacker.name)
        rolled = ContestRoll(result, a.text, d.text, tuple(lines))
        if result.winner is None:
            return replace(rolled, message="Tie: nothing is resolved.")
        if result.winner == "actor":
            winner, loser, excess, bonus = spec.attacker, spec.defender, result.successes, spec.weapon
        elif spec.both_strike and not no_defence:
            winner, loser, excess, bonus = spec.defender, spec.attacker, result.opponent_excess, spec.defender_weapon
        else:
            return replace(rolled, message=f"{spec.attacker}'s attack fails.")
        kind = spec.kind or "lethal"
        hitter, target = kit.find(new, winner), kit.find(new, loser)
        base = spec.damage_dice if spec.damage_dice is not None and winner == spec.attacker else kit.trait(
            hitter, table, "Strength", kit.trait(hitter, table, "damage", 0))  # an extra's "damage" pool
        damage_pool = max(0, base + bonus + excess - 1)
        dmg = rolling.roll(damage_pool, DAMAGE_DIFFICULTY, dice, options=options, kind="damage")  # cannot botch
        soak_pool = spec.soak_dice if spec.soak_dice is not None and loser == spec.defender else _soak(
            kit, target, table, kind)
        soak = rolling.roll(soak_pool, DAMAGE_DIFFICULTY, dice, options=options, kind="soak")
        levels = max(0, dmg.successes - soak.successes)
        note = ""
        if kind == "bashing" and kit.vampire(target, table) and levels:
            levels, note = levels // 2, " (halved for a vampire)"
        lines += [f"damage: {damage_pool} dice → {dmg.summary()}", f"soak: {soak_pool} dice → {soak.summary()}"]
        entries = (
            table.entry("roll", actor=winner, pool=f"damage {damage_pool}", difficulty=DAMAGE_DIFFICULTY,
                        result=dmg.result, margin=dmg.margin, roll=dmg.to_dict(), comment=f"damage against {loser}"),
            table.entry("roll", actor=loser, pool=f"soak {soak_pool}", difficulty=DAMAGE_DIFFICULTY,
                        result=soak.result, margin=soak.margin, roll=soak.to_dict(), comment=f"soaks {kind} damage"))
        plural = "s" if levels != 1 else ""
        verdict = f"{winner} wins with {excess} over: {levels} {kind} level{plural} to {loser}{note}"
        return replace(rolled, details=tuple(lines), entries=entries, winner=winner, loser=loser, amount=levels,
                       kind=kind, track="health", verdict=verdict)

    # -- wounds --
    def condition(self, p: Any, table: Any, character: Any, vampire: bool) -> Condition:
        track = _track(p, character, vampire)
        status = track.status
        if not track.can_act:
            return Condition(track.marks(), status, 0, False)
        return Condition(track.marks(), "ok" if status == "unhurt" else status, track.penalty or 0)

    def damage(self, p: Any, table: Any, character: Any, amount: int, kind: str, track: str, vampire: bool,
               new_resource: Any) -> tuple[str, str, str, str, str]:
        unit, kind = kind or "damage", kind or "lethal"
        if kind not in KINDS:
            raise ConflictError(f"V20 damage is bashing, lethal or aggravated, not {kind!r}")
        levels = _track(p, character, vampire)
        hurt = levels.damage(kind, amount)
        if character is None:
            p.extra["marks"] = hurt.marks().rstrip(".")
        else:
            character.sheet.health = replace(character.sheet.health, bashing=hurt.count("bashing"),
                                             lethal=hurt.count("lethal"), aggravated=hurt.count("aggravated"))
        if hurt.beyond:
            p.extra["beyond"] = hurt.beyond
        return levels.summary(), hurt.summary(), "", unit, "health"

    # -- tallies --
    def tally_roll(self, found: Dice, table: Any, dice: DiceSource, level: int) -> tuple[int, bool, Any]:
        rolled = rolling.roll(found.dice, level, dice, options=V20Options.from_dict(table.options, strict=False))
        return rolled.successes, rolled.botched, rolled

    def tally_points(self, mine: int, theirs: int | None, outcome: Any) -> tuple[int, int]:
        return mine, theirs or 0


CONFLICT_ROUND = V20ConflictRound()
