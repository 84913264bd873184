"""The rule-set interface: one registry, one implementation per rule set, pure creation rules."""

from __future__ import annotations

import pytest

from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ruleset import RuleSet, ruleset_for
from vtm_tui.rules.v5 import creation as v5
from vtm_tui.rules.v20 import creation as v20
from vtm_tui.rules.ingenuity import creation as ing


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_has_one_implementation(ruleset_id: str) -> None:
    found = ruleset_for(ruleset_id)
    assert isinstance(found, RuleSet)
    assert found.id == ruleset_id
    assert found is ruleset_for(ruleset_id)
    assert found.quick_templates() and found.creation_steps() and found.text_fields()
    for kind in found.catalogue_kinds():
        assert found.catalogue(kind), kind
    ids = [t.id for t in found.quick_templates()]
    assert len(ids) == len(set(ids))


def test_unknown_ruleset_is_refused_with_the_known_ones() -> None:
    with pytest.raises(RulesError, match="v5, v20, ingenuity"):
        ruleset_for("dnd")


BOOK_ATTRIBUTES = {"Strength": 4, "Dexterity": 3, "Stamina": 3, "Charisma": 3, "Manipulation": 2,
                   "Composure": 2, "Intelligence": 2, "Wits": 2, "Resolve": 1}


def test_v5_attributes_by_the_book_warn_nothing_and_a_fifth_dot_warns() -> None:
    assert v5.attribute_warnings(BOOK_ATTRIBUTES) == []
    assert v5.attribute_warnings({**BOOK_ATTRIBUTES, "Resolve": 2}) == [
        "Attributes: 5 at 2, the book gives 4", "Attributes: 0 at 1, the book gives 1"]


def test_v5_skill_distributions() -> None:
    specialist = {"Brawl": 4, "Athletics": 3, "Stealth": 3, "Larceny": 3, "Drive": 2, "Melee": 2, "Insight": 2,
                  "Occult": 1, "Medicine": 1, "Science": 1}
    assert v5.skill_warnings(specialist, "Specialist") == []
    assert v5.skill_warnings(specialist, "Balanced") == [
        "Skills (Balanced): 3 at 2, the book gives 5", "Skills (Balanced): 3 at 1, the book gives 7",
        "Skills (Balanced): 1 at 4, the book gives none"]
    assert v5.skill_warnings(specialist, "")[0].startswith("Skills: choose a distribution")


def test_v5_specialties_follow_the_skills_and_the_predator_type() -> None:
    assert v5.specialties_allowed({}) == 1
    assert v5.specialties_allowed({"Academics": 1, "Science": 2, "Brawl": 3}, "Alleycat") == 4


def test_v5_report_counts_what_is_left_and_the_age_sets_generation() -> None:
    doc = {"creature": "vampire", "attributes": BOOK_ATTRIBUTES, "skills": {}, "humanity": 7}
    doc = v5.apply(doc, {"clan": "Brujah", "age": "Ancilla", "predator": "Alleycat"})
    assert (doc["clan"], doc["generation"], doc["blood_potency"], doc["humanity"]) == ("Brujah", 11, 2, 5)
    doc["disciplines"] = {"Potence": 2, "Presence": 1, "Celerity": 1}
    doc["advantages"] = {"Contacts": 3, "Resources": 2}
    report = v5.report(doc, {"age": "Ancilla", "skills": "Balanced"})
    budgets = {b.label: b for b in report.budgets}
    assert budgets["Attribute dots"].left == 0
    assert budgets["Advantage points"].allowed == 7 + 2 + 3 and budgets["Advantage points"].left == 7
    assert budgets["Flaw points"].allowed == 2 + 2
    assert budgets["Discipline dots"].left == 0
    assert budgets["Discipline dots"].note == "Brujah: Celerity, Potence, Presence · Alleycat: Celerity or Potence"
    assert doc["hunger"] == 1
    assert not any(w.startswith(("Disciplines", "Humanity", "Generation", "Blood Potency", "Attributes"))
                   for w in report.warnings)
    doc["disciplines"]["Dominate"] = 1
    assert "Disciplines: Dominate is not a Brujah clan Discipline" in v5.report(doc, {"age": "Ancilla"}).warnings


def test_v20_freebies_pick_the_cheapest_priorities_and_price_each_dot() -> None:
    attributes = {"Strength": 4, "Dexterity": 3, "Stamina": 3,  # 7 above 1
                  "Charisma": 2, "Manipulation": 2, "Appearance": 2,  # 3
                  "Perception": 3, "Intelligence": 3, "Wits": 2}  # 5
    doc = {"attributes": attributes, "abilities": {"Brawl": 3}, "virtues": {"Conscience": 3, "Self-Control": 3,
           "Courage": 4}, "path_rating": 6, "willpower": {"permanent": 4}}
    assert v20.freebies_spent(doc) == dict.fromkeys(v20.FREEBIE_COSTS, 0)
    doc["attributes"] = {**attributes, "Wits": 3}
    doc["disciplines"] = {"Potence": 4}
    doc["path_rating"] = 7
    doc["willpower"] = {"permanent": 5}
    spent = v20.freebies_spent(doc)
    assert (spent["Attribute"], spent["Discipline"], spent["Humanity/Path"], spent["Willpower"]) == (5, 7, 1, 1)
    report = v20.report({**doc, "merits": {"Iron Will": 3}, "flaws": {"Nightmares": 1}}, {})
    freebies = next(b for b in report.budgets if b.label == "Freebie points")
    assert (freebies.spent, freebies.allowed) == (5 + 7 + 1 + 1 + 3, 16)
    assert "Freebies: 17 spent, 16 to spend" in report.warnings
    attribute_dots = next(b for b in report.budgets if b.label == "Attribute dots")
    assert attribute_dots.text() == "Attribute dots: 15/15 (0 left) — 7 / 5 / 3, 1 more with freebies"  # not 16/15
    assert next(b for b in report.budgets if b.label == "Discipline dots").text().startswith(
        "Discipline dots: 3/3 (0 left) — 1 more with freebies")


def test_v20_freebies_on_merits_alone_read_without_a_stray_comma() -> None:
    report = v20.report({"merits": {"Iron Will": 3}}, {})
    freebies = next(b for b in report.budgets if b.label == "Freebie points")
    assert freebies.text() == "Freebie points: 3/15 (12 left) — merits 3"  # was "— , merits 3"


def test_v20_virtues_set_humanity_and_willpower() -> None:
    doc = v20.apply({"virtues": {"Conscience": 2, "Self-Control": 4, "Courage": 3}}, {"clan": "Gangrel"})
    assert (doc["clan"], doc["path_rating"], doc["willpower"]["permanent"]) == ("Gangrel", 6, 3)
    budget = next(b for b in v20.report(doc, {}).budgets if b.label == "Discipline dots")
    assert budget.note == "Animalism, Fortitude, Protean"


def test_ingenuity_two_good_two_weak_and_a_talent() -> None:
    doc = {"attributes": {"Strength": "d6", "Dexterity": "d4", "Intellect": "d6", "Resolve": "d4"}}
    assert ing.report(doc, {"talent": "Toughness"}).warnings == ()
    assert ing.report({"attributes": {**doc["attributes"], "Resolve": "d8"}}, {"talent": "X"}).warnings
    applied = ing.apply(doc, {"talent": "Toughness"})
    assert applied["resources"]["Endurance"] == {"current": 14, "max": 14}  # 6 + d4 + 4
    assert applied["resources"]["Health"]["max"] == 12


from hypothesis import given
from hypothesis import strategies as st

V20_ATTRIBUTE_NAMES = ("Strength", "Dexterity", "Stamina", "Charisma", "Manipulation", "Appearance", "Perception",
                       "Intelligence", "Wits")


@given(st.lists(st.integers(1, 5), min_size=9, max_size=9), st.sampled_from(V20_ATTRIBUTE_NAMES))
def test_v20_one_more_attribute_dot_never_costs_less_and_never_more_than_five(dots, name) -> None:
    attributes = dict(zip(V20_ATTRIBUTE_NAMES, dots))
    before = v20.freebies_spent({"attributes": attributes})["Attribute"]
    if attributes[name] < 5:
        after = v20.freebies_spent({"attributes": {**attributes, name: attributes[name] + 1}})["Attribute"]
        assert after - before in (0, 5)
    assert before >= 5 * max(0, sum(dots) - 9 - 15)  # at least the dots beyond all 15 free ones


def test_v5_predator_type_grants_are_written_on_and_taken_off_when_another_is_chosen() -> None:
    doc = v5.apply({"creature": "vampire", "clan": "Brujah", "attributes": BOOK_ATTRIBUTES, "skills": {}}, {})
    alleycat = v5.apply(doc, {"predator": "Alleycat"})
    assert alleycat["disciplines"] == {"Celerity": 1}  # a Brujah clan Discipline of the two offered
    assert alleycat["specialties"] == {"Intimidation": ["Stickups"]}
    assert (alleycat["advantages"], alleycat["flaws"]) == ({"Contacts": 3}, {})
    assert v5.apply(alleycat, {"predator": "Alleycat"}) == alleycat  # applied again: nothing added twice
    bagger = v5.apply({**alleycat, "advantages": {"Contacts": 3, "Resources": 2}}, {"predator": "Bagger"})
    assert bagger["disciplines"] == {"Blood Sorcery": 1}  # neither is Brujah: the first
    assert bagger["specialties"] == {"Larceny": ["Lock Picking"]}
    assert (bagger["advantages"], bagger["flaws"]) == ({"Resources": 2, "Iron Gullet": 3}, {"Enemy": 2})
    report = v5.report(bagger, {})
    assert next(b for b in report.budgets if b.label == "Flaw points").spent == 2
