"""Checks and Rouse checks: one die on 6+, Hunger on failure, two dice with a re-roll, Hunger 5."""

import pytest

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v5 import check, judge_check, judge_rouse, rouse_check, rouse_refusal


@pytest.mark.parametrize(("face", "result"), [(6, "pass"), (10, "pass"), (5, "fail"), (1, "fail")])
def test_check_passes_on_six(face, result) -> None:
    assert judge_check([face]).result == result


def test_check_with_reroll_keeps_the_better() -> None:
    result = check(GivenFaces([2, 7]), reroll=True)
    assert result.faces == (2, 7) and result.kept == 7 and result.win
    assert result.summary() == "Check: 2 7 (keep 7) → pass"
    with pytest.raises(DiceError, match="one die"):
        judge_check([1, 2, 3])


def test_rouse_pass_keeps_hunger_and_fail_raises_it() -> None:
    passed = judge_rouse([8], 2)
    assert (passed.result, passed.hunger_after) == ("pass", 2)
    failed = judge_rouse([3], 2)
    assert (failed.result, failed.hunger_after, failed.consequence) == ("fail", 3, None)
    assert failed.summary() == "Rouse check: 3 → fail, Hunger 2 → 3 (after the effect)"
    assert isinstance(failed, Outcome) and failed.to_dict()["hunger_after"] == 3


def test_rouse_with_reroll_rolls_two_dice() -> None:
    result = rouse_check(1, GivenFaces({"regular": [4, 6]}), reroll=True)
    assert result.check.faces == (4, 6) and result.hunger_after == 1


def test_hunger_five_cannot_rouse_voluntarily() -> None:
    assert "cannot rouse the blood voluntarily" in rouse_refusal(5)
    with pytest.raises(RulesError, match="cannot rouse"):
        rouse_check(5, GivenFaces([9]))


def test_forced_rouse_failing_at_hunger_five_calls_for_hunger_frenzy() -> None:
    result = judge_rouse([2], 5, voluntary=False)
    assert result.hunger_after == 5 and result.frenzy_difficulty == 4
    assert result.consequence == "hunger frenzy test at Difficulty 4 required"


@pytest.mark.parametrize("face", [6, 8, 10])
def test_forced_rouse_passing_at_hunger_five_also_calls_for_hunger_frenzy(face) -> None:
    """docs/rules.md: any forced Rouse at Hunger 5, passed or failed, calls for the test."""
    result = judge_rouse([face], 5, voluntary=False)
    assert result.win and result.hunger_after == 5
    assert result.frenzy_difficulty == 4 and result.consequence == "hunger frenzy test at Difficulty 4 required"


def test_passed_awakening_rouse_at_hunger_five_is_a_hunger_frenzy_not_torpor() -> None:
    result = judge_rouse([7], 5, awakening=True)
    assert not result.torpor and result.frenzy_difficulty == 4


def test_forced_rouse_below_hunger_five_has_no_consequence() -> None:
    assert judge_rouse([2], 4, voluntary=False).consequence is None
    assert judge_rouse([8], 4, voluntary=False).consequence is None


def test_awakening_rouse_failing_at_hunger_five_is_torpor() -> None:
    result = judge_rouse([2], 5, awakening=True)
    assert result.torpor and result.consequence == "torpor"
