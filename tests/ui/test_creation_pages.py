"""The guided-creation pages' edits of a character document (no Textual)."""

from __future__ import annotations

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.screens.creation_pages import (
    named_entries,
    parse_named,
    read_convictions,
    set_rating,
    write_convictions,
)


def _step(ruleset: str, step_id: str):
    return next(s for s in ruleset_for(ruleset).creation_steps() if s.id == step_id)


def test_names_complete_to_the_rule_sets_spelling_and_zero_removes() -> None:
    doc: dict = {}
    step = _step("v5", "disciplines")
    parse_named(doc, step, "  potence   2 ")
    parse_named(doc, step, "Auspex")
    parse_named(doc, step, "Tenebrous Whispers 1")  # a chronicle's own: kept as typed
    parse_named(doc, step, "fort 3")  # the one name it begins
    parse_named(doc, step, "pot 3")  # already on the sheet and in the list: still one name
    parse_named(doc, step, "pot 2")
    parse_named(doc, step, "tenebrous whispers 1")  # the sheet's own spelling
    parse_named(doc, step, "Ob 1")  # Obfuscate or Oblivion: kept as typed
    assert doc["disciplines"] == {"Potence": 2, "Auspex": 1, "Tenebrous Whispers": 1, "Fortitude": 3, "Ob": 1}
    parse_named(doc, step, "auspex 0")
    assert "Auspex" not in doc["disciplines"]
    with pytest.raises(VtmError, match="Potence: 6 is outside 1-5"):
        parse_named(doc, step, "Potence 6")


def test_specialties_are_skill_colon_specialty_and_delete_takes_one_out() -> None:
    doc: dict = {}
    step = _step("v5", "specialties")
    parse_named(doc, step, "brawl: Grappling")
    parse_named(doc, step, "Brawl: Kindred")
    parse_named(doc, step, "Occult: Tremere lore")
    assert named_entries(doc, step) == ["Brawl: Grappling", "Brawl: Kindred", "Occult: Tremere lore"]
    named_entries(doc, step, remove=0)
    assert doc["specialties"] == {"Brawl": ["Kindred"], "Occult": ["Tremere lore"]}
    with pytest.raises(VtmError, match="colon"):
        parse_named(doc, step, "Brawl Grappling")


def test_ratings_move_within_their_values_and_dice_step_by_size() -> None:
    doc = {"attributes": {"Strength": 1}}
    step = _step("v5", "attributes")
    assert set_rating(doc, step, "Strength", 4, absolute=True) is None and doc["attributes"]["Strength"] == 4
    assert set_rating(doc, step, "Strength", 9, absolute=True) == "Strength: 9 is not one of 1, 2, 3, 4, 5"
    assert set_rating(doc, step, "Strength", 1, absolute=False) is None and doc["attributes"]["Strength"] == 5
    assert "maximum" in set_rating(doc, step, "Strength", 1, absolute=False)
    dice = {"attributes": {"Strength": "d6"}}
    step = _step("ingenuity", "attributes")
    assert set_rating(dice, step, "Strength", 1, absolute=False) is None and dice["attributes"]["Strength"] == 8
    assert set_rating(dice, step, "Strength", 0, absolute=True) is None and dice["attributes"]["Strength"] == 10


def test_convictions_and_their_touchstones_round_trip() -> None:
    doc: dict = {}
    write_convictions(doc, "Never harm a child = Inês, her niece\n\nProtect the weak\n")
    assert doc["convictions"] == ["Never harm a child", "Protect the weak"]
    assert doc["touchstones"] == [{"name": "Inês, her niece", "conviction": "Never harm a child"}]
    assert read_convictions(doc) == "Never harm a child = Inês, her niece\nProtect the weak"


def test_editing_convictions_keeps_a_touchstones_note_and_shows_every_pair() -> None:
    doc = {"convictions": ["Nobody gets left", "Never bow"],
           "touchstones": [{"name": "Zé", "conviction": "Nobody gets left", "note": "his ghoul"},
                           {"name": "Rosa", "conviction": "Nobody gets left"}, {"name": "Avó"}]}
    text = read_convictions(doc)
    assert text == "Nobody gets left = Zé\nNobody gets left = Rosa\nNever bow\n= Avó"
    write_convictions(doc, text.replace("Never bow", "Never bow to money = Zé"))
    assert doc["convictions"] == ["Nobody gets left", "Never bow to money"]
    assert doc["touchstones"] == [{"name": "Zé", "conviction": "Nobody gets left", "note": "his ghoul"},
                                  {"name": "Rosa", "conviction": "Nobody gets left"},
                                  {"name": "Zé", "conviction": "Never bow to money"}, {"name": "Avó"}]


def test_a_sheet_batch_reads_as_each_changed_value_in_the_log() -> None:
    from vtm_tui.model.log_entry import describe_change

    change = {"field": "sheet", "before": {"attributes.Strength": 4, "clan": ""},
              "after": {"attributes.Strength": 5, "clan": "Brujah"}}
    assert describe_change(change) == "attributes.Strength 4→5, clan —→Brujah"
