"""The V5 sheet: attributes in three columns, skills with specialties, disciplines with powers, the blood
(Hunger, Blood Potency and what it grants, Humanity with stains), Health and Willpower boxes, impairment,
advantages, convictions and notes.

Blood Potency's benefits and a compulsion's penalty come from the rule set's blood upkeep facet
(``ruleset_for(id).blood_upkeep()``, :mod:`vtm_tui.rules.blood_upkeep`), never from a copy here; this module imports
no engine. The facet's tables load after the first paint (:func:`engine_loaded`, :func:`load_engine`).
"""

from __future__ import annotations

from rich.text import Text

from vtm_tui.model.character import Character
from vtm_tui.model.traits import (
    V5_DISCIPLINES,
    V5_MENTAL_ATTRIBUTES,
    V5_MENTAL_SKILLS,
    V5_PHYSICAL_ATTRIBUTES,
    V5_PHYSICAL_SKILLS,
    V5_SOCIAL_ATTRIBUTES,
    V5_SOCIAL_SKILLS,
)
from vtm_tui.rules.blood_upkeep import BloodUpkeep
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_edits import Slot
from vtm_tui.ui.widgets.dots import dots
from vtm_tui.ui.widgets.sheet_layout import Cell, SheetBuilder, SheetLayout
from vtm_tui.ui.widgets.sheet_experience import experience_section
from vtm_tui.ui.widgets.sheet_common import identity_lines, notes_section
from vtm_tui.ui.widgets.tracker import v5_boxes, v5_legend


ATTRIBUTES = (("Physical", V5_PHYSICAL_ATTRIBUTES), ("Social", V5_SOCIAL_ATTRIBUTES),
              ("Mental", V5_MENTAL_ATTRIBUTES))
SKILLS = (("Physical", V5_PHYSICAL_SKILLS), ("Social", V5_SOCIAL_SKILLS), ("Mental", V5_MENTAL_SKILLS))


#: The rule set this module draws: the sheet view found it as ``sheet_<id>`` (``layout_module``), so its id is its
#: name's tail, not a name written here.
RULESET_ID = __name__.rpartition("sheet_")[2]


def _upkeep() -> BloodUpkeep:
    return ruleset_for(RULESET_ID).blood_upkeep()


def engine_loaded() -> bool:
    """Whether Blood Potency's table is imported; the first sheet is drawn without waiting for it."""
    return _upkeep().tables_loaded()


def load_engine() -> None:
    _upkeep().load_tables()


def blood_potency_text(level: int) -> str:
    """What Blood Potency ``level`` grants, from the rule set's table ("…" until the table is loaded)."""
    upkeep = _upkeep()
    if not upkeep.tables_loaded():
        return "…"
    row = upkeep.blood_potency(level)
    reroll = f"re-roll Rouse ≤ level {row.rouse_reroll}" if row.rouse_reroll is not None else "no Rouse re-roll"
    return (f"surge +{row.surge} dice · mend {row.mend} Superficial · Discipline power +{row.power_bonus} · "
            f"{reroll} · bane severity {row.bane_severity}")


def layout_v5(character: Character, width: int, cursor: str | None) -> SheetLayout:
    sheet = character.sheet
    b = SheetBuilder(width, cursor)
    facts = []
    if sheet.is_vampire:
        facts.append(sheet.clan or "clanless")
        if sheet.generation:
            facts.append(f"{_ordinal(sheet.generation)} generation")
    else:
        facts.append(sheet.creature)
    if sheet.predator:
        facts.append(f"predator: {sheet.predator}")
    if sheet.sire:
        facts.append(f"sire: {sheet.sire}")
    identity_lines(b, character, facts)
    if sheet.ambition or sheet.desire:
        b.paragraph(" · ".join(x for x in (f"Ambition: {sheet.ambition}" if sheet.ambition else "",
                                           f"Desire: {sheet.desire}" if sheet.desire else "") if x))

    b.heading("Attributes")
    b.grid([(category, [_dots_cell(character, "attributes", name, 1, 5) for name in names])
            for category, names in ATTRIBUTES], label_width=12)

    b.heading("Skills")
    b.grid([(category, [_dots_cell(character, "skills", name, 0, 5) for name in names])
            for category, names in SKILLS])
    custom = [name for name in sheet.skills if not any(name in names for _, names in SKILLS)]
    if custom:
        b.rows([_dots_cell(character, "skills", name, 0, 5) for name in custom])
    if sheet.specialties:
        b.paragraph("Specialties: " + " · ".join(f"{skill} ({', '.join(items)})"
                                                 for skill, items in sheet.specialties.items()))

    if sheet.disciplines or sheet.is_vampire:
        b.heading("Disciplines")
        names = sorted(sheet.disciplines, key=lambda n: (V5_DISCIPLINES.index(n) if n in V5_DISCIPLINES else 99, n))
        if names:
            cells = []
            for name in names:
                cell = _dots_cell(character, "disciplines", name, 0, 5)
                cell.note = ", ".join(p.name for p in sheet.powers.get(name, []))
                cells.append(cell)
            b.rows(cells)
        else:
            b.paragraph("none", style="dim")
    for problem in sheet.unmet_powers():  # the storyteller may grant it; the sheet says so, in words
        b.paragraph(f"⚠ {problem}", style="bold")
    for label, kind, listed in (("Rituals", "ritual", sheet.rituals), ("Formulas", "formula", sheet.formulas)):
        if listed:  # their own kind, beside the Disciplines: name and level (a level unknown shows "?")
            b.paragraph(f"{label}: " + " · ".join(f"{r.name} ({r.known_level(kind) or '?'})" for r in listed))

    b.heading("Blood" if sheet.is_vampire else "Humanity")
    rows: list[Cell] = []
    if sheet.is_vampire:
        rows.append(Cell("Hunger", Text(f"{dots(sheet.hunger)} {sheet.hunger}"),
                         Slot("hunger", "Hunger", "hunger", 0, 5)))
        rows.append(Cell("Blood Potency", Text(f"{dots(sheet.blood_potency)} {sheet.blood_potency}"),
                         Slot("blood_potency", "Blood Potency", "dots", 0, 10),
                         note=blood_potency_text(sheet.blood_potency)))
    free = max(0, 10 - sheet.humanity - sheet.stains)
    stains_shown = min(sheet.stains, 10 - sheet.humanity)
    humanity = "●" * sheet.humanity + "○" * free + "/" * stains_shown
    rows.append(Cell("Humanity", Text(f"{humanity} {sheet.humanity}"), Slot("humanity", "Humanity", "humanity", 0, 10),
                     note=f"stains {sheet.stains}" + (" — Remorse due at session end" if sheet.remorse_due else "")))
    b.rows(rows, value_width=12)
    if sheet.is_vampire and sheet.bane:
        b.paragraph(f"Bane: {sheet.bane}")
    if sheet.resonance:
        b.paragraph(f"Resonance of the last feeding: {sheet.resonance}")
    for condition in sheet.conditions:  # a compulsion until the storyteller clears it (b → Clear)
        b.paragraph("⚠ " + _upkeep().condition_text(condition), style="bold")

    b.heading("Health & Willpower")
    tracks = []
    for field, label, size, held in (("health", "Health", sheet.health_size, sheet.health),
                                     ("willpower", "Willpower", sheet.willpower_size, sheet.willpower)):
        tracks.append(Cell(label, Text(v5_boxes(size, held.superficial, held.aggravated)),
                           Slot(field, label, "tracker", 0, size),
                           note=v5_legend(size, held.superficial, held.aggravated)))
    b.rows(tracks, label_width=10, value_width=2 * max(sheet.health_size, sheet.willpower_size) - 1)
    resilience = " + Fortitude (Resilience)" if sheet.health_size > sheet.attributes.get("Stamina", 1) + 3 else ""
    b.paragraph(f"Health = Stamina + 3{resilience} · Willpower = Composure + Resolve · / Superficial, X Aggravated", style="dim")
    if sheet.health.aggravated >= sheet.health_size:
        b.paragraph("⚠ Health all Aggravated: " + ("torpor" if sheet.is_vampire else "death"), style="bold")
    for reason in ruleset_for(character.ruleset).sheet_edits().impairments(character.sheet):
        b.paragraph(f"⚠ Impaired — {reason}", style="bold")

    if sheet.advantages or sheet.flaws:
        b.heading("Advantages & Flaws")
        cells = [_dots_cell(character, "advantages", n, 0, 5) for n in sheet.advantages]
        cells += [_dots_cell(character, "flaws", n, 0, 5, prefix="Flaw: ") for n in sheet.flaws]
        b.rows(cells, label_width=18)

    if sheet.convictions or sheet.touchstones:
        b.heading("Convictions & Touchstones")
        for conviction in sheet.convictions:
            b.paragraph(f"• {conviction}")
        for stone in sheet.touchstones:
            line = f"◆ {stone.name}"
            if stone.conviction:
                line += f" — {stone.conviction}"
            if stone.note:
                line += f" ({stone.note})"
            b.paragraph(line)
    experience_section(b, character)
    notes_section(b, character)
    return b.build()


def _dots_cell(character: Character, table: str, name: str, low: int, high: int, prefix: str = "") -> Cell:
    value = getattr(character.sheet, table).get(name, 0)
    return Cell(prefix + name, Text(dots(value, high)), Slot(f"{table}.{name}", name, "dots", low, high),
                dim=value == 0)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
