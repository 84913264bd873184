"""V5 sheets: powers as names or tables (old files load unchanged), Resonance and conditions."""

import pytest

from vtm_tui.model.character import Character, new_character
from vtm_tui.model.chronicle import Chronicle
from vtm_tui.store.errors import InvalidDataError


def v5_doc(**changes) -> dict:
    doc = new_character("Ana", "v5").to_toml()
    doc.update(changes)
    return doc


def test_bare_power_names_load_and_are_written_back_as_they_were() -> None:
    doc = v5_doc(disciplines={"Dominate": 2}, powers={"Dominate": ["Cloud Memory", "Mesmerize"]})
    character = Character.from_toml(doc, where="a.toml")
    assert character.to_toml() == doc
    infos = character.sheet.power_infos()
    assert [(p.name, p.level, p.rouse, p.pool) for p in infos] == [
        ("Cloud Memory", 1, 0, "Charisma + Dominate"), ("Mesmerize", 2, 1, "Manipulation + Dominate")]


def test_a_power_table_carries_its_own_level_cost_and_pool() -> None:
    custom = {"name": "Eyes of Ash", "level": 2, "rouse": "free", "pool": "Wits + Oblivion", "book": "homebrew"}
    doc = v5_doc(disciplines={"Oblivion": 2}, powers={"Oblivion": [custom, "Mystery"]})
    warnings: list[str] = []
    character = Character.from_toml(doc, where="a.toml", warnings=warnings)
    assert warnings == ["a.toml: field 'powers.Oblivion[1]': 'Mystery' is not in the core catalogue; give it a "
                        "table with level, rouse and pool to use it from the Blood dialog"]
    info = character.sheet.power_infos()
    assert [(p.name, p.level, p.rouse) for p in info] == [("Eyes of Ash", 2, 0)]  # "Mystery" has no level
    written = character.to_toml()["powers"]["Oblivion"]
    assert written[0] == {"name": "Eyes of Ash", "level": 2, "rouse": 0, "pool": "Wits + Oblivion",
                          "book": "homebrew"}
    assert written[1] == "Mystery"


@pytest.mark.parametrize(("power", "message"), [
    ({"name": "X", "level": 7}, r"'powers.Dominate\[0\].level': 7 is out of range 1-5"),
    ({"name": "X", "level": 1, "rouse": "lots"}, r"'powers.Dominate\[0\].rouse': rouse must be 0-5"),
    ({"level": 1}, r"'powers.Dominate\[0\].name': is missing"),
    (3, r"'powers.Dominate\[0\]': expected a power's name"),
])
def test_a_bad_power_names_its_field(power, message) -> None:
    doc = v5_doc(powers={"Dominate": [power]})
    with pytest.raises(InvalidDataError, match=message):
        Character.from_toml(doc, where="a.toml")


def test_resonance_and_conditions_round_trip() -> None:
    doc = v5_doc(resonance="Choleric (intense)", conditions=["Arrogance compulsion"])
    character = Character.from_toml(doc, where="a.toml")
    assert character.sheet.resonance == "Choleric (intense)"
    assert character.sheet.conditions == ["Arrogance compulsion"]
    assert character.to_toml() == doc
    assert "resonance" not in new_character("Rui", "v5").to_toml()


def test_oblivion_stains_is_a_v5_option_off_by_default() -> None:
    assert Chronicle(name="X", ruleset="v5").option("oblivion_stains") is False


def test_an_older_chronicle_file_is_not_given_the_new_switch_on_save() -> None:
    """Two logins that each added the missing switch would clash on their next save."""
    doc = Chronicle(name="X", ruleset="v5").to_toml()
    assert doc["options"]["oblivion_stains"] is False  # a new chronicle lists every switch
    del doc["options"]["oblivion_stains"]
    older = Chronicle.from_toml(doc, where="c")
    assert older.option("oblivion_stains") is False
    assert "oblivion_stains" not in older.to_toml()["options"]
    older.options["oblivion_stains"] = True
    assert older.to_toml()["options"]["oblivion_stains"] is True
