"""V20's part of a sheet edit: Health is seven levels marked bashing, lethal or aggravated, healed lightest
first; Willpower and the blood pool are counted points, spent and regained (``]``/``[`` spend and regain
blood, within the generation's blood per turn in a conflict); V20 Humanity takes no stains (docs/rules.md, V20).

The protocol and the shared helpers are :mod:`vtm_tui.rules.sheet_edits`; the sheet is the model's V20 sheet,
duck-typed, changed in place (the caller passes a copy).
"""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.sheet_edits import EditRefused, Marked, not_a_track, read_plain, spend, write_plain

#: Bruised, Hurt, Injured, Wounded, Mauled, Crippled, Incapacitated (the model's ``V20_HEALTH_LEVELS``).
HEALTH_LEVELS = 7
SEVERITIES = ("bashing", "lethal", "aggravated")


class V20SheetEdits:
    """V20's :class:`~vtm_tui.rules.sheet_edits.SheetEdits`."""

    def read(self, sheet: Any, field: str) -> Any:
        return read_plain(sheet, field)

    def write(self, sheet: Any, field: str, value: Any) -> None:
        write_plain(sheet, field, value)

    def fit_derived(self, sheet: Any) -> None:
        sheet.willpower_current = min(sheet.willpower_current, sheet.willpower_permanent)
        sheet.blood = min(sheet.blood, sheet.blood_pool)

    def check_step(self, sheet: Any, field: str, value: int) -> None:
        return None

    def _top(self, sheet: Any, field: str) -> int:
        if field == "willpower_current":
            return sheet.willpower_permanent
        if field == "blood":
            return sheet.blood_pool
        raise not_a_track(field)

    def damage(self, sheet: Any, field: str, severity: str) -> Marked:
        if field != "health":
            return spend(self, sheet, field, self._top(sheet, field), 1)
        if sheet.health.marked >= HEALTH_LEVELS:
            raise EditRefused(f"every health level is marked already ({HEALTH_LEVELS})")
        setattr(sheet.health, severity, getattr(sheet.health, severity) + 1)
        return Marked("damage", field)

    def heal(self, sheet: Any, field: str) -> Marked:
        if field != "health":
            return spend(self, sheet, field, self._top(sheet, field), -1)
        for severity in SEVERITIES:
            if getattr(sheet.health, severity) > 0:
                setattr(sheet.health, severity, getattr(sheet.health, severity) - 1)
                return Marked("heal", field)
        raise EditRefused(f"{field.replace('_', ' ').title()} has no damage to heal")

    def hunger(self, sheet: Any, delta: int, name: str) -> Marked:
        return spend(self, sheet, "blood", sheet.blood_pool, delta)

    def stain(self, sheet: Any, delta: int) -> Marked:
        raise EditRefused("stains belong to V5 Humanity")

    def damage_severity(self, field: str, key: int) -> str:
        from vtm_tui.rules.v20.ruleset import RULESET

        return RULESET.sheet_damage_marks[key] if field == "health" else "point"  # Willpower, blood: a point

    def severities(self, field: str) -> tuple[str, ...]:
        if field == "health":
            return SEVERITIES
        if field in ("willpower_current", "blood"):
            return ("point",)
        raise not_a_track(field)

    def impairments(self, sheet: Any) -> list[str]:
        found: list[str] = []
        penalty = sheet.health.penalty()
        if penalty is None:
            found.append(f"{sheet.health.level()}: cannot act")
        elif penalty:
            found.append(f"{sheet.health.level()}: {penalty} dice to every pool")
        return found

    def turn_spend(self, kind: str, field: str, before: Any, after: Any) -> int:
        """``]`` and ``d`` on the blood track spend (a ``hunger`` entry on ``blood``); ``-`` on the Blood pool
        slot or the sheet editor set the pool (an ``edit``): the storyteller's correction, not a spend."""
        if kind != "hunger" or field != "blood" or not isinstance(before, int) or not isinstance(after, int):
            return 0
        return max(0, before - after)

    def turn_spend_refusal(self, sheet: Any, name: str, spent: int, amount: int) -> str:
        limit = sheet.blood_per_turn
        if spent + amount <= limit:
            return ""
        return (f"{name} already spent {spent} of {limit} blood this turn ({sheet.blood_source}): "
                f"{amount} more refused")


SHEET_EDITS = V20SheetEdits()
