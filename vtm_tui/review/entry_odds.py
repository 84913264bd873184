"""The odds a logged roll had, recomputed exactly from the engines from what the log kept.

A log entry keeps the engine's whole outcome (``entry.roll``): the pool and
Hunger dice, the Difficulty, the flags. From those this module asks the rule
set's exact-odds function for the chance of every result that roll could have
had. Nothing is estimated by sampling.

- V5 tests (and frenzy, remorse, tracker rolls): :func:`vtm_tui.rules.v5.odds`.
- V5 checks and Rouse checks: one d10, 6+ passes (two dice keep-better: 3/4).
- A V5 Willpower re-roll: the chance of each result *given the dice before the
  re-roll*, by judging every way the re-rolled dice can land (at most 10³).
- V20: :func:`vtm_tui.rules.v20.roll_odds` with the chronicle's specialty rule
  and, when the session's free botch was still unspent, the free botch.
- Ingenuity: :func:`vtm_tui.rules.ingenuity.exact_odds`.
- A roll skipped by an automatic win/success had that result for certain.

Anything else (contests, a kind from a newer tool, a damaged entry) has no odds: ``None``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.ruleset import ruleset_for

Odds = dict[str, float]


@dataclass(frozen=True)
class OddsContext:
    """What the odds of a roll depend on beyond the roll itself: the chronicle's house rules."""

    options: dict[str, Any] = field(default_factory=dict)
    free_botch_available: bool = False  # V20: the session's free botch was not yet spent before this roll


def _int(data: dict[str, Any], key: str, default: int = 0) -> int:
    value = data.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def entry_odds(entry: LogEntry, context: OddsContext | None = None) -> Odds | None:
    """Result name → exact probability for this roll (they sum to 1), or None when it has no odds."""
    roll = entry.roll
    if not roll or not entry.result:
        return None
    context = context or OddsContext()
    try:
        rules = ruleset_for(entry.ruleset)
        if rules.has_hunger:
            return _v5(roll)
        if rules.rolls_sized_dice:
            return _ingenuity(roll)
        return _v20(roll, context)  # a pool of d10s without Hunger dice (V20)
    except (VtmError, KeyError, TypeError, ValueError):
        return None
    return None


# -- V5 --------------------------------------------------------------------------------------------


def _v5(roll: dict[str, Any]) -> Odds | None:
    kind = roll.get("kind", "test")
    if roll.get("automatic"):
        return {roll["result"]: 1.0}
    if kind in ("check", "rouse"):
        faces = roll.get("faces") or [0]
        fail = 0.5 ** len(faces)
        return {"pass": 1.0 - fail, "fail": fail}
    if kind not in ("test", "tracker", "frenzy", "remorse"):
        return None
    if roll.get("rerolled") and isinstance(roll.get("before"), dict) and isinstance(roll.get("reroll"), dict):
        return _v5_after_reroll(roll["before"], tuple(roll["reroll"].get("indices", ())))
    return dict(_v5_odds(_int(roll, "pool", 1), _int(roll, "hunger"), _int(roll, "difficulty")))


@lru_cache(maxsize=4096)
def _v5_odds(pool: int, hunger: int, difficulty: int) -> tuple[tuple[str, float], ...]:
    from vtm_tui.rules.v5 import odds

    return tuple(odds(pool, hunger, difficulty).outcomes.items())


def _v5_after_reroll(before: dict[str, Any], indices: tuple[int, ...]) -> Odds:
    """Each result's chance once the dice at ``indices`` (regular dice) are rolled again."""
    return dict(_v5_reroll_table(tuple(before["faces"]), tuple(before.get("hunger_faces", ())),
                                 _int(before, "difficulty"), before.get("kind", "test"), indices))


@lru_cache(maxsize=1024)
def _v5_reroll_table(
    faces: tuple[int, ...], hunger_faces: tuple[int, ...], difficulty: int, kind: str, indices: tuple[int, ...]
) -> tuple[tuple[str, float], ...]:
    from vtm_tui.rules.v5 import judge

    counts: dict[str, int] = {}
    total = 0
    for landed in itertools.product(range(1, 11), repeat=len(indices)):
        regular = list(faces)
        for index, face in zip(indices, landed, strict=True):
            regular[index] = face
        result = judge(regular, hunger_faces, difficulty, kind=kind).result
        counts[result] = counts.get(result, 0) + 1
        total += 1
    return tuple((name, n / total) for name, n in counts.items())


# -- V20 -------------------------------------------------------------------------------------------


def _v20(roll: dict[str, Any], context: OddsContext) -> Odds | None:
    if roll.get("automatic"):
        return {roll["result"]: 1.0}
    if "pool" not in roll or "difficulty" not in roll:
        return None
    from vtm_tui.rules.v20 import V20Options
    from vtm_tui.rules.v20.options import ones_cancel

    doubles = bool(context.options.get("specialty_doubles", True))
    kind = str(roll.get("kind", "test"))  # a damage or soak roll cannot botch
    cancel = ones_cancel(V20Options.from_dict(context.options, strict=False), kind)
    return dict(_v20_odds(_int(roll, "pool"), _int(roll, "difficulty", 6), bool(roll.get("specialty")),
                          bool(roll.get("willpower")), doubles, context.free_botch_available, kind, cancel))


@lru_cache(maxsize=4096)
def _v20_odds(
    pool: int, difficulty: int, specialty: bool, willpower: bool, doubles: bool, free_botch: bool,
    kind: str = "test", ones_cancel: bool = True,
) -> tuple[tuple[str, float], ...]:
    from vtm_tui.rules.v20 import roll_odds

    found = roll_odds(pool, difficulty, specialty=specialty, willpower=willpower, specialty_doubles=doubles,
                      free_botch=free_botch, kind=kind, ones_cancel=ones_cancel)
    return tuple((name, float(p)) for name, p in found.outcomes.items())


# -- Ingenuity -------------------------------------------------------------------------------------


def _ingenuity(roll: dict[str, Any]) -> Odds | None:
    dice = roll.get("dice")
    if not isinstance(dice, dict) or "attribute" not in dice or "skill" not in dice:
        return None
    return dict(_ingenuity_odds(
        str(dice["attribute"]), str(dice["skill"]), _int(roll, "bonus"), roll.get("difficulty"),
        _int(roll, "advantage"), _int(roll, "disadvantage"), _int(roll, "assist_bonus"), _int(roll, "size_bonus"),
        bool(roll.get("passive")),
    ))  # fmt: skip


@lru_cache(maxsize=4096)
def _ingenuity_odds(
    attribute: str, skill: str, bonus: int, difficulty: int | None, advantage: int, disadvantage: int,
    assist: int, size: int, passive: bool,
) -> tuple[tuple[str, float], ...]:  # fmt: skip
    from vtm_tui.rules.ingenuity import odds

    found = odds(attribute, skill, bonus=bonus, difficulty=difficulty, advantage=advantage,
                 disadvantage=disadvantage, assist_bonus=assist, size_bonus=size, passive=passive)
    return tuple((name, float(p)) for name, p in found.outcomes.items())


def odds_contexts(entries: list[LogEntry], options: dict[str, Any] | None = None) -> list[OddsContext]:
    """One context per entry, in order: V20's free botch is available until a roll of that session spends it."""
    options = dict(options or {})
    free_botch = bool(options.get("free_botch", False))
    spent: set[int] = set()
    contexts = []
    for entry in entries:
        available = free_botch and entry.session not in spent
        contexts.append(OddsContext(options, available))
        if ruleset_for(entry.ruleset).has_free_botch and entry.roll.get("free_botch_consumed"):
            spent.add(entry.session)
    return contexts
