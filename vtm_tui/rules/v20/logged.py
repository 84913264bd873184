"""V20's reading of a logged roll (the ``logged`` facet, :mod:`vtm_tui.rules.logged`).

The odds are :func:`~vtm_tui.rules.v20.exact_odds.roll_odds` for the logged pool, Difficulty, specialty and
Willpower, with the chronicle's specialty rule, whether its kind lets 1s cancel (a damage or soak roll cannot
botch) and, when the session's free botch was still unspent, the free botch. A roll skipped by an automatic
success had that result for certain.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from vtm_tui.rules.logged import Odds, d10_dice, int_field, list_dice_row


#: Results that change the story, shown first on a log line (see :class:`~vtm_tui.rules.logged.LoggedRolls`).
alarming_results = frozenset({"botch"})
#: Results a log line shows as a win.
winning_results = frozenset({"success"})


def odds(roll: Mapping[str, Any], options: Mapping[str, Any], free_botch_available: bool) -> Odds | None:
    if roll.get("automatic"):
        return {str(roll["result"]): 1.0}  # certain; a word even in a damaged log
    if "pool" not in roll or "difficulty" not in roll:
        return None
    from vtm_tui.rules.v20.options import V20Options, ones_cancel

    doubles = bool(options.get("specialty_doubles", True))
    kind = str(roll.get("kind", "test"))
    cancel = ones_cancel(V20Options.from_dict(dict(options), strict=False), kind)
    return dict(_odds(int_field(roll, "pool"), int_field(roll, "difficulty", 6), bool(roll.get("specialty")),
                      bool(roll.get("willpower")), doubles, free_botch_available, kind, cancel))


@lru_cache(maxsize=4096)
def _odds(
    pool: int, difficulty: int, specialty: bool, willpower: bool, doubles: bool, free_botch: bool,
    kind: str = "test", ones_cancel: bool = True,
) -> tuple[tuple[str, float], ...]:
    from vtm_tui.rules.v20.exact_odds import roll_odds

    found = roll_odds(pool, difficulty, specialty=specialty, willpower=willpower, specialty_doubles=doubles,
                      free_botch=free_botch, kind=kind, ones_cancel=ones_cancel)
    return tuple((name, float(p)) for name, p in found.outcomes.items())


def dice(roll: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    return d10_dice(roll)


def dice_rows(roll: Mapping[str, Any]) -> list[tuple[str, str]]:
    return list_dice_row(roll)


def tally_heading() -> str:
    return "successes per roll"


def spends_free_botch(roll: Mapping[str, Any]) -> bool:
    """Whether this roll spent its session's free botch (a chronicle option: the botch became a failure)."""
    return bool(roll.get("free_botch_consumed"))


def tally(roll: Mapping[str, Any]) -> int | None:
    value = roll.get("successes")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def hunger_shown(roll: Mapping[str, Any]) -> int | None:
    return None  # no Hunger dice
