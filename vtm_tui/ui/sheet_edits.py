"""What a key press does to a sheet, without Textual: each edit returns a new Character.

The coterie screen maps keys to these functions, then saves the returned character through the store and
logs an entry built from the :class:`Edit` (``kind`` and ``change = {field, before, after}``). Nothing here
mutates its argument, so the screen keeps the character as it was for undo, and a refused edit (a trait
already at its maximum) leaves everything untouched and says why.

Fields are dotted paths into the sheet (``attributes.Strength``, ``skills.Brawl``, ``hunger``, ``health``);
tracker values are written as their TOML tables (``{"superficial": 1, "aggravated": 0}``) so a log entry
reads like the file.

Derived values follow at once because the model derives them: Health = Stamina + 3 and Willpower =
Composure + Resolve are properties of the V5 sheet; when a smaller track no longer holds its damage, the
damage is trimmed (Superficial first) so the saved file stays valid.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.traits import INGENUITY_DICE, INGENUITY_MUNDANE_SKILLS, INGENUITY_RESOURCES
from vtm_tui.rules.ruleset import ruleset_for


class EditRefused(VtmError):
    """The edit is outside what the sheet allows; the message says why (and the allowed range)."""


@dataclass(frozen=True)
class Slot:
    """One editable place on a sheet: where it lives, what it is called, and its range."""

    field: str  # dotted path into the sheet
    label: str
    kind: str  # dots | die | tracker | hunger | humanity | count
    low: int = 0
    high: int = 5


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


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{k[:3]} {v}" for k, v in value.items())
    return str(value)


# -- reading and writing a dotted field ----------------------------------------------------------
def get_value(character: Character, field: str) -> Any:
    """The value at ``field`` (missing table entries read as the slot's minimum: 0, or d4 untrained)."""
    sheet = character.sheet
    if "." in field:
        table, key = field.split(".", 1)
        if table == "resources":
            return sheet.resource_current(key)  # type: ignore[union-attr]
        values = getattr(sheet, table)
        if table == "skills" and ruleset_for(character.ruleset).traits_are_die_sizes:
            return values.get(key, 4 if key in INGENUITY_MUNDANE_SKILLS else 0)
        return values.get(key, 0)
    value = getattr(sheet, field)
    if hasattr(value, "to_toml"):
        return value.to_toml()
    return value


def _set(character: Character, field: str, value: Any) -> Character:
    new = copy.deepcopy(character)
    sheet = new.sheet
    if "." in field:
        table, key = field.split(".", 1)
        if table == "resources":
            from vtm_tui.model.character_ingenuity import Resource

            held = sheet.resources.get(key)  # type: ignore[union-attr]
            sheet.resources[key] = Resource(value, held.max if held else None)  # type: ignore[union-attr]
        else:
            getattr(sheet, table)[key] = value
    else:
        setattr(sheet, field, value)
    _fit_derived(new)
    return new


def _fit_derived(character: Character) -> None:
    """Keep derived limits true after a change (damage fits the track, current ≤ permanent)."""
    sheet = character.sheet
    rules = ruleset_for(character.ruleset)
    if rules.damage_tracks_superficial:
        from vtm_tui.rules.v5.trackers import Tracker

        for held, size in ((sheet.health, sheet.health_size), (sheet.willpower, sheet.willpower_size)):
            old = Tracker(max(size, held.superficial + held.aggravated), held.superficial, held.aggravated)
            fitted = old.resized(size)
            held.superficial, held.aggravated = fitted.superficial, fitted.aggravated
    elif rules.has_blood_pool:
        sheet.willpower_current = min(sheet.willpower_current, sheet.willpower_permanent)
        sheet.blood = min(sheet.blood, sheet.blood_pool)
    else:
        for name, held in sheet.resources.items():
            held.current = min(held.current, sheet.resource_max(name))


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
    if slot.field == "humanity":
        _check_room_for_stains(character, after)
    kind = {"hunger": "hunger", "humanity": "humanity"}.get(slot.kind, "edit")
    if slot.field in ("stains",):
        kind = "stain"
    if slot.field in ("willpower_current",):
        kind = "willpower"
    return Edit(_set(character, slot.field, after), kind, slot.field, before, after)


def _check_room_for_stains(character: Character, humanity: int) -> None:
    """Stains sit on Humanity's empty boxes: raising Humanity may not push them off the track."""
    stains = getattr(character.sheet, "stains", 0)
    if stains > 10 - humanity:
        raise EditRefused(f"Humanity {humanity} leaves room for {10 - humanity} stain(s) but "
                          f"{stains} are marked: resolve them first (Remorse test, or S removes one)")


def _refuse_range(slot: Slot, value: Any, allowed: str) -> Edit:
    shown = f"d{value}" if slot.kind == "die" and value else value
    raise EditRefused(f"{slot.label} is {shown}; it stays within {allowed}")


# -- damage and healing --------------------------------------------------------------------------
def damage(character: Character, field: str, severity: str) -> Edit:
    """Mark one box of damage on a track.

    V5 (``health``/``willpower``): ``superficial`` or ``aggravated``; Superficial damage to a full track turns
    a Superficial box into Aggravated (docs/rules.md, V5). V20 ``health``: ``bashing``, ``lethal`` or ``aggravated``;
    V20 ``willpower_current`` and ``blood`` spend a point; Ingenuity ``resources.X`` loses a point.
    """
    before = get_value(character, field)
    rules = ruleset_for(character.ruleset)
    if rules.damage_tracks_superficial:
        track = engine_tracker(character, field)
        if track.all_aggravated:
            raise EditRefused(f"{field.title()} is all Aggravated already ({track.size} boxes)")
        after = track.take_aggravated(1) if severity == "aggravated" else track.take_superficial(1)
        comment = ""
        if severity != "aggravated" and track.empty == 0:
            comment = "the track was full: a Superficial box turned Aggravated"
        new = _with_tracker(character, field, after)
        return Edit(new, "damage", field, before, get_value(new, field), comment)
    if rules.health_levels and field == "health":
        from vtm_tui.model.character_v20 import HEALTH_BOXES

        if character.sheet.health.marked >= HEALTH_BOXES:  # type: ignore[union-attr]
            raise EditRefused(f"every health level is marked already ({HEALTH_BOXES})")
        new = copy.deepcopy(character)
        setattr(new.sheet.health, severity, getattr(new.sheet.health, severity) + 1)
        return Edit(new, "damage", field, before, new.sheet.health.to_toml())
    return _spend(character, field, before, 1)


def engine_tracker(character: Character, field: str) -> Any:
    """The V5 engine's immutable Tracker for the sheet's ``health`` or ``willpower``."""
    from vtm_tui.rules.v5.trackers import Tracker

    sheet = character.sheet
    size = sheet.health_size if field == "health" else sheet.willpower_size  # type: ignore[union-attr]
    held = getattr(sheet, field)
    return Tracker(size, held.superficial, held.aggravated).resized(size)


def _with_tracker(character: Character, field: str, track: Any) -> Character:
    new = copy.deepcopy(character)
    held = getattr(new.sheet, field)
    held.superficial, held.aggravated = track.superficial, track.aggravated
    return new


def heal(character: Character, field: str) -> Edit:
    """Heal one box: the lightest damage first (Superficial before Aggravated; bashing, lethal, aggravated)."""
    before = get_value(character, field)
    new = copy.deepcopy(character)
    rules = ruleset_for(character.ruleset)
    if rules.damage_tracks_superficial:
        track = engine_tracker(character, field)
        if track.superficial:
            after = track.heal_superficial(1)
        elif track.aggravated:
            after = track.heal_aggravated(1)
        else:
            raise EditRefused(f"{field.title()} has no damage to heal")
        new = _with_tracker(character, field, after)
        return Edit(new, "heal", field, before, get_value(new, field))
    if rules.health_levels and field == "health":
        tracker = new.sheet.health  # type: ignore[union-attr]
        for severity in ("bashing", "lethal", "aggravated"):
            if getattr(tracker, severity) > 0:
                setattr(tracker, severity, getattr(tracker, severity) - 1)
                return Edit(new, "heal", field, before, tracker.to_toml())
        raise EditRefused(f"{field.replace('_', ' ').title()} has no damage to heal")
    return _spend(character, field, before, -1)


def _spend(character: Character, field: str, before: int, amount: int) -> Edit:
    """A counted resource goes down by ``amount`` (up when negative), within 0..its maximum."""
    top = resource_max(character, field)
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
    return Edit(_set(character, field, after), kind, field, before, after)


def resource_max(character: Character, field: str) -> int:
    sheet = character.sheet
    if field.startswith("resources."):
        return sheet.resource_max(field.split(".", 1)[1])  # type: ignore[union-attr]
    if field == "willpower_current":
        return sheet.willpower_permanent  # type: ignore[union-attr]
    if field == "blood":
        return sheet.blood_pool  # type: ignore[union-attr]
    raise EditRefused(f"{field} is not a track")


# -- Hunger, stains --------------------------------------------------------------------------
def hunger(character: Character, delta: int) -> Edit:
    """``]`` raises Hunger, ``[`` slakes it (V5, vampires); in V20 they spend and regain blood."""
    sheet = character.sheet
    rules = ruleset_for(character.ruleset)
    if rules.has_blood_pool:
        return _spend(character, "blood", sheet.blood, delta)  # type: ignore[union-attr]
    if not rules.has_hunger:
        raise EditRefused(f"{rules.title} has no Hunger")
    if not sheet.is_vampire:  # type: ignore[union-attr]
        raise EditRefused(f"{character.name} is a {sheet.creature}: only vampires have Hunger")  # type: ignore[union-attr]
    slot = Slot("hunger", "Hunger", "hunger", 0, 5)
    return step(character, slot, delta)


def add_stain(character: Character, delta: int = 1) -> Edit:
    """``s``: one stain on Humanity (``S`` takes one away). A stain with no empty box left is degeneration:
    1 Aggravated Willpower damage (docs/rules.md, V5)."""
    if not ruleset_for(character.ruleset).has_stains:
        raise EditRefused("stains belong to V5 Humanity")
    sheet = character.sheet
    before = sheet.stains  # type: ignore[union-attr]
    after = before + delta
    if not 0 <= after <= 10:
        raise EditRefused(f"stains are {before}; they stay within 0-10")
    if delta < 0:
        return Edit(_set(character, "stains", after), "stain", "stains", before, after)
    from vtm_tui.rules.v5.humanity import Humanity

    rating = sheet.humanity  # type: ignore[union-attr]
    humanity, excess = Humanity(rating, min(before, 10 - rating)).add_stains(1)
    new = _set(character, "stains", humanity.stains)
    comment = ""
    if excess:
        new = _with_tracker(new, "willpower", engine_tracker(new, "willpower").take_aggravated(excess))
        comment = "degeneration: no empty Humanity box, 1 Aggravated Willpower damage"
    return Edit(new, "stain", "stains", before, humanity.stains, comment)


def set_text(character: Character, field: str, text: str) -> Edit:
    """Notes and other text fields of the character itself (not the sheet)."""
    new = copy.deepcopy(character)
    before = getattr(character, field)
    setattr(new, field, text)
    return Edit(new, "edit", field, before, text)


def is_impaired(character: Character) -> list[str]:
    """What impairs the character now, in words (empty: nothing)."""
    sheet = character.sheet
    found: list[str] = []
    rules = ruleset_for(character.ruleset)
    if rules.damage_tracks_superficial:
        if sheet.health.impaired(sheet.health_size):
            found.append("Health: −2 dice to Physical pools")
        if sheet.willpower.impaired(sheet.willpower_size):
            found.append("Willpower: −2 dice to Mental and Social pools")
        if sheet.stains > 10 - sheet.humanity:
            found.append("degeneration: stains beyond the empty Humanity boxes")
    elif rules.health_levels:
        penalty = sheet.health.penalty()
        if penalty is None:
            found.append(f"{sheet.health.level()}: cannot act")
        elif penalty:
            found.append(f"{sheet.health.level()}: {penalty} dice to every pool")
    else:
        for name in INGENUITY_RESOURCES:
            if sheet.resource_current(name) == 0:
                found.append(f"{name} is 0")
    return found
