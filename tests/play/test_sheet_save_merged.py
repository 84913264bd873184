"""Two logins editing one sheet at once: each log entry says what its save really did on disk.

The store merges a save over another process's (``merge_sheet`` replays tracks), so the sheet ends right; the
entry's ``change = {field, before, after}`` must too: the second login's before is the value the first saved,
its after the merged value, not the values it had read before either saved. The ledger and experience review
read these entries. ``ctrl+z`` takes back this save's own effect, the other login's stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_batch import set_values
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

from tests.merged_saves import NOW
from tests.merged_saves import copy_in_session as _copy


@pytest.fixture
def vigil(tmp_path: Path) -> Path:
    """The V20 example, a session open; Edwin Hallam has 9 blood."""
    return _copy(tmp_path, "the-iron-vigil")


@pytest.fixture
def lisboa(tmp_path: Path) -> Path:
    return _copy(tmp_path, "lisboa-nocturna")


@pytest.fixture
def saltmarsh(tmp_path: Path) -> Path:
    return _copy(tmp_path, "lanterns-of-saltmarsh")


def _keepers(chronicle: Path) -> tuple[SheetKeeper, SheetKeeper]:
    """Two logins, each with its own store, both loaded before either saves."""
    return (SheetKeeper(open_chronicle(chronicle), lambda: NOW), SheetKeeper(open_chronicle(chronicle), lambda: NOW))


def _press(keeper: SheetKeeper, name: str, make):  # noqa: ANN001, ANN202
    character = keeper.store.character(name)
    return keeper.apply(character, make(character))


def _logged(chronicle: Path, entry_id: str) -> dict:
    store = open_chronicle(chronicle)
    entries = read_session(chronicle, store.chronicle.current_session, recover=False).entries
    return dict(next(e for e in entries if e.id == entry_id).change)


def test_the_second_blood_spent_says_eight_to_seven_not_nine_to_eight(vigil: Path) -> None:
    first, second = _keepers(vigil)
    _, one = _press(first, "edwin", lambda c: sheet_edits.hunger(c, 1))
    saved, two = _press(second, "edwin", lambda c: sheet_edits.hunger(c, 1))
    assert one.change == {"field": "blood", "before": 9, "after": 8}
    assert saved.sheet.blood == 7
    assert two.change == {"field": "blood", "before": 8, "after": 7}
    assert _logged(vigil, two.id) == {"field": "blood", "before": 8, "after": 7}  # the file says so too


def test_three_logins_make_a_chain_of_changes(vigil: Path) -> None:
    keepers = [SheetKeeper(open_chronicle(vigil), lambda: NOW) for _ in range(3)]
    changes = [_press(k, "edwin", lambda c: sheet_edits.hunger(c, 1))[1].change for k in keepers]
    assert [(c["before"], c["after"]) for c in changes] == [(9, 8), (8, 7), (7, 6)]


def test_a_v5_track_logs_the_replayed_boxes(lisboa: Path) -> None:
    setup = open_chronicle(lisboa)
    ines = setup.character("ines")
    ines.sheet.health.superficial, ines.sheet.health.aggravated = 4, 0
    setup.save_character(ines)
    storyteller, marta = _keepers(lisboa)
    _press(marta, "ines", lambda c: sheet_edits.damage(c, "health", "superficial"))
    saved, entry = _press(storyteller, "ines", lambda c: sheet_edits.damage(c, "health", "aggravated"))
    # Marta filled the track ({5, 0}); the storyteller's Aggravated then replaced a Superficial box: {4, 1}.
    assert (saved.sheet.health.superficial, saved.sheet.health.aggravated) == (4, 1)
    assert entry.change == {"field": "health", "before": {"superficial": 5, "aggravated": 0},
                            "after": {"superficial": 4, "aggravated": 1}}


def test_an_ingenuity_resource_logs_the_merged_points(saltmarsh: Path) -> None:
    first, second = _keepers(saltmarsh)
    _press(first, "wren", lambda c: sheet_edits.damage(c, "resources.Focus", "point"))
    saved, entry = _press(second, "wren", lambda c: sheet_edits.damage(c, "resources.Focus", "point"))
    assert sheet_edits.get_value(saved, "resources.Focus") == 9
    assert entry.change == {"field": "resources.Focus", "before": 10, "after": 9}


def test_a_batch_logs_each_field_as_merged(vigil: Path) -> None:
    first, second = _keepers(vigil)
    _press(first, "edwin", lambda c: sheet_edits.hunger(c, 2))  # 9 → 7 blood
    saved, entry = _press(second, "edwin", lambda c: set_values(c, [("blood.current", "5"),
                                                                   ("attributes.Strength", "5")]))
    # Blood adds up (the second login took 4 from what it read): 7 - 4 = 3; Strength only it changed.
    assert saved.sheet.blood == 3
    assert entry.change["field"] == "sheet"
    assert entry.change["before"]["blood.current"] == 7 and entry.change["after"]["blood.current"] == 3
    strength = open_chronicle(vigil).character("edwin").sheet.attributes["Strength"]
    assert strength == 5 == entry.change["after"]["attributes.Strength"]
    assert entry.change["before"]["attributes.Strength"] == 4


def test_a_field_the_other_login_left_alone_is_logged_as_the_edit_says(lisboa: Path) -> None:
    first, second = _keepers(lisboa)
    _press(first, "ines", lambda c: sheet_edits.hunger(c, 1))
    ines = second.store.character("ines")
    edit = sheet_edits.damage(ines, "willpower", "superficial")
    _, entry = second.apply(ines, edit)
    assert entry.change == edit.change
    notes = sheet_edits.set_text(second.store.character("ines"), "notes", "Owes Amália a boon")
    _, entry = second.apply(second.store.character("ines"), notes)
    assert entry.change == notes.change


def test_undo_takes_back_only_this_logins_blood(vigil: Path) -> None:
    first, second = _keepers(vigil)
    _press(first, "edwin", lambda c: sheet_edits.hunger(c, 1))
    _press(second, "edwin", lambda c: sheet_edits.hunger(c, 1))
    saved, entry, _ = second.undo()
    assert saved is not None and saved.sheet.blood == 8  # the first login's point stays spent
    assert entry.change == {"field": "blood", "before": 7, "after": 8}
    assert open_chronicle(vigil).character("edwin").sheet.blood == 8


def test_an_undo_merged_over_another_logins_save_logs_what_it_did(vigil: Path) -> None:
    first, second = _keepers(vigil)
    _press(first, "edwin", lambda c: sheet_edits.hunger(c, 1))  # 9 → 8
    _press(second, "edwin", lambda c: sheet_edits.hunger(c, 1))  # read 9, on disk 8: 8 → 7
    saved, entry, _ = first.undo()  # read 8, on disk 7: gives back its own point only
    assert saved is not None and saved.sheet.blood == 8
    assert entry.change == {"field": "blood", "before": 7, "after": 8}


def test_undoing_an_experience_spend_keeps_another_logins_hunger(lisboa: Path) -> None:
    from vtm_tui.play import experience as xp

    first, second = _keepers(lisboa)
    _press(first, "ines", lambda c: sheet_edits.hunger(c, 1))  # Hunger 2 → 3 from the other login
    ines = second.store.character("ines")  # read at Hunger 2
    spent = xp.spend(second.store, ines, "skills.Academics", now=NOW)
    assert spent.character.sheet.hunger == 3 and spent.character.sheet.skills["Academics"] == 2
    second.remember(spent.replaced or ines, spent.character, spent.entry)  # what the X key does
    saved, _entry, _ = second.undo()
    assert saved is not None and saved.sheet.skills.get("Academics", 0) == 1
    assert saved.sheet.hunger == 3 == open_chronicle(lisboa).character("ines").sheet.hunger
