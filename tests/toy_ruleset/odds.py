"""Exact odds of a toy roll: each d6 succeeds with probability 1/3, so the successes are binomial."""

from __future__ import annotations

from fractions import Fraction
from math import comb

P_SUCCESS = Fraction(1, 3)


def p_win(dice: int, difficulty: int) -> Fraction:
    """The chance that ``dice`` d6s show at least ``difficulty`` faces of 5 or 6."""
    return sum((comb(dice, k) * P_SUCCESS ** k * (1 - P_SUCCESS) ** (dice - k)
                for k in range(max(0, difficulty), dice + 1)), Fraction(0))
