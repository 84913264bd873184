"""The one call that makes a whole roll (play/roll_path.py), with typed faces: Blood Surge and Rouse at Hunger 5.

docs/rules.md: Blood Surge is "a Rouse check first, then add the surge dice to one non-Discipline pool; the test
rolls with the Hunger AFTER that Rouse, and the result shows the Rouse". A Rouse at Hunger 5: "a vampire cannot
rouse voluntarily; ANY forced rouse at Hunger 5, passed or failed, calls for a hunger frenzy test at Difficulty 4".
"""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.play.record import Recorder
from vtm_tui.play.roll_path import make_roll
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.roll_options import RollOptions
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
NO_DICE = GivenFaces({})  # every die of these rolls is typed: the app's dice are never asked


def chronicle_with_hunger(folder: Path, hunger: int):
    shutil.copytree(EXAMPLE, folder)
    sheet = folder / "characters" / "ines-valadares.toml"
    text = sheet.read_text(encoding="utf-8")
    assert "\nhunger = 2\n" in text
    sheet.write_text(text.replace("\nhunger = 2\n", f"\nhunger = {hunger}\n"), encoding="utf-8")
    store = open_chronicle(folder)
    return store, store.character("ines")


def logged(folder: Path) -> list:
    path = folder / "sessions" / "0004.toml"
    return list(read_session(folder, 4, recover=False).entries) if path.exists() else []


@pytest.mark.parametrize(("face", "result"), [("7", "pass"), ("3", "fail")])
def test_any_forced_rouse_at_hunger_5_owes_a_hunger_frenzy_test_at_difficulty_4(tmp_path, face, result):
    store, ines = chronicle_with_hunger(tmp_path / "c", 5)
    made = make_roll(ines, RollOptions(kind="rouse", voluntary=False), recorder=Recorder(store, lambda: NOW),
                     dice=NO_DICE, faces=face)
    assert made.outcome.result == result and made.character.sheet.hunger == 5
    frenzy = [item for item in made.follow_ups if item.action == "frenzy"]
    assert len(frenzy) == 1 and frenzy[0].difficulty == 4 and "hunger frenzy test at Difficulty 4" in frenzy[0].text
    assert [entry.kind for entry in logged(tmp_path / "c")] == ["rouse"]


def test_a_voluntary_rouse_at_hunger_5_is_refused_before_anything_is_logged(tmp_path):
    store, ines = chronicle_with_hunger(tmp_path / "c", 5)
    with pytest.raises(VtmError, match="Hunger 5"):
        make_roll(ines, RollOptions(kind="rouse"), recorder=Recorder(store, lambda: NOW), dice=NO_DICE, faces="7")
    assert logged(tmp_path / "c") == []


def test_a_blood_surge_at_hunger_5_is_refused_before_anything_is_logged(tmp_path):
    store, ines = chronicle_with_hunger(tmp_path / "c", 5)
    with pytest.raises(VtmError, match="Blood Surge"):
        make_roll(ines, RollOptions(pool="Wits + Awareness", surge=True), recorder=Recorder(store, lambda: NOW),
                  dice=NO_DICE, rouse_faces="7", faces="9 7 | 7 3 6 2 1")
    assert logged(tmp_path / "c") == []


def test_a_blood_surge_rolls_with_the_hunger_after_its_rouse_and_shows_it(tmp_path):
    """Hunger 4, the surge's Rouse fails (2): Hunger 5, and the 7-die test rolls 5 Hunger dice, not 4."""
    store, ines = chronicle_with_hunger(tmp_path / "c", 4)
    made = make_roll(ines, RollOptions(pool="Wits + Awareness", surge=True), recorder=Recorder(store, lambda: NOW),
                     dice=NO_DICE, rouse_faces="2", faces="9 7 | 7 3 6 2 1")
    assert made.request.hunger == 5 and made.request.dice == 7
    assert made.outcome.to_dict()["hunger_faces"] == [7, 3, 6, 2, 1]
    rouse, roll = made.entries
    assert (rouse.kind, rouse.comment, rouse.change) == ("rouse", "Blood Surge",
                                                          {"field": "hunger", "before": 4, "after": 5})
    assert roll.kind == "roll" and made.entry == roll and made.character.sheet.hunger == 5
    shown = [item.text for item in made.follow_ups]
    assert any("Blood Surge Rouse: 2 → fail, Hunger 4 → 5; the test rolls 5 Hunger dice" in text for text in shown)
    assert not any(item.action == "frenzy" for item in made.follow_ups)  # a surge's Rouse is a voluntary one
    assert [entry.kind for entry in logged(tmp_path / "c")] == ["rouse", "roll"]


def test_a_miscount_of_typed_faces_after_a_surge_logs_nothing(tmp_path):
    store, ines = chronicle_with_hunger(tmp_path / "c", 2)
    with pytest.raises(VtmError, match="Faces"):
        make_roll(ines, RollOptions(pool="Wits + Awareness", surge=True), recorder=Recorder(store, lambda: NOW),
                  dice=NO_DICE, rouse_faces="2", faces="9 7 | 7 3")
    assert logged(tmp_path / "c") == []
