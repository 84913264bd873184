"""The blood's upkeep as actions: what they do to the sheet and the entries they log, with given faces."""

from __future__ import annotations

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.model.character import new_character
from vtm_tui.model.character_v5 import Power
from vtm_tui.play import blood
from vtm_tui.play.hunting import default_pool, hunt
from vtm_tui.rules.dice import GivenFaces

from play_characters import NOW, v5_vampire

AT = dict(session=4, now=NOW)


def with_powers(**changes):
    ch = v5_vampire(**changes)
    ch.sheet.disciplines = {"Presence": 5, "Oblivion": 2}
    ch.sheet.powers = {"Presence": [Power("Awe"), Power("Majesty")], "Oblivion": [Power("Arms of Ahriman")]}
    return ch


def test_a_power_costing_two_logs_one_rouse_entry_per_check() -> None:
    ch = with_powers(hunger=1, blood_potency=1)
    done = blood.use_power(ch, blood.find_power(ch, "maj"), GivenFaces([3, 8]), **AT)
    assert ch.sheet.hunger == 1 and done.character.sheet.hunger == 2
    assert [e.kind for e in done.entries] == ["rouse", "rouse"]
    assert [e.pool for e in done.entries] == ["Majesty: Rouse 1 of 2", "Majesty: Rouse 2 of 2"]
    assert done.entries[0].change == {"field": "hunger", "before": 1, "after": 2}
    assert done.entries[1].change == {}
    assert "2 Rouse" in done.summary


def test_blood_potency_rerolls_a_level_one_power_rouse() -> None:
    ch = with_powers(hunger=1, blood_potency=1)
    ch.sheet.powers["Oblivion"] = [Power("Shadow Cloak", rouse=1)]
    done = blood.use_power(ch, blood.find_power(ch, "Shadow Cloak"), GivenFaces([2, 9]), **AT)
    assert done.entries[0].roll["faces"] == [2, 9] and done.character.sheet.hunger == 1


def test_oblivion_stains_follow_the_option() -> None:
    ch = with_powers(hunger=1, blood_potency=0)
    arms = blood.find_power(ch, "Arms of Ahriman")
    off = blood.use_power(ch, arms, GivenFaces([10]), **AT)
    assert off.character.sheet.stains == 0
    on = blood.use_power(ch, arms, GivenFaces([10]), oblivion_stains=True, **AT)
    assert on.character.sheet.stains == 1
    assert on.entries[-1].kind == "stain" and on.entries[-1].ref == on.entries[0].id


def test_a_free_power_logs_a_note_and_changes_nothing() -> None:
    ch = with_powers()
    done = blood.use_power(ch, blood.find_power(ch, "Awe"), GivenFaces([]), **AT)
    assert not done.changed and [e.kind for e in done.entries] == ["note"]


def test_a_ghouls_power_costs_aggravated_health() -> None:
    ch = with_powers()
    ch.sheet.creature, ch.sheet.hunger, ch.sheet.blood_potency = "ghoul", 0, 0
    done = blood.use_power(ch, blood.find_power(ch, "Majesty"), GivenFaces([]), **AT)
    assert done.character.sheet.health.aggravated == 2
    assert done.entries[0].kind == "damage"


def test_unknown_power_names_the_choices() -> None:
    with pytest.raises(VtmError, match="powers: Awe, Majesty, Arms of Ahriman"):
        blood.find_power(with_powers(), "Dread Gaze")


def test_mend_heals_blood_potency_superficial_damage_after_its_rouse() -> None:
    ch = v5_vampire(hunger=2, blood_potency=2)
    ch.sheet.health.superficial = 3
    done = blood.mend(ch, GivenFaces([4]), **AT)
    assert done.character.sheet.health.superficial == 1 and done.character.sheet.hunger == 3
    assert [e.kind for e in done.entries] == ["rouse", "heal"]
    assert done.entries[1].ref == done.entries[0].id
    with pytest.raises(VtmError, match="no Superficial Health"):
        blood.mend(v5_vampire(), GivenFaces([7]), **AT)


def test_awakening_rouses_and_restores_willpower() -> None:
    ch = v5_vampire(hunger=1)
    ch.sheet.attributes.update(Composure=2, Resolve=3)
    ch.sheet.willpower.superficial = 4
    done = blood.awaken(ch, GivenFaces([8]), **AT)
    assert done.character.sheet.willpower.superficial == 1 and done.character.sheet.hunger == 1
    assert [e.kind for e in done.entries] == ["rouse", "willpower"]


def test_awakening_at_hunger_5_that_fails_is_torpor_in_the_log() -> None:
    done = blood.awaken(v5_vampire(hunger=5), GivenFaces([2]), **AT)
    assert "torpor" in done.entries[0].comment and done.character.sheet.hunger == 5


def test_blush_of_life_is_a_voluntary_rouse() -> None:
    done = blood.blush(v5_vampire(hunger=3), GivenFaces([5]), **AT)
    assert done.character.sheet.hunger == 4 and done.entries[0].pool == "Blush of Life"
    with pytest.raises(VtmError, match="Hunger 5"):
        blood.blush(v5_vampire(hunger=5), GivenFaces([5]), **AT)


def test_slake_applies_blood_potency_and_logs_a_hunger_entry() -> None:
    done = blood.slake(v5_vampire(hunger=4, blood_potency=4), 2, **AT)
    assert done.character.sheet.hunger == 3
    assert done.entries[0].kind == "hunger" and done.entries[0].change["after"] == 3
    animal = blood.slake(v5_vampire(hunger=4, blood_potency=3), 2, source="animal", **AT)
    assert animal.character.sheet.hunger == 4 and not animal.changed


def test_other_rule_sets_and_mortals_are_refused() -> None:
    with pytest.raises(VtmError, match="V5 rule"):
        blood.slake(new_character("Bram", "v20"), 1, **AT)
    ch = v5_vampire()
    ch.sheet.creature, ch.sheet.hunger, ch.sheet.blood_potency = "mortal", 0, 0
    with pytest.raises(VtmError, match="mortal"):
        blood.blush(ch, GivenFaces([5]), **AT)


def test_compulsion_conditions_are_added_shown_with_their_penalty_and_cleared() -> None:
    ch = v5_vampire()
    added = blood.add_condition(ch, blood.compulsion_condition("Arrogance"), **AT)
    assert added.character.sheet.conditions == ["Arrogance compulsion"]
    assert "−2 dice" in blood.condition_text("Arrogance compulsion")
    assert blood.condition_text("Blinded") == "Blinded"
    cleared = blood.clear_condition(added.character, **AT)
    assert cleared.character.sheet.conditions == []
    assert cleared.entries[0].change["before"] == ["Arrogance compulsion"]
    with pytest.raises(VtmError, match="no condition"):
        blood.clear_condition(cleared.character, **AT)


def test_a_won_hunt_slakes_and_rolls_resonance_onto_the_sheet() -> None:
    ch = v5_vampire(hunger=3, blood_potency=1, predator="Alleycat")
    ch.sheet.attributes["Strength"] = 2
    assert default_pool(ch) == "Strength + Brawl"
    # Strength 2 + Brawl 4 = 6 dice, 3 Hunger: regular 7 8 2 | Hunger 6 3 4 → 3 successes vs 2;
    # then Resonance: temperament 7 (fleeting), resonance 8 (Choleric)
    faces = GivenFaces({"regular": [7, 8, 2, 7, 8], "hunger": [6, 3, 4]})
    done = hunt(ch, "", 2, faces, amount=2, **AT)
    assert done.outcome.win and done.character.sheet.hunger == 1
    assert done.character.sheet.resonance == "Choleric (fleeting)"
    assert [e.kind for e in done.entries] == ["roll", "hunger", "edit"]
    assert done.entries[0].pool.startswith("Hunting: Strength 2 + Brawl 4")
    assert done.entries[2].change == {"field": "resonance", "before": "", "after": "Choleric (fleeting)"}
    assert not done.compulsion_due


def test_a_bestial_hunt_feeds_nothing_and_calls_for_a_compulsion() -> None:
    ch = v5_vampire(hunger=3, predator="Siren")
    faces = GivenFaces({"regular": [2, 3, 4, 5], "hunger": [1, 2, 3]})
    done = hunt(ch, "", 3, faces, **AT)
    assert done.outcome.result == "bestial_failure" and done.compulsion_due
    assert done.character.sheet.hunger == 3 and [e.kind for e in done.entries] == ["roll"]


def test_blood_leech_has_no_pool_to_default_to() -> None:
    with pytest.raises(VtmError, match="no hunting pool"):
        hunt(v5_vampire(predator="Blood Leech"), "", 3, GivenFaces([]), **AT)


def test_a_compulsion_is_a_note_on_every_test_until_cleared() -> None:
    from vtm_tui.play.request import make_request

    ch = v5_vampire()
    ch.sheet.conditions = ["Harm compulsion"]
    request = make_request(ch, "Wits + Awareness", difficulty=3)
    assert request.notes == ("Harm compulsion: hurt someone, physically or otherwise (−2 dice to pools that do not "
                             "serve it); enter it in ± dice unless the pool serves it",)
    ch.sheet.conditions = []
    assert make_request(ch, "Wits + Awareness", difficulty=3).notes == ()


def test_the_blood_dialogs_catalogue_leaves_out_a_power_whose_amalgam_is_missing() -> None:
    ch = v5_vampire()
    ch.sheet.disciplines = {"Dominate": 2, "Obfuscate": 1}
    assert "Dementation" not in [p.name for p in blood.learnable_powers(ch)]  # needs Obfuscate 2, as experience says
    with pytest.raises(VtmError, match="Dementation"):
        blood.add_power(ch, "Dominate", "Dementation", **AT)
    ch.sheet.disciplines["Obfuscate"] = 2
    assert "Dementation" in [p.name for p in blood.learnable_powers(ch)]


def test_catalogue_powers_the_dots_allow_can_be_added_by_name() -> None:
    ch = v5_vampire()  # Presence 2, no powers listed
    names = [p.name for p in blood.learnable_powers(ch)]
    assert names == ["Awe", "Daunt", "Lingering Kiss"]
    done = blood.add_power(ch, "Presence", "Daunt", **AT)
    assert [p.to_toml() for p in done.character.sheet.powers["Presence"]] == ["Daunt"]
    assert done.entries[0].change == {"field": "powers.Presence", "before": [], "after": ["Daunt"]}
    assert "Daunt" not in [p.name for p in blood.learnable_powers(done.character)]
    with pytest.raises(VtmError, match="Majesty"):
        blood.add_power(ch, "Presence", "Majesty", **AT)


def test_a_forced_second_rouse_at_hunger_5_owes_a_frenzy_test() -> None:
    ch = with_powers(hunger=4, blood_potency=0)
    done = blood.use_power(ch, blood.find_power(ch, "Majesty"), GivenFaces([2, 3]), **AT)
    assert done.character.sheet.hunger == 5 and done.frenzy_difficulty == 4
    calm = blood.use_power(with_powers(hunger=1), blood.find_power(ch, "Majesty"), GivenFaces([7, 7]), **AT)
    assert calm.frenzy_difficulty is None


def test_a_bad_slake_amount_is_refused_before_the_hunt_is_rolled() -> None:
    faces = GivenFaces([7, 7, 7, 7, 7, 7])
    with pytest.raises(VtmError, match="0-5, not 9"):
        hunt(v5_vampire(predator="Siren"), "", 3, faces, amount=9, **AT)
    assert faces.remaining() == {"": [7, 7, 7, 7, 7, 7]}


def test_a_compulsion_is_picked_by_name_by_clan_or_rolled_on_the_general_table() -> None:
    """The command line's ``blood … compulsion [NAME]`` resolves the name here, in the headless layer."""
    ch = v5_vampire(clan="Brujah")
    assert blood.pick_compulsion(ch, "", GivenFaces({"regular": [1]})) == "Hunger"
    assert blood.pick_compulsion(ch, "clan", GivenFaces({})) == "Rebellion"
    assert blood.pick_compulsion(ch, "harm", GivenFaces({})) == "Harm"
    with pytest.raises(VtmError, match="compulsion 'Sloth' is not known"):
        blood.pick_compulsion(ch, "Sloth", GivenFaces({}))
    with pytest.raises(VtmError, match="clan \\(none\\) has no clan compulsion"):
        blood.pick_compulsion(v5_vampire(clan=""), "clan", GivenFaces({}))
