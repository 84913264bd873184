"""Exact odds of every V5 result, with and without each Willpower re-roll strategy.

No simulation: probabilities come from counting classes of faces (see
:mod:`vtm_tui.rules.v5.odds_tables`). A query combines a table of the regular
dice with the (at most 42) readings of the Hunger dice, and each step is a
lookup in suffix sums, so any pool up to 30 dice answers in about a
millisecond, cold; answers are cached.

The strategy odds assume the player applies the strategy to whatever was
rolled whenever it is offered (only when it can change the result for the
better), exactly as :func:`vtm_tui.rules.v5.reroll.select` would.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.odds_tables import (
    base_rows,
    hunger_groups,
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
_MESSY, _WIN, _BESTIAL, _FAIL = _INDEX[MESSY_CRITICAL], _INDEX[WIN], _INDEX[BESTIAL_FAILURE], _INDEX[FAILURE]
# _combine returns its sums in RESULTS order; keep that order pinned.
assert RESULTS == (MESSY_CRITICAL, CRITICAL_WIN, WIN, BESTIAL_FAILURE, TOTAL_FAILURE, FAILURE)


def _pair_bonus_with_one_more_ten(tens: int) -> int:
    """Successes from ``tens`` regular tens plus one Hunger ten: each ten, plus 2 per pair."""
    return tens + 2 * ((tens + 1) // 2)


@lru_cache(maxsize=None)
def _row_stats(
    regular: int, strategy: str | None, odd_hunger_tens: bool = False
) -> tuple[tuple[tuple[float, ...], float, float], ...]:
    """Per count of regular tens: (suffix sums over plain successes, P(no plain success), mean plain successes)."""
    if strategy == REROLL_FAILURES:
        rows = reroll_failures_rows(regular)
    elif strategy == MAXIMIZE_CRITICALS:
        rows = maximize_criticals_rows(regular, odd_hunger_tens)
    else:
        rows = base_rows(regular)
    out = []
    for row in rows:
        mass = tuple(accumulate(reversed(row)))[::-1] + (0.0,)
        out.append((mass, row[0], sum(a * p for a, p in enumerate(row))))
    return tuple(out)


def _combine(
    stats: tuple[tuple[tuple[float, ...], float, float], ...], hunger: int, need: int, groups: tuple | None = None
) -> list[float]:
    """The six result probabilities (RESULTS order) and expected successes, last (over ``groups`` of
    Hunger readings, all of them unless given)."""
    messy = crit = win = bestial = total_fail = fail = expected = 0.0
    groups = hunger_groups(hunger) if groups is None else groups
    for t, (mass, none, mean_a) in enumerate(stats):
        total = mass[0]
        if not total:
            continue
        size = len(mass)
        for plain, tens_h, q_one, q_clean, q in groups:
            tens = t + tens_h
            other = plain + tens + 2 * (tens // 2)
            x = need - other
            p_win = total if x <= 0 else (mass[x] if x < size else 0.0)
            if tens >= 2:
                if tens_h:
                    messy += q * p_win
                else:
                    crit += q * p_win
            else:
                win += q * p_win
            lost = total - p_win
            bestial += q_one * lost
            if other == 0:
                total_fail += q_clean * none
                fail += q_clean * (lost - none)
            else:
                fail += q_clean * lost
            expected += q * (total * other + mean_a)
    return [messy, crit, win, bestial, total_fail, fail, expected]


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


@lru_cache(maxsize=None)
def _segment_data(regular: int, risky: bool) -> tuple:
    """:func:`_segments` with what every query needs precomputed.

    Each entry: ``(lo, hi, c before minus s, suffix mass, suffix moment,
    ((shift, any ten left, p), ...), mean shift)`` where ``shift`` is
    ``c after − s`` for one outcome of the re-rolled dice (outcomes merged by
    shift and whether a regular ten is left).
    """
    sums = suffix_sums(regular)
    out = []
    for t, lo, hi, rerolled in _segments(regular, risky):
        if t > 3:
            continue  # a regular ten stays: the messy critical cannot be undone, so the strategy is not used
        mass, moment = sums[t]
        k = min(3, t)
        merged: dict[tuple[int, bool], float] = {}
        for _, ns, nt, pn in new_dice(rerolled):
            tens_after = t - k + nt
            key = (_pair_bonus_with_one_more_ten(tens_after) + ns, tens_after > 0)
            merged[key] = merged.get(key, 0.0) + pn
        outcomes = tuple((shift, flag, p) for (shift, flag), p in merged.items())
        mean_shift = sum(shift * p for shift, _, p in outcomes)
        out.append((lo, hi, _pair_bonus_with_one_more_ten(t), mass, moment, outcomes, mean_shift, rerolled))
    return tuple(out)


@lru_cache(maxsize=4096)
def _messy_correction(regular: int, risky: bool, theta: int) -> tuple[float, float, float, float, float, float]:
    """For rolls whose regular dice give ``c ≥ theta`` (with one Hunger ten): before and after.

    ``c`` counts the regular dice's successes including the pair bonus earned
    with the Hunger ten. Returns ``(p applies, Σp·c before, p messy after,
    p win after, p lost after, Σp·c after)``; "after" wins need ``c' ≥ theta``.
    """
    applies = c_before = messy = plain_win = c_after = 0.0
    for lo, hi, base_c, mass, moment, outcomes, mean_shift, rerolled in _segment_data(regular, risky):
        # Applied to a messy win (c ≥ theta) that a re-roll can turn into a plain win: s + rerolled ≥ theta.
        start = max(lo, theta - base_c, theta - rerolled)
        if start > hi:
            continue
        end = mass[hi + 1]
        p_a = mass[start] - end
        if p_a <= 0.0:
            continue
        m_a = moment[start] - moment[hi + 1]
        applies += p_a
        c_before += m_a + base_c * p_a
        c_after += m_a + mean_shift * p_a
        for shift, flag, pn in outcomes:
            start_win = theta - shift
            if start_win <= start:
                p_w = p_a
            elif start_win > hi:
                continue
            else:
                p_w = mass[start_win] - end
            if flag:
                messy += pn * p_w
            else:
                plain_win += pn * p_w
    return applies, c_before, messy, plain_win, applies - messy - plain_win, c_after


def _apply_messy_strategy(acc: list[float], regular: int, hunger: int, need: int, risky: bool) -> None:
    """Replace, in ``acc``, each messy critical with one Hunger ten by its re-rolled outcome."""
    for plain, tens_h, q_one, q_clean, q in hunger_groups(hunger):
        if tens_h != 1:
            continue
        applies, c_before, messy, plain_win, lost, c_after = _messy_correction(regular, risky, need - 1 - plain)
        if not applies:
            continue
        acc[_MESSY] += q * (messy - applies)
        acc[_WIN] += q * plain_win
        acc[_BESTIAL] += q_one * lost
        acc[_FAIL] += q_clean * lost
        acc[6] += q * (c_after - c_before)


@lru_cache(maxsize=8192)
def _odds_tuple(pool: int, hunger: int, difficulty: int, strategy: str | None) -> tuple[float, ...]:
    hunger_dice = min(hunger, pool)
    regular = pool - hunger_dice
    need = max(difficulty, 1)
    table = strategy if strategy in (REROLL_FAILURES, MAXIMIZE_CRITICALS) else None
    if strategy == MAXIMIZE_CRITICALS:  # whether it is used depends on the parity of the Hunger tens
        groups = hunger_groups(hunger_dice)
        even = tuple(g for g in groups if g[1] % 2 == 0)
        odd = tuple(g for g in groups if g[1] % 2 == 1)
        acc = [
            a + b
            for a, b in zip(
                _combine(_row_stats(regular, table, False), hunger_dice, need, even),
                _combine(_row_stats(regular, table, True), hunger_dice, need, odd),
            )
        ]
    else:
        acc = _combine(_row_stats(regular, table), hunger_dice, need)
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

    for fn in (_odds_tuple, _messy_correction, _segments, _segment_data, _row_stats):
        fn.cache_clear()
    for name in ("new_dice", "base_rows", "reroll_failures_rows", "maximize_criticals_rows", "suffix_sums", "hunger_states", "hunger_groups"):
        getattr(odds_tables, name).cache_clear()
