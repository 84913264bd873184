"""A participant's dice for one action, from their sheet (or an extra's numbers), penalties applied.

The storyteller types a pool the way they say it (``Strength + Brawl``, ``6``,
an extra's pool name such as ``attack``); this module resolves it with the
shared pool parser and each rule set's own penalties:

- V5: impairment (−2 to Physical pools when Health is full, to Mental and
  Social ones when Willpower is), the 1-die floor, and the character's Hunger;
- V20: the wound penalty, and the split of multiple actions (the first of N
  actions loses N dice, each later one one more);
- Ingenuity: an attribute die + a skill die (+ a proficiency bonus number).
A bare number is the pool before penalties (in V5 read as a Physical pool).
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.conflict.context import ConflictError, Table
from vtm_tui.conflict.roster import GENERAL
from vtm_tui.conflict.wounds import condition, vampire
from vtm_tui.model.conflict import Participant
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.numbers import looks_whole, read_whole
from vtm_tui.rules.pool import resolve
from vtm_tui.rules.v20.pools import V20Pool, resolve_pool
from vtm_tui.rules.v5.pools import build_pool, pool_from_expression
from vtm_tui.rules.v5.traits import Category

# What the contest dialog offers before the storyteller types anything is the RuleSet's
# (default_attack_pool, default_defence_pool).


@dataclass(frozen=True)
class Dice:
    """One side's pool: ``dice`` for V5/V20, the two die sizes and bonus for Ingenuity."""

    dice: int
    text: str
    hunger: int = 0
    mortal: bool = True
    attribute: int = 0
    skill: int = 0
    bonus: int = 0
    size: str = "Medium"


def _number(text: str) -> int | None:
    clean = text.strip()
    if looks_whole(clean):
        return read_whole(clean, "Pool")
    return None


def _extra_pool(p: Participant, text: str) -> tuple[int, str] | None:
    """An extra's named pool (``""`` for the general one), or a number typed in."""
    pools = {str(k).casefold(): int(v) for k, v in dict(p.extra.get("pools", {})).items()}
    key = text.strip().casefold() or GENERAL
    if key in pools:
        return pools[key], key
    number = _number(text)
    if number is not None:
        return number, "pool"
    starts = [k for k in pools if k.startswith(key)]
    if len(starts) == 1:
        return pools[starts[0]], starts[0]
    if not text.strip() and pools:
        first = next(iter(pools))
        return pools[first], first
    return None


def read_pool(p: Participant, table: Table, text: str, *, split: int = 0) -> Dice:
    """``text`` as dice for ``p`` now; ``split`` is V20's multiple-action penalty for this action."""
    try:
        style = table.rules.roll_style
        if style == "successes":
            return _v5(p, table, text)
        if style == "difficulty":
            return _v20(p, table, text, split)
        return _ingenuity(p, table, text)
    except RulesError as exc:
        raise ConflictError(f"{p.name}'s pool {text!r}: {exc}") from None


def _v5(p: Participant, table: Table, text: str) -> Dice:
    state = condition(p, table)
    health_impaired = state.state == "impaired"
    character = table.character(p)
    if character is None:
        found = _extra_pool(p, text)
        if found is None:
            raise ConflictError(f"{p.name} has no pool {text!r}; theirs: {_pool_names(p)}")
        dots, name = found
        pool = build_pool(((name, dots),), categories={Category.PHYSICAL}, health_impaired=health_impaired)
        hunger = int(p.extra.get("hunger", 0)) if vampire(p, table) else 0
        return Dice(pool.dice, pool.describe(), hunger, not vampire(p, table))
    number = _number(text)
    options = {"health_impaired": health_impaired, "willpower_impaired": state.willpower_impaired}
    if number is not None:
        pool = build_pool((("pool", number),), categories={Category.PHYSICAL}, **options)
    else:
        pool = pool_from_expression(text, character.traits(), **options)
    sheet = character.sheet
    is_vampire = bool(getattr(sheet, "is_vampire", False))
    return Dice(pool.dice, pool.describe(), sheet.hunger if is_vampire else 0, not is_vampire)


def _v20(p: Participant, table: Table, text: str, split: int) -> Dice:
    penalty = condition(p, table).penalty
    character = table.character(p)
    if character is None:
        found = _extra_pool(p, text)
        if found is None:
            raise ConflictError(f"{p.name} has no pool {text!r}; theirs: {_pool_names(p)}")
        dots, name = found
        pool = V20Pool(((name, dots),), 0, penalty)
    else:
        number = _number(text)
        pool = V20Pool((), number, penalty) if number is not None else resolve_pool(text, character.traits(),
                                                                                    wound_penalty=penalty)
    dice = max(0, pool.dice - split)
    described = pool.describe()
    if split:
        described = f"{described.rsplit(' = ', 1)[0]} − {split} split = {dice}"
    return Dice(dice, described)


def _ingenuity(p: Participant, table: Table, text: str) -> Dice:
    character = table.character(p)
    if character is None:
        found = _extra_pool(p, text)
        if found is None:
            raise ConflictError(f"{p.name} has no pool {text!r}; theirs: {_pool_names(p)}")
        die, name = found
        if die not in (4, 6, 8, 10, 12):
            raise ConflictError(f"{p.name}: an Ingenuity extra's pool is a die size d4-d12, not {die}")
        return Dice(2, f"{name} d{die} + d{die}", attribute=die, skill=die, size=str(p.extra.get("size", "Medium")))
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


def _pool_names(p: Participant) -> str:
    pools = dict(p.extra.get("pools", {}))
    return ", ".join(f"{k} {v}" for k, v in pools.items()) or "none"


def trait(p: Participant, table: Table, name: str, default: int = 0) -> int:
    """One rating from the sheet (an extra: its pool of that name, else ``default``)."""
    character = table.character(p)
    if character is None:
        pools = {str(k).casefold(): int(v) for k, v in dict(p.extra.get("pools", {})).items()}
        return pools.get(name.casefold(), default)
    return int(character.traits().get(name, default))
