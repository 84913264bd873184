"""Reading V20 dice on given faces: every worked example of the seed text, then each rule."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v20 import DEGREES, V20Result, degree_for, judge

faces_st = st.lists(st.integers(1, 10), min_size=0, max_size=12)


# --- the seed text's examples -------------------------------------------------------------


def test_seed_three_successes_at_difficulty_6() -> None:
    """'if an action's difficulty is a 6 and you roll a 3, 3, 8, 7 and 10, then you've scored three successes'."""
    outcome = judge([3, 3, 8, 7, 10], 6)
    assert (outcome.result, outcome.successes, outcome.degree) == ("success", 3, "complete")


def test_seed_feodor_fails_without_botching() -> None:
    """Feodor: Dexterity + Stealth at difficulty 7 rolls 2, 5, 6, 6, 4, 3 — no successes, no 1: a failure."""
    outcome = judge([2, 5, 6, 6, 4, 3], 7)
    assert outcome.result == "failure" and outcome.successes == 0 and not outcome.win
    assert outcome.degree is None and outcome.margin == 0


def test_seed_alexandra_botches() -> None:
    """Alexandra rolls 1, 3, 4, 3, 7: 'not only did a 1 occur, but no successes were scored at all'.

    The text does not repeat the Difficulty; the 7 is not a success, so it is 8 or more.
    """
    for difficulty in (8, 9, 10):
        outcome = judge([1, 3, 4, 3, 7], difficulty)
        assert outcome.result == "botch" and outcome.botched and outcome.ones == 1


def test_seed_cancelled_success_is_a_failure_not_a_botch() -> None:
    """'If you score at least one success, even if that success is canceled out and additional 1s remain'."""
    outcome = judge([8, 1, 1, 3], 6)
    assert outcome.result == "failure" and outcome.raw_successes == 1 and outcome.ones == 2


def test_seed_ten_always_succeeds() -> None:
    assert judge([10], 10).result == "success"
    assert judge([9], 10).result == "failure"


def test_seed_one_success_is_marginal_three_is_complete() -> None:
    assert judge([7], 6).degree == "marginal"
    assert judge([7, 7, 7], 6).degree == "complete"


# --- the rules of docs/rules.md (V20) --------------------------------------------------------


def test_design_summary_line() -> None:
    assert judge([1, 3, 8, 7, 10], 6).summary() == "5 dice vs 6: 10 8 7 3 1 → 2 successes, success (moderate)"


@pytest.mark.parametrize("net, degree", [(0, None), (1, "marginal"), (2, "moderate"), (3, "complete"),
                                         (4, "exceptional"), (5, "phenomenal"), (9, "phenomenal")])
def test_degrees(net: int, degree: str | None) -> None:
    assert degree_for(net) == degree
    assert judge([8] * net, 6).degree == degree


def test_each_one_cancels_one_success() -> None:
    outcome = judge([8, 9, 10, 1, 1], 6)
    assert (outcome.raw_successes, outcome.ones, outcome.successes) == (3, 2, 1)


def test_specialty_ten_counts_twice_and_can_be_switched_off() -> None:
    assert judge([10, 3], 6, specialty=True).successes == 2
    assert judge([10, 3], 6, specialty=True, specialty_doubles=False).successes == 1
    assert judge([10, 3], 6, specialty=False).successes == 1
    # a 1 cancels one of the two: the doubled ten still leaves one success
    assert judge([10, 1], 6, specialty=True).successes == 1


def test_willpower_adds_an_uncancellable_success() -> None:
    outcome = judge([1, 1, 1, 8], 6, willpower=True)
    assert outcome.successes == 1 and outcome.result == "success"
    assert judge([9, 9], 6, willpower=True).successes == 3


def test_willpower_roll_cannot_botch() -> None:
    outcome = judge([1, 1, 2], 6, willpower=True)
    assert outcome.result == "success" and outcome.successes == 1


def test_free_botch_reads_the_first_botch_as_failure() -> None:
    forgiven = judge([1, 2], 6, free_botch=True)
    assert forgiven.result == "failure" and forgiven.free_botch_consumed
    assert "free botch" in forgiven.summary()
    # a plain failure does not spend the free botch
    assert not judge([2, 3], 6, free_botch=True).free_botch_consumed
    assert judge([1, 2], 6).result == "botch"


def test_zero_dice_is_a_plain_failure() -> None:
    outcome = judge([], 6)
    assert outcome.result == "failure" and outcome.pool == 0
    assert "no dice" in outcome.summary()
    assert judge([], 6, willpower=True).result == "success"


@pytest.mark.parametrize("difficulty", [0, 1, 11, -3, 6.5, "6", True])
def test_difficulty_outside_2_to_10_is_refused(difficulty) -> None:
    with pytest.raises(RulesError, match="difficulty"):
        judge([5], difficulty)


@pytest.mark.parametrize("face", [0, 11, -1, 2.5])
def test_faces_off_the_d10_are_refused(face) -> None:
    with pytest.raises(DiceError, match="not on a d10"):
        judge([5, face], 6)


def test_result_satisfies_outcome_and_serialises() -> None:
    outcome = judge([1, 3, 8, 7, 10], 6, specialty=True)
    assert isinstance(outcome, Outcome)
    data = outcome.to_dict()
    assert data["ruleset"] == "v20" and data["result"] == "success" and data["win"] is True
    assert data["successes"] == 3 and data["margin"] == 3 and data["degree"] == "complete"
    assert data["faces"] == [1, 3, 8, 7, 10]  # as rolled, not sorted
    failure = judge([2], 6).to_dict()
    assert failure["degree"] is None and failure["margin"] == 0


def test_singular_words_in_summary() -> None:
    assert judge([7], 6).summary() == "1 die vs 6: 7 → 1 success, success (marginal)"


# --- properties -------------------------------------------------------------------------------


@settings(max_examples=200)
@given(faces_st, st.integers(2, 10), st.booleans(), st.booleans())
def test_reading_invariants(faces: list[int], difficulty: int, specialty: bool, willpower: bool) -> None:
    outcome = judge(faces, difficulty, specialty=specialty, willpower=willpower)
    assert outcome.result in ("success", "failure", "botch")
    assert outcome.win == (outcome.successes >= 1)
    hits = sum(2 if f == 10 and specialty else 1 for f in faces if f >= difficulty or f == 10)
    assert outcome.raw_successes == hits and outcome.ones == faces.count(1)
    assert outcome.successes == max(0, hits - faces.count(1)) + willpower
    if outcome.result == "botch":
        assert not willpower and hits == 0 and 1 in faces
    assert (outcome.degree is None) == (not outcome.win)
    if outcome.win:
        assert outcome.degree in DEGREES and outcome.margin == outcome.successes


@settings(max_examples=100)
@given(faces_st, st.integers(2, 9))
def test_lower_difficulty_never_reads_worse(faces: list[int], difficulty: int) -> None:
    harder, easier = judge(faces, difficulty + 1), judge(faces, difficulty)
    assert easier.successes >= harder.successes


@settings(max_examples=100)
@given(faces_st, st.integers(2, 10))
def test_order_of_faces_does_not_matter(faces: list[int], difficulty: int) -> None:
    one, other = judge(faces, difficulty), judge(list(reversed(faces)), difficulty)
    assert (one.result, one.successes) == (other.result, other.successes)


def test_result_is_frozen() -> None:
    outcome = judge([8], 6)
    assert isinstance(outcome, V20Result)
    with pytest.raises(AttributeError):
        outcome.result = "botch"  # type: ignore[misc]
