"""The V20 sheet: attributes and abilities in three columns, disciplines, backgrounds, virtues, the path,
Willpower (permanent dots, current points), the blood pool and the seven health levels with their penalties.

Generation sets the blood pool and the highest a trait may go; ``+`` refuses past it and says so.
"""

from __future__ import annotations

from rich.text import Text

from vtm_tui.model.character import Character
from vtm_tui.model.traits import (
    V20_HEALTH_LEVELS,
    V20_KNOWLEDGES,
    V20_SKILLS,
    V20_TALENTS,
    V20_VIRTUES,
)
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_edits import Slot
from vtm_tui.ui.widgets.dots import count_boxes, dots
from vtm_tui.ui.widgets.sheet_experience import experience_section
from vtm_tui.ui.widgets.sheet_common import identity_lines, notes_section
from vtm_tui.ui.widgets.sheet_layout import Cell, SheetBuilder, SheetLayout
from vtm_tui.ui.widgets.tracker import v20_marks

PHYSICAL = ("Strength", "Dexterity", "Stamina")
SOCIAL = ("Charisma", "Manipulation", "Appearance")
MENTAL = ("Perception", "Intelligence", "Wits")


def layout_v20(character: Character, width: int, cursor: str | None) -> SheetLayout:
    sheet = character.sheet
    top = sheet.trait_max
    b = SheetBuilder(width, cursor)
    facts = [x for x in (sheet.clan, sheet.sect) if x]
    bred = f"generation {sheet.generation}" if sheet.creature == "vampire" else sheet.creature
    facts.append(f"{bred} (traits ≤ {top}, blood pool {sheet.blood_pool}, {sheet.blood_per_turn}/turn)")
    if sheet.nature or sheet.demeanor:
        facts.append(f"nature {sheet.nature or '?'} / demeanor {sheet.demeanor or '?'}")
    if sheet.sire:
        facts.append(f"sire: {sheet.sire}")
    identity_lines(b, character, facts)

    dot_max = max(5, top)
    b.heading("Attributes")
    b.grid([(title, [_cell(character, "attributes", n, 1, top, dot_max) for n in names])
            for title, names in (("Physical", PHYSICAL), ("Social", SOCIAL), ("Mental", MENTAL))], label_width=12)
    b.heading("Abilities")
    b.grid([(title, [_cell(character, "abilities", n, 0, top, dot_max) for n in names])
            for title, names in (("Talents", V20_TALENTS), ("Skills", V20_SKILLS), ("Knowledges", V20_KNOWLEDGES))])
    if sheet.specialties:
        b.paragraph("Specialties: " + " · ".join(f"{k} ({', '.join(v)})" for k, v in sheet.specialties.items()))

    b.heading("Advantages")
    virtues = []
    for pair in V20_VIRTUES:
        name = next((n for n in pair if n in sheet.virtues), pair[0])
        virtues.append(_cell(character, "virtues", name, 1, 5, 5))
    b.grid([("Disciplines", [_cell(character, "disciplines", n, 0, top, dot_max) for n in sheet.disciplines]),
            ("Backgrounds", [_cell(character, "backgrounds", n, 0, 5, 5) for n in sheet.backgrounds]),
            ("Virtues", virtues)])

    b.heading("Path, Willpower & Blood")
    b.rows([
        Cell(sheet.path, Text(f"{dots(sheet.path_rating, 10)} {sheet.path_rating}"),
             Slot("path_rating", sheet.path, "humanity", 0, 10)),
        Cell("Willpower", Text(f"{dots(sheet.willpower_permanent, 10)} {sheet.willpower_permanent}"),
             Slot("willpower_permanent", "Willpower", "dots", 1, 10), note="permanent"),
        Cell("  current", Text(f"{count_boxes(sheet.willpower_current, sheet.willpower_permanent)} "
                               f"{sheet.willpower_current}"),
             Slot("willpower_current", "Willpower points", "count", 0, sheet.willpower_permanent),
             note="d spends, h regains"),
        Cell("Blood pool", Text(f"{sheet.blood}/{sheet.blood_pool}"),
             Slot("blood", "Blood pool", "count", 0, sheet.blood_pool),
             note=count_boxes(sheet.blood, sheet.blood_pool) + "  ] spends, [ feeds"),
    ], value_width=14)

    b.heading("Health", sheet.health.level())
    marks = v20_marks(sheet.health.bashing, sheet.health.lethal, sheet.health.aggravated, len(V20_HEALTH_LEVELS))
    b.rows([Cell("Health", Text(" ".join(marks)), Slot("health", "Health", "tracker", 0, len(marks)),
                 note=f"{sheet.health.marked} of {len(marks)} levels marked")], value_width=13)
    b.paragraph(" · ".join(f"{level} {'—' if penalty is None else penalty}"
                           for level, penalty in V20_HEALTH_LEVELS), style="dim")
    h = sheet.health
    b.paragraph(f"/ bashing {h.bashing} · X lethal {h.lethal} · * aggravated {h.aggravated} — "
                "d bashing, D lethal, x aggravated, h heals", style="dim")
    for reason in ruleset_for(character.ruleset).sheet_edits().impairments(character.sheet):
        b.paragraph(f"⚠ {reason}", style="bold")

    if sheet.merits or sheet.flaws:
        b.heading("Merits & Flaws")
        b.rows([Cell(f"Merit: {n}", f"{v} pt") for n, v in sheet.merits.items()]
               + [Cell(f"Flaw: {n}", f"{v} pt") for n, v in sheet.flaws.items()], label_width=24)
    experience_section(b, character)
    notes_section(b, character)
    return b.build()


def _cell(character: Character, table: str, name: str, low: int, high: int, _shown_max: int = 5) -> Cell:
    value = getattr(character.sheet, table).get(name, 0)
    return Cell(name, Text(dots(value, 5)), Slot(f"{table}.{name}", name, "dots", low, high), dim=value == 0)
