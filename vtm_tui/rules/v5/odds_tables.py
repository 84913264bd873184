"""Exact distributions of the regular dice, before and after a re-roll strategy.

A V5 result depends on the dice only through a few counts, so nothing here
enumerates faces. Regular dice fall in three classes — failure (1-5, p=.5),
success (6-9, .4) and ten (.1) — and a table ``rows[t][a]`` holds the chance of
ending with ``t`` tens and ``a`` plain successes among the regular dice.

The strategies that ignore the Hunger dice (``reroll_failures``,
``maximize_criticals``) are folded into such a table once per pool size
(cached); ``avoid_messy`` depends on the Hunger dice and the Difficulty, so
:mod:`vtm_tui.rules.v5.exact_odds` corrects for it per query using the suffix sums
kept here.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

P_FAIL, P_SUCCESS, P_TEN = 0.5, 0.4, 0.1
Rows = tuple[tuple[float, ...], ...]


@lru_cache(maxsize=None)
def new_dice(count: int) -> tuple[tuple[int, int, int, float], ...]:
    """Every outcome of ``count`` fresh regular dice as ``(failures, successes, tens, p)``."""
    out = []
    for tens in range(count + 1):
        for successes in range(count - tens + 1):
            failures = count - tens - successes
            p = comb(count, tens) * comb(count - tens, successes) * P_TEN**tens * P_SUCCESS**successes * P_FAIL**failures
            out.append((failures, successes, tens, p))
    return tuple(out)


def _binomial(n: int, p: float) -> list[float]:
    q = 1.0 - p
    return [comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)]


@lru_cache(maxsize=None)
def base_rows(regular: int) -> Rows:
    """``rows[t][a]`` for ``regular`` dice rolled once."""
    tens = _binomial(regular, P_TEN)
    rows = []
    for t in range(regular + 1):
        plain = _binomial(regular - t, P_SUCCESS / (1 - P_TEN))  # a non-ten die is a success with p 4/9
        rows.append(tuple(tens[t] * p for p in plain))
    return tuple(rows)


@lru_cache(maxsize=None)
def reroll_failures_rows(regular: int) -> Rows:
    """After re-rolling up to three failures.

    Only the count ``m`` of non-failures at the end matters: each non-failure
    (kept or new) is a ten with p 1/5, independently, so ``rows`` follows from
    the distribution of ``m``.
    """
    final_nonfail = [0.0] * (regular + 1)
    for f, pf in enumerate(_binomial(regular, P_FAIL)):
        k = min(3, f)
        for still_failed, pn in enumerate(_binomial(k, P_FAIL)):
            final_nonfail[regular - f + k - still_failed] += pf * pn
    rows = [[0.0] * (regular - t + 1) for t in range(regular + 1)]
    for m, pm in enumerate(final_nonfail):
        if pm:
            for t, pt in enumerate(_binomial(m, P_TEN / (1 - P_FAIL))):
                rows[t][m - t] += pm * pt
    return tuple(tuple(row) for row in rows)


def _maximize_part(regular: int, t: int, pt: float, idle: bool) -> list[tuple[int, int, float]]:
    """What the rolls with ``t`` regular tens contribute after the strategy: ``(tens, plain successes, p)``.

    ``k = min(3, non-tens)`` dice are re-rolled and the plain successes kept are
    ``min(non-tens - failures, max(0, non-tens - 3))``; when ``idle`` (one 6-9
    that cannot pair) a roll with no failure is left as it is.
    """
    nonten = regular - t
    k = min(3, nonten)
    kept: dict[tuple[int, int], float] = {}
    for f, pf in enumerate(_binomial(nonten, P_FAIL / (1 - P_TEN))):
        used = 0 if idle and f == 0 else k
        s = nonten - f if used == 0 else min(nonten - f, max(0, nonten - 3))
        kept[s, used] = kept.get((s, used), 0.0) + pt * pf
    return [(t + nt, s + ns, ps * pn) for (s, used), ps in kept.items() for _, ns, nt, pn in new_dice(used)]


@lru_cache(maxsize=None)
def maximize_criticals_rows(regular: int, odd_hunger_tens: bool = False) -> Rows:
    """After re-rolling failures first, then 6-9s, up to three dice; never a ten.

    The strategy is not used when it can gain no success: no failure to re-roll
    and one 6-9 beside an even count of tens (``odd_hunger_tens`` adds the Hunger
    dice's). That happens only with ``regular - 1`` regular tens, so both tables
    share every other row (built once, :func:`_maximize_always`).
    """
    t = regular - 1
    if t < 0 or (t + odd_hunger_tens) % 2:
        return _maximize_always(regular)
    rows = [list(row) for row in _maximize_always(regular)]
    pt = _binomial(regular, P_TEN)[t]
    for tens, plain, p in _maximize_part(regular, t, pt, False):
        rows[tens][plain] -= p
    for tens, plain, p in _maximize_part(regular, t, pt, True):
        rows[tens][plain] += p
    return tuple(tuple(max(0.0, p) for p in row) for row in rows)


@lru_cache(maxsize=None)
def _maximize_always(regular: int) -> Rows:
    """:func:`maximize_criticals_rows` as if the strategy were used on every roll."""
    rows = [[0.0] * (regular - t + 1) for t in range(regular + 1)]
    for t, pt in enumerate(_binomial(regular, P_TEN)):
        for tens, plain, p in _maximize_part(regular, t, pt, False):
            rows[tens][plain] += p
    return tuple(tuple(row) for row in rows)


@lru_cache(maxsize=None)
def suffix_sums(regular: int) -> tuple[tuple[tuple[float, ...], tuple[float, ...]], ...]:
    """Per ``t`` of :func:`base_rows`: ``(Σ_{a≥x} p, Σ_{a≥x} a·p)`` for each ``x`` (one extra 0 at the end)."""
    out = []
    for row in base_rows(regular):
        mass = [0.0] * (len(row) + 1)
        moment = [0.0] * (len(row) + 1)
        for a in range(len(row) - 1, -1, -1):
            mass[a] = mass[a + 1] + row[a]
            moment[a] = moment[a + 1] + a * row[a]
        out.append((tuple(mass), tuple(moment)))
    return tuple(out)


@lru_cache(maxsize=None)
def hunger_states(hunger: int) -> tuple[tuple[int, int, bool, float], ...]:
    """Every reading of ``hunger`` Hunger dice as ``(plain successes, tens, any 1, p)``.

    Hunger dice: 1 (p=.1), 2-5 (.4), 6-9 (.4), 10 (.1).
    """
    states: dict[tuple[int, int, bool], float] = {}
    for ones in range(hunger + 1):
        for tens in range(hunger - ones + 1):
            for plain in range(hunger - ones - tens + 1):
                fails = hunger - ones - tens - plain
                p = (
                    comb(hunger, ones) * comb(hunger - ones, tens) * comb(hunger - ones - tens, plain)
                    * 0.1**ones * 0.1**tens * 0.4**plain * 0.4**fails
                )
                key = (plain, tens, ones > 0)
                states[key] = states.get(key, 0.0) + p
    return tuple((plain, tens, one, p) for (plain, tens, one), p in sorted(states.items()))


@lru_cache(maxsize=None)
def hunger_groups(hunger: int) -> tuple[tuple[int, int, float, float, float], ...]:
    """:func:`hunger_states` merged per ``(plain successes, tens)``: ``(plain, tens, p with a 1, p without, p)``."""
    merged: dict[tuple[int, int], list[float]] = {}
    for plain, tens, one, p in hunger_states(hunger):
        pair = merged.setdefault((plain, tens), [0.0, 0.0])
        pair[0 if one else 1] += p
    return tuple((plain, tens, q1, q0, q1 + q0) for (plain, tens), (q1, q0) in sorted(merged.items()))
