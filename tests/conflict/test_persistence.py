"""A conflict saved through the store reads back at the same turn, and every entry it logs is appendable."""

from __future__ import annotations

from conflict_support import table_of, v5_store, v20_store, ingenuity_store  # noqa: F401 - fixtures

from tests.round_shims import v20_round
from vtm_tui.conflict import roster, tallies, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session


def _log_all(store, change):
    for character in change.characters:
        store.save_character(character)
    for entry in change.entries:
        store.log(entry)
    return store.save_conflict(change.conflict)


def test_a_v20_round_saved_mid_way_resumes_at_the_same_turn(v20_store):
    table = table_of(v20_store)
    conflict = tracker.new_conflict("The furnace")
    for name in ("Edwin Hallam", "Lady Honoria Vell"):
        conflict = _log_all(v20_store, roster.add_character(conflict, table, v20_store.character(name)))
    conflict = _log_all(v20_store, roster.add_extras(conflict, table, "Ghoul", 2, pools={"general": 5, "attack": 6}))
    conflict = _log_all(v20_store, tracker.next_round(conflict, table, SeededDice(3)))
    conflict = _log_all(v20_store, v20_round.declare_multiple(conflict, table, "Edwin Hallam", 2))
    conflict = _log_all(v20_store, tallies.start_tally(conflict, table, "Hold the door", "Ghoul 1", 4))
    for _ in range(5):
        conflict = _log_all(v20_store, tracker.next_turn(conflict, table, SeededDice(4)))
    spec = ContestSpec("Edwin Hallam", "Ghoul 2", "Dexterity + Brawl", "")
    conflict = _log_all(v20_store, resolve(conflict, table, SeededDice(5), spec))

    again = open_chronicle(v20_store.path)
    loaded = again.load_conflict()
    assert loaded == conflict
    assert loaded.current().name == conflict.current().name and loaded.round == 1
    assert loaded.state["multiple"] == {"Edwin Hallam": 2}
    log = read_session(v20_store.path, table.session)
    kinds = [e.kind for e in log.entries]
    assert kinds.count("conflict") >= 9 and "contest" in kinds


def test_ingenuity_and_v5_state_round_trip(ingenuity_store, v5_store):
    for store, names in ((ingenuity_store, ("The Drowned Man", "Bram Cole")),
                         (v5_store, ("Vicente Lobo", "Inês Valadares"))):
        table = table_of(store)
        conflict = tracker.new_conflict()
        for name in names:
            conflict = _log_all(store, roster.add_character(conflict, table, store.character(name)))
        conflict = _log_all(store, tracker.next_round(conflict, table, GivenFaces([])))
        conflict = _log_all(store, tracker.next_turn(conflict, table, GivenFaces([])))
        assert open_chronicle(store.path).load_conflict() == conflict
