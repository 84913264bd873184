"""A participant's dice for one action, from their sheet (or an extra's numbers), penalties applied.

The storyteller types a pool the way they say it (``Strength + Brawl``, ``6``,
an extra's pool name such as ``attack``); the rule set's conflict facet
(``table.conflict_round.read_pool``, :mod:`vtm_tui.rules.conflict_round`) resolves it with the
shared pool parser and its own penalties:

- V5: impairment (−2 to Physical pools when Health is full, to Mental and
  Social ones when Willpower is), the 1-die floor, and the character's Hunger;
- V20: the wound penalty, and the split of multiple actions (the first of N
  actions loses N dice, each later one one more);
- Ingenuity: an attribute die + a skill die (+ a proficiency bonus number).
A bare number is the pool before penalties (in V5 read as a Physical pool).
"""

from __future__ import annotations

from vtm_tui.conflict.context import ConflictError, Table
from vtm_tui.conflict.wounds import condition, vampire
from vtm_tui.model.conflict import Participant
from vtm_tui.rules.conflict_round import Dice
from vtm_tui.rules.errors import RulesError

__all__ = ["Dice", "read_pool", "trait"]

# What the contest dialog offers before the storyteller types anything is the RuleSet's
# (default_attack_pool, default_defence_pool).


def read_pool(p: Participant, table: Table, text: str, *, split: int = 0) -> Dice:
    """``text`` as dice for ``p`` now; ``split`` is V20's multiple-action penalty for this action."""
    try:
        return table.conflict_round.read_pool(p, table, table.character(p), text, condition(p, table),
                                              vampire(p, table), split)
    except RulesError as exc:
        raise ConflictError(f"{p.name}'s pool {text!r}: {exc}") from None


def trait(p: Participant, table: Table, name: str, default: int = 0) -> int:
    """One rating from the sheet (an extra: its pool of that name, else ``default``)."""
    character = table.character(p)
    if character is None:
        pools = {str(k).casefold(): int(v) for k, v in dict(p.extra.get("pools", {})).items()}
        return pools.get(name.casefold(), default)
    return int(character.traits().get(name, default))
