"""Exact odds against two independent enumerations: the engine itself, and a plain recursion."""

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity import odds, roll
from vtm_tui.rules.ingenuity.dice import STEP_SIZES


class _NeedFace(Exception):
    def __init__(self, sides: int, purpose: str) -> None:
        self.sides, self.purpose = sides, purpose


class _Scripted:
    """A dice source that replays a prefix of faces and then asks for the next one."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix, self.used = prefix, 0

    def roll(self, count: int, sides: int, purpose: str = "regular") -> list[int]:
        faces = []
        for _ in range(count):
            if self.used == len(self.prefix):
                raise _NeedFace(sides, purpose)
            faces.append(self.prefix[self.used])
            self.used += 1
        return faces


def engine_distribution(sa: int, sb: int, **kwargs) -> dict[int, Fraction]:
    """Run :func:`roll` down every branch of every die it asks for; weight each leaf."""
    dist: dict[int, Fraction] = defaultdict(Fraction)

    def explore(prefix: list[int], weight: Fraction) -> None:
        try:
            out = roll(sa, sb, _Scripted(prefix), **kwargs)
        except _NeedFace as need:
            if need.purpose == "luck":  # only "20 or not" matters: two branches, not twenty
                explore([*prefix, 20], weight / 20)
                explore([*prefix, 1], weight * 19 / 20)
                return
            for face in range(1, need.sides + 1):
                explore([*prefix, face], weight / need.sides)
            return
        dist[out.total] += weight

    explore([], Fraction(1))
    return dict(dist)


def recursive_distribution(sa: int, sb: int, net: int, flat: int) -> dict[int, Fraction]:
    """The rules written out again, independently: expected gains by enumeration, not formula."""

    def gain(s: int, f: int) -> Fraction:
        return Fraction(sum(max(f, x) for x in range(1, s + 1)), s) - f

    @lru_cache(maxsize=None)
    def final(a: int, b: int, k: int) -> tuple[tuple[int, Fraction], ...]:
        if k == 0:
            return ((a + b, Fraction(1)),)
        if net > 0:
            ga, gb = gain(sa, a), gain(sb, b)
            if ga == gb == 0:
                return final(a, b, k - 1)
            which = 0 if ga >= gb else 1
        else:
            if max(a, b) == 1:
                return final(a, b, k - 1)
            which = 0 if a > b or (a == b and sa >= sb) else 1
        s = (sa, sb)[which]
        out: dict[int, Fraction] = defaultdict(Fraction)
        for x in range(1, s + 1):
            old = (a, b)[which]
            kept = max(old, x) if net > 0 else min(old, x)
            na, nb = (kept, b) if which == 0 else (a, kept)
            for total, p in final(na, nb, k - 1):
                out[total] += p / s
        return tuple(out.items())

    dist: dict[int, Fraction] = defaultdict(Fraction)
    for a in range(1, sa + 1):
        for b in range(1, sb + 1):
            for total, p in final(a, b, abs(net)):
                base = p / (sa * sb)
                dist[total + flat] += base * Fraction(19, 20)
                dist[total + flat + 4] += base / 20
    return dict(dist)


SMALL = st.sampled_from((4, 6, 8))
SIZES = st.sampled_from(STEP_SIZES)


@settings(max_examples=25, deadline=None)
@given(SMALL, SMALL, st.integers(-2, 2), st.integers(0, 4))
def test_odds_match_the_engine_run_down_every_branch(sa: int, sb: int, net: int, bonus: int) -> None:
    adv, dis = max(net, 0), max(-net, 0)
    expected = engine_distribution(sa, sb, bonus=bonus, advantage=adv, disadvantage=dis)
    got = odds(sa, sb, bonus=bonus, advantage=adv, disadvantage=dis)
    assert dict(got.distribution) == expected


@settings(max_examples=40, deadline=None)
@given(SIZES, SIZES, st.integers(-3, 3), st.integers(0, 4), st.integers(1, 30))
def test_odds_match_a_plain_recursion(sa: int, sb: int, net: int, bonus: int, difficulty: int) -> None:
    expected = recursive_distribution(sa, sb, net, bonus)
    got = odds(sa, sb, bonus=bonus, difficulty=difficulty, advantage=max(net, 0), disadvantage=max(-net, 0))
    assert dict(got.distribution) == expected
    assert got.p_win == sum((p for t, p in expected.items() if t >= difficulty), Fraction(0))


@pytest.mark.parametrize("net", [3, -3])
def test_the_benchmark_case_d12_d12_three_rerolls(net: int) -> None:
    got = odds("d12", "d12", advantage=max(net, 0), disadvantage=max(-net, 0), difficulty=20)
    assert dict(got.distribution) == recursive_distribution(12, 12, net, 0)


@settings(max_examples=60, deadline=None)
@given(SIZES, SIZES, st.integers(-3, 3), st.integers(0, 4), st.integers(0, 4), st.integers(0, 11))
def test_probabilities_sum_to_one(sa, sb, net, bonus, assist, size) -> None:
    got = odds(sa, sb, bonus=bonus, advantage=max(net, 0), disadvantage=max(-net, 0),
               assist_bonus=assist, size_bonus=size, difficulty=10)  # fmt: skip
    assert sum(p for _, p in got.distribution) == 1
    assert sum(got.outcomes.values()) == 1
    assert got.lowest == 2 + bonus + assist + size
    assert got.highest == sa + sb + bonus + assist + size + 4
    assert all(p > 0 for _, p in got.distribution)


@settings(max_examples=60, deadline=None)
@given(SIZES, SIZES, st.integers(-3, 2), st.integers(1, 30))
def test_more_advantage_never_hurts(sa: int, sb: int, net: int, difficulty: int) -> None:
    def p(n: int) -> Fraction:
        return odds(sa, sb, advantage=max(n, 0), disadvantage=max(-n, 0), difficulty=difficulty).p_win

    assert p(net + 1) >= p(net)
    assert odds(sa, sb, difficulty=difficulty).p_win >= odds(sa, sb, difficulty=difficulty + 1).p_win


def test_known_values() -> None:
    # 2d6 + 1 meets 8 with 21/36 without luck; luck adds +4 one time in twenty.
    two_d6 = odds("d6", "d6", bonus=1, difficulty=8)
    assert two_d6.p_win == Fraction(19, 20) * Fraction(21, 36) + Fraction(1, 20) * Fraction(35, 36)
    assert two_d6.outcomes == {"success": two_d6.p_win, "failure": 1 - two_d6.p_win}
    # One advantage on 2d4 (the lower die is re-rolled; equal faces: the attribute die).
    assert dict(odds("d4", "d4", advantage=1).distribution) == recursive_distribution(4, 4, 1, 0)
    # A d4 pair can reach 24 only with 4 + 4 + 4 (bonus) + 4 (luck) + assist 4 + size 4.
    assert odds(4, 4, bonus=4, assist_bonus=4, size_bonus=4, difficulty=24).p_win == Fraction(1, 16 * 20)


def test_cancelled_advantage_is_plain() -> None:
    assert odds(8, 10, advantage=2, disadvantage=2).distribution == odds(8, 10).distribution


def test_passive_odds_are_certain() -> None:
    got = odds("d8", "d6", bonus=1, difficulty=8, passive=True)
    assert got.distribution == ((8, Fraction(1)),) and got.p_win == 1
    with pytest.raises(RulesError, match="passive test rolls no dice"):
        odds("d8", "d6", passive=True, advantage=1)


def test_odds_without_a_difficulty_give_the_distribution_only() -> None:
    got = odds("d6", "d6")
    assert got.p_win is None and got.outcomes == {"rolled": 1}
    assert got.p_at_least(2) == 1 and got.p_at_least(17) == 0
    assert got.p_at_least(16) == got.p_exactly(16) == Fraction(1, 36 * 20)
    data = got.to_dict()
    assert data["p_win"] is None and data["outcomes"] == {"rolled": 1.0}
    assert set(data["distribution"]) == {str(t) for t in range(2, 17)}


def test_summary_and_table() -> None:
    got = odds("d6", "d6", bonus=1, difficulty="Moderate")
    assert got.summary() == "d6 + d6 + 1 vs Moderate 8: success 60.28%, failure 39.72% (mean 8.20)"
    lines = got.table().splitlines()
    assert lines[0] == "total  exactly  at least" and lines[1].split() == ["3", "2.64%", "100.00%"]
    data = got.to_dict()
    assert data["ruleset"] == "ingenuity" and abs(data["p_win"] - float(got.p_win)) < 1e-12
    assert data["p_win_exact"] == str(got.p_win)


def test_bad_odds_requests() -> None:
    with pytest.raises(RulesError, match="'d20' is not a step die"):
        odds("d20", "d6")
    with pytest.raises(RulesError, match="proficiency bonus 5"):
        odds("d6", "d6", bonus=5)
