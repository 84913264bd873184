"""Exact odds of an Ingenuity test, with the engine's own advantage policy.

The two trait dice are enumerated face by face (at most 12 × 12 pairs); each
re-roll of net advantage/disadvantage then moves probability between face pairs
exactly as :func:`~vtm_tui.rules.ingenuity.advantage.apply_rerolls` would choose
(same gain rule, same tie-breaks, same skip when a re-roll cannot matter). The
dynamic programme runs forward over the re-rolls, so three re-rolls of two d12
cost about a thousand integer additions. Weights stay integers over one common
denominator (``sa·sb·lcm(sa, sb)^k·20``), so every probability is an exact
:class:`~fractions.Fraction`; the luck die then adds +4 with chance 1/20.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import lcm
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.advantage import choose_advantage_die, choose_disadvantage_die, net_advantage
from vtm_tui.rules.ingenuity.dice import LUCK_SIDES, StepDie, parse_die
from vtm_tui.rules.ingenuity.difficulty import Difficulty, as_difficulty
from vtm_tui.rules.ingenuity.results import FAILURE, LUCK_BONUS, ROLLED, RULESET, SUCCESS
from vtm_tui.rules.ingenuity.rolling import DifficultyLike, DieLike, check_bonuses


@lru_cache(maxsize=512)
def face_pair_weights(sa: int, sb: int, net: int) -> tuple[dict[tuple[int, int], int], int]:
    """Final (attribute, skill) faces after ``net`` re-rolls: integer weights and their denominator.

    One re-roll of a die showing ``f`` leaves the pair where it is for the faces
    that are not kept, and moves it along one axis for a contiguous run of new
    faces (above ``f`` for advantage, below for disadvantage). The runs are added
    as difference arrays and summed once per step, so a step costs O(sa·sb).
    """
    sides = (sa, sb)
    choose = choose_advantage_die if net > 0 else choose_disadvantage_die
    choice = [[choose(sides, (a, b)) if net else None for b in range(sb + 1)] for a in range(sa + 1)]
    state = [[0] * (sb + 1)] + [[0] + [1] * sb for _ in range(sa)]  # state[a][b], faces from 1
    denominator = sa * sb
    scale = lcm(sa, sb)
    unit_of = (scale // sa, scale // sb)
    for _ in range(abs(net)):
        nxt = [[0] * (sb + 1) for _ in range(sa + 1)]
        along_a = [[0] * (sb + 1) for _ in range(sa + 2)]  # runs of new attribute faces, per skill face
        along_b = [[0] * (sb + 2) for _ in range(sa + 1)]  # runs of new skill faces, per attribute face
        for a in range(1, sa + 1):
            row, row_next, choices = state[a], nxt[a], choice[a]
            for b in range(1, sb + 1):
                weight = row[b]
                if not weight:
                    continue
                index = choices[b]
                if index is None:
                    row_next[b] += weight * scale
                    continue
                unit = weight * unit_of[index]
                face, size = (a, sa) if index == 0 else (b, sb)
                if net > 0:  # keep the better: the pair stays for new faces 1..f, moves for f+1..s
                    row_next[b] += unit * face
                    low, high = face + 1, size
                else:  # keep the worse: the pair stays for new faces f..s, moves for 1..f-1
                    row_next[b] += unit * (size - face + 1)
                    low, high = 1, face - 1
                if low > high:
                    continue
                if index == 0:
                    along_a[low][b] += unit
                    along_a[high + 1][b] -= unit
                else:
                    runs = along_b[a]
                    runs[low] += unit
                    runs[high + 1] -= unit
        running = [0] * (sb + 1)
        for a in range(1, sa + 1):
            row_next, runs_a, runs_b = nxt[a], along_a[a], along_b[a]
            across = 0
            for b in range(1, sb + 1):
                running[b] += runs_a[b]
                across += runs_b[b]
                row_next[b] += running[b] + across
        state = nxt
        denominator *= scale
    weights = {(a, b): state[a][b] for a in range(1, sa + 1) for b in range(1, sb + 1) if state[a][b]}
    return weights, denominator


@lru_cache(maxsize=512)
def dice_sum_weights(sa: int, sb: int, net: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """The kept dice's sum: ``((sum, weight), ...)`` ascending, and the denominator."""
    pairs, denominator = face_pair_weights(sa, sb, net)
    sums: dict[int, int] = defaultdict(int)
    for (a, b), weight in pairs.items():
        sums[a + b] += weight
    return tuple(sorted(sums.items())), denominator


@dataclass(frozen=True)
class IngenuityOdds:
    """The exact distribution of a test's result and its verdict's odds."""

    attribute: StepDie
    skill: StepDie
    distribution: tuple[tuple[int, Fraction], ...]  # (total, probability), ascending totals
    bonus: int = 0
    assist_bonus: int = 0
    size_bonus: int = 0
    difficulty: Difficulty | None = None
    advantage: int = 0
    disadvantage: int = 0
    passive: bool = False
    ruleset: str = RULESET

    @property
    def net_advantage(self) -> int:
        return self.advantage - self.disadvantage

    @cached_property
    def _tail(self) -> dict[int, Fraction]:
        tail: dict[int, Fraction] = {}
        running = Fraction(0)
        for total, p in reversed(self.distribution):
            running += p
            tail[total] = running
        return tail

    def p_at_least(self, total: int) -> Fraction:
        """Chance the result meets ``total``."""
        if total <= self.lowest:
            return Fraction(1)
        return next((self._tail[t] for t, _ in self.distribution if t >= total), Fraction(0))

    def p_exactly(self, total: int) -> Fraction:
        return next((p for t, p in self.distribution if t == total), Fraction(0))

    @property
    def p_win(self) -> Fraction | None:
        """Chance of success; None without a Difficulty."""
        return None if self.difficulty is None else self.p_at_least(self.difficulty.value)

    @property
    def outcomes(self) -> dict[str, Fraction]:
        """Each result name's probability (they sum to 1)."""
        p = self.p_win
        if p is None:
            return {ROLLED: Fraction(1)}
        return {SUCCESS: p, FAILURE: 1 - p}

    @property
    def mean(self) -> Fraction:
        return sum((t * p for t, p in self.distribution), Fraction(0))

    @property
    def lowest(self) -> int:
        return self.distribution[0][0]

    @property
    def highest(self) -> int:
        return self.distribution[-1][0]

    def describe(self) -> str:
        parts = [str(self.attribute), str(self.skill)]
        flat = (("", self.bonus), ("assist ", self.assist_bonus), ("size ", self.size_bonus))
        parts += [f"{label}{n}" for label, n in flat if n]
        text = ("passive " if self.passive else "") + " + ".join(parts)
        if self.difficulty is not None:
            text += f" vs {self.difficulty.label}"
        net = self.net_advantage
        if net:
            text += f", advantage {net}" if net > 0 else f", disadvantage {-net}"
        return text

    def summary(self) -> str:
        """``d12 + d12 vs Moderate 8, advantage 3: success 99.80%, failure 0.20% (mean 20.1)``."""
        shown = ", ".join(f"{name} {float(p):.2%}" for name, p in self.outcomes.items())
        return f"{self.describe()}: {shown} (mean {float(self.mean):.2f})"

    def table(self) -> str:
        """One line per possible total: the chance of exactly it and of at least it."""
        lines = ["total  exactly  at least"]
        for total, p in self.distribution:
            lines.append(f"{total:>5}  {float(p):>7.2%}  {float(self.p_at_least(total)):>8.2%}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        p_win = self.p_win
        return {
            "ruleset": self.ruleset,
            "dice": {"attribute": str(self.attribute), "skill": str(self.skill)},
            "bonus": self.bonus,
            "assist_bonus": self.assist_bonus,
            "size_bonus": self.size_bonus,
            "difficulty": self.difficulty.value if self.difficulty else None,
            "difficulty_name": self.difficulty.name if self.difficulty else None,
            "advantage": self.advantage,
            "disadvantage": self.disadvantage,
            "net_advantage": self.net_advantage,
            "passive": self.passive,
            "outcomes": {name: float(p) for name, p in self.outcomes.items()},
            "p_win": None if p_win is None else float(p_win),
            "p_win_exact": None if p_win is None else str(p_win),
            "mean": float(self.mean),
            "distribution": {str(t): float(p) for t, p in self.distribution},
            "p_at_least": {str(t): float(self.p_at_least(t)) for t, _ in self.distribution},
        }


def odds(
    attribute: DieLike,
    skill: DieLike,
    *,
    bonus: int = 0,
    difficulty: DifficultyLike = None,
    advantage: int = 0,
    disadvantage: int = 0,
    assist_bonus: int = 0,
    size_bonus: int = 0,
    passive: bool = False,
) -> IngenuityOdds:
    """Exact odds of the test :func:`~vtm_tui.rules.ingenuity.rolling.roll` would make with the same arguments."""
    attribute_die = parse_die(attribute, what="attribute die")
    skill_die = parse_die(skill, what="skill die")
    check_bonuses(bonus, assist_bonus, size_bonus)
    level = as_difficulty(difficulty)
    net = net_advantage(advantage, disadvantage)
    flat = bonus + assist_bonus + size_bonus
    if passive:
        if advantage or disadvantage:
            raise RulesError("a passive test rolls no dice, so advantage and disadvantage do not apply")
        distribution: tuple[tuple[int, Fraction], ...] = (
            (attribute_die.passive + skill_die.passive + flat, Fraction(1)),
        )
    else:
        sums, denominator = dice_sum_weights(attribute_die.sides, skill_die.sides, net)
        luckless = LUCK_SIDES - 1
        weights: dict[int, int] = defaultdict(int)
        for total, weight in sums:
            weights[total + flat] += weight * luckless
            weights[total + flat + LUCK_BONUS] += weight
        denominator *= LUCK_SIDES
        distribution = tuple((t, Fraction(w, denominator)) for t, w in sorted(weights.items()))
    return IngenuityOdds(
        attribute=attribute_die,
        skill=skill_die,
        distribution=distribution,
        bonus=bonus,
        assist_bonus=assist_bonus,
        size_bonus=size_bonus,
        difficulty=level,
        advantage=advantage,
        disadvantage=disadvantage,
        passive=passive,
    )
