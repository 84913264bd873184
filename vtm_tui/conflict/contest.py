"""A contest between two participants, rolled in one step, with damage applied to the loser.

Each side's pool comes from its sheet with penalties applied
(:mod:`vtm_tui.conflict.pools`); both are rolled with the app's dice; the
rule set's engine judges the pair; the loser takes the damage through
:func:`vtm_tui.conflict.wounds.apply_damage`:

- V5 (docs/rules.md): more successes wins, margin = the difference; damage =
  margin + weapon rating (:func:`vtm_tui.rules.v5.turn_order.damage`),
  Superficial or Aggravated. Equal successes is a tie: nothing is resolved.
  In close combat both sides strike (``both_strike``), so a defender who wins
  deals damage too; against a dodge or a shot, only the attacker does.
- V20: a resisted roll (:func:`vtm_tui.rules.v20.contests.resist`) at the
  attack's Difficulty; a winning attack rolls damage dice (the damage pool +
  each success beyond the first) at Difficulty 6, the target soaks at 6
  (Stamina against bashing, and against lethal for vampires; Fortitude against
  aggravated; an extra's ``damage`` and ``soak`` pools), and the net successes
  are health levels. Vampires take half of
  bashing damage, rounded down, after soak (the books' rule).
- Ingenuity: a symmetric contest (the result must exceed the other's; a tie
  resolves nothing), the smaller creature adding the size difference; damage =
  the difference + the weapon, off a resource (Health by default).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from vtm_tui.conflict import v20_round
from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.pools import Dice, read_pool, trait
from vtm_tui.conflict.roster import copied, find
from vtm_tui.conflict.wounds import apply_damage, vampire
from vtm_tui.model.conflict import Conflict
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.ingenuity import rolling as ingenuity
from vtm_tui.rules.ingenuity.contests import symmetric_contest
from vtm_tui.rules.ingenuity.sizes import size_bonus
from vtm_tui.rules.v5 import rolling as v5
from vtm_tui.rules.v5.contests import contest as v5_contest
from vtm_tui.rules.v5.turn_order import damage as v5_damage
from vtm_tui.rules.v20 import rolling as v20
from vtm_tui.rules.v20.contests import resist
from vtm_tui.rules.v20.options import V20Options

DAMAGE_DIFFICULTY = 6
# The damage kinds offered, the words that make a defence a dodge, whether a defender strikes back and the
# attack words with their own damage kind are the RuleSet's (damage_kinds, dodge_words, defender_strikes_back,
# damage_kind_by_word).


def _words(pool: str) -> list[str]:
    return "".join(ch if ch.isalpha() else " " for ch in pool.casefold()).split()


def is_dodge(ruleset: str, defence: str) -> bool:
    """Whether the defender's pool avoids the blow (``Dexterity + Athletics``, an extra's ``dodge``)."""
    return any(word in ruleset_for(ruleset).dodge_words for word in _words(defence))


def both_strike_default(ruleset: str, defence: str) -> bool:
    """The contest dialog's "Both strike": on for two fighters trading blows, off when the defender dodges."""
    return ruleset_for(ruleset).defender_strikes_back and not is_dodge(ruleset, defence)


def default_kind(ruleset: str, attack: str) -> str:
    """The damage an attack pool deals unless told otherwise (V20 ``Dexterity + Brawl``: bashing)."""
    rules = ruleset_for(ruleset)
    special = rules.damage_kind_by_word
    return next((special[w] for w in _words(attack) if w in special), rules.damage_kinds[0])


@dataclass(frozen=True)
class ContestSpec:
    """What the storyteller set in the contest dialog."""

    attacker: str
    defender: str
    attack: str = ""  #: the attacker's pool as typed ("Strength + Brawl", "6", an extra's pool name)
    defence: str = ""  #: the defender's pool ("" for an extra's general pool; V20 "0": no defence roll)
    weapon: int = 0  #: the attacker's weapon rating (V5, Ingenuity) or damage dice bonus (V20)
    defender_weapon: int = 0
    kind: str = ""  #: V5 superficial/aggravated; V20 bashing/lethal/aggravated; Ingenuity the resource hit
    track: str = "health"  #: V5: health or willpower (a social conflict)
    both_strike: bool = True  #: close combat: the defender's win deals damage too
    difficulty: int = 6  #: V20: the attack's (and defence's) Difficulty
    damage_dice: int | None = None  #: V20: the damage pool before extra successes (default Strength)
    soak_dice: int | None = None  #: V20: the target's soak dice (default from the sheet)
    apply: bool = True  #: mark the damage (off: roll and log only)


def resolve(conflict: Conflict, table: Table, dice: DiceSource, spec: ContestSpec) -> Change:
    """Roll both sides, judge, log, and (with ``spec.apply``) damage the loser; see the module docstring."""
    attacker, defender = find(conflict, spec.attacker), find(conflict, spec.defender)
    if attacker.name == defender.name:
        raise ConflictError(f"{attacker.name} cannot contest against themselves; pick another opponent")
    for weapon, who in ((spec.weapon, "attacker"), (spec.defender_weapon, "defender")):
        if isinstance(weapon, bool) or not isinstance(weapon, int) or not 0 <= weapon <= 20:
            raise ConflictError(f"the {who}'s weapon rating must be 0-20, not {weapon!r}")
    style = table.rules.roll_style
    if style == "successes":
        return _v5(conflict, table, dice, spec)
    if style == "difficulty":
        return _v20(conflict, table, dice, spec)
    return _ingenuity(conflict, table, dice, spec)


def _entry(table: Table, outcome: Any, spec: ContestSpec, a: Dice, d: Dice, extra_roll: dict | None = None,
           comment: str = "") -> LogEntry:
    entry = LogEntry.from_outcome(outcome, session=table.session, actor=spec.attacker, pool=a.text, kind="contest",
                                  comment=comment or f"against {spec.defender} ({d.text})", now=table.now)
    if extra_roll:
        entry = dataclasses.replace(entry, roll={**entry.roll, **extra_roll})
    return entry


def _hurt(change: Change, table: Table, name: str, amount: int, kind: str, track: str, source: str) -> Change:
    """Damage the loser; the message becomes ``[..... → //...], torpor`` for the verdict to append."""
    if amount <= 0:
        return Change(change.conflict, change.entries, change.characters, "", change.details)
    local = table
    for character in change.characters:
        local = local.with_character(character)
    hurt = change.then(apply_damage(change.conflict, local, name, amount, kind, track, source=source))
    entry = hurt.entries[-1]
    text = f" [{entry.change.get('before')} → {entry.change.get('after')}]"
    if "(" in entry.comment:
        text += " " + entry.comment[entry.comment.index("("):]
    elif " — " in entry.comment:
        text += ", " + entry.comment.split(" — ", 1)[1]
    return Change(hurt.conflict, hurt.entries, hurt.characters, text, hurt.details)


def _v5(conflict: Conflict, table: Table, dice: DiceSource, spec: ContestSpec) -> Change:
    a = read_pool(find(conflict, spec.attacker), table, spec.attack)
    d = read_pool(find(conflict, spec.defender), table, spec.defence)
    ar = v5.roll(a.dice, a.hunger, 0, dice, mortal=a.mortal)
    dr = v5.roll(d.dice, d.hunger, 0, dice, mortal=d.mortal)
    result = v5_contest(ar, dr)
    kind = spec.kind or "superficial"
    lines = (f"{spec.attacker}: {a.text} → {ar.dice_text()} ({ar.successes})",
             f"{spec.defender}: {d.text} → {dr.dice_text()} ({dr.successes})")
    change = Change(copied(conflict), (_entry(table, result, spec, a, d),), details=lines)
    if result.tie:
        return Change(change.conflict, change.entries, message="Tie: nothing is resolved; the storyteller decides "
                      "(roll again, or both take the effect).", details=lines)
    if result.win:
        winner, loser, amount = spec.attacker, spec.defender, v5_damage(result.margin, spec.weapon)
    elif spec.both_strike:
        winner, loser, amount = spec.defender, spec.attacker, v5_damage(result.margin, spec.defender_weapon)
    else:
        return Change(change.conflict, change.entries, message=f"{spec.defender} wins by {result.margin}: "
                      "the attack misses.", details=lines)
    target = loser if spec.track == "health" else f"{loser}'s {spec.track.capitalize()}"  # a social conflict
    verdict = f"{winner} wins by {result.margin}: {amount} {kind} damage to {target}"
    if spec.apply:
        change = _hurt(change, table, loser, amount, kind, spec.track, winner)
    return Change(change.conflict, change.entries, change.characters, verdict + change.message + ".", lines)


def _v20(conflict: Conflict, table: Table, dice: DiceSource, spec: ContestSpec) -> Change:
    options = V20Options.from_dict(table.options, strict=False)
    attacker = find(conflict, spec.attacker)
    split = v20_round.split_penalty(conflict, attacker.name)
    a = read_pool(attacker, table, spec.attack, split=split)
    no_defence = spec.defence.strip() == "0"
    d = Dice(0, "no defence roll") if no_defence else read_pool(find(conflict, spec.defender), table, spec.defence)
    ar = v20.roll(a.dice, spec.difficulty, dice, options=options)
    dr = v20.roll(d.dice, spec.difficulty, dice, options=options)
    result = resist(ar, dr)
    lines = [f"{spec.attacker}: {a.text} → {ar.summary()}", f"{spec.defender}: {d.text} → {dr.summary()}"]
    new = copied(conflict)
    if conflict.state.get("multiple", {}).get(attacker.name):
        v20_round.use_action(new, attacker.name)
    change = Change(new, (_entry(table, result, spec, a, d),))
    if result.winner is None:
        return Change(new, change.entries, message="Tie: nothing is resolved.", details=tuple(lines))
    if result.winner == "actor":
        winner, loser, excess, bonus = spec.attacker, spec.defender, result.successes, spec.weapon
    elif spec.both_strike and not no_defence:
        winner, loser, excess, bonus = spec.defender, spec.attacker, result.opponent_excess, spec.defender_weapon
    else:
        return Change(new, change.entries, message=f"{spec.attacker}'s attack fails.", details=tuple(lines))
    kind = spec.kind or "lethal"
    hitter, target = find(conflict, winner), find(conflict, loser)
    base = spec.damage_dice if spec.damage_dice is not None and winner == spec.attacker else trait(
        hitter, table, "Strength", trait(hitter, table, "damage", 0))  # an extra's "damage" pool
    damage_pool = max(0, base + bonus + excess - 1)
    dmg = v20.roll(damage_pool, DAMAGE_DIFFICULTY, dice, options=options, kind="damage")  # cannot botch
    soak_pool = spec.soak_dice if spec.soak_dice is not None and loser == spec.defender else _soak(
        target, table, kind)
    soak = v20.roll(soak_pool, DAMAGE_DIFFICULTY, dice, options=options, kind="soak")
    levels = max(0, dmg.successes - soak.successes)
    note = ""
    if kind == "bashing" and vampire(target, table) and levels:
        levels, note = levels // 2, " (halved for a vampire)"
    lines += [f"damage: {damage_pool} dice → {dmg.summary()}", f"soak: {soak_pool} dice → {soak.summary()}"]
    entries = change.entries + (
        table.entry("roll", actor=winner, pool=f"damage {damage_pool}", difficulty=DAMAGE_DIFFICULTY,
                    result=dmg.result, margin=dmg.margin, roll=dmg.to_dict(), comment=f"damage against {loser}"),
        table.entry("roll", actor=loser, pool=f"soak {soak_pool}", difficulty=DAMAGE_DIFFICULTY,
                    result=soak.result, margin=soak.margin, roll=soak.to_dict(), comment=f"soaks {kind} damage"))
    change = Change(new, entries)
    verdict = f"{winner} wins with {excess} over: {levels} {kind} level{'s' if levels != 1 else ''} to {loser}{note}"
    if spec.apply:
        change = _hurt(change, table, loser, levels, kind, "health", winner)
    return Change(change.conflict, change.entries, change.characters,
                  verdict + change.message + ".", tuple(lines))


def _soak(p: Any, table: Table, kind: str) -> int:
    """Soak dice: Stamina (bashing; lethal too for a vampire); Fortitude against aggravated."""
    is_vampire = vampire(p, table)
    if kind == "aggravated":
        return trait(p, table, "Fortitude", 0) if is_vampire else 0
    if kind == "lethal" and not is_vampire:
        return 0
    return trait(p, table, "Stamina", trait(p, table, "soak", 0))


def _ingenuity(conflict: Conflict, table: Table, dice: DiceSource, spec: ContestSpec) -> Change:
    a = read_pool(find(conflict, spec.attacker), table, spec.attack)
    d = read_pool(find(conflict, spec.defender), table, spec.defence)
    ar = ingenuity.roll(a.attribute, a.skill, dice, bonus=a.bonus, size_bonus=size_bonus(a.size, d.size))
    dr = ingenuity.roll(d.attribute, d.skill, dice, bonus=d.bonus, size_bonus=size_bonus(d.size, a.size))
    result = symmetric_contest(ar, dr, first_name=spec.attacker, second_name=spec.defender)
    lines = (f"{spec.attacker}: {a.text} → {ar.summary()}", f"{spec.defender}: {d.text} → {dr.summary()}")
    extra = {"attacker_roll": ar.to_dict(), "defender_roll": dr.to_dict()}
    change = Change(copied(conflict), (_entry(table, result, spec, a, d, extra),), details=lines)
    if result.winner is None:
        return Change(change.conflict, change.entries, message="Tie: nothing is resolved (repeat, or best of three).",
                      details=lines)
    difference = abs(ar.total - dr.total)
    if result.winner == spec.attacker:
        winner, loser, amount = spec.attacker, spec.defender, difference + spec.weapon
    elif spec.both_strike:
        winner, loser, amount = spec.defender, spec.attacker, difference + spec.defender_weapon
    else:
        return Change(change.conflict, change.entries, message=f"{spec.defender} wins: the attack misses.",
                      details=lines)
    resource = spec.kind or "Health"
    verdict = f"{winner} wins by {difference}: {amount} {resource} to {loser}"
    if spec.apply:
        change = _hurt(change, table, loser, amount, "", resource, winner)
    return Change(change.conflict, change.entries, change.characters,
                  verdict + change.message + ".", lines)
