"""Health and Willpower tracks, Humanity and stains, Remorse and Frenzy."""

import pytest

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5 import (
    Humanity,
    Tracker,
    frenzy_pool,
    frenzy_test,
    judge_frenzy,
    judge_remorse,
    remorse,
    remorse_pool,
    spend_willpower,
)


def test_tracker_sizes() -> None:
    assert Tracker.health(3).size == 6
    assert Tracker.willpower(2, 3).size == 5


def test_superficial_fills_then_overflows_into_aggravated() -> None:
    track = Tracker(5).take_superficial(4)
    assert (track.superficial, track.aggravated, track.impaired) == (4, 0, False)
    full = track.take_superficial(3)  # 1 fills the last box, 2 turn / into X
    assert (full.superficial, full.aggravated, full.impaired) == (3, 2, True)
    assert full.boxes() == "XX///"


def test_vampires_halve_superficial_rounding_up() -> None:
    assert Tracker(7).take_superficial(5, halve=True).superficial == 3
    assert Tracker(7).take_superficial(1, halve=True).superficial == 1


def test_aggravated_fills_empty_boxes_then_replaces_superficial() -> None:
    track = Tracker(4, superficial=3).take_aggravated(2)
    assert (track.superficial, track.aggravated) == (2, 2)


def test_all_aggravated_is_torpor_or_death() -> None:
    track = Tracker(4).take_aggravated(4)
    assert track.condition(vampire=True) == "torpor" and track.condition(vampire=False) == "dead"
    assert Tracker(4, superficial=4).condition() == "impaired"
    assert Tracker(4, superficial=1).condition() == "ok"


def test_healing_and_tracker_pool() -> None:
    track = Tracker(6, superficial=3, aggravated=1)
    assert track.heal_superficial(2).superficial == 1 and track.heal_aggravated(5).aggravated == 0
    assert track.pool() == 2 and Tracker(3, aggravated=3).pool() == 1  # a tracker roll has at least 1 die


def test_spent_willpower_is_superficial_damage() -> None:
    assert spend_willpower(Tracker(5)).superficial == 1


def test_tracker_refuses_impossible_damage() -> None:
    with pytest.raises(RulesError, match="do not fit in 3 boxes"):
        Tracker(3, superficial=2, aggravated=2)
    with pytest.raises(RulesError, match="damage must be"):
        Tracker(3).take_superficial(-1)


def test_stains_fill_from_the_right_and_excess_degenerates() -> None:
    humanity, damage = Humanity(7).add_stains(2)
    assert (humanity.stains, damage, humanity.impaired) == (2, 0, False)
    assert humanity.boxes() == "●●●●●●●.//"
    worse, damage = humanity.add_stains(3)  # one box free: 2 excess stains
    assert (worse.stains, damage, worse.impaired, worse.degenerating) == (3, 2, True, True)


def test_remorse_pool() -> None:
    assert remorse_pool(Humanity(7, 2)) == 1
    assert remorse_pool(Humanity(5, 1)) == 4
    assert remorse_pool(Humanity(9, 1)) == 1  # at least one die


def test_remorse_success_clears_stains_and_failure_costs_humanity() -> None:
    kept = judge_remorse(Humanity(5, 2), [2, 6, 1])
    assert kept.win and kept.after == Humanity(5, 0) and kept.humanity_lost == 0
    lost = remorse(Humanity(5, 2), GivenFaces([2, 3, 1]))
    assert not lost.win and lost.after == Humanity(4, 0) and lost.humanity_lost == 1
    assert lost.summary().endswith("Humanity 5 → 4, stains cleared")
    with pytest.raises(RulesError, match="no stains"):
        remorse(Humanity(5), GivenFaces([9]))


def test_frenzy_pool_and_outcomes() -> None:
    assert frenzy_pool(Tracker(5, superficial=2), Humanity(7)) == 5
    assert frenzy_pool(0, 2) == 1
    resisted = judge_frenzy([7, 8, 9, 6, 2], 4)
    assert resisted.resisted and resisted.turn_spent and "turn is spent" in resisted.summary()
    free = judge_frenzy([10, 10, 2], 4)
    assert free.result == "critical_win" and free.resisted and not free.turn_spent
    lost = frenzy_test(2, 4, GivenFaces({"regular": [7, 1]}))
    assert not lost.resisted and lost.effect == "frenzy"
    assert lost.roll.hunger_faces == ()


def test_resilience_adds_the_fortitude_rating_to_health() -> None:
    """V5 core, Fortitude 1 "Resilience": Health gains the Fortitude dots; the other powers add no box."""
    assert Tracker.health(3, {"Fortitude": 1}, {"Fortitude": ["Resilience"]}).size == 7
    assert Tracker.health(3, {"Fortitude": 3}, {"Fortitude": [{"name": "resilience", "level": 1}]}).size == 9
    assert Tracker.health(3, {"Fortitude": 2}, {"Fortitude": ["Unswayable Mind", "Toughness"]}).size == 6
    assert Tracker.health(3, {"Fortitude": 0}, {"Fortitude": ["Resilience"]}).size == 6
    assert Tracker.health(3, {"Fortitude": 2}, {"Auspex": ["Resilience"]}).size == 6  # only as Fortitude's power
