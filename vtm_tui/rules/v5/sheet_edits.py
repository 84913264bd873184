"""V5's part of a sheet edit: Health and Willpower are tracks of Superficial and Aggravated boxes, ``]``/``[``
move Hunger (vampires only), and stains sit on Humanity's empty boxes (docs/rules.md, V5).

The protocol and the shared helpers are :mod:`vtm_tui.rules.sheet_edits`; the sheet is the model's V5 sheet,
duck-typed, changed in place (the caller passes a copy).
"""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.sheet_edits import EditRefused, Marked, not_a_track, read_plain, write_plain

HUNGER_MAX = 5
STAINS_MAX = 10


def _size(sheet: Any, field: str) -> int:
    return sheet.health_size if field == "health" else sheet.willpower_size


def tracker(sheet: Any, field: str) -> Any:
    """The engine's immutable Tracker for the sheet's ``health`` or ``willpower``."""
    from vtm_tui.rules.v5.trackers import Tracker

    size = _size(sheet, field)
    held = getattr(sheet, field)
    return Tracker(size, held.superficial, held.aggravated).resized(size)


def _put(sheet: Any, field: str, track: Any) -> None:
    held = getattr(sheet, field)
    held.superficial, held.aggravated = track.superficial, track.aggravated


class V5SheetEdits:
    """V5's :class:`~vtm_tui.rules.sheet_edits.SheetEdits`."""

    def read(self, sheet: Any, field: str) -> Any:
        return read_plain(sheet, field)

    def write(self, sheet: Any, field: str, value: Any) -> None:
        write_plain(sheet, field, value)

    def fit_derived(self, sheet: Any) -> None:
        """Health = Stamina + 3 (+ Fortitude with Resilience) and Willpower = Composure + Resolve follow the
        traits and powers: a smaller track keeps
        what still fits (Superficial trimmed first)."""
        from vtm_tui.rules.v5.trackers import Tracker

        for held, size in ((sheet.health, sheet.health_size), (sheet.willpower, sheet.willpower_size)):
            old = Tracker(max(size, held.superficial + held.aggravated), held.superficial, held.aggravated)
            fitted = old.resized(size)
            held.superficial, held.aggravated = fitted.superficial, fitted.aggravated

    def check_step(self, sheet: Any, field: str, value: int) -> None:
        """Stains sit on Humanity's empty boxes: raising Humanity may not push them off the track."""
        if field != "humanity":
            return
        stains = getattr(sheet, "stains", 0)
        if stains > STAINS_MAX - value:
            raise EditRefused(f"Humanity {value} leaves room for {STAINS_MAX - value} stain(s) but "
                              f"{stains} are marked: resolve them first (Remorse test, or S removes one)")

    def damage(self, sheet: Any, field: str, severity: str) -> Marked:
        """Superficial damage to a full track turns a Superficial box into Aggravated."""
        track = tracker(sheet, field)
        if track.all_aggravated:
            raise EditRefused(f"{field.title()} is all Aggravated already ({track.size} boxes)")
        after = track.take_aggravated(1) if severity == "aggravated" else track.take_superficial(1)
        comment = ""
        if severity != "aggravated" and track.empty == 0:
            comment = "the track was full: a Superficial box turned Aggravated"
        _put(sheet, field, after)
        return Marked("damage", field, comment)

    def heal(self, sheet: Any, field: str) -> Marked:
        track = tracker(sheet, field)
        if track.superficial:
            after = track.heal_superficial(1)
        elif track.aggravated:
            after = track.heal_aggravated(1)
        else:
            raise EditRefused(f"{field.title()} has no damage to heal")
        _put(sheet, field, after)
        return Marked("heal", field)

    def hunger(self, sheet: Any, delta: int, name: str) -> Marked:
        if not sheet.is_vampire:
            raise EditRefused(f"{name} is a {sheet.creature}: only vampires have Hunger")
        before = sheet.hunger
        after = before + delta
        if not 0 <= after <= HUNGER_MAX:
            raise EditRefused(f"Hunger is {before}; it stays within 0-{HUNGER_MAX}")
        sheet.hunger = after
        self.fit_derived(sheet)
        return Marked("hunger", "hunger")

    def stain(self, sheet: Any, delta: int) -> Marked:
        """A stain with no empty box left is degeneration: 1 Aggravated Willpower damage."""
        before = sheet.stains
        after = before + delta
        if not 0 <= after <= STAINS_MAX:
            raise EditRefused(f"stains are {before}; they stay within 0-{STAINS_MAX}")
        if delta < 0:
            sheet.stains = after
            self.fit_derived(sheet)
            return Marked("stain", "stains")
        from vtm_tui.rules.v5.humanity import Humanity

        rating = sheet.humanity
        humanity, excess = Humanity(rating, min(before, STAINS_MAX - rating)).add_stains(1)
        sheet.stains = humanity.stains
        self.fit_derived(sheet)
        comment = ""
        if excess:
            _put(sheet, "willpower", tracker(sheet, "willpower").take_aggravated(excess))
            comment = "degeneration: no empty Humanity box, 1 Aggravated Willpower damage"
        return Marked("stain", "stains", comment)

    def damage_severity(self, field: str, key: int) -> str:
        from vtm_tui.rules.v5.ruleset import RULESET

        return RULESET.sheet_damage_marks[key]

    def severities(self, field: str) -> tuple[str, ...]:
        if field not in ("health", "willpower"):
            raise not_a_track(field)
        return ("superficial", "aggravated")

    def impairments(self, sheet: Any) -> list[str]:
        found: list[str] = []
        if sheet.health.impaired(sheet.health_size):
            found.append("Health: −2 dice to Physical pools")
        if sheet.willpower.impaired(sheet.willpower_size):
            found.append("Willpower: −2 dice to Mental and Social pools")
        if sheet.stains > STAINS_MAX - sheet.humanity:
            found.append("degeneration: stains beyond the empty Humanity boxes")
        return found

    def turn_spend(self, kind: str, field: str, before: Any, after: Any) -> int:
        return 0  # no blood per turn in this rule set

    def turn_spend_refusal(self, sheet: Any, name: str, spent: int, amount: int) -> str:
        return ""


SHEET_EDITS = V5SheetEdits()
