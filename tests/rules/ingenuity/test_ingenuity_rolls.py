"""Tests (attribute + skill + proficiency + luck) on given faces, including the seed's worked examples."""

import pytest

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.ingenuity import (
    IngenuityOutcome,
    StepDie,
    judge,
    judge_luck,
    luck_test,
    passive_test,
    roll,
)


def test_fabian_picks_the_lock_with_2d6_plus_1() -> None:
    # Dexterity d6 + Handling d6 + sleight +1 → 8: enough for the GM's Moderate lock.
    out = judge("d6", "d6", 3, 4, 11, bonus=1, difficulty="Moderate")
    assert (out.total, out.result, out.win, out.margin, out.lucky) == (8, "success", True, 0, False)
    assert out.summary() == "d6 + d6 + 1 vs Moderate 8: 3 + 4 + 1, luck 11 → 8, success"


def test_summary_of_the_brief() -> None:
    out = judge("d8", "d6", 5, 3, 20, bonus=1, difficulty=8)
    assert out.summary() == "d8 + d6 + 1 vs Moderate 8: 5 + 3 + 1, luck 20 (+4) → 13, success"
    assert out.margin == 5


def test_priscilla_untrained_rolls_2d4() -> None:
    # Strength d4 + Athletics untrained (d4): the best is 8, the worst 2; here 4 misses a Moderate wall.
    out = judge("d4", StepDie(4), 1, 3, 5, difficulty=8)
    assert (out.total, out.result, out.win, out.margin, out.shortfall) == (4, "failure", False, 0, 4)
    with pytest.raises(RulesError, match="skill face 5 is not on a d4"):
        judge("d4", "d4", 1, 5, 5)


def test_milo_leaps_the_pit_with_luck() -> None:
    # Milo's dice make 9 and the luck die shows 20: +4, 13. The face 20 itself is never added.
    out = judge("d8", "d8", 5, 4, 20, difficulty=12)
    assert (out.total, out.lucky, out.luck_bonus, out.result) == (13, True, 4, "success")
    unlucky = judge("d8", "d8", 5, 4, 19, difficulty=12)
    assert (unlucky.total, unlucky.lucky, unlucky.result) == (9, False, "failure")


def test_luck_does_not_guarantee_success() -> None:
    out = judge("d4", "d4", 1, 1, 20, difficulty=24)
    assert out.total == 6 and out.result == "failure"


def test_meeting_the_difficulty_succeeds_one_short_fails() -> None:
    assert judge("d6", "d6", 4, 4, 1, difficulty=8).win
    assert not judge("d6", "d6", 4, 3, 1, difficulty=8).win


def test_without_a_difficulty_the_total_is_only_rolled() -> None:
    out = judge("d10", "d6", 7, 2, 3, bonus=2)
    assert (out.result, out.win, out.margin, out.total, out.difficulty) == ("rolled", False, 0, 11, None)
    assert out.summary() == "d10 + d6 + 2: 7 + 2 + 2, luck 3 → 11, rolled"


def test_outcome_satisfies_the_shared_interface() -> None:
    out = judge("d6", "d6", 3, 4, 20, bonus=1, difficulty=8)
    assert isinstance(out, Outcome) and isinstance(judge_luck(20), Outcome)
    data = out.to_dict()
    assert data["ruleset"] == "ingenuity" and data["result"] == "success" and data["win"] is True
    assert (data["total"], data["margin"], data["lucky"]) == (12, 4, True)
    assert data["faces"] == {"attribute": 3, "skill": 4, "luck": 20, "rolled": {"attribute": 3, "skill": 4}, "rerolls": []}
    assert data["dice"] == {"attribute": "d6", "skill": "d6"}
    assert (data["difficulty"], data["difficulty_name"]) == (8, "Moderate")


@pytest.mark.parametrize("bonus", [-1, 5, True])
def test_one_proficiency_of_plus_one_to_four(bonus) -> None:
    with pytest.raises(RulesError, match="proficiency bonus"):
        judge("d6", "d6", 1, 1, 1, bonus=bonus)


def test_flat_bonuses_add_and_show() -> None:
    out = judge("d6", "d8", 2, 2, 1, bonus=1, assist_bonus=2, size_bonus=3, difficulty="Challenging")
    assert out.total == 10 and out.win
    assert out.summary() == "d6 + d8 + 1 + assist 2 + size 3 vs Challenging 10: 2 + 2 + 1 + 2 + 3, luck 1 → 10, success"
    with pytest.raises(RulesError, match="assist bonus 5 is out of range"):
        judge("d6", "d6", 1, 1, 1, assist_bonus=5)


def test_trivial_flag_when_the_roll_could_have_been_skipped() -> None:
    # Fabian with +4 against a Standard (6) lock: the lowest result already meets it.
    out = judge("d6", "d6", 1, 1, 2, bonus=4, difficulty="Standard")
    assert out.trivial and out.win and out.summary().endswith("success (trivial: the roll could be skipped)")
    assert not judge("d6", "d6", 1, 1, 2, bonus=4, difficulty=7).trivial
    assert not passive_test("d4", "d4", bonus=4, difficulty=4).trivial  # nothing was rolled to skip


def test_luck_face_is_checked() -> None:
    for face in (0, 21):
        with pytest.raises(RulesError, match=f"luck face {face} is not on the d20 luck die"):
            judge("d6", "d6", 1, 1, face)


def test_roll_draws_faces_by_purpose() -> None:
    dice = GivenFaces({"attribute": [5], "skill": [3], "luck": [20], "reroll": []})
    out = roll("d8", "d6", dice, bonus=1, difficulty=8)
    assert out.total == 13 and out.win
    dice.check_used()


def test_roll_with_shared_queue_order_is_attribute_skill_luck_rerolls() -> None:
    dice = GivenFaces([2, 5, 7, 6])
    out = roll("d8", "d6", dice, advantage=1)
    assert out.rolled_faces == (2, 5) and out.luck_face == 7 and out.faces == (6, 5)
    dice.check_used()


def test_roll_with_given_faces_off_the_die_names_the_purpose() -> None:
    with pytest.raises(DiceError, match="attribute face 9 is not on a d8"):
        roll("d8", "d6", GivenFaces({"attribute": [9], "skill": [1], "luck": [1]}))


def test_seeded_rolls_repeat_and_match_judge() -> None:
    first = roll("d10", "d6", SeededDice(11), advantage=2, difficulty=10)
    again = roll("d10", "d6", SeededDice(11), advantage=2, difficulty=10)
    assert first == again
    replay = judge(
        "d10", "d6", *first.rolled_faces, first.luck_face, advantage=2, difficulty=10,
        reroll_faces=[r.rolled for r in first.rerolls],
    )  # fmt: skip
    assert replay == first


def test_passive_test_uses_half_sizes_and_no_luck() -> None:
    # Passive Perception: Intellect d8 (4) + Perception d6 (3) + a +1 proficiency against a hidden creature.
    out = passive_test("d8", "d6", bonus=1, difficulty=8)
    assert (out.total, out.win, out.luck_face, out.lucky, out.passive) == (8, True, None, False, True)
    assert out.summary() == "passive d8 + d6 + 1 vs Moderate 8: 4 + 3 + 1 → 8, success"
    assert out.to_dict()["faces"]["luck"] is None
    assert not passive_test("d8", "d6", difficulty=8).win


def test_roll_passive_draws_nothing_and_refuses_advantage() -> None:
    dice = GivenFaces({})
    assert roll("d12", "d12", dice, passive=True, difficulty=12).win
    with pytest.raises(RulesError, match="passive test rolls no dice"):
        roll("d12", "d12", dice, passive=True, advantage=1)


def test_luck_test_is_the_d20_alone() -> None:
    assert luck_test(GivenFaces({"luck": [20]})).win
    out = luck_test(GivenFaces({"luck": [19]}))
    assert (out.result, out.lucky) == ("failure", False)
    even = judge_luck(11, target=11)
    assert even.win and even.summary() == "luck test (d20 vs 11): 11, success"
    assert even.to_dict()["faces"] == {"luck": 11}
    with pytest.raises(RulesError, match="luck test target 21"):
        judge_luck(5, target=21)


def test_outcome_is_frozen() -> None:
    out = judge("d6", "d6", 1, 1, 1)
    assert isinstance(out, IngenuityOutcome)
    with pytest.raises(AttributeError):
        out.total = 3  # type: ignore[misc]
