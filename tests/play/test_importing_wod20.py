"""Importing Foundry "worldofdarkness" (V20) actors: the layouts from 2.0 to the 7.x PC actor, field by field,
Abilities the V20 sheet lacks kept as custom ones, and refusals that name what was found.

The fixtures under import_fixtures/ are built from the system's own definitions (see its README.md)."""

import json
from pathlib import Path

import pytest

from vtm_tui.commands.chronicle import character_pool
from vtm_tui.play.importing import ImportRefused, import_character
from vtm_tui.store.catalog import create_chronicle

from play_characters import NOW

FIXTURES = Path(__file__).parent / "import_fixtures"


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


def chronicle(tmp_path: Path, ruleset: str = "v20", name: str = "c"):
    return create_chronicle(tmp_path / name, name.upper(), ruleset)


def test_wod20_actor(tmp_path):
    store = chronicle(tmp_path, "v20")
    done = import_character(store, FIXTURES / "wod20-vampire.json", now=NOW)
    sheet = done.character.sheet
    assert (sheet.clan, sheet.generation, sheet.path_rating) == ("Ventrue", 9, 6)
    assert sheet.abilities["Leadership"] == 4 and sheet.specialties == {"Leadership": ["Merchants"]}
    assert sheet.disciplines == {"Dominate": 3, "Fortitude": 1, "Presence": 2}
    assert sheet.virtues == {"Conscience": 3, "Self-Control": 4, "Courage": 3}
    assert (sheet.willpower_permanent, sheet.willpower_current, sheet.blood, sheet.blood_max) == (6, 4, 9, 14)
    assert sheet.backgrounds == {"Resources": 4} and sheet.merits == {"Eat Food": 1}
    assert (sheet.experience_total, sheet.experience_spent) == (12, 8)
    assert (sheet.health.bashing, sheet.health.lethal) == (1, 1)
    assert done.unmapped == ["items: Melee Weapon 'Rapier' not mapped"]
    assert character_pool(str(store.path), "afonso", "Manipulation + Leadership")[0] == 8


def test_wod20_nested_abilities_before_5_0_are_read(tmp_path):
    """The system before 5.0 nests Abilities in talent/skill/knowledge groups and keeps Willpower, the blood pool,
    the Virtues and the path at the top: Manipulation 4 + Etiquette 3 is 7 dice, not 4."""
    store = chronicle(tmp_path, "v20")
    done = import_character(store, FIXTURES / "wod20-v2-nested.json", now=NOW)
    sheet = done.character.sheet
    assert character_pool(str(store.path), "ze-mouraria", "Manipulation + Etiquette")[0] == 7
    assert sheet.abilities == {"Alertness": 2, "Brawl": 3, "Etiquette": 3, "Stealth": 4, "Occult": 1, "Fast-Talk": 1}
    assert sheet.specialties == {"Stealth": ["Crowds"]} and sheet.attributes["Appearance"] == 0
    assert (sheet.path, sheet.path_rating, sheet.willpower_permanent, sheet.blood, sheet.blood_max) == (
        "Path of Night", 5, 4, 6, 11)
    assert sheet.virtues == {"Conscience": 2, "Self-Control": 4, "Courage": 3}
    assert done.unmapped == ["abilities.skill.fasttalk: 1 dots, not a V20 ability: kept as the custom ability "
                             "'Fast-Talk'"]
    assert character_pool(str(store.path), "ze-mouraria", "Wits + Fast-Talk")[0] == 4  # Wits 3 + the kept 1


def test_wod20_actor_of_the_current_system_field_by_field(tmp_path):
    """A whole actor as the system (7.x) exports it: every field mapped, listed in the notes or named."""
    store = chronicle(tmp_path, "v20")
    done = import_character(store, FIXTURES / "wod20-v7-vampire.json", now=NOW)
    ch, sheet = done.character, done.character.sheet
    assert (ch.player, ch.concept, sheet.clan, sheet.sect, sheet.generation) == (
        "Odin", "Court dancer", "Toreador", "Camarilla", 10)
    assert (sheet.path, sheet.path_rating) == ("Humanity", 7)  # the key wod.advantages.path.humanity, named
    assert character_pool(str(store.path), "leonor-teles", "Manipulation + Etiquette")[0] == 7
    assert sheet.abilities["Crafts"] == 1 and sheet.abilities["Carousing"] == 2  # a secondary ability
    assert sheet.disciplines == {"Auspex": 2, "Presence": 3} and sheet.specialties == {"Etiquette": ["Court"]}
    assert (sheet.backgrounds, sheet.merits, sheet.flaws) == ({"Resources": 3}, {"Eat Food": 1}, {"Vengeful": 2})
    assert (sheet.experience_total, sheet.experience_spent, sheet.blood, sheet.blood_max) == (20, 10, 8, 13)
    assert (sheet.willpower_permanent, sheet.willpower_current, sheet.health.bashing) == (5, 4, 2)
    assert "Presence: Entrancement (3)" in ch.notes and "Danced for the king" in ch.notes
    assert sheet.abilities["Martial Arts"] == 2  # another splat's Ability, kept so it can be rolled
    assert character_pool(str(store.path), "leonor-teles", "Wits + Martial Arts")[0] == 5
    assert sorted(done.unmapped) == [
        "abilities.martialarts: 2 dots, not a V20 ability: kept as the custom ability 'Martial Arts'",
        "appearance: not mapped",
        "items: 3 discipline powers kept in the notes (a V20 sheet here holds none)",
        "items: Melee Weapon 'Fan' not mapped", "items: secondary ability 'Carousing': kept as a custom ability"]


def test_a_worldofdarkness_pc_actor_of_the_7x_system_field_by_field(tmp_path):
    """The 7.x "PC" actor keeps Abilities and Advantages as items and the clan, sire and generation in
    bio.splatfields: each is read, and what has no place is named (the fixture: import_fixtures/README.md)."""
    store = chronicle(tmp_path, "v20")
    done = import_character(store, FIXTURES / "wod20-v7-pc-vampire.json", now=NOW)
    ch, sheet = done.character, done.character.sheet
    assert (ch.concept, sheet.clan, sheet.sect, sheet.sire, sheet.nature, sheet.demeanor) == (
        "Fado singer", "Toreador", "Camarilla", "Dona Amália", "Bon Vivant", "Gallant")
    assert sheet.generation == 11  # the sheet's temporary lowering (mod 1) is named, not kept
    assert sheet.attributes == {"Strength": 2, "Dexterity": 3, "Stamina": 2, "Charisma": 3, "Manipulation": 4,
                                "Appearance": 3, "Perception": 2, "Intelligence": 2, "Wits": 3}
    assert sheet.abilities == {"Alertness": 1, "Empathy": 2, "Expression": 3, "Subterfuge": 2, "Etiquette": 3,
                               "Melee": 1, "Performance": 4, "Academics": 1, "Occult": 1, "Technology": 1,
                               "Hobby Talent": 2}
    assert sheet.specialties == {"Etiquette": ["Court"], "Performance": ["Fado"], "Hobby Talent": ["Crosswords"],
                                 "Manipulation": ["Double meanings"]}
    assert sheet.disciplines == {"Auspex": 1, "Presence": 2, "Celerity": 1}
    assert (sheet.backgrounds, sheet.merits, sheet.flaws) == ({"Fame": 2, "Herd": 1}, {"Eat Food": 1},
                                                              {"Vengeful": 2})
    assert sheet.virtues == {"Conscience": 3, "Self-Control": 4, "Courage": 2}
    assert (sheet.path, sheet.path_rating) == ("Humanity", 6)
    assert (sheet.willpower_permanent, sheet.willpower_current, sheet.blood, sheet.blood_max) == (6, 4, 9, 13)
    assert (sheet.health.bashing, sheet.health.lethal, sheet.health.aggravated) == (1, 2, 0)
    assert (sheet.experience_total, sheet.experience_spent) == (15, 10)
    assert ch.notes == ("Sang in the Alfama until 1961.\n\nOwes Dona Amália a song.\n\nDiscipline powers:\n"
                        "Auspex: Heightened Senses (1)\nPresence: Awe (1)\nPresence: Dread Gaze (2)")
    assert sorted(done.unmapped) == [
        "bio.derangement: not mapped",
        "bio.splatfields.generation.mod 1: generation 11 lowered for now to 10; kept as 11",
        "bio.splatfields.weakness: not mapped",
        "items: 3 discipline powers kept in the notes (a V20 sheet here holds none)",
        "items: Ability 'Hobby Talent': 2 dots, not a V20 ability: kept as the custom ability 'Hobby Talent'",
        "items: Melee Weapon 'Switchblade' not mapped"]
    assert character_pool(str(store.path), "amalia-rodrigues-pinto", "Manipulation + Etiquette")[0] == 7
    assert character_pool(str(store.path), "amalia-rodrigues-pinto", "Wits + Hobby Talent")[0] == 5


def test_a_pc_actor_field_outside_its_data_model_and_a_ghoul_splat(tmp_path):
    data = json.loads((FIXTURES / "wod20-v7-pc-vampire.json").read_text())
    data["system"]["biography"] = "<p>Written by a module</p>"
    data["system"]["settings"].update(splat="mortal", variant="ghoul")
    path = tmp_path / "amalia.json"
    path.write_text(json.dumps(data))
    done = import_character(chronicle(tmp_path, "v20"), path, now=NOW)
    assert "biography: not mapped" in done.unmapped
    assert done.character.sheet.willpower_permanent == 6  # a Ghoul splat is read, not refused
    assert done.character.sheet.creature == "ghoul"  # its blood pool is the one exported, as for a Ghoul actor


def test_a_wod20_ability_the_sheet_lacks_is_kept_under_its_typed_name_and_a_nameless_one_is_named(tmp_path):
    data = json.loads((FIXTURES / "wod20-v7-vampire.json").read_text())
    data["system"]["abilities"]["hobby"] = {"value": 3, "label": "wod.abilities.hobby", "altlabel": "Fado history",
                                            "speciality": "Coimbra"}
    data["system"]["abilities"][" "] = {"value": 1}
    path = tmp_path / "leonor.json"
    path.write_text(json.dumps(data))
    store = chronicle(tmp_path, "v20")
    done = import_character(store, path, now=NOW)
    assert done.character.sheet.abilities["Fado history"] == 3
    assert done.character.sheet.specialties["Fado history"] == ["Coimbra"]
    assert {"abilities.hobby: 3 dots, not a V20 ability: kept as the custom ability 'Fado history'",
            "abilities. : 1 dots, an ability with no name: not mapped"} <= set(done.unmapped)
    assert character_pool(str(store.path), "leonor-teles", "Wits + Fado history")[0] == 6


def test_a_pc_actor_of_another_splat_and_an_unknown_foundry_layout_are_refused_naming_what_was_found(tmp_path):
    data = json.loads((FIXTURES / "wod20-v7-pc-vampire.json").read_text())
    data["system"]["settings"].update(splat="werewolf", variant="general")
    path = tmp_path / "pc.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ImportRefused, match=r"pc.json: is a worldofdarkness PC actor \(system worldofdarkness 7.2.5\) of splat "
                                            r"'werewolf' "
                                            r"\(variant 'general'\); only Vampire, Ghoul and Mortal splats"):
        import_character(chronicle(tmp_path, "v20"), path, now=NOW)
    unknown = tmp_path / "new.json"
    unknown.write_text(json.dumps({"name": "Rita", "type": "character", "system": {"stats": {}},
                                   "_stats": {"systemId": "wod5e", "systemVersion": "7.0.1"}}))
    with pytest.raises(ImportRefused, match=r"new.json: is a Foundry character actor \(system wod5e 7.0.1\) in "
                                            "a layout this tool does not read"):
        import_character(chronicle(tmp_path, name="d"), unknown, now=NOW)
    werewolf = json.loads((FIXTURES / "wod5e-full-vampire.json").read_text())
    werewolf.update(type="werewolf", _stats={"systemId": "wod5e", "systemVersion": "5.3.25"})
    path.write_text(json.dumps(werewolf))
    with pytest.raises(ImportRefused, match=r"pc.json: is a WoD5e werewolf actor \(system wod5e 5.3.25\); only"):
        import_character(chronicle(tmp_path, "v5", name="e"), path, now=NOW)
