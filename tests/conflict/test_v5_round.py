"""V5 turn order: four declared groups, Dexterity + Wits then Skill dots, advanced initiative, passing."""

from __future__ import annotations

import pytest
from conflict_support import table_of, v5_store  # noqa: F401 - fixtures

from tests.round_shims import v5_round
from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.context import ConflictError
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.v5.turn_order import Group

NO_DICE = GivenFaces([])


def _setup(store, *names, **options):
    table = table_of(store, **options)
    conflict = tracker.new_conflict()
    for name in names:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return conflict, table


def _names(conflict):
    return [p.name for p in conflict.ordered()]


def test_groups_order_the_round_then_dexterity_plus_wits(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Zé Pescada", "Rita Calado")
    conflict = v5_round.declare(conflict, table, "Inês Valadares", Group.RANGED).conflict
    conflict = v5_round.declare(conflict, table, "Zé Pescada", Group.ENGAGED_CLOSE).conflict
    started = tracker.next_round(conflict, table, NO_DICE)
    # Zé (engaged) first; Inês ranged; then "other": Vicente (3 + 4) before Rita (3 + 3).
    assert _names(started.conflict) == ["Zé Pescada", "Inês Valadares", "Vicente Lobo", "Rita Calado"]
    assert started.conflict.round == 1 and started.conflict.current().name == "Zé Pescada"
    assert "round 1 begins" in started.entries[0].comment


def test_equal_dexterity_plus_wits_goes_to_more_dots_in_the_skill(v5_store):
    conflict, table = _setup(v5_store, "Tomás Queiroz", "Duarte Moniz")  # both Dexterity 2 + Wits 3
    for name in ("Tomás Queiroz", "Duarte Moniz"):
        conflict = v5_round.declare(conflict, table, name, Group.NEW_CLOSE).conflict
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    assert _names(conflict) == ["Duarte Moniz", "Tomás Queiroz"]  # Brawl 3 against 0
    ranged = v5_round.declare(conflict, table, "Duarte Moniz", Group.RANGED, skill="Firearms").conflict
    assert _names(ranged) == ["Duarte Moniz", "Tomás Queiroz"]  # ranged (group 2) before new close (3)
    other = v5_round.declare(ranged, table, "Tomás Queiroz", Group.RANGED, skill="Firearms").conflict
    assert _names(other) == ["Tomás Queiroz", "Duarte Moniz"]  # Firearms 1 against 0


def test_a_declaration_mid_round_reorders_only_those_still_to_act(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Rita Calado")
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    assert _names(conflict) == ["Vicente Lobo", "Inês Valadares", "Rita Calado"]
    conflict = tracker.next_turn(conflict, table, NO_DICE).conflict  # Vicente acted
    conflict = v5_round.declare(conflict, table, "Rita Calado", Group.RANGED).conflict
    assert _names(conflict) == ["Vicente Lobo", "Rita Calado", "Inês Valadares"]
    assert conflict.current().name == "Rita Calado"


def test_advanced_initiative_uses_composure_plus_awareness_and_a_die_for_ties(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Tomás Queiroz",
                             advanced_initiative=True)
    # Vicente 3 + 3 = 6; Inês and Tomás 3 + 2 = 5, both players, vampires, Composure 3: a die each.
    dice = GivenFaces({"initiative": [4, 9]})
    conflict = tracker.next_round(conflict, table, dice).conflict
    assert _names(conflict) == ["Vicente Lobo", "Tomás Queiroz", "Inês Valadares"]
    dice.check_used()


def test_a_round_walks_every_actor_then_the_next_round_begins(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo")
    conflict = v5_round.declare(conflict, table, "Inês Valadares", Group.NEW_CLOSE).conflict
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    assert conflict.current().name == "Inês Valadares"
    conflict = tracker.next_turn(conflict, table, NO_DICE).conflict
    assert conflict.current().name == "Vicente Lobo"
    assert [p.acted for p in conflict.ordered()] == [True, False]
    change = tracker.next_turn(conflict, table, NO_DICE)
    assert change.conflict.round == 2
    assert not any(p.acted for p in change.conflict.participants)
    ines = roster.find(change.conflict, "Inês Valadares")
    assert v5_round.group_of(ines) is Group.ENGAGED_CLOSE and ines.engaged  # new close combat is engaged now


def test_previous_turn_goes_back_within_the_round(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo")
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    with pytest.raises(ConflictError, match="first turn"):
        tracker.previous_turn(conflict, table)
    forward = tracker.next_turn(conflict, table, NO_DICE).conflict
    back = tracker.previous_turn(forward, table).conflict
    assert back.current().name == "Vicente Lobo" and not back.current().acted


def test_passing_moves_the_actor_to_the_end(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Rita Calado")
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    passed = tracker.pass_turn(conflict, table)
    assert _names(passed.conflict) == ["Inês Valadares", "Rita Calado", "Vicente Lobo"]
    assert passed.conflict.current().name == "Inês Valadares"
    assert passed.conflict.state["passed"] == ["Vicente Lobo"]


def test_someone_taken_out_is_skipped_and_ordered_last(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Rita Calado")
    conflict = roster.take_out(conflict, table, "Inês Valadares", "fled").conflict
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    assert _names(conflict) == ["Vicente Lobo", "Rita Calado", "Inês Valadares"]
    conflict = tracker.next_turn(conflict, table, NO_DICE).conflict
    assert conflict.current().name == "Rita Calado"
    assert tracker.next_turn(conflict, table, NO_DICE).conflict.round == 2


def test_setting_up_has_no_actor_and_next_turn_begins_round_one(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares")
    assert tracker.actor(conflict, table) is None
    assert tracker.round_label(conflict, table) == "Setting up"
    change = tracker.next_turn(conflict, table, NO_DICE)
    assert tracker.round_label(change.conflict, table) == "Round 1"
    assert tracker.actor(change.conflict, table).name == "Inês Valadares"
    with pytest.raises(ConflictError, match="add participants"):
        tracker.next_round(tracker.new_conflict(), table, NO_DICE)


def test_extras_use_their_initiative_pool_for_the_tie_break(v5_store):
    conflict, table = _setup(v5_store, "Rita Calado")
    conflict = roster.add_extras(conflict, table, "Thug", 2, pools={"general": 4, "initiative": 7}).conflict
    conflict = tracker.next_round(conflict, table, NO_DICE).conflict
    assert _names(conflict) == ["Thug 1", "Thug 2", "Rita Calado"]
