"""The V5 powers page of creation and the sheet editor: what adding, removing and the report do to a document."""

from __future__ import annotations

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.rules.entry_pages import entry_page
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.v5 import power_page


def _doc(**disciplines: int) -> dict:
    return {"disciplines": dict(disciplines)}


def test_a_catalogue_power_is_added_as_a_bare_name_in_the_catalogue_spelling():
    doc = _doc(Dominate=2)
    power_page.add(doc, "  dom:   mesmerize ")
    assert doc["powers"] == {"Dominate": ["Mesmerize"]}
    assert power_page.lines(doc) == ["Dominate: Mesmerize — level 2, 1 Rouse, Manipulation + Dominate"]


def test_a_power_of_ones_own_is_a_table_with_level_rouse_and_pool():
    doc = _doc(Presence=2)
    power_page.add(doc, "Presence: Irresistible Voice; 2; free; Charisma + Presence")
    power_page.add(doc, "Presence: Quiet Word; 1")
    assert doc["powers"]["Presence"] == [
        {"name": "Irresistible Voice", "level": 2, "rouse": 0, "pool": "Charisma + Presence"},
        {"name": "Quiet Word", "level": 1, "rouse": 0}]
    assert power_page.lines(doc)[0] == "Presence: Irresistible Voice (own) — level 2, free, Charisma + Presence"


@pytest.mark.parametrize(("text", "why"), [
    ("Mesmerize", "a colon"),
    ("Dominate: Mesmerize", "no dots"),  # the sheet has no Dominate
    ("Potence: Unheard-of Might", "not in the catalogue"),
    ("Potence: Own; 9; 1", "level is 1-5"),
    ("Potence: Own; 1; 7", "Rouse is 0-5 or free"),
    ("Potence: Own; 1; 1; pool; more", "at most a level"),
    ("Potence: Lethal Body", "on the sheet already"),
])
def test_what_cannot_be_added_says_why_and_changes_nothing(text, why):
    doc = _doc(Potence=1)
    power_page.add(doc, "Potence: Lethal Body")
    before = {"disciplines": dict(doc["disciplines"]), "powers": {"Potence": ["Lethal Body"]}}
    with pytest.raises(VtmError, match=why):
        power_page.add(doc, text)
    assert doc == before


@pytest.mark.parametrize(("disciplines", "text", "said"), [
    ({"Dominate": 2}, "Dominate: Dementation", "Dementation needs Obfuscate 2 (has 0)"),  # the amalgam
    ({"Potence": 1}, "Potence: Prowess", "Prowess needs Potence 2 (has 1)"),  # the power's own level
    ({"Presence": 1}, "Presence: Irresistible", "Irresistible Voice needs Presence 4 (has 1) and Dominate 1 (has 0)"),
    ({"Presence": 1}, "Presence: Irresistible Voice; 1; 0", "Irresistible Voice needs Dominate 1 (has 0)"),  # own level
])
def test_a_power_past_its_prerequisites_is_the_storytellers_to_grant_and_is_said(disciplines, text, said):
    doc = {"disciplines": dict(disciplines)}
    power_page.add(doc, text)  # granted, not refused: it is the storyteller's sheet
    assert doc["powers"]
    assert power_page.problems(doc) == [said]
    assert f"Powers: {said}" in ruleset_for("v5").creation_report(doc, {}).warnings
    assert entry_page("v5", "powers").problems(doc) == [said]


def test_completion_and_the_catalogue_list_leave_out_a_power_whose_amalgam_is_missing():
    doc = _doc(Dominate=2, Obfuscate=1)
    assert "Dominate: Dementation" not in power_page.suggestions(doc)
    assert not [line for line in power_page.available(doc) if line.startswith("Dementation")]
    doc["disciplines"]["Obfuscate"] = 2
    assert "Dominate: Dementation" in power_page.suggestions(doc)


def test_prerequisites_met_or_raised_later_leave_nothing_to_say():
    doc = {"disciplines": {"Dominate": 2, "Obfuscate": 1}, "powers": {"Dominate": ["Dementation", "Compel"]}}
    assert power_page.problems(doc) == ["Dementation needs Obfuscate 2 (has 1)"]
    doc["disciplines"]["Obfuscate"] = 2
    assert power_page.problems(doc) == []
    doc["disciplines"]["Dominate"] = 1  # lowered after the power was given: said again
    assert power_page.problems(doc) == ["Dementation needs Dominate 2 (has 1)"]


def test_completion_offers_only_catalogue_powers_the_dots_allow_and_the_sheet_lacks():
    doc = _doc(Dominate=1, Potence=2)
    power_page.add(doc, "Potence: Lethal Body")
    offered = power_page.suggestions(doc)
    assert set(offered) == {"Dominate: Cloud Memory", "Dominate: Compel", "Potence: Soaring Leap", "Potence: Prowess"}
    assert "Prowess (Potence 2, 1 Rouse)" in power_page.available(doc)


def test_remove_takes_out_the_line_and_an_empty_list():
    doc = _doc(Potence=2, Celerity=1)
    for text in ("Potence: Lethal Body", "Celerity: Fleet; 1; 0", "Potence: Prowess"):
        power_page.add(doc, text)
    power_page.remove(doc, 2)  # the lines go by Discipline: Potence ×2, then Celerity
    assert doc["powers"] == {"Potence": ["Lethal Body", "Prowess"]}
    power_page.remove(doc, 0)
    power_page.remove(doc, 0)
    power_page.remove(doc, 5)  # no such line: nothing happens
    assert "powers" not in doc


def test_the_creation_report_warns_when_powers_differ_from_the_dots_and_never_blocks():
    rules = ruleset_for("v5")
    doc = {"disciplines": {"Potence": 2, "Celerity": 1}, "powers": {"Potence": ["Lethal Body"],
                                                                     "Auspex": ["Heightened Senses"]}}
    warnings = rules.creation_report(doc, {}).warnings
    assert "Powers: Potence has 2 dots and 1 power, the book gives one per dot" in warnings
    assert "Powers: Celerity has 1 dot and 0 powers, the book gives one per dot" in warnings
    assert "Powers: 1 under Auspex, which has no dots" in warnings
    doc["powers"] = {"Potence": ["Lethal Body", "Prowess"], "Celerity": ["Rapid Reflexes"]}
    assert not [w for w in rules.creation_report(doc, {}).warnings if w.startswith("Powers")]


def test_the_v5_rule_set_has_a_powers_page_and_the_others_none():
    assert any(s.kind == "entries" and s.id == "powers" for s in ruleset_for("v5").creation_steps())
    assert entry_page("v5", "powers") is not None
    for other in ("v20", "ingenuity"):
        assert not [s for s in ruleset_for(other).creation_steps() if s.kind == "entries"]
        assert entry_page(other, "powers") is None
