"""Exact V20 odds against brute-force enumeration of the judge, and the extended-action chain."""

import itertools
from collections import Counter
from fractions import Fraction
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20 import extended_odds, judge, roll_odds
from vtm_tui.rules.v20.exact_odds import MAX_ROLLS, MAX_TARGET, class_weights
from vtm_tui.rules.v20.odds_contest import resisted_odds


def brute_force(pool: int, difficulty: int, **flags: bool) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Judge one representative roll per class composition, weighted by how many rolls share it.

    Classes: a 1, a miss (2..D−1), a plain success (D..9), a 10. Faces in a class
    read identically, so a composition (a, b, c, d) stands for
    multinomial(n; a, b, c, d) · 1^a · (D−2)^b · (10−D)^c · 1^d rolls.
    """
    weights = class_weights(difficulty)
    representatives = (1, 2, difficulty, 10)
    outcomes: Counter[str] = Counter()
    nets: Counter[int] = Counter()
    for counts in itertools.product(range(pool + 1), repeat=4):
        if sum(counts) != pool:
            continue
        ways = factorial(pool)
        for count, weight in zip(counts, weights):
            ways = ways // factorial(count) * weight**count
        if not ways:
            continue
        faces = [face for face, count in zip(representatives, counts) for _ in range(count)]
        outcome = judge(faces, difficulty, **flags)
        outcomes[outcome.result] += ways
        nets[outcome.successes] += ways
    total = 10**pool
    return (
        {name: Fraction(outcomes[name], total) for name in ("success", "failure", "botch")},
        {k: Fraction(v, total) for k, v in nets.items()},
    )


def every_face(pool: int, difficulty: int, **flags: bool) -> dict[str, Fraction]:
    """All 10^n rolls, no grouping: checks the grouping itself."""
    found: Counter[str] = Counter(judge(faces, difficulty, **flags).result
                                  for faces in itertools.product(range(1, 11), repeat=pool))
    return {name: Fraction(found[name], 10**pool) for name in ("success", "failure", "botch")}


flags_st = st.fixed_dictionaries({
    "specialty": st.booleans(),
    "willpower": st.booleans(),
    "specialty_doubles": st.booleans(),
    "free_botch": st.booleans(),
})


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 6), st.integers(2, 10), flags_st)
def test_odds_match_brute_force(pool: int, difficulty: int, flags: dict[str, bool]) -> None:
    odds = roll_odds(pool, difficulty, **flags)
    outcomes, nets = brute_force(pool, difficulty, **flags)
    assert odds.outcomes == outcomes
    assert odds.net_successes == {k: p for k, p in nets.items() if p}
    assert odds.p_win == outcomes["success"]


@pytest.mark.parametrize("pool", [1, 2, 3])
@pytest.mark.parametrize("difficulty", [2, 6, 10])
def test_class_grouping_matches_every_face(pool: int, difficulty: int) -> None:
    assert brute_force(pool, difficulty, specialty=True)[0] == every_face(pool, difficulty, specialty=True)
    assert roll_odds(pool, difficulty).outcomes == every_face(pool, difficulty)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 30), st.integers(2, 10), st.booleans(), st.booleans())
def test_probabilities_sum_to_one(pool: int, difficulty: int, specialty: bool, willpower: bool) -> None:
    odds = roll_odds(pool, difficulty, specialty=specialty, willpower=willpower)
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.net_successes.values()) == 1
    assert odds.p_win == sum(p for k, p in odds.net_successes.items() if k >= 1) == odds.p_at_least(1)
    assert sum(odds.degrees.values()) == odds.p_win
    data = odds.to_dict()
    assert abs(sum(data["outcomes"].values()) - 1) < 1e-12


def test_known_figures() -> None:
    one_die = roll_odds(1, 6)
    assert one_die.outcomes == {"success": Fraction(1, 2), "failure": Fraction(2, 5), "botch": Fraction(1, 10)}
    assert roll_odds(5, 6, willpower=True).outcomes == {"success": 1, "failure": 0, "botch": 0}
    assert roll_odds(0, 6).outcomes["failure"] == 1
    # specialty: a lone 10 counts 2
    assert roll_odds(1, 6, specialty=True).net_successes[2] == Fraction(1, 10)
    assert roll_odds(5, 6).mean == Fraction(20665, 10000)


def test_seed_difficulty_10_botches_as_often_as_it_succeeds() -> None:
    """'a difficulty 10 action ... you have an equal chance of botching as you do of succeeding'.

    Exactly true for one and two dice; up to five dice the two stay within 2.5 points; with
    more dice success pulls ahead (at 10 dice: 35.3% against 24.1%).
    """
    for pool in (1, 2):
        odds = roll_odds(pool, 10)
        assert odds.outcomes["botch"] == odds.outcomes["success"]
    for pool in range(3, 6):
        odds = roll_odds(pool, 10)
        assert 0 < odds.outcomes["success"] - odds.outcomes["botch"] < Fraction(25, 1000)
    assert roll_odds(10, 10).outcomes["success"] - roll_odds(10, 10).outcomes["botch"] > Fraction(1, 10)


def test_success_is_never_rarer_than_a_botch() -> None:
    for difficulty in range(2, 11):
        for pool in range(1, 31):
            odds = roll_odds(pool, difficulty)
            assert odds.outcomes["success"] >= odds.outcomes["botch"], (pool, difficulty)


def test_more_dice_are_not_always_better_at_difficulty_2() -> None:
    """The rule of one: a second die at Difficulty 2 adds a chance to cancel (90% → 81%)."""
    assert roll_odds(1, 2).p_win == Fraction(9, 10) and roll_odds(2, 2).p_win == Fraction(81, 100)


def test_bad_queries_name_the_value() -> None:
    with pytest.raises(RulesError, match="difficulty 11"):
        roll_odds(5, 11)
    with pytest.raises(RulesError, match="pool 100"):
        roll_odds(100, 6)
    with pytest.raises(RulesError, match="unknown v20 result 'win'"):
        roll_odds(3, 6).probability("win")


# --- extended actions -------------------------------------------------------------------------------


def exact_extended(pool: int, difficulty: int, target: int, rolls: int, botch_rule: str, **flags: bool):
    """The chain again, in exact fractions, one tally at a time (slow but obviously right)."""
    outcomes, nets = brute_force(pool, difficulty, **flags)
    botch = outcomes["botch"]
    step = dict(nets)
    step[0] = step.get(0, 0) - botch
    state = {0: Fraction(1)}
    reached = failed = Fraction(0)
    for _ in range(rolls):
        new: Counter = Counter()
        for tally, p in state.items():
            for k, q in step.items():
                if tally + k >= target:
                    reached += p * q
                else:
                    new[tally + k] += p * q
            if botch_rule == "restart":
                new[0] += p * botch
            else:
                failed += p * botch
        state = new
    return reached, failed


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 4), st.integers(2, 10), st.integers(1, 8), st.integers(1, 6),
       st.sampled_from(["restart", "fail"]), st.booleans(), st.booleans())
def test_extended_matches_exact_chain(pool, difficulty, target, rolls, botch_rule, specialty, willpower) -> None:
    got = extended_odds(pool, difficulty, target, rolls, botch_rule=botch_rule,
                        specialty=specialty, willpower=willpower)
    reached, failed = exact_extended(pool, difficulty, target, rolls, botch_rule,
                                     specialty=specialty, willpower=willpower)
    assert got.p_reach == pytest.approx(float(reached), abs=1e-12)
    assert got.p_failed == pytest.approx(float(failed), abs=1e-12)
    assert list(got.by_roll) == sorted(got.by_roll) and len(got.by_roll) == rolls


def test_extended_known_figures() -> None:
    # one die at 6 aiming for 1 success: each roll succeeds half the time
    odds = extended_odds(1, 6, 1, 3)
    assert odds.by_roll == pytest.approx((0.5, 0.75, 0.875))
    # willpower every roll: a target of 3 is certain within 3 rolls
    assert extended_odds(2, 9, 3, 3, willpower=True).p_reach == pytest.approx(1.0)
    restart = extended_odds(5, 6, 5, 5)
    fail = extended_odds(5, 6, 5, 5, botch_rule="fail")
    assert fail.p_reach < restart.p_reach and fail.p_failed > 0 == restart.p_failed


def test_extended_large_query_is_sane() -> None:
    odds = extended_odds(30, 10, MAX_TARGET, MAX_ROLLS, specialty=True)
    assert 0 <= odds.p_reach <= 1 and len(odds.by_roll) == MAX_ROLLS
    assert extended_odds(30, 6, MAX_TARGET, MAX_ROLLS).p_reach == pytest.approx(1.0)


@pytest.mark.parametrize("target, rolls, message", [(0, 3, "target"), (51, 3, "target"), (5, 0, "rolls"),
                                                    (5, 51, "rolls")])
def test_extended_limits(target: int, rolls: int, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        extended_odds(5, 6, target, rolls)
    with pytest.raises(RulesError, match="'restart' or 'fail'"):
        extended_odds(5, 6, 5, 5, botch_rule="again")


# --- resisted actions -------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3), st.integers(2, 10), st.integers(0, 3), st.integers(2, 10), st.booleans())
def test_resisted_odds_match_every_pair_of_rolls(pool_a, diff_a, pool_b, diff_b, willpower) -> None:
    got = resisted_odds(roll_odds(pool_a, diff_a, willpower=willpower), roll_odds(pool_b, diff_b))
    _, nets_a = brute_force(pool_a, diff_a, willpower=willpower)
    _, nets_b = brute_force(pool_b, diff_b)
    margins: Counter = Counter()
    for a, pa in nets_a.items():
        for b, pb in nets_b.items():
            margins[a - b] += pa * pb
    assert got.margins == {m: p for m, p in sorted(margins.items()) if p}
    assert got.p_actor + got.p_tie + got.p_opponent == 1
    assert got.p_win == sum(p for m, p in margins.items() if m > 0)


def test_resisted_equal_sides_are_symmetric() -> None:
    got = resisted_odds(roll_odds(5, 6), roll_odds(5, 6))
    assert got.p_actor == got.p_opponent and got.margins[1] == got.margins[-1]
    assert got.to_dict()["opponent_pool"] == 5
