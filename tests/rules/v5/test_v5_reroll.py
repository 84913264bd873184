"""The Willpower re-roll: the four strategies on given faces, picking by hand, and every refusal."""

import pytest

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5 import RerollRefused, RollKind, automatic_win, judge, reroll, select


def faces_at(result, selection):
    return [result.all_faces[i] for i in selection.indices]


def test_reroll_failures_takes_up_to_three_lowest_failures() -> None:
    result = judge([5, 1, 9, 3, 2, 10], [4], 4)
    assert faces_at(result, select(result, "reroll_failures")) == [1, 2, 3]
    assert select(judge([7, 10], [1], 1), "reroll_failures").reason == "no regular die shows 1-5"


def test_maximize_criticals_failures_then_successes_never_tens() -> None:
    result = judge([8, 4, 10, 6], [2], 2)
    assert faces_at(result, select(result, "maximize_criticals")) == [4, 6, 8]
    assert select(judge([10, 10], [3], 1), "maximize_criticals").indices == ()


def test_avoid_messy_only_on_messy_critical_with_exactly_one_hunger_ten() -> None:
    messy = judge([10, 10, 2, 7], [10, 3], 2)
    assert faces_at(messy, select(messy, "avoid_messy")) == [10, 10]
    risky = select(messy, "risky_avoid_messy")
    assert faces_at(messy, risky) == [10, 10, 2]
    critical = judge([10, 10, 2], [3], 2)
    why = select(critical, "avoid_messy")
    assert not why and "not a messy critical" in why.reason
    two_hunger_tens = judge([10, 2], [10, 10], 2)
    why = select(two_hunger_tens, "risky_avoid_messy")
    assert not why and "2 Hunger tens, not exactly one" in why.reason


def test_avoid_messy_takes_at_most_three_tens() -> None:
    messy = judge([10, 10, 10, 1], [10], 3)
    assert faces_at(messy, select(messy, "avoid_messy")) == [10, 10, 10]
    assert faces_at(messy, select(messy, "risky_avoid_messy")) == [10, 10, 10]


def test_reroll_with_given_faces_and_its_cost() -> None:
    first = judge([7, 3, 2, 1], [10, 4], 3)
    done = reroll(first, "reroll_failures", GivenFaces({"reroll": [8, 10, 2]}))
    assert done.old_faces == (1, 2, 3) and done.new_faces == (8, 10, 2)
    assert done.after.faces == (7, 2, 10, 8) and done.after.hunger_faces == (10, 4)
    assert done.after.result == "messy_critical" and done.after.rerolled
    assert done.willpower_damage == 1
    assert isinstance(done, Outcome) and done.result == "messy_critical" and done.win
    data = done.to_dict()
    assert data["reroll"]["willpower_damage"] == 1 and data["before"]["result"] == "failure"
    assert "Willpower re-roll (reroll_failures) 1 2 3 → 8 10 2" in done.summary()


def test_by_hand_pick_of_regular_dice() -> None:
    first = judge([7, 3, 2, 1], [10, 4], 3)
    done = reroll(first, [1, 3], GivenFaces({"reroll": [6, 6]}))
    assert done.after.faces == (7, 6, 2, 6) and done.strategy is None and done.after.win


@pytest.mark.parametrize(
    ("pick", "message"),
    [
        ([4], r"die #5 \(showing 10\) is a Hunger die"),
        ([0, 1, 2, 3], "at most 3 dice"),
        ([1, 1], "picked twice"),
        ([9], "no die #10"),
        ([], "at least one"),
    ],
)
def test_bad_picks_are_refused_clearly(pick, message) -> None:
    first = judge([7, 3, 2, 1], [10, 4], 3)
    with pytest.raises(RulesError, match=message):
        reroll(first, pick, GivenFaces({"reroll": [5, 5, 5, 5]}))


def test_nothing_selected_costs_nothing() -> None:
    critical = judge([10, 10], [3], 2)
    done = reroll(critical, "avoid_messy", GivenFaces({"reroll": []}))
    assert done.willpower_damage == 0 and done.after is critical
    assert "no Willpower re-roll" in done.summary()


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        (RollKind.TRACKER, "tracker roll"),
        (RollKind.REMORSE, "Remorse"),
        (RollKind.FRENZY, "Frenzy"),
    ],
)
def test_refused_on_tracker_remorse_and_frenzy(kind, reason) -> None:
    with pytest.raises(RerollRefused, match=reason):
        reroll(judge([3, 2], (), 1, kind=kind), "reroll_failures", GivenFaces({"reroll": [9, 9]}))


def test_refused_when_already_rerolled_or_automatic_or_only_hunger() -> None:
    once = reroll(judge([3, 2], (), 2), [0], GivenFaces({"reroll": [9]})).after
    with pytest.raises(RerollRefused, match="only once"):
        reroll(once, [1], GivenFaces({"reroll": [9]}))
    with pytest.raises(RerollRefused, match="automatic win"):
        reroll(automatic_win(4, 2), "reroll_failures", GivenFaces({"reroll": []}))
    with pytest.raises(RerollRefused, match="Hunger die"):
        reroll(judge([], [2, 3], 1), "reroll_failures", GivenFaces({"reroll": []}))


def test_unknown_strategy() -> None:
    with pytest.raises(RulesError, match="use one of reroll_failures"):
        select(judge([3], (), 1), "be_lucky")
