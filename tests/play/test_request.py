"""Requests resolve pools against the sheet and apply what the sheet imposes, saying so."""

from __future__ import annotations

import pytest
from play_characters import v5_vampire, vampire, mortal, v20_character, ingenuity_character  # noqa: F401 - fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.errors import VtmError
from vtm_tui.model.character_v5 import Tracker
from vtm_tui.play import headline, ladder_text, make_request, parse_difficulty
from vtm_tui.play.request import log_kind


def test_v5_pool_takes_hunger_from_the_sheet(vampire):
    request = make_request(vampire, "wits+aw", difficulty="3")
    assert request.traits == (("Wits", 3), ("Awareness", 2))
    assert (request.dice, request.hunger, request.difficulty) == (5, 2, 3)
    assert request.description == "Wits 3 + Awareness 2"
    assert headline(request) == "Wits 3 + Awareness 2 = 5 dice (2 Hunger) vs Moderate 3"
    assert request.kind == "test" and log_kind(request) == "roll"


def test_mortal_has_no_hunger_dice(mortal):
    request = make_request(mortal, "Wits + Awareness")
    assert request.hunger == 0 and request.mortal


def test_specialty_modifier_and_difficulty_modifier(vampire):
    request = make_request(vampire, "Charisma + Performance - 1", specialty="Fado", modifier=2,
                           difficulty="hard", difficulty_modifier=-1)
    assert request.dice == 4 + 4 - 1 + 2 + 1
    assert request.difficulty == 4
    assert "specialty (Fado)" in request.description
    assert request.warnings == ()


def test_engine_warnings_travel_with_the_request(vampire):
    request = make_request(vampire, "Wits + Awareness", modifier=4, difficulty=3, difficulty_modifier=3)
    assert len(request.warnings) == 2
    assert "±3" in request.warnings[0] and "±2" in request.warnings[1]


def test_impairment_is_applied_and_named(vampire):
    vampire.sheet.health = Tracker(superficial=vampire.sheet.health_size)
    physical = make_request(vampire, "Dexterity + Brawl")
    assert physical.dice == 6 - 2
    assert any("impaired" in p and "Health" in p for p in physical.penalties)
    assert physical.description.endswith("- 2 impaired")
    mental = make_request(vampire, "Wits + Awareness")
    assert mental.dice == 5 and mental.penalties == ()


def test_willpower_impairment_hits_mental_and_social_pools():
    ch = v5_vampire(willpower=Tracker(superficial=2, aggravated=2))
    assert make_request(ch, "Wits + Awareness").dice == 3
    assert make_request(ch, "Dexterity + Brawl").dice == 6


def test_the_floor_is_one_die(vampire):
    request = make_request(vampire, "Wits - 5")
    assert request.dice == 1 and request.notes


def test_discipline_pool_gets_the_power_bonus_but_refuses_a_surge(vampire):
    vampire.sheet.blood_potency = 2
    request = make_request(vampire, "Charisma + Presence")
    assert request.dice == 4 + 2 + 1
    assert any("power bonus" in p for p in request.penalties)
    with pytest.raises(VtmError, match="non-Discipline"):
        make_request(vampire, "Charisma + Presence", surge=True)


def test_blood_surge_adds_the_blood_potency_dice(vampire):
    request = make_request(vampire, "Dexterity + Brawl", surge=True)
    assert request.surge == 2 and request.dice == 8


def test_tracker_roll_is_found_from_the_pool(vampire):
    request = make_request(vampire, "willpower")
    assert request.kind == "tracker" and request.hunger == 0 and request.dice == 4


def test_remorse_and_frenzy_pools_come_from_the_sheet():
    ch = v5_vampire(stains=2)
    remorse = make_request(ch, kind="remorse")
    assert (remorse.dice, remorse.difficulty, log_kind(remorse)) == (1, 1, "remorse")
    frenzy = make_request(ch, kind="frenzy")
    assert (frenzy.dice, frenzy.difficulty, frenzy.hunger) == (4 + 2, 4, 0)
    with pytest.raises(VtmError, match="no stains"):
        make_request(v5_vampire(), kind="remorse")


def test_rouse_refused_at_hunger_five_unless_forced():
    ch = v5_vampire(hunger=5)
    with pytest.raises(VtmError, match="Hunger 5"):
        make_request(ch, kind="rouse")
    assert make_request(ch, kind="rouse", voluntary=False).hunger == 5


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("wits + xyz", "unknown trait 'xyz'"),
    ("a", "ambiguous"),
    ("wits ++ aw", "cannot read the pool"),
])
def test_bad_pools_say_what_is_wrong(vampire, text, message):
    with pytest.raises(VtmError, match=message) as info:
        make_request(vampire, text)
    assert str(info.value).startswith("Pool:") or "empty" in str(info.value)


def test_bad_difficulty_and_modifier(vampire):
    with pytest.raises(VtmError, match="0-15"):
        make_request(vampire, "Wits", difficulty="16")
    with pytest.raises(VtmError, match="not a number or a name"):
        make_request(vampire, "Wits", difficulty="impossible-ish")
    with pytest.raises(VtmError, match="Modifier"):
        make_request(vampire, "Wits", modifier="lots")


def test_v20_wound_penalty_specialty_and_willpower(v20_character):
    v20_character.sheet.health.lethal = 2  # Hurt: -1
    request = make_request(v20_character, "dex + stealth", difficulty="7", specialty="Shadows", willpower=True)
    assert (request.dice, request.difficulty) == (4, 7)
    assert request.penalties[0].startswith("-1 wounds")
    assert request.willpower and request.specialty
    with pytest.raises(VtmError, match="at most two"):
        make_request(v20_character, "Dexterity + Stealth + Wits")


def test_v20_incapacitated_cannot_act(v20_character):
    v20_character.sheet.health.aggravated = 7
    with pytest.raises(VtmError, match="Incapacitated"):
        make_request(v20_character, "Dexterity + Stealth")


def test_v20_difficulty_defaults_to_six_and_refuses_above_ten(v20_character):
    assert make_request(v20_character, "Dexterity + Stealth").difficulty == 6
    with pytest.raises(VtmError, match="2-10"):
        make_request(v20_character, "Dexterity + Stealth", difficulty="9", difficulty_modifier=2)


def test_ingenuity_pool_with_a_proficiency(ingenuity_character):
    request = make_request(ingenuity_character, "str + combat", specialty="Boat hook", difficulty="moderate",
                           modifier=-1)
    assert (request.attribute_die, request.skill_die, request.bonus) == (10, 8, 2)
    assert request.difficulty == 8 and request.disadvantage == 1
    assert request.description == "Strength d10 + Combat d8 + 2 (Boat hook)"
    named = make_request(ingenuity_character, "Strength + Combat + boat")
    assert named.bonus == 2
    with pytest.raises(VtmError, match="one attribute die"):
        make_request(ingenuity_character, "Strength + Dexterity")
    with pytest.raises(VtmError, match="at most one proficiency"):
        make_request(ingenuity_character, "Strength + Combat + 1", specialty="Boat hook")


def test_ladders():
    assert parse_difficulty("v5", "very") == 6
    assert parse_difficulty("v5", "") == 0
    assert parse_difficulty("v20", "") == 6
    assert parse_difficulty("ingenuity", "") is None
    assert parse_difficulty("ingenuity", "chall") == 10
    assert ladder_text("v5").startswith("Routine 1 · Straightforward 2")


@settings(max_examples=100)
@given(st.integers(0, 15), st.integers(-3, 3))
def test_any_v5_difficulty_in_range_is_accepted(value, mod):
    request = make_request(v5_vampire(), "Wits + Awareness", difficulty=str(value), difficulty_modifier=mod)
    assert request.difficulty == max(0, value + mod)


def test_a_secret_difficulty_stays_off_the_unrevealed_headline(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty="3", secret=True)
    assert headline(request).endswith("vs Moderate 3 (secret)")
    assert headline(request, reveal=False).endswith("vs a secret Difficulty")
    assert "3" not in headline(request, reveal=False).split(" vs ")[1]
