"""The Ingenuity sheet: attribute and skill dice (d4…d12) with passive values, proficiencies, resources
(current of maximum, the maximum following its attribute's die), Fate, and the derived passive defences.

``+``/``-`` step a die up or down a size; ``d``/``h`` take and restore points of the focused resource.
"""

from __future__ import annotations

from rich.text import Text

from vtm_tui.model.character import Character
from vtm_tui.model.traits import (
    INGENUITY_ATTRIBUTES,
    INGENUITY_MUNDANE_SKILLS,
    INGENUITY_RESOURCES,
    INGENUITY_SKILLS,
    INGENUITY_SUPERNATURAL_SKILLS,
)
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_edits import Slot
from vtm_tui.ui.widgets.dots import count_boxes, die
from vtm_tui.ui.widgets.sheet_experience import experience_section
from vtm_tui.ui.widgets.sheet_common import identity_lines, notes_section
from vtm_tui.ui.widgets.sheet_layout import Cell, SheetBuilder, SheetLayout


def layout_ingenuity(character: Character, width: int, cursor: str | None) -> SheetLayout:
    sheet = character.sheet
    b = SheetBuilder(width, cursor)
    facts = [x for x in (sheet.ancestry,) if x]
    facts.append(f"size {sheet.size} ({sheet.size_value})")
    identity_lines(b, character, facts)

    b.heading("Attributes", "passive = half the die")
    cells = [_die_cell(character, "attributes", name, 4) for name in INGENUITY_ATTRIBUTES]
    b.grid([("", cells[:2]), ("", cells[2:])], label_width=10, value_width=12)

    b.heading("Skills", "untrained mundane = d4")
    mundane = [_die_cell(character, "skills", name, 4) for name in INGENUITY_MUNDANE_SKILLS]
    half = (len(mundane) + 1) // 2
    b.grid([("Mundane", mundane[:half]), ("", mundane[half:])], label_width=10, value_width=12)
    supernatural = [n for n in INGENUITY_SUPERNATURAL_SKILLS if n in sheet.skills]
    supernatural += [n for n in sheet.skills if n not in INGENUITY_SKILLS]
    if supernatural:
        b.rows([_die_cell(character, "skills", name, 0) for name in supernatural], label_width=10, value_width=12)

    if sheet.proficiencies:
        b.heading("Proficiencies")
        b.rows([Cell(name, Text(f"+{bonus}"), Slot(f"proficiencies.{name}", name, "dots", 1, 4))
                for name, bonus in sheet.proficiencies.items()], label_width=16)

    b.heading("Resources")
    cells = []
    for name, attribute in INGENUITY_RESOURCES.items():
        top = sheet.resource_max(name)
        now = sheet.resource_current(name)
        cells.append(Cell(name, Text(f"{now}/{top}"), Slot(f"resources.{name}", name, "count", 0, top),
                          note=f"{count_boxes(now, top)}  (6 + {attribute} d{sheet.attributes[attribute]})"))
    cells.append(Cell("Fate", Text(str(sheet.fate)), Slot("fate", "Fate", "dots", 0, 99)))
    b.rows(cells, label_width=10, value_width=6)
    for reason in ruleset_for(character.ruleset).sheet_edits().impairments(character.sheet):
        b.paragraph(f"⚠ {reason}", style="bold")

    b.heading("Passive values")
    passive = {name: sheet.attributes[name] // 2 for name in INGENUITY_ATTRIBUTES}
    b.paragraph(f"Reflexes {passive['Resolve'] + passive['Dexterity']} · "
                f"Constitution {passive['Resolve'] + passive['Strength']} · "
                f"Willpower {passive['Resolve'] + passive['Intellect']}")
    experience_section(b, character)
    notes_section(b, character)
    return b.build()


def _die_cell(character: Character, table: str, name: str, low: int) -> Cell:
    traits = character.sheet.traits()
    size = traits.get(name, 0)
    value = Text(die(size).ljust(4) + (f"passive {size // 2}" if size else ""))
    untrained = table == "skills" and name not in character.sheet.skills
    return Cell(name, value, Slot(f"{table}.{name}", name, "die", low, 12), dim=untrained or size == 0)
