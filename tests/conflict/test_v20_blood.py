"""Blood spent in a V20 conflict turn: the generation's blood-per-turn limit refuses more, per round."""

from __future__ import annotations

import pytest
from conflict_support import table_of, v20_store  # noqa: F401 - fixtures

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.blood import spend_blood, spent_this_turn
from vtm_tui.conflict.context import ConflictError
from vtm_tui.rules.dice import GivenFaces


def _started(store):
    table = table_of(store)
    conflict = tracker.new_conflict()
    for name in ("Edwin Hallam", "Lady Honoria Vell"):
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return tracker.next_round(conflict, table, GivenFaces({"initiative": [5, 2]})).conflict, table


def test_a_second_point_in_one_turn_is_refused_for_an_eleventh_generation_vampire(v20_store):
    conflict, table = _started(v20_store)  # Edwin: generation 11, 1 blood per turn, 9 in his pool
    first = spend_blood(conflict, table, "Edwin Hallam")
    assert first.message == "Edwin Hallam: blood 9 → 8, 1 of 1 this turn"
    assert first.characters[0].sheet.blood == 8 and first.entries[0].change == {
        "field": "blood", "before": 9, "after": 8}
    table = table.with_character(first.characters[0])
    with pytest.raises(ConflictError) as refused:
        spend_blood(first.conflict, table, "Edwin Hallam")
    assert str(refused.value) == "Edwin Hallam already spent 1 of 1 blood this turn (generation 11): 1 more refused"
    assert spent_this_turn(first.conflict, "Edwin Hallam") == 1


def test_the_count_starts_again_each_round_and_is_per_character(v20_store):
    conflict, table = _started(v20_store)  # Honoria: generation 7, 4 per turn
    change = conflict
    for _ in range(4):
        step = spend_blood(change, table, "Lady Honoria Vell")
        change, table = step.conflict, table.with_character(step.characters[0])
        assert step.message.endswith(" of 4 this turn")
    assert spent_this_turn(change, "Edwin Hallam") == 0
    later = tracker.next_round(change, table, GivenFaces({"initiative": [5, 2]})).conflict
    assert spent_this_turn(later, "Lady Honoria Vell") == 0
    assert spend_blood(later, table, "Lady Honoria Vell").message.endswith("1 of 4 this turn")


def test_an_empty_pool_and_an_extra_are_refused(v20_store):
    conflict, table = _started(v20_store)
    edwin = table.characters["Edwin Hallam"]
    edwin.sheet.blood = 0
    with pytest.raises(ConflictError, match="has 0 blood"):
        spend_blood(conflict, table, "Edwin Hallam")
    conflict = roster.add_extras(conflict, table, "Ghoul", pools={"attack": 3}).conflict
    ghoul = conflict.participants[-1].name
    with pytest.raises(ConflictError, match="no blood pool"):
        spend_blood(conflict, table, ghoul)
