"""Blood Potency, Blood Surge, mending; contests with ties and taking half; teamwork."""

import pytest

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5 import (
    BLOOD_POTENCY,
    Tracker,
    blood_potency,
    blood_surge,
    contest,
    judge,
    mend,
    take_half,
    teamwork_pool,
)

# docs/rules.md (V5, Blood Potency), row by row: surge, mend, power bonus, rouse re-roll ≤ level, bane severity.
TABLE = {
    0: (1, 1, 0, None, 0), 1: (2, 1, 0, 1, 2), 2: (2, 2, 1, 1, 2), 3: (3, 2, 1, 2, 3), 4: (3, 3, 2, 2, 3),
    5: (4, 3, 2, 3, 4), 6: (4, 3, 3, 3, 4), 7: (5, 3, 3, 4, 5), 8: (5, 4, 4, 4, 5), 9: (6, 4, 4, 5, 6),
    10: (6, 5, 5, 5, 6),
}


@pytest.mark.parametrize("level", range(11))
def test_blood_potency_table(level) -> None:
    row = blood_potency(level)
    assert (row.surge, row.mend, row.power_bonus, row.rouse_reroll, row.bane_severity) == TABLE[level]
    assert BLOOD_POTENCY[level] == row


def test_rouse_reroll_by_power_level() -> None:
    assert blood_potency(3).may_reroll_rouse(2) and not blood_potency(3).may_reroll_rouse(3)
    assert not blood_potency(0).may_reroll_rouse(1)
    with pytest.raises(RulesError, match="0 to 10"):
        blood_potency(11)


def test_blood_surge_rouses_then_adds_dice() -> None:
    surge = blood_surge(4, 3, 1, GivenFaces([2]))
    assert surge.pool_after == 7 and surge.rouse.hunger_after == 2
    with pytest.raises(RulesError, match="non-Discipline"):
        blood_surge(4, 3, 1, GivenFaces([2]), discipline=True)
    with pytest.raises(RulesError, match="voluntarily"):
        blood_surge(4, 3, 5, GivenFaces([2]))


def test_mend_heals_superficial_health() -> None:
    result = mend(Tracker(7, superficial=4, aggravated=1), 2, 1, GivenFaces([9]))
    assert result.after == Tracker(7, superficial=2, aggravated=1) and result.healed == 2
    assert result.rouse.hunger_after == 1


def test_contest_more_successes_wins_by_the_difference() -> None:
    outcome = contest(judge([7, 8, 9], [2]), judge([6, 2], [3]))
    assert (outcome.result, outcome.winner, outcome.margin, outcome.win) == ("win", "actor", 2, True)
    assert isinstance(outcome, Outcome)


def test_contest_loss_and_messy_critical_from_the_actors_side() -> None:
    lost = contest(judge([7, 2], [1]), judge([6, 7, 8], []))
    assert (lost.result, lost.winner, lost.margin) == ("bestial_failure", "opponent", 2)
    messy = contest(judge([10, 2], [10]), judge([6], []))
    assert messy.result == "messy_critical" and messy.margin == 3


def test_contest_tie_resolves_nothing() -> None:
    outcome = contest(judge([7, 2], []), judge([9, 1], []))
    assert outcome.result == "tie" and outcome.winner is None and not outcome.win and outcome.margin == 0
    assert "storyteller decides" in outcome.summary()


def test_contest_against_taking_half() -> None:
    outcome = contest(judge([7, 8, 2], []), take_half(5))
    assert outcome.result == "tie" and outcome.to_dict()["opponent_took_half"]
    with pytest.raises(RulesError, match="number of successes"):
        contest(judge([7], []), -1)


def test_teamwork_rolls_largest_pool_plus_skilled_assistants() -> None:
    team = teamwork_pool([4, 6, 3, 5], skill_dots=[1, 2, 0, 3])
    assert (team.dice, team.roller, team.assistants) == (8, 1, (0, 3))
    assert "participant 3 has no dot" in team.notes[0]
    assert teamwork_pool([4, 6, 3]).dice == 8  # no Skill involved: anyone assists
    with pytest.raises(RulesError, match="3 participants but 2"):
        teamwork_pool([1, 2, 3], [1, 1])
