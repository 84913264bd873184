"""Awarding and spending experience through the play layer: saved, logged, refused with a reason."""

from pathlib import Path

import pytest

from vtm_tui.model.character import new_character
from vtm_tui.play import experience as xp
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

from play_characters import NOW


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


def make(tmp_path: Path, ruleset: str = "v5", **costs):
    store = create_chronicle(tmp_path / "c", "C", ruleset)
    if costs:
        store.chronicle.extra["experience_costs"] = costs
        store.save_chronicle()
    ana = new_character("Ana", ruleset, player="Marta")
    if ruleset == "v5":
        ana.sheet.clan = "Brujah"
        ana.sheet.attributes["Strength"] = 2
    store.add_character(ana)
    store.add_character(new_character("Rui", ruleset, kind="spc"))
    return open_chronicle(tmp_path / "c")


def entries(store):
    return [e for e in read_session(store.path, store.chronicle.current_session).entries if e.kind == "experience"]


def test_award_then_spend_saves_logs_and_keeps_history(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 20, "the docks", now=NOW)
    field, label = xp.resolve(store.character("Ana"), "strength")
    spent = xp.spend(store, store.character("Ana"), field, label=label, now=NOW)
    assert (spent.price.before, spent.price.after, spent.price.cost, spent.remaining) == (2, 3, 15, 5)
    again = open_chronicle(store.path).character("Ana").sheet
    assert again.attributes["Strength"] == 3
    assert (again.experience_total, again.experience_spent) == (20, 15)
    assert [(e.amount, e.note) for e in again.experience_history] == [(20, "the docks"), (-15, "Strength 2 → 3")]
    logged = entries(store)
    assert [e.change["field"] for e in logged] == ["experience.total", "attributes.Strength"]
    assert logged[1].change["xp_cost"] == 15 and logged[0].comment == "the docks"


def test_short_of_experience_is_refused_and_nothing_changes(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 10, "a scene", now=NOW)
    before = (store.path / "characters" / "ana.toml").read_text()
    with pytest.raises(xp.XpRefused, match="costs 15 experience, only 10 unspent"):
        xp.spend(store, store.character("Ana"), "attributes.Strength", label="Strength", now=NOW)
    assert (store.path / "characters" / "ana.toml").read_text() == before
    assert len(entries(store)) == 1


def test_at_the_maximum_is_refused(tmp_path):
    store = make(tmp_path)
    ana = store.character("Ana")
    ana.sheet.attributes["Strength"] = 5
    store.save_character(ana)
    xp.award(store, [store.character("Ana")], 50, "much", now=NOW)
    with pytest.raises(xp.XpRefused, match="Strength is at its maximum"):
        xp.spend(store, store.character("Ana"), "attributes.Strength", label="Strength", now=NOW)


def test_a_new_specialty_and_a_chronicle_override(tmp_path):
    store = make(tmp_path, specialty=2)
    xp.award(store, [store.character("Ana")], 5, "x", now=NOW)
    with pytest.raises(xp.XpRefused, match="Brawl has no dots; a specialty needs at least one"):
        xp.resolve(store.character("Ana"), "brawl (grappling)")
    ana = store.character("Ana")
    ana.sheet.skills["Brawl"] = 1
    store.save_character(ana)
    field, label = xp.resolve(store.character("Ana"), "brawl (grappling)")
    spent = xp.spend(store, store.character("Ana"), field, label=label, now=NOW)
    assert spent.price.cost == 2
    assert open_chronicle(store.path).character("Ana").sheet.specialties == {"Brawl": ["grappling"]}
    with pytest.raises(xp.XpRefused, match="already has the specialty 'Grappling'"):
        xp.resolve(store.character("Ana"), "Brawl (Grappling)")


def test_v20_willpower_and_a_new_ability(tmp_path):
    store = make(tmp_path, "v20")
    xp.award(store, [store.character("Ana")], 10, "x", now=NOW)
    ana = store.character("Ana")
    spent = xp.spend(store, ana, *xp.resolve(ana, "Willpower"), now=NOW)
    assert (spent.price.kind, spent.price.cost) == ("willpower", 1)
    sheet = spent.character.sheet
    assert (sheet.willpower_permanent, sheet.willpower_current) == (2, 2)
    spent = xp.spend(store, spent.character, *xp.resolve(spent.character, "Law"), now=NOW)
    assert (spent.price.kind, spent.price.cost, spent.remaining) == ("new_ability", 3, 6)


def test_ingenuity_raises_a_die_one_size(tmp_path):
    store = make(tmp_path, "ingenuity")
    xp.award(store, [store.character("Ana")], 10, "x", now=NOW)
    ana = store.character("Ana")
    spent = xp.spend(store, ana, *xp.resolve(ana, "Combat"), now=NOW)
    assert (spent.price.before, spent.price.after, spent.price.cost) == (4, 6, 6)
    assert open_chronicle(store.path).character("Ana").sheet.skills["Combat"] == 6


@pytest.mark.parametrize("amount, reason, message", [
    (0, "x", "give 1-100"), (101, "x", "give 1-100"), (3, "  ", "--reason is empty"), (3, "x" * 300, "keep it under"),
])
def test_bad_awards_are_refused(tmp_path, amount, reason, message):
    store = make(tmp_path)
    with pytest.raises(xp.XpRefused, match=message):
        xp.award(store, [store.character("Ana")], amount, reason, now=NOW)


def test_unknown_trait_names_the_examples(tmp_path):
    store = make(tmp_path)
    with pytest.raises(xp.XpRefused, match="no such trait on a v5 sheet"):
        xp.resolve(store.character("Ana"), "Strenght")


def test_a_bad_override_in_chronicle_toml_is_one_clear_error(tmp_path):
    store = make(tmp_path, atribute=3)
    with pytest.raises(xp.XpRefused, match="chronicle.toml: experience_costs.atribute is not a v5 cost"):
        xp.quote(store.chronicle, store.character("Ana"), "attributes.Strength", "Strength")


def test_a_ghoul_has_no_blood_potency_to_buy(tmp_path):
    store = make(tmp_path)
    ana = store.character("Ana")
    ana.sheet.creature, ana.sheet.hunger = "ghoul", 0
    store.save_character(ana)
    xp.award(store, [store.character("Ana")], 50, "x", now=NOW)
    with pytest.raises(xp.XpRefused, match=r"Blood Potency is at its maximum \(0\)"):
        xp.spend(store, store.character("Ana"), *xp.resolve(store.character("Ana"), "blood potency"), now=NOW)


def give(store, name: str, **disciplines: int):
    """The character with these Discipline dots written to its sheet."""
    character = store.character(name)
    character.sheet.disciplines.update(disciplines)
    store.save_character(character)
    return store.character(name)


def test_new_advantage_ritual_and_formula_with_prefixes(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 30, "x", now=NOW)
    ana = give(store, "Ana", **{"Blood Sorcery": 2, "Thin-Blood Alchemy": 1})
    spent = xp.spend(store, ana, *xp.resolve(ana, "advantage: Herd"), now=NOW)
    assert (spent.price.kind, spent.price.cost, spent.character.sheet.advantages) == ("advantage", 3, {"Herd": 1})
    spent = xp.spend(store, spent.character, *xp.resolve(spent.character, "ritual: Wards (level 2)"), now=NOW)
    assert (spent.price.kind, spent.price.before, spent.price.after, spent.price.cost) == ("ritual", 0, 2, 6)
    spent = xp.spend(store, spent.character, *xp.resolve(spent.character, "Formula: Far Reach 1"), now=NOW)
    sheet = open_chronicle(store.path).character("Ana").sheet
    # their own kind on the sheet, not pretend powers of a Discipline
    assert sheet.powers == {}
    assert [(r.name, r.level) for r in sheet.rituals] == [("Wards", 2)]
    assert [(r.name, r.level) for r in sheet.formulas] == [("Far Reach", None)]  # the core's level 1
    assert spent.remaining == 30 - 3 - 6 - 3
    with pytest.raises(xp.XpRefused, match="not a ritual of the core; give its level"):
        xp.resolve(spent.character, "ritual: Wards")
    with pytest.raises(xp.XpRefused, match="a level is 1-5, not 7"):
        xp.resolve(spent.character, "ritual: Wards 7")
    with pytest.raises(xp.XpRefused, match="already knows the ritual 'wards'"):
        xp.resolve(spent.character, "ritual: wards (level 2)")


def test_a_core_ritual_takes_the_catalogues_level_and_is_priced_level_times_three(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 30, "x", now=NOW)
    ana = give(store, "Ana", **{"Blood Sorcery": 3})
    assert xp.resolve(ana, "Ritual: Firewalker") == ("rituals.Firewalker", "Ritual: Firewalker (level 3)")
    spent = xp.spend(store, ana, *xp.resolve(ana, "Ritual: Firewalker"), now=NOW)
    assert (spent.price.after, spent.price.cost) == (3, 9)
    assert [r.name for r in open_chronicle(store.path).character("Ana").sheet.rituals] == ["Firewalker"]


def test_a_ritual_needs_blood_sorcery_and_a_formula_thin_blood_alchemy(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 30, "x", now=NOW)
    ana = store.character("Ana")  # a Brujah with no Blood Sorcery
    with pytest.raises(xp.XpRefused, match="a level-1 ritual needs Blood Sorcery 1 \\(has 0\\)"):
        xp.spend(store, ana, *xp.resolve(ana, "Ritual: Ward against Ghouls"), now=NOW)
    ana = give(store, "Ana", **{"Blood Sorcery": 2})
    with pytest.raises(xp.XpRefused, match="a level-3 ritual needs Blood Sorcery 3 \\(has 2\\)"):
        xp.spend(store, ana, *xp.resolve(ana, "Ritual: Firewalker"), now=NOW)
    with pytest.raises(xp.XpRefused, match="needs Thin-Blood Alchemy 1"):
        xp.spend(store, ana, *xp.resolve(ana, "Formula: Haze"), now=NOW)
    assert open_chronicle(store.path).character("Ana").sheet.experience_spent == 0


@pytest.mark.parametrize(("generation", "clan", "potency", "cap"), [
    (13, "Brujah", 3, 3), (12, "Brujah", 3, 3), (11, "Brujah", 4, 4), (9, "Brujah", 5, 5), (7, "Brujah", 6, 6),
    (14, "Thin-Blood", 0, 0), (None, "Thin-Blood", 0, 0),
])
def test_blood_potency_stops_at_its_generations_cap(tmp_path, generation, clan, potency, cap):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 100, "x", now=NOW)
    ana = store.character("Ana")
    ana.sheet.generation, ana.sheet.clan, ana.sheet.blood_potency = generation, clan, potency
    store.save_character(ana)
    ana = store.character("Ana")
    with pytest.raises(xp.XpRefused, match=rf"Blood Potency {potency + 1} is past the cap of {cap} for"):
        xp.spend(store, ana, *xp.resolve(ana, "Blood Potency"), now=NOW)


def test_blood_potency_below_the_cap_is_bought(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 100, "x", now=NOW)
    ana = store.character("Ana")
    ana.sheet.generation, ana.sheet.blood_potency = 13, 2
    store.save_character(ana)
    spent = xp.spend(store, store.character("Ana"), *xp.resolve(store.character("Ana"), "Blood Potency"), now=NOW)
    assert (spent.price.after, spent.price.cost) == (3, 30)


def test_a_disciplines_new_dot_brings_the_chosen_core_power(tmp_path):
    store = make(tmp_path)
    xp.award(store, [store.character("Ana")], 30, "x", now=NOW)
    ana = give(store, "Ana", Celerity=2)
    offer = xp.quote(store.chronicle, ana, "disciplines.Celerity", "Celerity")
    # level 3 or lower, not held; Unerring Aim (level 4, amalgam Auspex 2) is not offered
    assert [p.name for p in xp.power_choices(ana, offer)] == [
        "Cat's Grace", "Rapid Reflexes", "Fleetness", "Blink", "Traversal"]
    with pytest.raises(xp.XpRefused, match="'Split Second' is not a power Celerity 3 may bring"):
        xp.spend(store, ana, "disciplines.Celerity", "Celerity", now=NOW, power="Split Second")
    spent = xp.spend(store, ana, "disciplines.Celerity", "Celerity", now=NOW, power="Blink")
    sheet = open_chronicle(store.path).character("Ana").sheet
    assert sheet.disciplines["Celerity"] == 3 and [p.name for p in sheet.powers["Celerity"]] == ["Blink"]
    assert spent.entry.comment == "spent 15 on Celerity with the power Blink"
    assert sheet.experience_history[-1].note == "Celerity 2 → 3 (Blink)"


def test_amalgam_powers_are_offered_only_with_their_other_discipline(tmp_path):
    store = make(tmp_path)
    ana = give(store, "Ana", Dominate=1)
    offer = xp.quote(store.chronicle, ana, "disciplines.Dominate", "Dominate")
    assert "Dementation" not in [p.name for p in xp.power_choices(ana, offer)]
    ana = give(store, "Ana", Obfuscate=2)
    assert "Dementation" in [p.name for p in xp.power_choices(ana, offer)]


def test_ingenuity_new_proficiency(tmp_path):
    store = make(tmp_path, "ingenuity")
    xp.award(store, [store.character("Ana")], 10, "x", now=NOW)
    ana = store.character("Ana")
    spent = xp.spend(store, ana, *xp.resolve(ana, "Proficiency: Swords"), now=NOW)
    assert (spent.price.before, spent.price.after, spent.price.cost) == (0, 1, 4)


def test_a_storyteller_characters_spend_is_kept_from_players(tmp_path):
    from vtm_tui.play.visibility import entries_for, viewer_for

    store = make(tmp_path)
    xp.award(store, [store.character("Ana"), store.character("Rui")], 20, "x", now=NOW)
    rui = store.character("Rui")
    xp.spend(store, rui, *xp.resolve(rui, "Dominate"), now=NOW)
    ana = store.character("Ana")
    xp.spend(store, ana, *xp.resolve(ana, "Dominate"), now=NOW)
    shown = entries_for(viewer_for("Marta", store.characters), entries(store))
    assert [(e.actor, e.change["field"]) for e in shown] == [("Ana", "experience.total"),
                                                             ("Ana", "disciplines.Dominate")]
