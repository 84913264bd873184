"""The play layer's V20 kinds: Virtue rolls from the sheet, damage and soak without botches, degeneration applied."""

from __future__ import annotations

import pytest
from play_characters import NOW, v20_character  # noqa: F401 - fixtures

from vtm_tui.errors import VtmError
from vtm_tui.play import apply, follow_ups, judge_faces, make_request, odds, perform
from vtm_tui.play.request import log_kind
from vtm_tui.rules.dice import GivenFaces


def test_virtue_rolls_use_the_sheets_virtue_and_no_wound_penalty(v20_character):
    ch = v20_character
    ch.sheet.virtues = {"Conscience": 2, "Instinct": 3, "Courage": 4}
    ch.sheet.health.lethal = 3  # Injured: -1 die on a test
    frenzy = make_request(ch, "Frenzy", kind="frenzy", difficulty=8)
    assert (frenzy.dice, frenzy.traits, frenzy.difficulty, log_kind(frenzy)) == (3, (("Instinct", 3),), 8, "frenzy")
    assert make_request(ch, "", kind="rotschreck").traits == (("Courage", 4),)
    assert make_request(ch, "", kind="degeneration").dice == 2
    assert make_request(ch, "Dexterity + Stealth").dice == 4  # a test: 5 dice less 1 for the wounds


def test_willpower_is_refused_on_virtue_and_damage_rolls(v20_character):
    with pytest.raises(VtmError, match="not spent on a Virtue roll"):
        make_request(v20_character, "", kind="frenzy", willpower=True)
    with pytest.raises(VtmError, match="not spent on a damage roll"):
        make_request(v20_character, "Strength", kind="damage", willpower=True)


def test_a_v5_kind_is_refused_for_v20(v20_character):
    with pytest.raises(VtmError, match="not a V20 roll"):
        make_request(v20_character, "", kind="rouse")


def test_damage_and_soak_in_the_play_layer(v20_character):
    request = make_request(v20_character, "Strength", kind="damage")
    outcome = judge_faces(request, "1 3 2 2")
    assert outcome.result == "failure" and [f.text for f in follow_ups(outcome, request)] == ["No damage dealt"]
    view = odds(request)
    assert dict(view.rows)["botch"] == 0
    spared = make_request(v20_character, "Strength", kind="damage", options={"damage_ones_do_not_cancel": True})
    assert judge_faces(spared, "8 1 2 2").successes == 1
    assert perform(spared, GivenFaces([8, 1, 2, 2])).successes == 1
    assert judge_faces(request, "8 1 2 2").successes == 0


def test_degeneration_costs_a_dot_only_on_a_failure(v20_character):
    ch = v20_character
    request = make_request(ch, "", kind="degeneration", difficulty=6)
    lost = apply(ch, request, judge_faces(request, "2"), session=1, now=NOW)
    assert lost.character.sheet.path_rating == ch.sheet.path_rating - 1
    assert lost.entries[0].change == {"field": "path_rating", "before": ch.sheet.path_rating,
                                      "after": ch.sheet.path_rating - 1}
    kept = apply(ch, request, judge_faces(request, "9"), session=1, now=NOW)
    assert not kept.changed and kept.character.sheet.path_rating == ch.sheet.path_rating
