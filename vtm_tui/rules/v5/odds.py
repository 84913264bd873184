"""Exact odds of every V5 result, with and without each Willpower re-roll strategy.

No simulation: probabilities come from counting classes of faces (see
:mod:`vtm_tui.rules.v5.odds_tables`). A query combines a table of the regular
dice with the (at most 42) readings of the Hunger dice, and each step is a
lookup in suffix sums, so any pool up to 30 dice answers in about a
millisecond, cold; answers are cached.

The strategy odds assume the player applies the strategy to whatever was
rolled (for the messy-critical strategies, only when they apply), exactly as
:func:`vtm_tui.rules.v5.reroll.select` would.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.odds_tables import (
    Rows,
    base_rows,
    hunger_states,
    maximize_criticals_rows,
    new_dice,
    reroll_failures_rows,
    suffix_sums,
)
from vtm_tui.rules.v5.reroll import (
    AVOID_MESSY,
    MAXIMIZE_CRITICALS,
    REROLL_FAILURES,
    RISKY_AVOID_MESSY,
    STRATEGIES,
    check_strategy,
)
from vtm_tui.rules.v5.results import (
    BESTIAL_FAILURE,
    CRITICAL_WIN,
    FAILURE,
    MESSY_CRITICAL,
    RESULTS,
    TOTAL_FAILURE,
    WIN,
)
from vtm_tui.rules.v5.rolling import check_hunger, check_pool
from vtm_tui.rules.v5.results import check_difficulty

#: Largest pool the odds accept (the budget is for 30; more still works, slower).
MAX_ODDS_POOL = 60
_INDEX = {name: i for i, name in enumerate(RESULTS)}
_MESSY, _CRIT, _WIN = _INDEX[MESSY_CRITICAL], _INDEX[CRITICAL_WIN], _INDEX[WIN]
_BESTIAL, _TOTAL, _FAIL = _INDEX[BESTIAL_FAILURE], _INDEX[TOTAL_FAILURE], _INDEX[FAILURE]


def _pair_bonus_with_one_more_ten(tens: int) -> int:
    """Successes from ``tens`` regular tens plus one Hunger ten: each ten, plus 2 per pair."""
    return tens + 2 * ((tens + 1) // 2)


def _combine(rows: Rows, hunger: int, need: int) -> list[float]:
    """The six result probabilities (RESULTS order) and expected successes, last."""
    acc = [0.0] * 7
    for t, row in enumerate(rows):
        if not row:
            continue
        mass = [0.0] * (len(row) + 1)
        for a in range(len(row) - 1, -1, -1):
            mass[a] = mass[a + 1] + row[a]
        total = mass[0]
        if not total:
            continue
        mean_a = sum(a * p for a, p in enumerate(row))
        for plain, tens_h, one, q in hunger_states(hunger):
            tens = t + tens_h
            other = plain + tens + 2 * (tens // 2)
            x = need - other
            p_win = total if x <= 0 else (mass[x] if x < len(mass) else 0.0)
            if tens >= 2:
                acc[_MESSY if tens_h else _CRIT] += q * p_win
            else:
                acc[_WIN] += q * p_win
            lose = q * (total - p_win)
            if one:
                acc[_BESTIAL] += lose
            elif other == 0:
                acc[_TOTAL] += q * row[0]
                acc[_FAIL] += lose - q * row[0]
            else:
                acc[_FAIL] += lose
            acc[6] += q * (total * other + mean_a)
    return acc


@lru_cache(maxsize=None)
def _segments(regular: int, risky: bool) -> tuple[tuple[int, int, int, int], ...]:
    """``(tens, lowest s, highest s, dice re-rolled)`` for every roll with a regular ten.

    ``s`` is the count of regular 6-9s; the strategy re-rolls ``min(3, tens)``
    tens and, when risky, fills up with failures (``regular - tens - s`` of them).
    """
    out = []
    for t in range(1, regular + 1):
        k = min(3, t)
        nonten = regular - t
        if not risky or k == 3:
            out.append((t, 0, nonten, k))
            continue
        fill = 3 - k
        full_hi = nonten - fill
        if full_hi >= 0:
            out.append((t, 0, full_hi, 3))
        for s in range(max(0, full_hi + 1), nonten + 1):
            out.append((t, s, s, k + nonten - s))
    return tuple(out)


@lru_cache(maxsize=4096)
def _messy_correction(regular: int, risky: bool, theta: int) -> tuple[float, float, float, float, float, float]:
    """For rolls whose regular dice give ``c ≥ theta`` (with one Hunger ten): before and after.

    ``c`` counts the regular dice's successes including the pair bonus earned
    with the Hunger ten. Returns ``(p applies, Σp·c before, p messy after,
    p win after, p lost after, Σp·c after)``; "after" wins need ``c' ≥ theta``.
    """
    sums = suffix_sums(regular)
    applies = c_before = messy = plain_win = lost = c_after = 0.0
    for t, lo, hi, rerolled in _segments(regular, risky):
        mass, moment = sums[t]
        base_c = _pair_bonus_with_one_more_ten(t)
        start = max(lo, theta - base_c)
        if start > hi:
            continue
        p_a = mass[start] - mass[hi + 1]
        m_a = moment[start] - moment[hi + 1]
        if p_a <= 0.0:
            continue
        applies += p_a
        c_before += m_a + base_c * p_a
        k = min(3, t)
        for _, ns, nt, pn in new_dice(rerolled):
            tens_after = t - k + nt
            shift = _pair_bonus_with_one_more_ten(tens_after) + ns
            start_win = max(start, theta - shift)
            p_w = mass[start_win] - mass[hi + 1] if start_win <= hi else 0.0
            if tens_after:
                messy += pn * p_w
            else:
                plain_win += pn * p_w
            lost += pn * (p_a - p_w)
            c_after += pn * (m_a + shift * p_a)
    return applies, c_before, messy, plain_win, lost, c_after


def _apply_messy_strategy(acc: list[float], regular: int, hunger: int, need: int, risky: bool) -> None:
    """Replace, in ``acc``, each messy critical with one Hunger ten by its re-rolled outcome."""
    for plain, tens_h, one, q in hunger_states(hunger):
        if tens_h != 1:
            continue
        theta = need - 1 - plain
        applies, c_before, messy, plain_win, lost, c_after = _messy_correction(regular, risky, theta)
        if not applies:
            continue
        acc[_MESSY] += q * (messy - applies)
        acc[_WIN] += q * plain_win
        acc[_BESTIAL if one else _FAIL] += q * lost
        acc[6] += q * (c_after - c_before)


@lru_cache(maxsize=8192)
def _odds_tuple(pool: int, hunger: int, difficulty: int, strategy: str | None) -> tuple[float, ...]:
    hunger_dice = min(hunger, pool)
    regular = pool - hunger_dice
    need = max(difficulty, 1)
    if strategy == REROLL_FAILURES:
        rows = reroll_failures_rows(regular)
    elif strategy == MAXIMIZE_CRITICALS:
        rows = maximize_criticals_rows(regular)
    else:
        rows = base_rows(regular)
    acc = _combine(rows, hunger_dice, need)
    if strategy in (AVOID_MESSY, RISKY_AVOID_MESSY):
        _apply_messy_strategy(acc, regular, hunger_dice, need, strategy == RISKY_AVOID_MESSY)
    # Clamp the last-bit rounding noise so no probability prints as -0.0.
    return tuple(max(0.0, p) for p in acc[:6]) + (acc[6],)


@dataclass(frozen=True)
class Odds:
    """Exact chances of each result for one pool, Hunger and Difficulty (and maybe a strategy)."""

    pool: int
    hunger: int
    difficulty: int
    strategy: str | None
    probabilities: tuple[float, ...]  # in RESULTS order
    expected_successes: float

    @property
    def outcomes(self) -> dict[str, float]:
        """Result name → probability; the values sum to 1."""
        return dict(zip(RESULTS, self.probabilities))

    @property
    def p_win(self) -> float:
        return sum(self.probabilities[:3])

    def __getitem__(self, result: str) -> float:
        return self.probabilities[_INDEX[result]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcomes": self.outcomes,
            "p_win": self.p_win,
            "expected_successes": self.expected_successes,
        }


def _check_query(pool: int, hunger: int, difficulty: int) -> int:
    check_pool(pool)
    check_hunger(hunger)
    check_difficulty(difficulty)
    if pool > MAX_ODDS_POOL:
        raise RulesError(f"odds are computed for pools up to {MAX_ODDS_POOL} dice, not {pool}")
    return max(pool, 1)  # a pool rolled at all has at least one die


def odds(pool: int, hunger: int = 0, difficulty: int = 0, strategy: str | None = None) -> Odds:
    """Exact odds of a V5 test; with ``strategy``, after that Willpower re-roll.

    Hunger above the pool makes every die a Hunger die; pool 0 rolls one die.
    """
    dice = _check_query(pool, hunger, difficulty)
    name = check_strategy(strategy) if strategy is not None else None
    values = _odds_tuple(dice, hunger, difficulty, name)
    return Odds(dice, min(hunger, dice), difficulty, name, values[:6], values[6])


@dataclass(frozen=True)
class OddsReport:
    """The odds without a re-roll and after each named strategy, side by side."""

    base: Odds
    strategies: dict[str, Odds]

    @property
    def outcomes(self) -> dict[str, float]:
        return self.base.outcomes

    @property
    def p_win(self) -> float:
        return self.base.p_win

    def best_strategy(self) -> str:
        """The strategy with the highest chance to win (ties: the first in STRATEGIES)."""
        return max(STRATEGIES, key=lambda name: (round(self.strategies[name].p_win, 12), -STRATEGIES.index(name)))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ruleset": "v5",
            "pool": self.base.pool,
            "hunger": self.base.hunger,
            "difficulty": self.base.difficulty,
            **self.base.to_dict(),
        }
        data["strategies"] = {name: odds_.to_dict() for name, odds_ in self.strategies.items()}
        return data


def odds_report(pool: int, hunger: int = 0, difficulty: int = 0) -> OddsReport:
    """:func:`odds` without a re-roll and for every strategy of :data:`STRATEGIES`."""
    return OddsReport(
        odds(pool, hunger, difficulty),
        {name: odds(pool, hunger, difficulty, name) for name in STRATEGIES},
    )


def clear_cache() -> None:
    """Forget every cached table (benchmarks use this to measure a cold query)."""
    from vtm_tui.rules.v5 import odds_tables

    for fn in (_odds_tuple, _messy_correction, _segments):
        fn.cache_clear()
    for name in ("new_dice", "base_rows", "reroll_failures_rows", "maximize_criticals_rows", "suffix_sums", "hunger_states"):
        getattr(odds_tables, name).cache_clear()
