"""What a sheet edit does under one rule set: the ``SheetEdits`` facet a RuleSet returns from ``sheet_edits()``.

The headless edits (:mod:`vtm_tui.play.sheet_edits`) are the same for every rule set: read a field, change it,
log ``{field, before, after}``. What differs is here, one module per package (``v5/sheet_edits.py``,
``v20/sheet_edits.py``, ``ingenuity/sheet_edits.py``): which damage a track takes and how it heals, whether
``]``/``[`` move Hunger or the blood pool, stains on Humanity, what keeps derived values true after a change
(damage fits a smaller track, current ≤ permanent), what impairs a character, and how a field the rule set
keeps in its own shape (Ingenuity's resources, untrained skills) is read and written.

Every method works on a sheet duck-typed (the model's V5/V20/Ingenuity sheet, passed as ``Any``: rules is the
lowest layer and never imports the model) and changes it in place: the caller passes a copy, so a refused edit
(:class:`EditRefused`, whose message says why and the allowed range) leaves the character untouched.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol, runtime_checkable

from vtm_tui.errors import VtmError


class EditRefused(VtmError):
    """The edit is outside what the sheet allows; the message says why (and the allowed range)."""


class Slot(NamedTuple):
    """One editable place on a sheet: where it lives, what it is called, and its range.

    This and :class:`Marked` are named tuples, not frozen dataclasses: the coterie's list reads this module
    before the app's first paint, where defining a frozen dataclass compiled 4 M instructions of methods."""

    field: str  # dotted path into the sheet
    label: str
    kind: str  # dots | die | tracker | hunger | humanity | count
    low: int = 0
    high: int = 5


class Marked(NamedTuple):
    """What a facet's damage, heal, Hunger or stain did to the sheet: the log's ``kind``, the ``field`` it
    changed (Hunger in V20 is ``blood``) and a ``comment`` when the rules added something (degeneration)."""

    kind: str
    field: str
    comment: str = ""


@runtime_checkable
class SheetEdits(Protocol):
    """The per-rule-set part of a sheet edit (see the module docstring)."""

    def read(self, sheet: Any, field: str) -> Any:
        """The value at the dotted ``field`` (a track as its TOML table; a missing table entry as its minimum)."""
        ...

    def write(self, sheet: Any, field: str, value: Any) -> None:
        """Set the dotted ``field`` to ``value`` (derived values are fitted afterwards by :meth:`fit_derived`)."""
        ...

    def fit_derived(self, sheet: Any) -> None:
        """Keep derived limits true after a change (damage fits the track, current ≤ permanent)."""
        ...

    def check_step(self, sheet: Any, field: str, value: int) -> None:
        """Refuse a ``+``/``-`` the rules forbid beyond the slot's range (Humanity may not push stains off)."""
        ...

    def damage(self, sheet: Any, field: str, severity: str) -> Marked:
        """Mark one box (or spend one point) of ``severity`` on the track ``field``."""
        ...

    def heal(self, sheet: Any, field: str) -> Marked:
        """Heal one box of ``field``, the lightest damage first (or regain one point)."""
        ...

    def hunger(self, sheet: Any, delta: int, name: str) -> Marked:
        """``]`` (``delta`` +1) and ``[`` (−1): Hunger up or down, or a blood point spent or regained."""
        ...

    def stain(self, sheet: Any, delta: int) -> Marked:
        """``s`` (+1) marks a stain on Humanity, ``S`` (−1) takes one away."""
        ...

    def damage_severity(self, field: str, key: int) -> str:
        """What the ``key``-th damage key (``d``, ``D``, ``x``: lightest blow first) marks on ``field``."""
        ...

    def severities(self, field: str) -> tuple[str, ...]:
        """The damage ``field`` can take, lightest first (what the command line's ``damage`` accepts)."""
        ...

    def impairments(self, sheet: Any) -> list[str]:
        """What impairs the character now, in words (empty: nothing)."""
        ...

    def turn_spend(self, kind: str, field: str, before: Any, after: Any) -> int:
        """The blood a change (its log ``kind``, ``field``, values) spends against a per-turn limit in a
        conflict (:mod:`vtm_tui.rules.turn_blood`); 0 when it spends none or the rule set has no such limit."""
        ...

    def turn_spend_refusal(self, sheet: Any, name: str, spent: int, amount: int) -> str:
        """Why ``name``, having spent ``spent`` this turn, may not spend ``amount`` more ('' when they may)."""
        ...


# -- helpers the packages share -------------------------------------------------------------------
def read_plain(sheet: Any, field: str, missing: int = 0) -> Any:
    """A dotted field of plain tables and values (a value with ``to_toml`` reads as its table)."""
    if "." in field:
        table, key = field.split(".", 1)
        return getattr(sheet, table).get(key, missing)
    value = getattr(sheet, field)
    if hasattr(value, "to_toml"):
        return value.to_toml()
    return value


def write_plain(sheet: Any, field: str, value: Any) -> None:
    if "." in field:
        table, key = field.split(".", 1)
        getattr(sheet, table)[key] = value
    else:
        setattr(sheet, field, value)


def spend(edits: SheetEdits, sheet: Any, field: str, top: int, amount: int) -> Marked:
    """A counted resource goes down by ``amount`` (up when negative), within 0..``top``."""
    before = edits.read(sheet, field)
    after = before - amount
    label = field.split(".")[-1].replace("_", " ")
    if after < 0:
        raise EditRefused(f"{label} is 0 already")
    if after > top:
        raise EditRefused(f"{label} is at its maximum ({top})")
    kind = "damage" if amount > 0 else "heal"
    if field == "willpower_current":
        kind = "willpower"
    if field == "blood":
        kind = "hunger"
    edits.write(sheet, field, after)
    edits.fit_derived(sheet)
    return Marked(kind, field)


def not_a_track(field: str) -> EditRefused:
    return EditRefused(f"{field} is not a track")
