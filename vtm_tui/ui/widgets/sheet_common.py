"""Parts every rule set's sheet shares: who the character is, and the notes at the bottom; and the plain sheet
of a rule set that draws none of its own (:func:`layout_plain`)."""

from __future__ import annotations

from rich.text import Text

from vtm_tui.model.character import Character
from vtm_tui.rules.sheet_edits import Slot
from vtm_tui.ui.widgets.sheet_layout import Cell, SheetBuilder, SheetLayout


def identity_lines(b: SheetBuilder, character: Character, facts: list[str]) -> None:
    """Name (bold), PC/SPC and player, then the sheet's own facts (clan, generation, ...)."""
    title = Text(" ")
    title.append(character.name, style="bold")
    if character.kind == "pc":
        title.append(f"  player character · {character.player or 'no player yet'}", style="italic")
    else:
        title.append("  storyteller character", style="italic")
    b.line(title)
    if character.concept:
        facts = [character.concept, *facts]
    if facts:
        b.paragraph(" · ".join(facts))
    if character.pools:  # a quick storyteller character: rolled by pool name
        b.paragraph("Pools (roll by name): " + " · ".join(f"{k} {v}" for k, v in character.pools.items()))


def notes_section(b: SheetBuilder, character: Character) -> None:
    b.heading("Notes", "e edits")
    b.paragraph(character.notes or "(none yet)", style="" if character.notes else "dim")
    if character.private_notes:
        b.paragraph("Storyteller only: " + character.private_notes, style="italic")


def layout_plain(character: Character, width: int, cursor: str | None) -> SheetLayout:
    """The sheet of a rule set whose registry line names no layout: who the character is, each trait the pools
    read (``traits.<name>``, a slot the rule set's sheet edits step), then the notes."""
    b = SheetBuilder(width, cursor)
    identity_lines(b, character, [])
    b.heading("Traits")
    b.rows([Cell(name, Text(str(value)), Slot(f"traits.{name}", name, "dots", 0, 10), dim=value == 0)
            for name, value in character.sheet.traits().items()])
    notes_section(b, character)
    return b.build()
