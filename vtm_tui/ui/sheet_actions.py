"""The damage, heal, Hunger and stain keys shared by every screen that edits a sheet.

The storyteller's coterie screen and a player's seat both bind ``d``/``D``/``x``,
``h``, ``]``/``[`` and ``s``/``S`` to the same edits of :mod:`vtm_tui.ui.sheet_edits`;
the screens differ only in how an edit is saved and announced (their own
``apply`` and ``say``), so the key actions live here once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui import sheet_edits

if TYPE_CHECKING:
    from vtm_tui.model.character import Character
    from vtm_tui.ui.sheet_edits import Edit

#: The damage keys, lightest blow first: each marks what the RuleSet's ``sheet_damage_marks`` says (the track
#: they act on when the cursor is on none is its ``sheet_damage_field``).
DAMAGE_KEYS = "dDx"


class SheetEditActions:
    """Key actions for a screen with a ``SheetView``, a ``selected_character``, ``apply`` and ``say``."""

    selected_character: Character | None

    def apply(self, make: Callable[[Character], Edit]) -> None:  # provided by the screen
        raise NotImplementedError

    def say(self, text: str, *, error: bool = False) -> None:  # provided by the screen
        raise NotImplementedError

    def _track(self) -> str:
        """The track under the sheet's cursor, else the rule set's Health."""
        from vtm_tui.ui.widgets.sheet_view import SheetView

        sheet = self.query_one(SheetView)  # type: ignore[attr-defined]
        slot = sheet.focused_slot if self.focused is sheet else None  # type: ignore[attr-defined]
        character = self.selected_character
        if slot is not None and slot.kind in ("tracker", "count") and slot.field != "fate":
            return slot.field
        return ruleset_for(character.ruleset).sheet_damage_field if character else "health"

    def action_damage(self, key: str) -> None:
        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        field = self._track()
        severity = ruleset_for(character.ruleset).sheet_damage_marks[DAMAGE_KEYS.index(key)]
        if ruleset_for(character.ruleset).health_levels and field != "health":  # Willpower, blood: a point
            severity = "point"
        self.apply(lambda c: sheet_edits.damage(c, field, severity))

    def action_heal(self) -> None:
        field = self._track()
        self.apply(lambda c: sheet_edits.heal(c, field))

    def action_hunger(self, delta: int) -> None:
        self.apply(lambda c: sheet_edits.hunger(c, delta))

    def action_stain(self, delta: int) -> None:
        self.apply(lambda c: sheet_edits.add_stain(c, delta))
