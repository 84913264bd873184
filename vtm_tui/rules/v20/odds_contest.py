"""Exact odds of a resisted action: two independent rolls, compared.

Each side's net successes come from :func:`~vtm_tui.rules.v20.exact_odds.roll_odds`;
the rolls are independent, so the chance of every difference is a sum of
products of whole-number counts over ``10^(n + m)``: exact fractions again.
The actor wins with more net successes and keeps only the excess (docs/rules.md);
equal counts resolve nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vtm_tui.rules.v20.exact_odds import V20Odds


@dataclass(frozen=True)
class ResistedOdds:
    """Chances of a resisted action from the actor's side.

    ``margins`` maps the actor's net successes minus the opponent's to its
    chance: positive is what the actor keeps, negative what the opponent keeps.
    """

    actor: V20Odds
    opponent: V20Odds
    denominator: int
    margin_counts: dict[int, int]

    def _sum(self, keep) -> Fraction:
        return Fraction(sum(c for m, c in self.margin_counts.items() if keep(m)), self.denominator)

    @property
    def p_actor(self) -> Fraction:
        return self._sum(lambda m: m > 0)

    @property
    def p_tie(self) -> Fraction:
        return self._sum(lambda m: m == 0)

    @property
    def p_opponent(self) -> Fraction:
        return self._sum(lambda m: m < 0)

    @property
    def p_win(self) -> Fraction:
        return self.p_actor

    @property
    def margins(self) -> dict[int, Fraction]:
        return {m: Fraction(c, self.denominator) for m, c in sorted(self.margin_counts.items()) if c}

    def to_dict(self) -> dict[str, Any]:
        return {
            "opponent_pool": self.opponent.pool,
            "opponent_difficulty": self.opponent.difficulty,
            "p_actor": float(self.p_actor),
            "p_tie": float(self.p_tie),
            "p_opponent": float(self.p_opponent),
            # int / int is a correctly rounded float: same value as float(Fraction), no gcd
            "margins": {str(m): c / self.denominator for m, c in sorted(self.margin_counts.items())},
        }


def resisted_odds(actor: V20Odds, opponent: V20Odds) -> ResistedOdds:
    """Combine two single-roll odds into the odds of the resisted action.

    The difference distribution is the product of the actor's polynomial and the
    opponent's reversed one; both are packed into big ints (as in
    :func:`~vtm_tui.rules.v20.exact_odds.difference_counts`) and multiplied once.
    """
    denominator = actor.denominator * opponent.denominator
    width = denominator.bit_length() // 8 + 1  # bytes per coefficient: no count exceeds the denominator
    a_counts, b_counts = actor.net_counts, opponent.net_counts[::-1]
    packed_a = int.from_bytes(b"".join(c.to_bytes(width, "little") for c in a_counts), "little")
    packed_b = int.from_bytes(b"".join(c.to_bytes(width, "little") for c in b_counts), "little")
    length = len(a_counts) + len(b_counts) - 1
    data = (packed_a * packed_b).to_bytes(width * length, "little")
    shift = len(b_counts) - 1  # index i of the product is the margin i − shift
    counts = {}
    for i in range(length):
        count = int.from_bytes(data[i * width : (i + 1) * width], "little")
        if count:
            counts[i - shift] = count
    return ResistedOdds(actor, opponent, denominator, counts)
