"""Exact odds of a V20 roll, and of reaching an extended action's target.

A die falls in one of four classes whose chances depend only on the
Difficulty D: a 1 (1 in 10), a miss (faces 2..D−1), a plain success (D..9)
and a 10 (1 in 10). What decides the result is ``successes − ones``, so the
distribution of that difference is the pool's generating polynomial

    (x⁻¹ + (D−2) + (10−D)·x + x^w)ⁿ        (w = 2 for a doubling specialty, else 1)

expanded with whole-number coefficients: each coefficient counts faces
combinations out of 10ⁿ, so every probability is an exact fraction. A botch
(no success, at least one 1) is ``(D−1)ⁿ − (D−2)ⁿ`` combinations. Willpower
adds one uncancellable success: the roll always succeeds. The expansion is one
big-int power (Kronecker packing), well under a millisecond at 30 dice
(``benchmarks/bench_odds_v20.py``).

The extended-action chance is a small Markov chain over the tally (floats:
the per-roll chances are exact, the chain multiplies them).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20.kinds import parse_kind
from vtm_tui.rules.v20.options import check_extended_botch
from vtm_tui.rules.v20.pools import check_dice, check_difficulty
from vtm_tui.rules.v20.results import DEGREES, RESULTS, RULESET, degree_for

#: Upper bounds on extended-action queries: beyond them a chain would take long, and no table needs it.
MAX_TARGET = 50
MAX_ROLLS = 50
#: Fixed-point bits of the extended-action chain, and the bits of one packed coefficient:
#: a product of two fixed-point numbers plus 8 bits of headroom for summing up to
#: MAX_TARGET of them, so slots never carry into each other.
FIXED = 52
SLOT = 2 * FIXED + 8
#: Decimal places kept of the chain's chances. Each roll truncates every tally below
#: 2^-52; over MAX_TARGET tallies and MAX_ROLLS rolls that stays under 1e-12.
ROUND = 12


def _pack(coefficients: list[int]) -> int:
    """Coefficients (each below 2^SLOT) as one big int, slot i at bit i·SLOT (Kronecker packing)."""
    return sum(c << (i * SLOT) for i, c in enumerate(coefficients))


def _slot_sum(packed: int, slots: int) -> int:
    """Sum of the ``slots`` packed coefficients, by folding the halves together (no multiplication)."""
    while slots > 1:
        half = (slots + 1) // 2
        packed = (packed & ((1 << (half * SLOT)) - 1)) + (packed >> (half * SLOT))
        slots = half
    return packed


def class_weights(difficulty: int) -> tuple[int, int, int, int]:
    """Faces of a d10 per class at ``difficulty``: (ones, misses, plain successes, tens)."""
    check_difficulty(difficulty)
    return 1, difficulty - 2, 10 - difficulty, 1


def difference_counts(pool: int, difficulty: int, ten_value: int = 1, ones_cancel: bool = True) -> list[int]:
    """Combinations of ``pool`` d10 faces for each ``successes − ones``; index i is ``i − pool``.

    The one-die polynomial, multiplied by x so every power is ≥ 0, is packed into a
    single big int (each coefficient in its own run of bytes, wide enough that no
    count of the n-th power can spill into the next), raised to the n-th power by
    Python's own big-int arithmetic, and unpacked: exact, and far faster than
    multiplying lists die by die.
    """
    _, miss, plain, _ = class_weights(difficulty)
    if not ones_cancel:  # a 1 is a miss; index i is then i successes (no offset)
        die = [1 + miss, plain + 1] if ten_value == 1 else [1 + miss, plain, 1]
    elif ten_value == 1:
        die = [1, miss, plain + 1]
    else:
        die = [1, miss, plain, 1]
    width = (10**pool).bit_length() // 8 + 1  # bytes per coefficient: every count is at most 10ⁿ
    base = sum(c << (8 * width * i) for i, c in enumerate(die))
    length = pool * (len(die) - 1) + 1
    data = (base**pool).to_bytes(width * length, "little")
    return [int.from_bytes(data[i * width : (i + 1) * width], "little") for i in range(length)]


@dataclass(frozen=True)
class V20Odds:
    """Exact chances of one roll. Counts are faces combinations out of ``denominator`` (10ⁿ).

    ``net_counts[k]`` counts the rolls that end with ``k`` net successes (0 for
    every failure and botch); ``counts`` maps each result name to its count.
    """

    pool: int
    difficulty: int
    specialty: bool
    willpower: bool
    specialty_doubles: bool
    free_botch: bool
    denominator: int
    counts: dict[str, int]
    net_counts: tuple[int, ...]

    def probability(self, result: str) -> Fraction:
        if result not in self.counts:
            raise RulesError(f"unknown v20 result {result!r}; the results are {', '.join(RESULTS)}")
        return Fraction(self.counts[result], self.denominator)

    @property
    def outcomes(self) -> dict[str, Fraction]:
        """Each result name → its exact probability (they sum to 1)."""
        return {name: self.probability(name) for name in RESULTS}

    @property
    def p_win(self) -> Fraction:
        return self.probability("success")

    @property
    def net_successes(self) -> dict[int, Fraction]:
        """Net successes → probability, for every count that can happen."""
        return {k: Fraction(c, self.denominator) for k, c in enumerate(self.net_counts) if c}

    def p_at_least(self, successes: int) -> Fraction:
        """Chance of at least ``successes`` net successes."""
        start = max(0, successes)
        return Fraction(sum(self.net_counts[start:]), self.denominator)

    @property
    def mean(self) -> Fraction:
        """Expected net successes."""
        return Fraction(sum(k * c for k, c in enumerate(self.net_counts)), self.denominator)

    @property
    def degrees(self) -> dict[str, Fraction]:
        """Chance of each degree of success (marginal … phenomenal)."""
        found = {name: 0 for name in DEGREES}
        for k, c in enumerate(self.net_counts):
            degree = degree_for(k)
            if degree is not None:
                found[degree] += c
        return {name: Fraction(c, self.denominator) for name, c in found.items()}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready floats (``outcomes`` sum to 1 up to rounding)."""
        return {
            "ruleset": RULESET,
            "pool": self.pool,
            "difficulty": self.difficulty,
            "specialty": self.specialty,
            "willpower": self.willpower,
            # int / int is a correctly rounded float: the same value as float(Fraction), without the gcd
            "outcomes": {name: self.counts[name] / self.denominator for name in RESULTS},
            "p_win": self.counts["success"] / self.denominator,
            "net_successes": {str(k): c / self.denominator for k, c in enumerate(self.net_counts) if c},
            "degrees": {name: float(p) for name, p in self.degrees.items()},
            "mean": float(self.mean),
        }


def roll_odds(
    pool: int,
    difficulty: int = 6,
    *,
    specialty: bool = False,
    willpower: bool = False,
    specialty_doubles: bool = True,
    free_botch: bool = False,
    kind: str = "test",
    ones_cancel: bool = True,
) -> V20Odds:
    """The exact odds of rolling ``pool`` dice against ``difficulty``.

    ``free_botch`` reads a botch as a failure (the session's free botch is
    still available), as :func:`~vtm_tui.rules.v20.results.judge` does; so
    does a ``kind`` that cannot botch (damage, soak), whose 1s cancel
    successes only with ``ones_cancel``.
    """
    check_dice(pool)
    check_difficulty(difficulty)
    what = parse_kind(kind)
    if willpower and what.willpower_refusal():
        raise RulesError(what.willpower_refusal())
    free_botch = free_botch or not what.can_botch
    ten_value = 2 if specialty and specialty_doubles else 1
    diff = difference_counts(pool, difficulty, ten_value, ones_cancel)
    total = 10**pool
    botch = (difficulty - 1) ** pool - (difficulty - 2) ** pool
    offset = pool if ones_cancel else 0
    at_most_zero = sum(diff[: offset + 1])
    positive = diff[offset + 1 :]
    if willpower:
        net = (0, at_most_zero, *positive)
        counts = {"success": total, "failure": 0, "botch": 0}
    else:
        net = (at_most_zero, *positive)
        counts = {"success": total - at_most_zero, "failure": at_most_zero - botch, "botch": botch}
        if free_botch:
            counts = {"success": counts["success"], "failure": at_most_zero, "botch": 0}
    return V20Odds(
        pool=pool,
        difficulty=difficulty,
        specialty=specialty,
        willpower=willpower,
        specialty_doubles=specialty_doubles,
        free_botch=free_botch,
        denominator=total,
        counts=counts,
        net_counts=tuple(net),
    )


@dataclass(frozen=True)
class ExtendedOdds:
    """Chance of reaching ``target`` successes within ``rolls`` rolls.

    ``by_roll[i]`` is the chance of having reached it within ``i + 1`` rolls;
    ``p_failed`` the chance the action ended in a botch (``fail`` rule) first.
    """

    target: int
    rolls: int
    botch_rule: str
    p_reach: float
    p_failed: float
    by_roll: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "rolls": self.rolls,
            "botch": self.botch_rule,
            "p_reach": self.p_reach,
            "p_failed": self.p_failed,
            "by_roll": list(self.by_roll),
        }


def _check_positive(value: int, what: str, upper: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= upper:
        raise RulesError(f"{what} must be a whole number from 1 to {upper}, not {value!r}")
    return value


def extended_odds(
    pool: int,
    difficulty: int,
    target: int,
    rolls: int,
    *,
    specialty: bool = False,
    willpower: bool = False,
    specialty_doubles: bool = True,
    botch_rule: str = "restart",
) -> ExtendedOdds:
    """The chance that an extended action reaches ``target`` within ``rolls`` rolls.

    Every roll uses the same pool and Difficulty (and Willpower, if spent on
    each); a botch restarts the tally or ends the action, as ``botch_rule`` says.
    """
    _check_positive(target, "the extended target", MAX_TARGET)
    _check_positive(rolls, "the number of rolls", MAX_ROLLS)
    check_extended_botch(botch_rule)
    single = roll_odds(
        pool, difficulty, specialty=specialty, willpower=willpower, specialty_doubles=specialty_doubles
    )
    denominator = single.denominator
    botch = single.counts["botch"]
    non_botch = [single.net_counts[0] - botch, *single.net_counts[1:]]
    # Per roll, k net successes without a botch, as 2^-FIXED fixed point, packed into one big int.
    step = _pack([(c << FIXED) // denominator for c in non_botch[:target]])
    p_botch = (botch << FIXED) // denominator
    keep = (1 << (target * SLOT)) - 1  # tallies below the target; the rest has reached it
    rescale_mask = _pack([(1 << (SLOT - FIXED)) - 1] * target)
    one = 1 << FIXED
    tally = one  # all the chance on a tally of 0
    live = one  # the chance still short of the target (the sum of the tallies)
    failed = 0
    by_roll: list[float] = []
    for _ in range(rolls):
        tally = (((tally * step) & keep) >> FIXED) & rescale_mask
        lost = (live * p_botch) >> FIXED
        if botch_rule == "restart":
            tally += lost
        else:
            failed += lost
        live = _slot_sum(tally, target)
        by_roll.append(round(max(0.0, (one - live - failed) / one), ROUND))
        if not live:  # nothing left short of the target: later rolls change nothing
            by_roll.extend([by_roll[-1]] * (rolls - len(by_roll)))
            break
    reached = by_roll[-1]
    failed_p = round(failed / one, ROUND)
    return ExtendedOdds(target, rolls, botch_rule, reached, failed_p, tuple(by_roll))
