"""What a key press (or ``vtm-tui sheet``) does to a sheet, headless: each edit returns a new Character.

The coterie screen, a player's seat and the command line map their keys and verbs to these functions, then
save the returned character and log an entry built from the :class:`Edit` (``kind`` and ``change = {field,
before, after}``) through :class:`vtm_tui.play.sheet_save.SheetKeeper`. Nothing here mutates its argument, so
the caller keeps the character as it was for undo, and a refused edit (a trait already at its maximum) leaves
everything untouched and says why.

Fields are dotted paths into the sheet (``attributes.Strength``, ``skills.Brawl``, ``hunger``, ``health``);
tracker values are written as their TOML tables (``{"superficial": 1, "aggravated": 0}``) so a log entry
reads like the file.

What differs by rule set (which damage a track takes, Hunger or the blood pool, stains, what keeps derived
values true after a change) is the RuleSet's ``sheet_edits()`` facet (:mod:`vtm_tui.rules.sheet_edits`);
this module is the same for all three.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.traits import INGENUITY_DICE
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_edits import EditRefused, Marked, SheetEdits, Slot

__all__ = ["Edit", "EditRefused", "Slot", "add_stain", "damage", "get_value", "heal", "hunger", "impairments",
           "set_text", "step"]


@dataclass(frozen=True)
class Edit:
    """The outcome of an edit: the new character and what the log should say."""

    character: Character
    kind: str  # edit, damage, heal, hunger, stain, humanity, willpower
    field: str
    before: Any
    after: Any
    comment: str = ""

    @property
    def change(self) -> dict[str, Any]:
        return {"field": self.field, "before": self.before, "after": self.after}

    def values_on(self, character: Character) -> Any:
        """What this edit's field holds on ``character``, in the shape its ``before``/``after`` are logged: a
        batch's every field from the file (absent ones ``""``), a character's own text (notes), else the sheet's
        dotted field as :func:`get_value` reads it (each rule set's own reading, through its facet)."""
        if self.field == "sheet" and isinstance(self.after, dict):
            flat = flatten(character.to_toml())
            return {key: flat.get(key, "") for key in self.after}
        if self.field in _OWN_FIELDS:
            return getattr(character, self.field)
        return get_value(character, self.field)

    def change_between(self, before: Character, after: Character) -> dict[str, Any]:
        """This edit's ``change`` as two versions of the sheet show it: another login's save merged in between
        reading and writing (blood 8 on disk, not the 9 this process read) makes it differ from :attr:`change`."""
        return {"field": self.field, "before": self.values_on(before), "after": self.values_on(after)}

    def as_logged(self, change: Mapping[str, Any]) -> Edit:
        """This edit with the ``before``/``after`` its entry logged: what its save really did, which another
        login's save merged in may make differ (what ``Saved · …`` and ``vtm-tui sheet`` say)."""
        if "span" in change or "spans" in change:  # a long text logged as its changed span: the edit has it whole
            return self
        return replace(self, before=change.get("before", self.before), after=change.get("after", self.after))

    @property
    def fields(self) -> tuple[str, ...]:
        """The dotted fields the edit changes: a batch's every changed value, else its one field."""
        if self.field == "sheet" and isinstance(self.after, dict):
            return tuple(self.after)
        return (self.field,)

    def describe(self, name: str) -> str:
        """A one-line notification: ``Ana: Strength 2 → 3``."""
        label = self.field.split(".")[-1].replace("_", " ")
        if self.field == "sheet" and isinstance(self.after, dict):  # a batch from the sheet editor
            return f"{name}: {', '.join(self.after)} ({self.comment})"[:200]
        if isinstance(self.after, str):
            text = f"{name}: {label} changed ({len(self.after)} characters)"
            return f"{text} ({self.comment})" if self.comment else text
        text = f"{name}: {label} {_show(self.before)} → {_show(self.after)}"
        return f"{text} ({self.comment})" if self.comment else text


#: A character's own text fields (:func:`set_text` edits them), not the sheet's.
_OWN_FIELDS = frozenset({"name", "player", "kind", "concept", "notes", "private_notes"})


def flatten(doc: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"attributes": {"Strength": 2}}`` → ``{"attributes.Strength": 2}`` (lists stay whole values)."""
    flat: dict[str, Any] = {}
    for key, value in doc.items():
        if isinstance(value, dict) and value:
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{k[:3]} {v}" for k, v in value.items())
    return str(value)


def _facet(character: Character) -> SheetEdits:
    return ruleset_for(character.ruleset).sheet_edits()


# -- reading and writing a dotted field ----------------------------------------------------------
def get_value(character: Character, field: str) -> Any:
    """The value at ``field`` (missing table entries read as the slot's minimum: 0, or d4 untrained)."""
    return _facet(character).read(character.sheet, field)


def _set(character: Character, field: str, value: Any) -> Character:
    new = copy.deepcopy(character)
    edits = _facet(new)
    edits.write(new.sheet, field, value)
    edits.fit_derived(new.sheet)
    return new


def _marked(character: Character, mark: Any) -> Edit:
    """Run one of the facet's edits on a copy: ``mark(facet, sheet) -> Marked``; before/after read as the file."""
    new = copy.deepcopy(character)
    done: Marked = mark(_facet(new), new.sheet)
    return Edit(new, done.kind, done.field, get_value(character, done.field), get_value(new, done.field),
                done.comment)


# -- dots, dice, counts --------------------------------------------------------------------------
def step(character: Character, slot: Slot, delta: int) -> Edit:
    """``+``/``-`` on a slot: one dot (or one die size) up or down, within the slot's range."""
    if slot.kind == "tracker":
        raise EditRefused(f"{slot.label} is a track of boxes: d/D mark damage, h heals")
    before = get_value(character, slot.field)
    if slot.kind == "die":
        sizes = INGENUITY_DICE if slot.low else (0, *INGENUITY_DICE)
        index = sizes.index(before) if before in sizes else 0
        target = index + delta
        if not 0 <= target < len(sizes):
            return _refuse_range(slot, before, f"d{slot.low or 4}-d{slot.high}")
        after = sizes[target]
        if after == 0:
            new = copy.deepcopy(character)
            new.sheet.skills.pop(slot.field.split(".", 1)[1], None)  # type: ignore[union-attr]
            return Edit(new, "edit", slot.field, before, after)
    else:
        after = before + delta
        if not slot.low <= after <= slot.high:
            return _refuse_range(slot, before, f"{slot.low}-{slot.high}")
    _facet(character).check_step(character.sheet, slot.field, after)
    kind = {"hunger": "hunger", "humanity": "humanity"}.get(slot.kind, "edit")
    if slot.field in ("stains",):
        kind = "stain"
    if slot.field in ("willpower_current",):
        kind = "willpower"
    return Edit(_set(character, slot.field, after), kind, slot.field, before, after)


def _refuse_range(slot: Slot, value: Any, allowed: str) -> Edit:
    shown = f"d{value}" if slot.kind == "die" and value else value
    raise EditRefused(f"{slot.label} is {shown}; it stays within {allowed}")


# -- damage and healing, Hunger, stains: the rule set's facet ------------------------------------
def damage(character: Character, field: str, severity: str) -> Edit:
    """Mark one box of damage on a track (docs/rules.md).

    V5 (``health``/``willpower``): ``superficial`` or ``aggravated``; Superficial damage to a full track turns
    a Superficial box into Aggravated. V20 ``health``: ``bashing``, ``lethal`` or ``aggravated``; V20
    ``willpower_current`` and ``blood`` spend a point; Ingenuity ``resources.X`` loses a point.
    """
    return _marked(character, lambda edits, sheet: edits.damage(sheet, field, severity))


def heal(character: Character, field: str) -> Edit:
    """Heal one box: the lightest damage first (Superficial before Aggravated; bashing, lethal, aggravated)."""
    return _marked(character, lambda edits, sheet: edits.heal(sheet, field))


def hunger(character: Character, delta: int) -> Edit:
    """``]`` raises Hunger, ``[`` slakes it (V5, vampires); in V20 they spend and regain blood."""
    return _marked(character, lambda edits, sheet: edits.hunger(sheet, delta, character.name))


def add_stain(character: Character, delta: int = 1) -> Edit:
    """``s``: one stain on Humanity (``S`` takes one away). A stain with no empty box left is degeneration:
    1 Aggravated Willpower damage (docs/rules.md, V5)."""
    return _marked(character, lambda edits, sheet: edits.stain(sheet, delta))


def set_text(character: Character, field: str, text: str) -> Edit:
    """Notes and other text fields of the character itself (not the sheet)."""
    new = copy.deepcopy(character)
    before = getattr(character, field)
    setattr(new, field, text)
    return Edit(new, "edit", field, before, text)


def impairments(character: Character) -> list[str]:
    """What impairs the character now, in words (empty: nothing)."""
    return _facet(character).impairments(character.sheet)
