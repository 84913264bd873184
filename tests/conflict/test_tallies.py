"""Extended and resisted actions across turns, on given dice and on typed results."""

from __future__ import annotations

import pytest
from conflict_support import table_of, v5_store, v20_store, ingenuity_store  # noqa: F401 - fixtures

from vtm_tui.conflict import roster, tallies, tracker
from vtm_tui.conflict.context import ConflictError
from vtm_tui.rules.dice import GivenFaces


def _with(store, *names, **options):
    table = table_of(store, **options)
    conflict = tracker.new_conflict()
    for name in names:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return conflict, table


def test_a_v20_extended_action_adds_net_successes_until_the_target(v20_store):
    conflict, table = _with(v20_store, "Silas Crane")
    conflict = tallies.start_tally(conflict, table, "Force the gate", "Silas Crane", 4).conflict
    # Silas Strength 3 + Athletics: the pool is read from the sheet; faces at Difficulty 6.
    pool = "Strength + Athletics"
    first = tallies.roll_tally(conflict, table, GivenFaces([8, 7, 2, 2, 2, 2, 2, 2][: _dice(v20_store, pool)]),
                               "force the gate", pool)
    tally = tallies.find_tally(first.conflict, "Force the gate")
    assert (tally.total, tally.rolls, tally.done) == (2, 1, False)
    assert [e.kind for e in first.entries] == ["roll", "conflict"]
    second = tallies.record(first.conflict, table, "Force the gate", 3)
    tally = tallies.find_tally(second.conflict, "Force the gate")
    assert tally.done and tally.extra["status"] == "succeeded"
    assert tallies.text(tally) == "5/4 after 2 rolls — succeeded"
    with pytest.raises(ConflictError, match="finished"):
        tallies.record(second.conflict, table, "Force the gate", 1)


def _dice(store, pool):
    from vtm_tui.rules.pool import resolve

    return resolve(pool, store.character("Silas Crane").traits()).total - 1  # Silas is Injured: −1


@pytest.mark.parametrize("rule, total, done", [("restart", 0, False), ("fail", 2, True)])
def test_a_botch_restarts_or_fails_as_the_chronicle_says(v20_store, rule, total, done):
    conflict, table = _with(v20_store, "Silas Crane", extended_botch=rule)
    conflict = tallies.start_tally(conflict, table, "Climb", "Silas Crane", 6).conflict
    conflict = tallies.record(conflict, table, "Climb", 2).conflict
    after = tallies.find_tally(tallies.record(conflict, table, "Climb", 0, botched=True).conflict, "Climb")
    assert (after.total, after.done) == (total, done)


def test_a_resisted_tally_adds_each_turns_excess_to_the_winner(v20_store):
    conflict, table = _with(v20_store, "Edwin Hallam", "Margaret Thorne")
    conflict = tallies.start_tally(conflict, table, "Arm wrestle", "Edwin Hallam", 3, "Margaret Thorne").conflict
    conflict = tallies.record(conflict, table, "Arm wrestle", 3, 1).conflict
    tally = tallies.find_tally(conflict, "Arm wrestle")
    assert (tally.total, tally.extra["opponent_total"]) == (2, 0)
    conflict = tallies.record(conflict, table, "Arm wrestle", 0, 1).conflict
    conflict = tallies.record(conflict, table, "Arm wrestle", 2, 1).conflict
    tally = tallies.find_tally(conflict, "Arm wrestle")
    assert tally.done and tally.extra["winner"] == "Edwin Hallam"
    assert tallies.text(tally) == "Edwin Hallam 3, Margaret Thorne 1 of 3 after 3 rolls — Edwin Hallam wins"


def test_v5_tallies_add_successes_of_each_roll(v5_store):
    conflict, table = _with(v5_store, "Rita Calado")  # a mortal: no Hunger dice
    conflict = tallies.start_tally(conflict, table, "Hack the cameras", "Rita Calado", 5).conflict
    # Rita Intelligence + Technology: the sheet says how many dice; two tens make 4 successes.
    from vtm_tui.conflict.pools import read_pool

    dice_count = read_pool(roster.find(conflict, "Rita Calado"), table, "Intelligence + Technology").dice
    faces = [10, 10] + [2] * (dice_count - 2)
    change = tallies.roll_tally(conflict, table, GivenFaces(faces), "Hack the cameras", "Intelligence + Technology")
    assert tallies.find_tally(change.conflict, "Hack the cameras").total == 4


def test_ingenuity_tallies_count_tests_that_meet_the_difficulty(ingenuity_store):
    conflict, table = _with(ingenuity_store, "Wren Alder")
    conflict = tallies.start_tally(conflict, table, "Relight the lanterns", "Wren Alder", 2).conflict
    dice = GivenFaces({"attribute": [5, 1], "skill": [4, 1], "luck": [3, 2]})
    once = tallies.roll_tally(conflict, table, dice, "Relight the lanterns", "Intellect + Wizardry")
    twice = tallies.roll_tally(once.conflict, table, dice, "Relight the lanterns", "Intellect + Wizardry")
    assert [tallies.find_tally(c.conflict, "Relight the lanterns").total for c in (once, twice)] == [1, 1]


def test_tallies_refuse_bad_input(v20_store):
    conflict, table = _with(v20_store, "Silas Crane")
    with pytest.raises(ConflictError, match="needs a label"):
        tallies.start_tally(conflict, table, " ", "Silas Crane", 3)
    with pytest.raises(ConflictError, match="1-100"):
        tallies.start_tally(conflict, table, "Dig", "Silas Crane", 0)
    with pytest.raises(ConflictError, match="their own"):
        tallies.start_tally(conflict, table, "Dig", "Silas Crane", 3, "Silas Crane")
    conflict = tallies.start_tally(conflict, table, "Dig", "Silas Crane", 3).conflict
    with pytest.raises(ConflictError, match="already a tally"):
        tallies.start_tally(conflict, table, "dig", "Silas Crane", 3)
    assert tallies.drop_tally(conflict, table, "Dig").conflict.tallies == []
