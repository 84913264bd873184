"""The toy's part of a sheet edit (:class:`~vtm_tui.rules.sheet_edits.SheetEdits`): traits are plain numbers and
there are no tracks, Hunger or stains to mark."""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.sheet_edits import EditRefused, Marked, not_a_track, read_plain, write_plain


class ToySheetEdits:
    """The plain sheet's slots are ``traits.<name>``: the sheet keeps them in ``traits_table``."""

    def read(self, sheet: Any, field: str) -> Any:
        table, _, key = field.partition(".")
        return sheet.traits_table.get(key, 0) if table == "traits" else read_plain(sheet, field)

    def write(self, sheet: Any, field: str, value: Any) -> None:
        table, _, key = field.partition(".")
        if table == "traits":
            sheet.traits_table[key] = value
        else:
            write_plain(sheet, field, value)

    def fit_derived(self, sheet: Any) -> None:
        return None

    def check_step(self, sheet: Any, field: str, value: int) -> None:
        return None

    def damage(self, sheet: Any, field: str, severity: str) -> Marked:
        raise not_a_track(field)

    def heal(self, sheet: Any, field: str) -> Marked:
        raise not_a_track(field)

    def hunger(self, sheet: Any, delta: int, name: str) -> Marked:
        raise EditRefused("the toy rule set has no Hunger")

    def stain(self, sheet: Any, delta: int) -> Marked:
        raise EditRefused("the toy rule set has no stains")

    def damage_severity(self, field: str, key: int) -> str:
        return "harm"

    def severities(self, field: str) -> tuple[str, ...]:
        raise not_a_track(field)

    def impairments(self, sheet: Any) -> list[str]:
        return []

    def turn_spend(self, kind: str, field: str, before: Any, after: Any) -> int:
        return 0

    def turn_spend_refusal(self, sheet: Any, name: str, spent: int, amount: int) -> str:
        return ""


SHEET_EDITS = ToySheetEdits()
