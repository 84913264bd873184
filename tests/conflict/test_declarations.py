"""Cycling a declaration (V5 ``g``, V20 ``m``) logs one entry with the final choice, once play moves on."""

from __future__ import annotations

from conflict_support import table_of, v5_store, v20_store  # noqa: F401 - fixtures

from tests.round_shims import v5_round, v20_round
from vtm_tui.conflict import declarations, roster, tracker
from vtm_tui.conflict.context import Change
from vtm_tui.model.conflict import Conflict
from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.rules.v5.turn_order import Group


def _setup(store, *names):
    table = table_of(store)
    conflict = tracker.new_conflict()
    for name in names:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return conflict, table


def _cycle(conflict: Conflict, table, name: str, times: int) -> Conflict:
    for _ in range(times):
        p = roster.find(conflict, name)
        change = v5_round.declare(conflict, table, name, v5_round.cycle_group(p))
        assert change.entries == ()  # nothing is logged while the storyteller is still choosing
        conflict = change.conflict
    return conflict


def test_three_presses_log_one_entry_with_the_final_group(v5_store) -> None:
    conflict, table = _setup(v5_store, "Inês Valadares", "Rita Calado")
    conflict = _cycle(conflict, table, "Rita Calado", 3)  # other → engaged → ranged → new close
    before = conflict
    moved = tracker.next_round(conflict, table, GivenFaces([]))
    settled = declarations.settled_after(before, moved, table)
    declared = [e for e in settled.entries if e.change.get("field") == "declared"]
    assert len(declared) == 1
    assert declared[0].actor == "Rita Calado"
    assert (declared[0].change["before"], declared[0].change["after"]) == (Group.OTHER.label, Group.NEW_CLOSE.label)
    assert settled.entries[0] is declared[0]  # the declaration comes before what the round start logs
    assert declarations.pending(settled.conflict) == {}


def test_cycling_back_to_the_start_logs_nothing(v5_store) -> None:
    conflict, table = _setup(v5_store, "Rita Calado")
    conflict = _cycle(conflict, table, "Rita Calado", len(Group))
    settled = declarations.settle(Change(conflict), table)
    assert settled.entries == () and declarations.pending(settled.conflict) == {}


def test_a_declaration_step_does_not_settle_another_pending_one(v5_store) -> None:
    conflict, table = _setup(v5_store, "Inês Valadares", "Rita Calado")
    conflict = _cycle(conflict, table, "Rita Calado", 1)
    step = v5_round.declare(conflict, table, "Inês Valadares", Group.RANGED)
    assert declarations.settled_after(conflict, step, table) is step
    assert set(declarations.pending(step.conflict)) == {"Rita Calado/declared", "Inês Valadares/declared"}


def test_v20_multiple_actions_log_the_final_count(v20_store) -> None:
    conflict, table = _setup(v20_store, "Edwin Hallam", "Lady Honoria Vell")
    conflict = tracker.next_round(conflict, table, SeededDice(3)).conflict
    for count in (2, 3, 4):
        change = v20_round.declare_multiple(conflict, table, "Edwin Hallam", count)
        assert change.entries == ()
        conflict = change.conflict
    settled = declarations.settled_after(conflict, tracker.next_turn(conflict, table, SeededDice(4)), table)
    actions = [e for e in settled.entries if e.change.get("field") == "actions"]
    assert [(e.change["before"], e.change["after"]) for e in actions] == [(1, 4)]


def test_pending_declarations_survive_the_file(v5_store) -> None:
    conflict, table = _setup(v5_store, "Rita Calado")
    conflict = _cycle(conflict, table, "Rita Calado", 2)
    saved = v5_store.save_conflict(conflict)
    assert declarations.pending(saved) == declarations.pending(conflict) != {}
