"""Every experience cost kind of every rule set, against the books' formulas (docs/rules.md, "Experience")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.experience import cost_table, price, xp_rules

V5 = cost_table("v5")
V20 = cost_table("v20")
ING = cost_table("ingenuity")


@pytest.mark.parametrize("field, label, clan, before, kind, cost", [
    ("attributes.Strength", "Strength", "Brujah", 2, "attribute", 15),        # new level 3 × 5
    ("skills.Brawl", "Brawl", "Brujah", 0, "skill", 3),                        # new level 1 × 3
    ("skills.Brawl", "Brawl", "Brujah", 3, "skill", 12),
    ("specialties.Brawl", "Brawl (Grappling)", "Brujah", 0, "specialty", 3),
    ("disciplines.Potence", "Potence", "Brujah", 2, "clan_discipline", 15),   # new level 3 × 5
    ("disciplines.Auspex", "Auspex", "Brujah", 0, "other_discipline", 7),     # new level 1 × 7
    ("disciplines.Auspex", "Auspex", "caitiff", 1, "caitiff_discipline", 12), # new level 2 × 6
    ("disciplines.Blood Sorcery", "Blood Sorcery", "Banu Haqim", 1, "clan_discipline", 10),
    ("advantages.Resources", "Resources", "Brujah", 2, "advantage", 3),
    ("blood_potency", "Blood Potency", "Brujah", 1, "blood_potency", 20),     # new level 2 × 10
])
def test_v5_costs(field, label, clan, before, kind, cost):
    got = price("v5", field, label, before=before, clan=clan, ceiling=10 if field == "blood_potency" else 5,
                costs=V5)
    assert (got.kind, got.before, got.after, got.cost) == (kind, before, before + 1, cost)


def test_v5_ritual_costs_its_level_times_three():
    rules = xp_rules("v5")
    assert rules.cost("ritual", 0, 3, V5) == 9
    assert rules.kind_of("rituals.Wards", "Wards", clan="Tremere", before=0) == "ritual"


@pytest.mark.parametrize("field, label, clan, before, kind, cost", [
    ("attributes.Wits", "Wits", "Ventrue", 3, "attribute", 12),               # current 3 × 4
    ("abilities.Alertness", "Alertness", "Ventrue", 2, "ability", 4),         # current 2 × 2
    ("abilities.Law", "Law", "Ventrue", 0, "new_ability", 3),
    ("disciplines.Dominate", "Dominate", "Ventrue", 2, "clan_discipline", 10),
    ("disciplines.Auspex", "Auspex", "Ventrue", 2, "other_discipline", 14),
    ("disciplines.Auspex", "Auspex", "Caitiff", 2, "caitiff_discipline", 12),
    ("disciplines.Obfuscate", "Obfuscate", "Ventrue", 0, "new_discipline", 10),
    ("disciplines.Path of Blood", "Path of Blood", "Tremere", 2, "secondary_path", 8),
    ("disciplines.Lure of Flames", "Lure of Flames", "Tremere", 0, "new_path", 7),
    ("virtues.Courage", "Courage", "Ventrue", 3, "virtue", 6),
    ("path_rating", "Humanity", "Ventrue", 6, "humanity", 12),
    ("willpower_permanent", "Willpower", "Ventrue", 5, "willpower", 5),
])
def test_v20_costs(field, label, clan, before, kind, cost):
    got = price("v20", field, label, before=before, clan=clan, ceiling=10, costs=V20)
    assert (got.kind, got.cost) == (kind, cost)


@pytest.mark.parametrize("field, before, after, cost", [
    ("attributes.Strength", 6, 8, 8),       # the new die's size
    ("skills.Combat", 4, 6, 6),
    ("skills.Sorcery", 0, 4, 4),            # learning a skill: a d4
    ("proficiencies.Swords", 1, 2, 8),      # new bonus × 4
])
def test_ingenuity_costs(field, before, after, cost):
    got = price("ingenuity", field, field.split(".")[1], before=before, ceiling=12 if "prof" not in field else 4,
                costs=ING)
    assert (got.after, got.cost) == (after, cost)


def test_ingenuity_other_entries_are_in_the_table():
    rules = xp_rules("ingenuity")
    assert rules.cost("power", 0, 2, ING) == 8  # tier 2 × 4
    assert ING["maneuver"] == 6 and ING["talent"] == 8


def test_at_the_maximum_is_refused_with_the_value():
    with pytest.raises(RulesError, match=r"Strength is at its maximum \(5\)"):
        price("v5", "attributes.Strength", "Strength", before=5, ceiling=5, costs=V5)
    with pytest.raises(RulesError, match=r"at its maximum \(d12\)"):
        price("ingenuity", "attributes.Strength", "Strength", before=12, ceiling=12, costs=ING)


def test_a_trait_without_a_cost_is_refused():
    with pytest.raises(RulesError, match="cannot be raised with experience"):
        price("v20", "specialties.Brawl", "Brawl (Kicks)", before=0, ceiling=5, costs=V20)


def test_a_chronicle_overrides_entries_and_bad_overrides_say_which():
    assert cost_table("v5", {"attribute": 4})["attribute"] == 4
    with pytest.raises(RulesError, match="experience_costs.atribute is not a v5 cost"):
        cost_table("v5", {"atribute": 4})
    with pytest.raises(RulesError, match="experience_costs.skill = -1"):
        cost_table("v5", {"skill": -1})


@given(st.sampled_from(["attribute", "skill", "clan_discipline", "other_discipline", "caitiff_discipline"]),
       st.integers(0, 4))
def test_v5_multiplied_costs_grow_with_the_new_level(kind, before):
    rules = xp_rules("v5")
    assert rules.cost(kind, before, before + 1, V5) == (before + 1) * V5[kind]
