"""The experience lines every rule set's sheet ends with: unspent of total, then the latest awards and spends.

The history is the sheet's own ``[[experience.history]]`` (written by ``vtm-tui xp``
and the ``X`` key), so drawing it reads no log. Notes typed by the storyteller are
drawn as plain text (the builder makes ``Text``, never markup).
"""

from __future__ import annotations

from datetime import timezone

from vtm_tui.model.character import Character
from vtm_tui.ui.widgets.sheet_layout import SheetBuilder

#: How many of the latest awards and spends the sheet shows (the export lists them all).
SHOWN = 5


def experience_section(b: SheetBuilder, character: Character) -> None:
    sheet = character.sheet
    if not sheet.experience_total and not sheet.experience_history:
        return
    b.paragraph(f"Experience: {sheet.experience_total - sheet.experience_spent} unspent of "
                f"{sheet.experience_total}", style="dim")
    for event in sheet.experience_history[-SHOWN:]:
        b.paragraph(f"{event.time.astimezone(timezone.utc):%Y-%m-%d} {event.amount:+4d}  {event.note}",
                    style="dim", indent="   ")
