"""Parts every rule set's sheet shares: who the character is, and the notes at the bottom."""

from __future__ import annotations

from rich.text import Text

from vtm_tui.model.character import Character
from vtm_tui.ui.widgets.sheet_layout import SheetBuilder


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
