"""The printed V5 sheet (export, recap) lists rituals and formulas, their own kind, with their levels."""

from vtm_tui.rules.v5.sheet_sections import sections


def test_rituals_and_formulas_are_printed_with_their_levels():
    doc = {"attributes": {}, "disciplines": {"Blood Sorcery": 2}, "powers": {"Blood Sorcery": ["Corrosive Vitae"]},
           "rituals": ["Ward against Ghouls", {"name": "Bind the Familiar", "level": 2}, "Unknown Rite"],
           "formulas": ["Far Reach"]}
    printed = {section.title: section.rows for section in sections(doc)}
    assert printed["Rituals and formulas"] == [("Ritual: Ward against Ghouls", "level 1"),
                                               ("Ritual: Bind the Familiar", "level 2"),
                                               ("Ritual: Unknown Rite", "level ?"), ("Formula: Far Reach", "level 1")]
    assert printed["Disciplines"] == [("Blood Sorcery", "●●○○○ 2: Corrosive Vitae")]


def test_a_sheet_without_them_prints_no_such_section():
    assert "Rituals and formulas" not in {s.title for s in sections({"attributes": {}})}
