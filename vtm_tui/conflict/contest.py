"""A contest between two participants, rolled in one step, with damage applied to the loser.

Each side's pool comes from its sheet with penalties applied
(:mod:`vtm_tui.conflict.pools`); the rule set's conflict facet
(``table.conflict_round.roll_contest``, :mod:`vtm_tui.rules.conflict_round`) rolls both
with the app's dice, judges the pair with its engine and says what the blow does; this
module logs it and the loser takes the damage through
:func:`vtm_tui.conflict.wounds.apply_damage`:

- V5 (docs/rules.md): more successes wins, margin = the difference; damage =
  margin + weapon rating, Superficial or Aggravated. Equal successes is a tie:
  nothing is resolved. In close combat both sides strike (``both_strike``), so a
  defender who wins deals damage too; against a dodge or a shot, only the attacker does.
- V20: a resisted roll at the attack's Difficulty; a winning attack rolls damage
  dice (the damage pool + each success beyond the first) at Difficulty 6, the
  target soaks at 6 (Stamina against bashing, and against lethal for vampires;
  Fortitude against aggravated; an extra's ``damage`` and ``soak`` pools), and
  the net successes are health levels. Vampires take half of bashing damage,
  rounded down, after soak (the books' rule).
- Ingenuity: a symmetric contest (the result must exceed the other's; a tie
  resolves nothing), the smaller creature adding the size difference; damage =
  the difference + the weapon, off a resource (Health by default).
"""

from __future__ import annotations

import dataclasses

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import GENERAL, copied, find, is_extra
from vtm_tui.conflict.round_kit import KIT
from vtm_tui.conflict.wounds import apply_damage
from vtm_tui.model.conflict import Conflict
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.conflict_round import ContestRoll, ContestSpec
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.ruleset import ruleset_for

__all__ = ["ContestSpec", "both_strike_default", "default_kind", "is_dodge", "resolve"]

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
    return ruleset_for(ruleset).conflict_round().both_strike(is_dodge(ruleset, defence))


def default_kind(ruleset: str, attack: str) -> str:
    """The damage an attack pool deals unless told otherwise (V20 ``Dexterity + Brawl``: bashing)."""
    rules = ruleset_for(ruleset)
    special = rules.damage_kind_by_word
    return next((special[w] for w in _words(attack) if w in special), rules.damage_kinds[0])


#: The named pools a participant with pools of its own (an extra, a quick storyteller character) attacks and
#: defends with, best first; failing those, its general pool (an extra's ``general``, the core's ``Physical``).
ATTACK_POOLS = ("attack", "brawl", "melee", "firearms", "combat")
DEFENCE_POOLS = ("dodge", "defence", "defense", "athletics")
GENERAL_POOLS = (GENERAL, "physical")


def _named(pools: dict[str, object], wanted: tuple[str, ...]) -> str:
    """The first of ``wanted`` among ``pools``' names, ignoring case, spelled as the sheet spells it."""
    names = {str(name).casefold(): str(name) for name in pools}
    return next((names[w] for w in wanted if w in names), "")


def pool_defaults(conflict: Conflict, table: Table) -> dict[str, tuple[str, str]]:
    """What the contest offers each participant before the storyteller types: name → (attack, defence).

    A participant rolled by pool name (an extra's numbers, a quick storyteller character's Physical, Brawl…)
    attacks with its best attack pool and defends with a dodge, else its general pool: a thug with Brawl 5
    strikes with 5 dice, never with "Dexterity 1 + Firearms 0". A character who declared a ranged attack
    (V5) attacks with it (a quick character: its Firearms pool). Anyone else gets the rule set's defaults.
    """
    found: dict[str, tuple[str, str]] = {}
    for p in conflict.participants:
        character = None if is_extra(p) else table.character(p)
        pools = dict(p.extra.get("pools", {})) if is_extra(p) else dict(character.pools) if character else {}
        declared = table.conflict_round.declared_attack(p)
        if pools:
            general = _named(pools, GENERAL_POOLS) or str(next(iter(pools)))
            ranged = _named(pools, ("firearms",)) if declared and "firearms" in declared.casefold() else ""
            found[p.name] = (ranged or _named(pools, ATTACK_POOLS) or general, _named(pools, DEFENCE_POOLS) or general)
        elif declared:
            found[p.name] = (declared, table.rules.default_defence_pool)
    return found


def resolve(conflict: Conflict, table: Table, dice: DiceSource, spec: ContestSpec) -> Change:
    """Roll both sides, judge, log, and (with ``spec.apply``) damage the loser; see the module docstring."""
    attacker, defender = find(conflict, spec.attacker), find(conflict, spec.defender)
    if attacker.name == defender.name:
        raise ConflictError(f"{attacker.name} cannot contest against themselves; pick another opponent")
    for weapon, who in ((spec.weapon, "attacker"), (spec.defender_weapon, "defender")):
        if isinstance(weapon, bool) or not isinstance(weapon, int) or not 0 <= weapon <= 20:
            raise ConflictError(f"the {who}'s weapon rating must be 0-20, not {weapon!r}")
    new = copied(conflict)
    rolled = table.conflict_round.roll_contest(KIT, new, table, dice, spec)
    change = Change(new, (_entry(table, rolled, spec),) + rolled.entries, details=rolled.details)
    if not rolled.loser:
        return Change(change.conflict, change.entries, message=rolled.message, details=rolled.details)
    if spec.apply:
        change = _hurt(change, table, rolled.loser, rolled.amount, rolled.kind, rolled.track, rolled.winner)
    return Change(change.conflict, change.entries, change.characters, rolled.verdict + change.message + ".",
                  rolled.details)


def _entry(table: Table, rolled: ContestRoll, spec: ContestSpec) -> LogEntry:
    entry = LogEntry.from_outcome(rolled.outcome, session=table.session, actor=spec.attacker, pool=rolled.attack_text,
                                  kind="contest", comment=f"against {spec.defender} ({rolled.defence_text})",
                                  now=table.now)
    if rolled.extra_roll:
        entry = dataclasses.replace(entry, roll={**entry.roll, **rolled.extra_roll})
    # The defender is credited too: the log's character filter finds the contest by either side.
    return dataclasses.replace(entry, characters=(spec.defender,)) if spec.defender else entry


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
