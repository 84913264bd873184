"""Ingenuity turns on given dice: teams alternate, picks, surprise rounds, contests that cost resources."""

from __future__ import annotations

import pytest
from conflict_support import table_of, ingenuity_store  # noqa: F401 - fixtures

from tests.round_shims import ingenuity_round
from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.conflict.context import ConflictError
from vtm_tui.conflict.pools import read_pool
from vtm_tui.conflict.wounds import apply_damage
from vtm_tui.rules.dice import GivenFaces

NO_DICE = GivenFaces([])


def _setup(store):
    """The Drowned Man starts the fight (his side joins first); the coterie is attacked."""
    table = table_of(store)
    conflict = tracker.new_conflict()
    for name in ("The Drowned Man", "Bram Cole", "Sister Maud Fenwick", "Wren Alder"):
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return conflict, table


def _actors(conflict, table, turns):
    seen = []
    for _ in range(turns):
        seen.append(tracker.actor(conflict, table).name)
        conflict = tracker.next_turn(conflict, table, NO_DICE).conflict
    return seen, conflict


def test_teams_alternate_and_a_team_out_of_members_is_skipped(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    seen, after = _actors(conflict, table, 4)
    assert seen == ["The Drowned Man", "Bram Cole", "Sister Maud Fenwick", "Wren Alder"]
    assert after.round == 2 and tracker.actor(after, table).name == "The Drowned Man"


def test_the_team_picks_who_acts(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    conflict = tracker.next_turn(conflict, table, NO_DICE).conflict  # begins round 1
    conflict = tracker.next_turn(conflict, table, NO_DICE).conflict  # the Drowned Man acted
    with pytest.raises(ConflictError, match="cannot act now"):
        ingenuity_round.pick(conflict, table, "The Drowned Man")
    conflict = ingenuity_round.pick(conflict, table, "Wren Alder").conflict
    assert tracker.actor(conflict, table).name == "Wren Alder"
    conflict = tracker.next_turn(conflict, table, NO_DICE).conflict
    assert roster.find(conflict, "Wren Alder").acted
    assert tracker.actor(conflict, table).name == "Bram Cole"
    back = tracker.previous_turn(conflict, table).conflict
    assert tracker.actor(back, table).name == "Wren Alder" and not roster.find(back, "Wren Alder").acted


def test_a_surprise_round_lets_only_the_surprising_team_act(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    change = tracker.next_round(conflict, table, NO_DICE, surprise="coterie")
    conflict = change.conflict
    assert tracker.round_label(conflict, table) == "Surprise round" and conflict.surprise
    seen, after = _actors(conflict, table, 3)
    assert seen == ["Bram Cole", "Sister Maud Fenwick", "Wren Alder"]
    assert tracker.round_label(after, table) == "Round 1" and not after.surprise
    assert tracker.actor(after, table).name == "The Drowned Man"  # round 1: the side that started goes first
    with pytest.raises(ConflictError, match="only open the fight"):
        tracker.next_round(after, table, NO_DICE, surprise="coterie")


def test_one_side_alone_is_not_a_fight(ingenuity_store):
    table = table_of(ingenuity_store)
    conflict = roster.add_character(tracker.new_conflict(), table, ingenuity_store.character("Bram Cole")).conflict
    with pytest.raises(ConflictError, match="two teams"):
        tracker.next_round(conflict, table, NO_DICE)


def test_a_contest_costs_the_loser_the_difference_plus_the_weapon(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    spec = ContestSpec("Bram Cole", "The Drowned Man", "Strength + Combat", "Strength + Combat", weapon=2)
    # Bram d10 + d8, Medium against Large: +1. The Drowned Man d12 + d10.
    dice = GivenFaces({"attribute": [9, 3], "skill": [7, 2], "luck": [1, 1]})
    change = resolve(conflict, table, dice, spec)
    dice.check_used()
    entry = change.entries[0]
    assert entry.kind == "contest" and entry.roll["totals"] == {"Bram Cole": 17, "The Drowned Man": 5}
    assert entry.roll["attacker_roll"]["size_bonus"] == 1
    assert change.entries[1].change == {"field": "Health", "before": "Health 18/18", "after": "Health 4/18"}


def test_a_tie_resolves_nothing(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    spec = ContestSpec("Bram Cole", "The Drowned Man", "Strength + Combat", "Strength + Combat")
    change = resolve(conflict, table, GivenFaces({"attribute": [5, 4], "skill": [3, 5], "luck": [2, 3]}), spec)
    assert change.entries[0].result == "tie" and change.characters == ()


def test_health_at_zero_is_down_and_out(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    change = apply_damage(conflict, table, "Bram Cole", 20)
    bram = roster.find(change.conflict, "Bram Cole")
    assert bram.out and bram.note == "down"
    assert change.characters[0].sheet.resource_current("Health") == 0


def test_ingenuity_pools_are_two_dice_and_a_proficiency(ingenuity_store):
    conflict, table = _setup(ingenuity_store)
    bram = roster.find(conflict, "Bram Cole")
    pool = read_pool(bram, table, "Strength + Combat + 2")
    assert (pool.attribute, pool.skill, pool.bonus) == (10, 8, 2)
    with pytest.raises(ConflictError, match=r"\+1 to \+4"):
        read_pool(bram, table, "Strength + Combat + 5")
    assert read_pool(bram, table, "Dexterity").skill == 4  # untrained: a d4
