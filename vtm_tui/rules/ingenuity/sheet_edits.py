"""Ingenuity's part of a sheet edit: Health, Endurance, Stamina and Focus are resources of points lost and
regained (at most their attribute's maximum), untrained mundane skills read as d4, and there is neither
Hunger nor stains (docs/rules.md, Ingenuity).

The protocol and the shared helpers are :mod:`vtm_tui.rules.sheet_edits`; the sheet is the model's Ingenuity
sheet, duck-typed, changed in place (the caller passes a copy).
"""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.ingenuity.character import MUNDANE_SKILLS, RESOURCE_ATTRIBUTES
from vtm_tui.rules.sheet_edits import EditRefused, Marked, not_a_track, read_plain, spend, write_plain

UNTRAINED = 4
#: The resources, in sheet order.
RESOURCES = tuple(name for name, _attribute in RESOURCE_ATTRIBUTES)


class IngenuitySheetEdits:
    """Ingenuity's :class:`~vtm_tui.rules.sheet_edits.SheetEdits`."""

    def read(self, sheet: Any, field: str) -> Any:
        table, _, key = field.partition(".")
        if table == "resources" and key:
            return sheet.resource_current(key)
        if table == "skills" and key:
            return sheet.skills.get(key, UNTRAINED if key in MUNDANE_SKILLS else 0)
        return read_plain(sheet, field)

    def write(self, sheet: Any, field: str, value: Any) -> None:
        table, _, key = field.partition(".")
        if table == "resources" and key:
            sheet.set_resource_current(key, value)
        else:
            write_plain(sheet, field, value)

    def fit_derived(self, sheet: Any) -> None:
        for name, held in sheet.resources.items():
            held.current = min(held.current, sheet.resource_max(name))

    def check_step(self, sheet: Any, field: str, value: int) -> None:
        return None

    def _top(self, sheet: Any, field: str) -> int:
        if field.startswith("resources."):
            return sheet.resource_max(field.split(".", 1)[1])
        raise not_a_track(field)

    def damage(self, sheet: Any, field: str, severity: str) -> Marked:
        return spend(self, sheet, field, self._top(sheet, field), 1)

    def heal(self, sheet: Any, field: str) -> Marked:
        return spend(self, sheet, field, self._top(sheet, field), -1)

    def hunger(self, sheet: Any, delta: int, name: str) -> Marked:
        raise EditRefused("Ingenuity has no Hunger")

    def stain(self, sheet: Any, delta: int) -> Marked:
        raise EditRefused("stains belong to V5 Humanity")

    def damage_severity(self, field: str, key: int) -> str:
        from vtm_tui.rules.ingenuity.ruleset import RULESET

        return RULESET.sheet_damage_marks[key]

    def severities(self, field: str) -> tuple[str, ...]:
        if field.startswith("resources.") and field.split(".", 1)[1] in RESOURCES:
            return ("point",)
        raise not_a_track(field)

    def impairments(self, sheet: Any) -> list[str]:
        return [f"{name} is 0" for name in RESOURCES if sheet.resource_current(name) == 0]

    def turn_spend(self, kind: str, field: str, before: Any, after: Any) -> int:
        return 0  # no blood per turn in this rule set

    def turn_spend_refusal(self, sheet: Any, name: str, spent: int, amount: int) -> str:
        return ""


SHEET_EDITS = IngenuitySheetEdits()
