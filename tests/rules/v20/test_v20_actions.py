"""Extended, resisted, extended-and-resisted, teamwork and multiple actions, on given faces."""

import pytest

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20 import (
    ExtendedAction,
    ExtendedContest,
    MultipleActions,
    Teamwork,
    declare,
    judge,
    resist,
)

# --- extended actions ------------------------------------------------------------------------------


def test_seed_digging_a_haven_needs_15_successes() -> None:
    action = ExtendedAction(15)
    for faces in ([8, 9, 10, 3, 2], [7, 7, 7, 7, 1], [8, 8, 8, 8, 8], [9, 9, 9, 2, 2]):
        action = action.apply(judge(faces, 6))
    assert action.tally == 3 + 3 + 5 + 3 and action.rolls == 4
    assert action.status == "running" and action.remaining == 1
    action = action.apply(judge([6, 2, 2, 2, 2], 6))
    assert action.status == "succeeded" and action.done and action.history == (3, 3, 5, 3, 1)


def test_extended_botch_restarts_by_default() -> None:
    action = ExtendedAction(10).apply(judge([8, 8, 8], 6)).apply(judge([1, 2, 3], 6))
    assert action.tally == 0 and action.rolls == 2 and action.botches == 1 and action.status == "running"
    assert action.history == (3, None)


def test_extended_botch_fails_under_the_fail_option() -> None:
    action = ExtendedAction(10, botch_rule="fail").apply(judge([8, 8, 8], 6)).apply(judge([1, 2, 3], 6))
    assert action.status == "failed" and action.tally == 3
    with pytest.raises(RulesError, match="already failed"):
        action.apply(judge([8], 6))


def test_forgiven_botch_is_just_a_roll_of_nothing() -> None:
    action = ExtendedAction(10).apply(judge([8, 8], 6)).apply(judge([1, 2], 6, free_botch=True))
    assert action.tally == 2 and action.botches == 0


def test_roll_limit_fails_short_of_the_target() -> None:
    action = ExtendedAction(10, max_rolls=2).apply(judge([8], 6))
    assert action.rolls_left == 1
    action = action.apply(judge([8], 6))
    assert action.status == "failed" and action.tally == 2


def test_extended_state_round_trips() -> None:
    action = ExtendedAction(10, max_rolls=5).apply(judge([8], 6)).apply(judge([1], 6))
    assert ExtendedAction.from_dict(action.to_dict()) == action
    assert "1/10" not in action.summary() and "0/10 successes after 2 of 5 rolls" in action.summary()


@pytest.mark.parametrize("target", [0, -3, 2.5])
def test_extended_target_must_be_positive(target) -> None:
    with pytest.raises(RulesError, match="target must be 1 success or more"):
        ExtendedAction(target)


# --- resisted actions --------------------------------------------------------------------------------


def test_seed_four_against_three_is_one_marginal_success() -> None:
    contest = resist(judge([8, 8, 8, 8], 6), judge([7, 7, 7], 6))
    assert contest.winner == "actor" and contest.successes == 1 and contest.degree == "marginal"
    assert contest.result == "success" and isinstance(contest, Outcome)


def test_resisted_opponent_wins_and_tie() -> None:
    lose = resist(judge([8], 6), judge([8, 8, 8], 6))
    assert lose.winner == "opponent" and lose.opponent_excess == 2 and lose.result == "failure"
    assert lose.margin == 0
    tie = resist(judge([8, 8], 6), judge([9, 9], 7))
    assert tie.winner is None and not tie.win and "tie" in tie.summary()


def test_resisted_botch_is_flagged() -> None:
    contest = resist(judge([1, 2], 6), judge([7], 6))
    assert contest.result == "botch" and contest.to_dict()["actor"]["result"] == "botch"


# --- extended and resisted ----------------------------------------------------------------------------


def test_arm_wrestling_excess_goes_to_the_tally() -> None:
    contest = ExtendedContest(3, names=("Carla", "Dmitri"))
    contest = contest.apply(judge([8, 8, 8], 6), judge([8], 6))  # Carla +2
    assert contest.tallies == (2, 0)
    contest = contest.apply(judge([8], 6), judge([8, 8], 6))  # Dmitri +1
    assert contest.tallies == (2, 1) and not contest.done
    contest = contest.apply(judge([8], 6), judge([8], 6))  # tie: nobody gains
    assert contest.tallies == (2, 1) and contest.turns == 3
    contest = contest.apply(judge([8, 8], 6), judge([2], 6))  # Carla +2 → 4 ≥ 3
    assert contest.winner_name == "Carla" and contest.status == "won"
    with pytest.raises(RulesError, match="over"):
        contest.apply(judge([8], 6), judge([8], 6))
    assert ExtendedContest.from_dict(contest.to_dict()) == contest


def test_contest_botch_rules() -> None:
    restart = ExtendedContest(5, tallies=(3, 1)).apply(judge([1], 6), judge([8], 6))
    assert restart.tallies == (0, 2)
    fail = ExtendedContest(5, botch_rule="fail", tallies=(3, 1)).apply(judge([1], 6), judge([8], 6))
    assert fail.winner == 1 and fail.status == "won"
    both = ExtendedContest(5, botch_rule="fail").apply(judge([1], 6), judge([1], 6))
    assert both.winner is None and both.status == "no_winner"


# --- teamwork ---------------------------------------------------------------------------------------


def test_teamwork_adds_net_successes() -> None:
    team = Teamwork().add("Ann", judge([8, 9, 1], 6)).add("Bo", judge([7, 7, 7], 6))
    assert team.successes == 4 and team.result == "success" and team.degree == "exceptional"
    assert not team.botched and isinstance(team, Outcome)


def test_teamwork_flags_any_botch() -> None:
    team = Teamwork().add("Ann", judge([8, 9], 6)).add("Bo", judge([1, 3], 6))
    assert team.successes == 2 and team.botched and team.botched_by == ("Bo",)
    assert "Bo botched" in team.summary()
    alone = Teamwork().add("Bo", judge([1, 3], 6)).add("Cy", judge([2], 6))
    assert alone.result == "botch"
    with pytest.raises(RulesError, match="Ann already rolled"):
        team.add("Ann", judge([8], 6))


def test_teamwork_botch_restarts_an_extended_action() -> None:
    team = Teamwork().add("Ann", judge([8, 9], 6)).add("Bo", judge([1, 3], 6))
    action = ExtendedAction(10).apply(judge([8, 8, 8], 6)).apply(team)
    assert action.tally == 0 and action.botches == 1
    clean = Teamwork().add("Ann", judge([8, 9], 6)).add("Bo", judge([8], 6))
    assert ExtendedAction(10).apply(clean).tally == 3


# --- multiple actions ----------------------------------------------------------------------------------


def test_three_actions_lose_three_four_five_dice() -> None:
    turn = declare([7, 6, 5])
    assert [turn.penalty(i) for i in range(3)] == [3, 4, 5]
    assert turn.split == (4, 2, 0)
    assert turn.can_attempt(1) and not turn.can_attempt(2)
    with pytest.raises(RulesError, match="action 3 of 3 cannot be attempted: its pool of 5 loses 5 dice"):
        turn.dice_for(2)


def test_multiple_actions_record_rolls_in_turn() -> None:
    turn = MultipleActions((6, 6))
    assert turn.split == (4, 3) and turn.next_index == 0
    turn = turn.record(0, judge([8, 8, 2, 2], 6, willpower=True))
    assert turn.next_index == 1 and turn.willpower_spent
    with pytest.raises(RulesError, match="once per turn"):
        turn.record(1, judge([8, 8, 2], 6, willpower=True))
    with pytest.raises(RulesError, match="rolls 3 dice, not 2"):
        turn.record(1, judge([8, 8], 6))
    with pytest.raises(RulesError, match="already rolled"):
        turn.record(0, judge([8, 8, 2, 2], 6))
    turn = turn.record(1, judge([8, 8, 2], 6))
    assert turn.next_index is None and set(turn.to_dict()["results"]) == {"1", "2"}


def test_multiple_actions_need_two() -> None:
    with pytest.raises(RulesError, match="two or more"):
        declare([5])
    with pytest.raises(RulesError, match="there is no action 4"):
        declare([5, 5]).penalty(3)
