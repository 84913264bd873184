"""Brute-force V5 odds by enumerating face classes, judged by the real engine.

Each die is enumerated over one representative face per class, weighted by the
class's chance (regular: 3 for 1-5 with 5/10, 7 for 6-9 with 4/10, 10 with
1/10; Hunger: 1, 3, 7, 10 with 1, 4, 4, 1 tenths). Re-rolls use the engine's own
strategy selection, so this checks the odds against the code that picks dice.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from vtm_tui.rules.v5.results import RESULTS, judge
from vtm_tui.rules.v5.reroll import select

REGULAR_CLASSES = ((3, Fraction(5, 10)), (7, Fraction(4, 10)), (10, Fraction(1, 10)))
HUNGER_CLASSES = ((1, Fraction(1, 10)), (3, Fraction(4, 10)), (7, Fraction(4, 10)), (10, Fraction(1, 10)))


def _weighted(classes, count):
    for combo in product(classes, repeat=count):
        weight = Fraction(1)
        for _, w in combo:
            weight *= w
        yield tuple(face for face, _ in combo), weight


def brute_odds(pool: int, hunger: int, difficulty: int, strategy: str | None = None):
    """``(outcomes, expected successes)`` as exact fractions."""
    hunger_dice = min(hunger, pool)
    regular = pool - hunger_dice
    outcomes = {name: Fraction(0) for name in RESULTS}
    expected = Fraction(0)
    for reg, w_reg in _weighted(REGULAR_CLASSES, regular):
        for hun, w_hun in _weighted(HUNGER_CLASSES, hunger_dice):
            weight = w_reg * w_hun
            first = judge(reg, hun, difficulty)
            indices = select(first, strategy).indices if strategy else ()
            if not indices:
                outcomes[first.result] += weight
                expected += weight * first.successes
                continue
            for new, w_new in _weighted(REGULAR_CLASSES, len(indices)):
                faces = list(reg)
                for index, face in zip(indices, new):
                    faces[index] = face
                after = judge(faces, hun, difficulty)
                outcomes[after.result] += weight * w_new
                expected += weight * w_new * after.successes
    return outcomes, expected
