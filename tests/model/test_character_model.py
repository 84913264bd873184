"""Characters: validation messages name the field and the range; unknown keys survive; traits() feeds pools."""

import pytest

from vtm_tui.model.character import Character, new_character
from vtm_tui.model.character_v5 import Tracker
from vtm_tui.model.traits import V5_ATTRIBUTES
from vtm_tui.model.chronicle import Chronicle
from vtm_tui.model.conflict import Conflict, Participant, Tally
from vtm_tui.rules.pool import resolve
from vtm_tui.store.errors import InvalidDataError


def v5_doc(**changes) -> dict:
    doc = new_character("Ana", "v5").to_toml()
    doc.update(changes)
    return doc


def test_out_of_range_attribute_names_field_and_range() -> None:
    doc = v5_doc()
    doc["attributes"]["Strength"] = 7
    with pytest.raises(InvalidDataError) as err:
        Character.from_toml(doc, where="characters/ana.toml")
    assert str(err.value) == "characters/ana.toml: field 'attributes.Strength': 7 is out of range 1-5"


def test_wrong_type_and_missing_attribute() -> None:
    doc = v5_doc(hunger="two")
    with pytest.raises(InvalidDataError, match="field 'hunger': expected a whole number, got 'two'"):
        Character.from_toml(doc, where="a.toml")
    doc = v5_doc()
    del doc["attributes"]["Wits"]
    with pytest.raises(InvalidDataError, match="'attributes.Wits': is missing; every attribute needs a value 1-5"):
        Character.from_toml(doc, where="a.toml")


def test_damage_beyond_the_track_is_refused() -> None:
    doc = v5_doc(health={"superficial": 3, "aggravated": 2})  # Stamina 1: 4 boxes
    with pytest.raises(InvalidDataError, match="3 Superficial \\+ 2 Aggravated is more than the 4 boxes"):
        Character.from_toml(doc, where="a.toml")


def test_mortals_have_no_hunger() -> None:
    doc = v5_doc(creature="mortal", hunger=2)
    with pytest.raises(InvalidDataError, match="'hunger': 2 is out of range 0-0"):
        Character.from_toml(doc, where="a.toml")


def test_unknown_keys_survive_at_every_level() -> None:
    doc = v5_doc(favourite_song="Fado", health={"superficial": 1, "aggravated": 0, "note": "bite"})
    doc["touchstones"] = [{"name": "Rui", "conviction": "Never harm a child", "since": 1998}]
    character = Character.from_toml(doc, where="a.toml")
    assert character.extra == {"favourite_song": "Fado", "health": {"note": "bite"}}
    assert character.sheet.touchstones[0].extra == {"since": 1998}
    assert character.to_toml() == doc


def test_names_are_matched_case_insensitively_and_custom_skills_warn() -> None:
    doc = v5_doc()
    doc["skills"] = {"animal ken": 2, "Seafaring": 1}
    warnings: list[str] = []
    character = Character.from_toml(doc, where="a.toml", warnings=warnings)
    assert character.sheet.skills == {"Animal Ken": 2, "Seafaring": 1}
    assert warnings == ["a.toml: field 'skills.Seafaring': is not a standard skill; kept as a custom one"]


def test_ruleset_mismatch_is_refused() -> None:
    doc = new_character("Old Tom", "v20").to_toml()
    with pytest.raises(InvalidDataError, match="is 'v20' but the chronicle plays 'v5'"):
        Character.from_toml(doc, where="a.toml", ruleset="v5")


def test_v5_traits_and_trackers() -> None:
    character = new_character("Ana", "v5")
    sheet = character.sheet
    sheet.attributes.update(Wits=3, Stamina=2, Composure=2, Resolve=3)
    sheet.skills["Awareness"] = 2
    sheet.willpower = Tracker(superficial=2, aggravated=1)
    traits = character.traits()
    assert resolve("wits + aw", traits).describe() == "Wits 3 + Awareness 2"
    assert traits["Brawl"] == 0 and traits["Willpower"] == 2
    assert sheet.health_size == 5 and sheet.willpower_size == 5
    assert sheet.willpower.boxes(5) == "X//.."
    assert not sheet.willpower.impaired(5) and Tracker(3, 2).impaired(5)


def test_remorse_dice_and_humanity_boxes() -> None:
    sheet = new_character("Ana", "v5").sheet
    sheet.humanity, sheet.stains = 7, 2
    assert sheet.remorse_due and sheet.remorse_dice == 1
    assert sheet.humanity_boxes() == "●●●●●●●○//"
    sheet.humanity, sheet.stains = 5, 2
    assert sheet.remorse_dice == 3


def test_v20_blood_pool_follows_generation() -> None:
    doc = new_character("Old Tom", "v20").to_toml()
    doc["generation"] = 8
    doc["blood"] = {"current": 16}
    with pytest.raises(InvalidDataError, match="'blood.current': 16 is out of range 0-15"):
        Character.from_toml(doc, where="a.toml")
    doc["blood"] = {"current": 12}
    doc["virtues"] = {"Conviction": 3, "Instinct": 2, "Courage": 4}
    doc["health"] = {"bashing": 1, "lethal": 2, "aggravated": 0}
    sheet = Character.from_toml(doc, where="a.toml").sheet
    assert sheet.blood_pool == 15 and sheet.health.level() == "Injured" and sheet.health.penalty() == -1


@pytest.mark.parametrize(("creature", "pool", "per_turn"), [("vampire", 15, 3), ("ghoul", 2, 1), ("mortal", 0, 0)])
def test_v20_a_ghouls_and_a_mortals_blood_do_not_follow_generation(creature, pool, per_turn) -> None:
    """A ghoul holds a small pool of its domitor's vitae and spends one a turn; a mortal has no pool to spend.
    Only a vampire's comes from the generation table (8th: 15, 3 a turn)."""
    doc = new_character("Bento", "v20").to_toml()
    doc.update(generation=8, creature=creature)
    doc.pop("blood", None)
    sheet = Character.from_toml(doc, where="a.toml").sheet
    assert (sheet.creature, sheet.blood_pool, sheet.blood, sheet.blood_per_turn) == (creature, pool, pool, per_turn)
    written = Character.from_toml(doc, where="a.toml").to_toml()
    assert written.get("creature") == (None if creature == "vampire" else creature)
    doc["blood"] = {"current": 3, "max": 10}  # the sheet's own pool wins, whatever the creature
    assert Character.from_toml(doc, where="a.toml").sheet.blood_pool == 10
    with pytest.raises(InvalidDataError, match="'creature': 'revenant' is not one of vampire, ghoul, mortal"):
        Character.from_toml({**doc, "creature": "revenant"}, where="a.toml")


def test_v20_virtue_pairs() -> None:
    doc = new_character("Old Tom", "v20").to_toml()
    doc["virtues"] = {"Conscience": 3, "Conviction": 2, "Self-Control": 2, "Courage": 4}
    with pytest.raises(InvalidDataError, match="needs exactly one of Conscience or Conviction"):
        Character.from_toml(doc, where="a.toml")


def test_ingenuity_dice() -> None:
    doc = new_character("Wren", "ingenuity").to_toml()
    doc["skills"] = {"Combat": "d8", "Sorcery": 10}
    doc["resources"] = {"Health": {"current": 9}}
    character = Character.from_toml(doc, where="a.toml")
    assert character.traits()["Combat"] == 8 and character.traits()["Agility"] == 4
    assert character.sheet.resource_max("Health") == 12 and character.sheet.resource_current("Health") == 9
    doc["attributes"]["Strength"] = "d7"
    with pytest.raises(InvalidDataError, match="'attributes.Strength': 'd7' is not a die; use one of d4, d6"):
        Character.from_toml(doc, where="a.toml")


def test_chronicle_options_defaults_and_choices() -> None:
    chronicle = Chronicle(name="X", ruleset="v20")
    assert chronicle.option("automatic_success") is True and chronicle.option("extended_botch") == "restart"
    doc = chronicle.to_toml()
    doc["options"]["extended_botch"] = "explode"
    with pytest.raises(InvalidDataError, match="'options.extended_botch': 'explode' is not one of restart, fail"):
        Chronicle.from_toml(doc, where="chronicle.toml")
    assert Chronicle.from_toml(chronicle.to_toml(), where="c") == chronicle


def test_conflict_round_trip() -> None:
    conflict = Conflict(title="Docks", round=2, turn=1,
                        participants=[Participant("Ana", "coterie", 0, engaged=True), Participant("Thug 1", "gang", 1)],
                        state={"passed": ["Ana"]}, tallies=[Tally("Pick the lock", "Ana", 5, 2, 1)])
    doc = conflict.to_toml()
    doc["participants"][1]["mood"] = "angry"
    back = Conflict.from_toml(doc, where="conflict.toml")
    assert back.current().name == "Thug 1" and back.participants[1].extra == {"mood": "angry"}
    assert back.to_toml() == doc


def test_a_sheets_health_follows_resilience_and_its_fortitude_dots():
    """Health = Stamina + 3 + Fortitude while the sheet holds Resilience: a Tremere with Stamina 3 and Fortitude 1
    has 7 boxes, 8 at Fortitude 2, and damage that fits only the larger track is refused without the power."""
    def sheet(fortitude, powers, superficial=0):
        return Character.from_toml({"name": "Marta", "ruleset": "v5", "creature": "vampire", "clan": "Tremere",
                                    "attributes": {**dict.fromkeys(V5_ATTRIBUTES, 2), "Stamina": 3}, "disciplines": {"Fortitude": fortitude},
                                    "powers": {"Fortitude": powers},
                                    "health": {"superficial": superficial, "aggravated": 0}}, where="a.toml").sheet

    assert sheet(1, ["Resilience"]).health_size == 7
    assert sheet(2, ["Resilience", "Toughness"]).health_size == 8
    assert sheet(1, ["Unswayable Mind"]).health_size == 6
    assert sheet(1, ["Resilience"], superficial=7).health.superficial == 7
    with pytest.raises(InvalidDataError, match="out of range 0-6"):
        sheet(1, ["Unswayable Mind"], superficial=7)
