"""Blood spent on the sheet (``]``, a seat, ``vtm-tui sheet``) during a V20 conflict counts toward the turn's
limit, the same count ``b`` on the conflict screen keeps: one rule, in the headless layer."""

from __future__ import annotations

import re

import pytest
from conflict_support import NOW, open_copy, table_of

from vtm_tui.cli import main
from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.blood import spend_blood, spent_this_turn
from vtm_tui.conflict.context import ConflictError
from vtm_tui.errors import VtmError
from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_save import SheetKeeper, apply_edits
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.chronicle_store import open_chronicle

EDWIN_REFUSED = "Edwin Hallam already spent 1 of 1 blood this turn (generation 11): 1 more refused"


@pytest.fixture
def vigil(tmp_path):
    """A copy of the V20 example, The Iron Vigil."""
    return open_copy(tmp_path, "v20")


def _fight(store, names=("Edwin Hallam", "Lady Honoria Vell")):
    """A conflict with ``names`` in it, round 1 begun, saved as conflict.toml."""
    table = table_of(store)
    conflict = tracker.new_conflict()
    for name in names:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    conflict = tracker.next_round(conflict, table, GivenFaces({"initiative": [5, 2]})).conflict
    return store.save_conflict(conflict)


def _press_bracket(keeper, store, name):
    character = store.character(name)
    return keeper.apply(character, sheet_edits.hunger(character, 1))


def test_a_sheet_spend_counts_in_the_round_and_the_next_is_refused(vigil):
    _fight(vigil)
    keeper = SheetKeeper(vigil, lambda: NOW)
    saved, entry = _press_bracket(keeper, vigil, "Edwin Hallam")  # generation 11: 1 per turn
    assert saved.sheet.blood == 8 and entry.change == {"field": "blood", "before": 9, "after": 8}
    assert spent_this_turn(vigil.load_conflict(), "Edwin Hallam") == 1
    with pytest.raises(VtmError) as refused:
        _press_bracket(keeper, vigil, "Edwin Hallam")
    assert str(refused.value) == EDWIN_REFUSED
    reopened = open_chronicle(vigil.path)
    assert reopened.character("Edwin Hallam").sheet.blood == 8
    assert spent_this_turn(reopened.load_conflict(), "Edwin Hallam") == 1


def test_b_on_the_conflict_screen_sees_what_the_sheet_spent(vigil):
    _fight(vigil)
    _press_bracket(SheetKeeper(vigil, lambda: NOW), vigil, "Edwin Hallam")
    with pytest.raises(ConflictError, match="already spent 1 of 1 blood this turn"):
        spend_blood(vigil.load_conflict(), table_of(vigil), "Edwin Hallam")


def test_a_sheet_spend_after_b_is_refused_and_the_next_round_allows_again(vigil):
    conflict = _fight(vigil)
    table = table_of(vigil)
    change = spend_blood(conflict, table, "Edwin Hallam")
    vigil.save_character(change.characters[0])
    conflict = vigil.save_conflict(change.conflict)
    keeper = SheetKeeper(vigil, lambda: NOW)
    with pytest.raises(VtmError, match="^Edwin Hallam already spent 1 of 1 blood"):
        _press_bracket(keeper, vigil, "Edwin Hallam")
    vigil.save_conflict(tracker.next_round(conflict, table_of(vigil), GivenFaces({"initiative": [5, 2]}))
                            .conflict)
    assert _press_bracket(keeper, vigil, "Edwin Hallam")[0].sheet.blood == 7


def test_undoing_a_sheet_spend_takes_it_out_of_the_rounds_count(vigil):
    _fight(vigil)
    keeper = SheetKeeper(vigil, lambda: NOW)
    _press_bracket(keeper, vigil, "Edwin Hallam")
    keeper.undo()  # a mistaken ]: it must not use up Edwin's turn
    assert vigil.character("Edwin Hallam").sheet.blood == 9
    assert spent_this_turn(vigil.load_conflict(), "Edwin Hallam") == 0
    assert _press_bracket(keeper, vigil, "Edwin Hallam")[0].sheet.blood == 8
    with pytest.raises(VtmError, match=re.escape(EDWIN_REFUSED)):
        _press_bracket(keeper, vigil, "Edwin Hallam")


def test_no_conflict_or_not_in_it_spends_freely_and_regaining_is_no_spend(vigil):
    keeper = SheetKeeper(vigil, lambda: NOW)
    for _ in range(3):  # no conflict: no turn to count in
        _press_bracket(keeper, vigil, "Edwin Hallam")
    _fight(vigil, names=("Lady Honoria Vell",))
    _press_bracket(keeper, vigil, "Edwin Hallam")  # not taking part
    edwin = vigil.character("Edwin Hallam")
    keeper.apply(edwin, sheet_edits.hunger(edwin, -1))  # [ regains: not counted
    assert vigil.character("Edwin Hallam").sheet.blood == 6
    assert spent_this_turn(vigil.load_conflict(), "Edwin Hallam") == 0


def test_several_presses_beyond_the_limit_save_none(vigil):
    _fight(vigil)  # Honoria: generation 7, 4 per turn
    honoria = vigil.character("Lady Honoria Vell")
    before = honoria.sheet.blood
    with pytest.raises(VtmError, match=r"spent 0 of 4 blood this turn \(generation 7\): 5 more refused"):
        apply_edits(SheetKeeper(vigil, lambda: NOW), honoria, [lambda c: sheet_edits.hunger(c, 1)] * 5)
    assert open_chronicle(vigil.path).character("Lady Honoria Vell").sheet.blood == before
    assert spent_this_turn(vigil.load_conflict(), "Lady Honoria Vell") == 0


def test_the_sheet_verb_counts_too(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CAMPAIGNS", str(tmp_path / "elsewhere"))
    store = open_copy(tmp_path, "v20")
    _fight(store)
    argv = ["sheet", str(store.path), "--character", "Edwin Hallam", "hunger", "+1"]
    assert main(argv) == 0
    assert main(argv) == 2
    assert EDWIN_REFUSED in capsys.readouterr().err
    assert open_chronicle(store.path).character("Edwin Hallam").sheet.blood == 8
