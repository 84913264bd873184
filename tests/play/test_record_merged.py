"""A roll's sheet change logged while another login saved the same sheet: the entry says what the save did.

The roll dialog, a seat's requested roll and ``vtm-tui roll`` append a roll's entry and then save its sheet
change through :class:`~vtm_tui.play.record.Recorder`. The save merges over another login's (Hunger adds up), so
the entry's ``change`` is read from the sheet it replaced and the one it wrote, not from the sheet this process
had read before: a failed Rouse check logged "Hunger 2 → 3" when Hunger really went 3 → 4. The entry is still
appended before the sheet is written, and still appended when the save is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtm_tui.commands.session import roll_remorse
from vtm_tui.play import apply, judge_faces, make_request, sheet_edits
from vtm_tui.play.record import Recorder
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import ConflictError
from vtm_tui.store.session_log import read_session

from tests.merged_saves import NOW
from tests.merged_saves import copy_in_session as _copy


def _entries(chronicle: Path) -> list:
    store = open_chronicle(chronicle)
    return list(read_session(chronicle, store.chronicle.current_session, recover=False).entries)


def _other_login(chronicle: Path, name: str, make) -> None:  # noqa: ANN001
    keeper = SheetKeeper(open_chronicle(chronicle), lambda: NOW)
    character = keeper.store.character(name)
    keeper.apply(character, make(character))


def _roll(store, name: str, faces: str, **fields):  # noqa: ANN001, ANN003, ANN202
    character = store.character(name)
    request = make_request(character, **fields)
    applied = apply(character, request, judge_faces(request, faces), session=store.chronicle.current_session,
                    now=NOW)
    return character, applied


def test_a_failed_rouse_check_logs_the_hunger_the_save_really_raised(tmp_path: Path) -> None:
    lisboa = _copy(tmp_path, "lisboa-nocturna")
    dialog = open_chronicle(lisboa)  # the roll dialog's store, read while Inês had Hunger 2
    _other_login(lisboa, "ines", lambda c: sheet_edits.hunger(c, 1))  # a seat's ]: Hunger 3
    character, applied = _roll(dialog, "ines", "3", kind="rouse")
    assert applied.entries[0].change == {"field": "hunger", "before": 2, "after": 3}  # what this process saw
    saved = Recorder(dialog, lambda: NOW).record(applied, character)
    assert saved.sheet.hunger == 4
    logged = next(e for e in _entries(lisboa) if e.id == applied.entries[0].id)
    assert dict(logged.change) == {"field": "hunger", "before": 3, "after": 4}
    assert logged.result == applied.entries[0].result and logged.kind == "rouse"  # the roll itself unchanged


def test_a_v20_willpower_point_spent_logs_the_merged_points(tmp_path: Path) -> None:
    vigil = _copy(tmp_path, "the-iron-vigil")
    dialog = open_chronicle(vigil)
    _other_login(vigil, "edwin", lambda c: sheet_edits.damage(c, "willpower_current", "point"))  # 3 → 2
    character, applied = _roll(dialog, "edwin", "7 7 7 7 7 7 7", pool_text="Strength + Brawl", difficulty=6,
                               willpower=True)
    assert applied.entries[0].change == {"field": "willpower", "before": 3, "after": 2}
    saved = Recorder(dialog, lambda: NOW).record(applied, character)
    assert saved.sheet.willpower_current == 1
    logged = next(e for e in _entries(vigil) if e.id == applied.entries[0].id)
    assert dict(logged.change) == {"field": "willpower", "before": 2, "after": 1}


def test_a_roll_with_no_other_save_is_logged_as_made(tmp_path: Path) -> None:
    lisboa = _copy(tmp_path, "lisboa-nocturna")
    dialog = open_chronicle(lisboa)
    _other_login(lisboa, "ines", lambda c: sheet_edits.damage(c, "health", "superficial"))  # another field
    character, applied = _roll(dialog, "ines", "3", kind="rouse")
    Recorder(dialog, lambda: NOW).record(applied, character)
    assert _entries(lisboa)[-1] == applied.entries[0]


def test_a_refused_save_still_logs_the_roll_first(tmp_path: Path) -> None:
    lisboa = _copy(tmp_path, "lisboa-nocturna")
    dialog = open_chronicle(lisboa)
    slot = sheet_edits.Slot("humanity", "Humanity", "humanity", 0, 10)
    _other_login(lisboa, "ines", lambda c: sheet_edits.step(c, slot, -1))  # Humanity 7 → 6 elsewhere
    character, applied = _roll(dialog, "ines", "1", kind="remorse")  # fails: Humanity 7 → 6 here too
    with pytest.raises(ConflictError):
        Recorder(dialog, lambda: NOW).record(applied, character)
    assert _entries(lisboa)[-1] == applied.entries[0]  # the dice are on record, as rolled
    assert open_chronicle(lisboa).character("ines").sheet.humanity == 6


def test_the_session_ends_remorse_logs_the_stain_marked_meanwhile(tmp_path: Path) -> None:
    lisboa = _copy(tmp_path, "lisboa-nocturna")
    ending = open_chronicle(lisboa)  # read with Inês at 2 stains
    _other_login(lisboa, "ines", lambda c: sheet_edits.add_stain(c, 1))  # a third, from her seat
    done = roll_remorse(ending, SeededDice(3), ending.chronicle.current_session)
    logged = next(e for e in _entries(lisboa) if e.id == done[0]["logged"])
    assert logged.change["before"]["stains"] == 3  # the Remorse cleared the two it knew; the third stays
    assert logged.change["after"]["stains"] == 1 == open_chronicle(lisboa).character("ines").sheet.stains
