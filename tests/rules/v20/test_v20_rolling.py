"""Rolling through a dice source, automatic success, trying again and the house-rule options."""

import pytest

from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v20 import (
    DEFAULT_OPTIONS,
    ImpossibleTask,
    RetryState,
    V20Options,
    automatic_success,
    build_pool,
    can_succeed_automatically,
    judge,
    max_attempts,
    retry_difficulty,
    roll,
)


def test_roll_judges_the_given_faces() -> None:
    outcome = roll(5, 6, GivenFaces([1, 3, 8, 7, 10]))
    assert outcome == judge([1, 3, 8, 7, 10], 6)


def test_roll_takes_a_pool_object() -> None:
    pool = build_pool(("Perception", 2), ("Finance", 4), wound_penalty=1)
    assert roll(pool, 6, GivenFaces([7, 7, 7, 7, 7])).successes == 5


def test_roll_asks_for_exactly_the_pool() -> None:
    with pytest.raises(DiceError, match="5 regular dice are rolled but only 4"):
        roll(5, 6, GivenFaces([1, 2, 3, 4]))


def test_seeded_roll_repeats() -> None:
    assert roll(8, 6, SeededDice(42)) == roll(8, 6, SeededDice(42))
    assert len(roll(8, 6, SeededDice(42)).faces) == 8


def test_specialty_doubling_follows_the_option() -> None:
    single = V20Options(specialty_doubles=False)
    assert roll(1, 6, GivenFaces([10]), specialty=True).successes == 2
    assert roll(1, 6, GivenFaces([10]), specialty=True, options=single).successes == 1


def test_free_botch_option_and_session_state() -> None:
    house = V20Options(free_botch=True)
    first = roll(2, 6, GivenFaces([1, 3]), options=house, free_botch_used=False)
    assert first.result == "failure" and first.free_botch_consumed
    second = roll(2, 6, GivenFaces([1, 3]), options=house, free_botch_used=True)
    assert second.result == "botch" and not second.free_botch_consumed
    # option off (the default): a botch is a botch whatever the session state
    assert roll(2, 6, GivenFaces([1, 3])).result == "botch"


def test_willpower_on_a_roll() -> None:
    assert roll(3, 6, GivenFaces([1, 1, 4]), willpower=True).result == "success"


# --- automatic success --------------------------------------------------------------------------


def test_automatic_success_when_pool_reaches_difficulty() -> None:
    outcome = automatic_success(6, 6)
    assert outcome.automatic and outcome.result == "success" and outcome.successes == 1
    assert outcome.degree == "marginal" and outcome.faces == () and outcome.pool == 6
    assert outcome.to_dict()["automatic"] is True
    assert can_succeed_automatically(6, 6) and not can_succeed_automatically(5, 6)


def test_automatic_success_refused_below_difficulty_or_when_switched_off() -> None:
    with pytest.raises(RulesError, match=r"pool \(5 dice\) is below the Difficulty \(6\)"):
        automatic_success(5, 6)
    with pytest.raises(RulesError, match="switched off"):
        automatic_success(8, 6, options=V20Options(automatic_success=False))


def test_automatic_success_on_a_later_attempt_needs_the_raised_difficulty() -> None:
    with pytest.raises(RulesError, match=r"below the Difficulty \(7\)"):
        automatic_success(6, 6, attempt=2)


# --- trying again ---------------------------------------------------------------------------------


def test_seed_winters_tries_again_at_difficulty_7() -> None:
    """Winters fails Wits + Etiquette at 6; making amends, the Storyteller sets difficulty 7."""
    first = roll(4, 6, GivenFaces([5, 4, 2, 3]))
    assert first.result == "failure"
    state = RetryState(6).record(first)
    assert state.attempt == 2 and state.current_difficulty == 7
    second = roll(4, 6, GivenFaces([7, 4, 2, 3]), attempt=2)
    assert second.difficulty == 7 and second.attempt == 2 and second.win
    assert "attempt 2" in second.summary()
    assert state.record(second).succeeded


def test_third_attempt_is_plus_two() -> None:
    assert [retry_difficulty(6, n) for n in (1, 2, 3, 4, 5)] == [6, 7, 8, 9, 10]


def test_above_10_is_impossible() -> None:
    with pytest.raises(ImpossibleTask, match="attempt 3 at Difficulty 9 would need Difficulty 11"):
        retry_difficulty(9, 3)
    with pytest.raises(ImpossibleTask):
        roll(3, 9, GivenFaces([8, 8, 8]), attempt=3)
    assert max_attempts(9) == 2 and max_attempts(2) == 9


def test_retry_state_runs_out() -> None:
    state = RetryState(9)
    state = state.record(judge([2], 9))
    assert state.possible and state.current_difficulty == 10
    state = state.record(judge([2], 10))
    assert not state.possible
    with pytest.raises(ImpossibleTask):
        state.record(judge([2], 10))
    with pytest.raises(RulesError, match="already succeeded"):
        RetryState(6).record(judge([8], 6)).record(judge([8], 6))


@pytest.mark.parametrize("attempt", [0, -1, 1.5])
def test_attempt_must_be_one_or_more(attempt) -> None:
    with pytest.raises(RulesError, match="attempt"):
        retry_difficulty(6, attempt)


# --- options as plain values -----------------------------------------------------------------------


def test_options_defaults_match_rules_md() -> None:
    assert DEFAULT_OPTIONS == V20Options(
        free_botch=False, specialty_doubles=True, extended_botch="restart", automatic_success=True
    )


def test_options_round_trip_and_validation() -> None:
    options = V20Options(free_botch=True, extended_botch="fail")
    assert V20Options.from_dict(options.to_dict()) == options
    assert V20Options.from_dict({}) == DEFAULT_OPTIONS
    with pytest.raises(RulesError, match="unknown v20 option 'free_botches'"):
        V20Options.from_dict({"free_botches": True})
    # a chronicle's [options] also holds the app's own switches: ignored when asked
    stored = {"free_botch": True, "players_may_edit_traits": False}
    assert V20Options.from_dict(stored, strict=False) == V20Options(free_botch=True)
    with pytest.raises(RulesError, match="extended_botch must be 'restart' or 'fail', not 'reset'"):
        V20Options(extended_botch="reset")
    with pytest.raises(RulesError, match="free_botch must be true or false"):
        V20Options(free_botch="yes")  # type: ignore[arg-type]
