"""Setting up a conflict: characters and extras join, sides, removal, taking out, manual order."""

from __future__ import annotations

import pytest
from conflict_support import table_of, v5_store, ingenuity_store  # noqa: F401 - fixtures

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.context import ConflictError
from vtm_tui.rules.dice import GivenFaces


def _setup(store, *names):
    table = table_of(store)
    conflict = tracker.new_conflict("Alfama")
    for name in names:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return conflict, table


def test_characters_join_on_their_default_side_and_are_logged(v5_store):
    table = table_of(v5_store)
    change = roster.add_character(tracker.new_conflict(), table, v5_store.character("Inês Valadares"))
    assert [p.name for p in change.conflict.participants] == ["Inês Valadares"]
    assert change.conflict.participants[0].side == "coterie"
    assert change.entries[0].kind == "conflict" and change.entries[0].actor == "Inês Valadares"
    spc = roster.add_character(change.conflict, table, v5_store.character("Vicente Lobo"))
    assert spc.conflict.participants[1].side == "opposition"
    assert roster.sides(spc.conflict) == ["coterie", "opposition"]


def test_the_input_conflict_is_never_changed(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares")
    roster.add_character(conflict, table, v5_store.character("Vicente Lobo"))
    roster.take_out(conflict, table, "Inês Valadares")
    assert len(conflict.participants) == 1 and not conflict.participants[0].out


def test_a_name_cannot_join_twice(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares")
    with pytest.raises(ConflictError, match="already in the conflict"):
        roster.add_character(conflict, table, v5_store.character("Inês Valadares"))


def test_three_ghouls_are_numbered_with_one_number_per_pool(v5_store):
    conflict, table = _setup(v5_store)
    change = roster.add_extras(conflict, table, "Ghoul", 3, pools={"General": 5, "attack": 6}, health=5)
    names = [p.name for p in change.conflict.ordered()]
    assert names == ["Ghoul 1", "Ghoul 2", "Ghoul 3"]
    ghoul = change.conflict.participants[0]
    assert ghoul.extra == {"kind": "extra", "pools": {"general": 5, "attack": 6}, "health": 5, "vampire": False}
    more = roster.add_extras(change.conflict, table, "Ghoul", 2)
    assert [p.name for p in more.conflict.ordered()][3:] == ["Ghoul 4", "Ghoul 5"]


@pytest.mark.parametrize("kwargs, message", [
    ({"count": 0}, "1-30"),
    ({"count": 31}, "1-30"),
    ({"pools": {"attack": 40}}, "0-30 dice"),
    ({"pools": {"": 3}}, "needs a name"),
    ({"health": 99}, "1-30"),
])
def test_bad_extras_are_refused_with_the_field_named(v5_store, kwargs, message):
    conflict, table = _setup(v5_store)
    with pytest.raises(ConflictError, match=message):
        roster.add_extras(conflict, table, "Ghoul", **kwargs)


def test_ingenuity_extras_roll_die_sizes(ingenuity_store):
    table = table_of(ingenuity_store)
    with pytest.raises(ConflictError, match="die size"):
        roster.add_extras(tracker.new_conflict(), table, "Wrecker", pools={"general": 7})
    change = roster.add_extras(tracker.new_conflict(), table, "Wrecker", pools={"general": 8})
    assert change.conflict.participants[0].extra["health"] == 8


def test_remove_keeps_the_turn_with_its_holder(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Zé Pescada")
    conflict = tracker.next_round(conflict, table, GivenFaces([])).conflict
    holder = conflict.current().name
    other = next(p.name for p in conflict.ordered() if p.name != holder)
    after = roster.remove(conflict, table, other).conflict
    assert after.current().name == holder
    assert [p.order for p in after.ordered()] == [0, 1]


def test_removing_the_current_actor_passes_the_turn_to_the_next(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Zé Pescada")
    conflict = tracker.next_round(conflict, table, GivenFaces([])).conflict
    names = [p.name for p in conflict.ordered()]
    after = roster.remove(conflict, table, names[0]).conflict
    assert after.current().name == names[1]


def test_take_out_toggles_and_notes_the_reason(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares")
    out = roster.take_out(conflict, table, "ines valadares", "fled").conflict
    assert out.participants[0].out and out.participants[0].note == "fled"
    back = roster.take_out(out, table, "Inês Valadares").conflict
    assert not back.participants[0].out and back.participants[0].note == ""


def test_manual_reordering_moves_one_place_and_keeps_the_turn(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares", "Vicente Lobo", "Zé Pescada")
    conflict = tracker.next_round(conflict, table, GivenFaces([])).conflict
    names = [p.name for p in conflict.ordered()]
    holder = conflict.current().name
    moved = roster.move(conflict, table, names[2], -1).conflict
    assert [p.name for p in moved.ordered()] == [names[0], names[2], names[1]]
    assert moved.current().name == holder
    same = roster.move(moved, table, names[0], -1)
    assert "already first" in same.message and same.entries == ()


def test_sides_can_change(v5_store):
    conflict, table = _setup(v5_store, "Zé Pescada")
    change = roster.set_side(conflict, table, "Zé Pescada", "  the  coterie ")
    assert change.conflict.participants[0].side == "the coterie"
    with pytest.raises(ConflictError, match="needs a name"):
        roster.set_side(conflict, table, "Zé Pescada", " ")


def test_unknown_participants_are_named_in_the_error(v5_store):
    conflict, table = _setup(v5_store, "Inês Valadares")
    with pytest.raises(ConflictError, match="no participant 'Nobody'.*Inês Valadares"):
        roster.take_out(conflict, table, "Nobody")


def test_a_conflict_can_be_named(v5_store):
    conflict, table = _setup(v5_store)
    change = tracker.set_title(conflict, table, "  Alfama   rooftops ")
    assert change.conflict.title == "Alfama rooftops"
    assert change.entries[0].change == {"field": "title", "before": "Alfama", "after": "Alfama rooftops"}
