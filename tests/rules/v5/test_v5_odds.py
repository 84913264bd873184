"""Exact odds: against brute-force enumeration through the engine, and their basic laws."""

import pytest
from brute_v5 import brute_odds
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5 import RESULTS, STRATEGIES, odds, odds_report

STRATEGY_OR_NONE = st.sampled_from((None, *STRATEGIES))


@settings(max_examples=120, deadline=None)
@given(
    pool=st.integers(1, 4),
    hunger=st.integers(0, 5),
    difficulty=st.integers(0, 9),
    strategy=STRATEGY_OR_NONE,
)
def test_agrees_with_brute_force_enumeration(pool, hunger, difficulty, strategy) -> None:
    exact, expected = brute_odds(pool, hunger, difficulty, strategy)
    computed = odds(pool, hunger, difficulty, strategy)
    for name in RESULTS:
        assert computed[name] == pytest.approx(float(exact[name]), abs=1e-12), name
    assert computed.expected_successes == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize("strategy", (None, *STRATEGIES))
def test_five_dice_with_two_hunger_against_brute_force(strategy) -> None:
    exact, expected = brute_odds(5, 2, 3, strategy)
    computed = odds(5, 2, 3, strategy)
    assert computed.outcomes == pytest.approx({k: float(v) for k, v in exact.items()}, abs=1e-12)
    assert computed.expected_successes == pytest.approx(float(expected), abs=1e-12)


@settings(max_examples=150, deadline=None)
@given(
    pool=st.integers(1, 30),
    hunger=st.integers(0, 5),
    difficulty=st.integers(0, 15),
    strategy=STRATEGY_OR_NONE,
)
def test_probabilities_sum_to_one(pool, hunger, difficulty, strategy) -> None:
    result = odds(pool, hunger, difficulty, strategy)
    assert sum(result.outcomes.values()) == pytest.approx(1.0, abs=1e-9)
    assert all(p >= 0 for p in result.outcomes.values())
    assert result.p_win == pytest.approx(sum(result[name] for name in ("win", "critical_win", "messy_critical")))
    assert 0 <= result.expected_successes <= 2 * pool


@settings(max_examples=60, deadline=None)
@given(pool=st.integers(1, 30), hunger=st.integers(0, 5), difficulty=st.integers(1, 14), strategy=STRATEGY_OR_NONE)
def test_harder_is_never_likelier(pool, hunger, difficulty, strategy) -> None:
    assert odds(pool, hunger, difficulty + 1, strategy).p_win <= odds(pool, hunger, difficulty, strategy).p_win + 1e-12


def test_known_values() -> None:
    one = odds(1, 0, 1)
    assert one.p_win == pytest.approx(0.5) and one["total_failure"] == pytest.approx(0.5)
    assert one.expected_successes == pytest.approx(0.5)
    hunger_die = odds(1, 1, 1)
    assert hunger_die["bestial_failure"] == pytest.approx(0.1) and hunger_die["total_failure"] == pytest.approx(0.4)
    pair = odds(2, 0, 4)  # only 10-10 reaches 4 successes
    assert pair.p_win == pytest.approx(0.01) and pair["critical_win"] == pytest.approx(0.01)
    # re-rolling the one failure of a 1-die pool: 0.5 + 0.5 * 0.5
    assert odds(1, 0, 1, "reroll_failures").p_win == pytest.approx(0.75)
    # The book: "a ten-dice pool has a slightly higher than 25% chance of rolling a critical success".
    crit = 1 - 0.9**10 - 10 * 0.1 * 0.9**9
    assert odds(10, 0, 1)["critical_win"] == pytest.approx(crit) and 0.25 < crit < 0.27


def test_hunger_above_pool_and_pool_zero() -> None:
    assert odds(2, 5, 1).hunger == 2
    assert odds(0, 0, 1).pool == 1  # a rolled pool has at least one die
    assert odds(3, 5, 2, "reroll_failures").outcomes == odds(3, 5, 2).outcomes  # nothing regular to re-roll


def test_report_lists_every_strategy() -> None:
    report = odds_report(6, 2, 3)
    data = report.to_dict()
    assert set(data["outcomes"]) == set(RESULTS) and set(data["strategies"]) == set(STRATEGIES)
    assert data["p_win"] == pytest.approx(report.base.p_win)
    assert report.best_strategy() == "reroll_failures"
    # avoid_messy trades messy criticals for plain wins or failures
    assert report.strategies["avoid_messy"]["messy_critical"] < report.base["messy_critical"]


def test_bad_queries() -> None:
    with pytest.raises(RulesError, match="Hunger must be"):
        odds(5, 6, 1)
    with pytest.raises(RulesError, match="up to 60"):
        odds(61, 0, 1)
    with pytest.raises(RulesError, match="unknown re-roll strategy"):
        odds(5, 0, 1, "lucky")
