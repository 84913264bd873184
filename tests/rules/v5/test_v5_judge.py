"""Reading V5 dice: the success count, the seven-step result order, margin and the summary line."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v5 import WINNING_RESULTS, RollKind, count_successes, judge


@pytest.mark.parametrize(
    ("faces", "successes"),
    [([10, 10], 4), ([10, 10, 10], 5), ([10, 10, 10, 10], 8), ([6, 9, 5, 1], 2), ([10], 1), ([1, 2, 3], 0)],
)
def test_pairs_of_tens_add_two(faces, successes) -> None:
    assert count_successes(faces)[0] == successes


def test_pairs_mix_regular_and_hunger_tens() -> None:
    roll = judge([10, 3], [10], 4)
    assert (roll.successes, roll.tens) == (4, 2)


@pytest.mark.parametrize(
    ("regular", "hunger", "difficulty", "result"),
    [
        ([10, 7], [10], 3, "messy_critical"),  # a Hunger ten in the pair
        ([10, 10], [7], 3, "critical_win"),  # both tens regular
        ([10, 10], [1], 3, "critical_win"),  # a Hunger 1 does not spoil a win
        ([7, 6, 2], [3], 2, "win"),
        ([7, 2, 2], [1], 2, "bestial_failure"),
        ([2, 2], [1], 1, "bestial_failure"),  # even with no success at all
        ([2, 3], [4], 1, "total_failure"),
        ([7, 3], [4], 2, "failure"),
        ([10], [10], 5, "failure"),  # a messy pair that still misses the Difficulty is a failure
    ],
)
def test_result_order(regular, hunger, difficulty, result) -> None:
    assert judge(regular, hunger, difficulty).result == result


def test_difficulty_zero_needs_one_success() -> None:
    assert judge([6], (), 0).win
    assert judge([5], (), 0).result == "total_failure"
    assert judge([6, 7], (), 0).margin == 2  # margin counts from D = 0


def test_margin_shortfall_and_win_at_a_cost() -> None:
    won = judge([7, 8, 9, 1], (), 2)
    assert (won.win, won.margin, won.shortfall, won.win_at_a_cost) == (True, 1, 0, False)
    lost = judge([7, 2, 1], (), 3)
    assert (lost.win, lost.margin, lost.shortfall, lost.win_at_a_cost) == (False, 0, 2, True)
    nothing = judge([2, 1], (), 3)
    assert (nothing.shortfall, nothing.win_at_a_cost) == (3, False)


def test_bestial_failure_with_successes_can_still_win_at_a_cost() -> None:
    roll = judge([7], [1], 2)
    assert roll.result == "bestial_failure" and roll.win_at_a_cost


def test_summary_line_marks_hunger_dice_after_the_bar() -> None:
    roll = judge([7, 3, 2, 1], [10, 4], 2)
    assert roll.summary() == "6 dice (2 Hunger) vs 2: 7 3 2 1 | 10 4 → 2 successes, win, margin 0"
    assert judge([5], (), 0).summary() == "1 die (no Difficulty): 5 → 0 successes, total failure, shortfall 1"
    lost = judge([7, 1], (), 3)
    assert lost.summary().endswith("1 success, failure, shortfall 2, win at a cost possible")
    assert judge([7], (), 1, kind="frenzy").summary().startswith("Frenzy test: 1 die vs 1: 7")


def test_to_dict_and_outcome_protocol() -> None:
    roll = judge([10, 7], [10], 3)
    assert isinstance(roll, Outcome)
    data = roll.to_dict()
    for key in ("ruleset", "result", "win", "successes", "margin", "shortfall", "faces", "hunger_faces",
                "difficulty", "tens", "win_at_a_cost", "automatic"):
        assert key in data
    assert data["ruleset"] == "v5" and data["faces"] == [10, 7] and data["hunger_faces"] == [10]
    assert data["result"] == "messy_critical" and data["successes"] == 5 and data["margin"] == 2


@pytest.mark.parametrize("face", [0, 11, -1, "7", True])
def test_face_off_the_die_is_refused(face) -> None:
    with pytest.raises(DiceError, match="regular faces"):
        judge([face], (), 1)


def test_bad_difficulty_and_hunger_on_a_kind_without_hunger() -> None:
    with pytest.raises(RulesError, match="Difficulty"):
        judge([7], (), -1)
    with pytest.raises(DiceError, match="no Hunger dice"):
        judge([7], [3], 1, kind=RollKind.FRENZY)
    with pytest.raises(DiceError, match="at least one die"):
        judge([], [], 1)
    with pytest.raises(DiceError, match="at most 5"):
        judge([], [1] * 6, 1)


FACE = st.integers(1, 10)


@settings(max_examples=200, deadline=None)
@given(
    regular=st.lists(FACE, max_size=12),
    hunger=st.lists(FACE, max_size=5),
    difficulty=st.integers(0, 15),
)
def test_judge_invariants(regular, hunger, difficulty) -> None:
    if not regular and not hunger:
        return
    roll = judge(regular, hunger, difficulty)
    faces = regular + hunger
    tens = faces.count(10)
    assert roll.successes == sum(f >= 6 for f in faces) + 2 * (tens // 2)
    assert roll.win == (roll.successes >= max(difficulty, 1))
    assert roll.win == (roll.result in WINNING_RESULTS)
    if roll.result == "messy_critical":
        assert 10 in hunger and tens >= 2
    if roll.result == "bestial_failure":
        assert 1 in hunger and not roll.win
    if roll.win:
        assert roll.margin == roll.successes - difficulty and roll.shortfall == 0
    else:
        assert roll.margin == 0 and roll.shortfall == max(difficulty, 1) - roll.successes > 0
    assert roll.summary().count("|") == (1 if hunger else 0)
