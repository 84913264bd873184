"""How hurt each participant is, and damage applied through the rule sets' trackers.

Characters keep their damage on their sheets (saved through the store, so the
coterie screen shows the same boxes); extras keep theirs in the participant's
``extra`` table. The arithmetic is always the engines':

- V5: :class:`vtm_tui.rules.v5.trackers.Tracker` (Superficial halved for
  vampires on Health, a full track impaired, all Aggravated → torpor or death);
- V20: :class:`vtm_tui.rules.v20.health.HealthLevels` (bashing/lethal/
  aggravated levels, wound penalties, Incapacitated, torpor beyond the track);
- Ingenuity: a resource's points (Health, Endurance, Stamina, Focus) go down;
  the source is silent on damage, so this tool takes damage off the named
  resource and a participant whose Health reaches 0 is down.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.roster import copied, find
from vtm_tui.model.character import Character
from vtm_tui.model.character_ingenuity import Resource
from vtm_tui.model.character_v5 import Tracker as SheetTracker
from vtm_tui.model.character_v20 import V20Health
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.model.traits import INGENUITY_RESOURCES
from vtm_tui.rules.v5.trackers import Tracker
from vtm_tui.rules.v20.health import LEVELS, HealthLevels, check_kind

V5_KINDS = ("superficial", "aggravated")
V5_TRACKS = ("health", "willpower")
V20_KINDS = ("bashing", "lethal", "aggravated")
#: Conditions in which nobody takes a turn.
OUT_STATES = ("torpor", "dead", "final death", "Incapacitated", "down")


@dataclass(frozen=True)
class Condition:
    """What the tracker shows of a participant's wounds; ``penalty`` is dice off (physical) pools."""

    track: str  # the boxes or points, e.g. "XX//.." or "Health 5/9"
    state: str  # "ok", "impaired", "Wounded", "torpor", "down"...
    penalty: int = 0
    can_act: bool = True
    willpower_impaired: bool = False

    @property
    def label(self) -> str:
        return f"{self.state} −{self.penalty}" if self.penalty else self.state


def vampire(p: Participant, table: Table) -> bool:
    character = table.character(p)
    if character is None:
        return bool(p.extra.get("vampire", False))
    return bool(getattr(character.sheet, "is_vampire", table.rules.vampire_by_default))


# -- reading -----------------------------------------------------------------------------
def v5_tracks(p: Participant, table: Table) -> tuple[Tracker, Tracker | None]:
    """(Health, Willpower) as engine trackers; an extra has no Willpower track."""
    character = table.character(p)
    if character is None:
        size = int(p.extra.get("health", 4))
        sup, agg = int(p.extra.get("superficial", 0)), int(p.extra.get("aggravated", 0))
        return Tracker(size, min(sup, size - min(agg, size)), min(agg, size)), None
    sheet = character.sheet
    health = Tracker(sheet.health_size, sheet.health.superficial, sheet.health.aggravated)
    willpower = Tracker(sheet.willpower_size, sheet.willpower.superficial, sheet.willpower.aggravated)
    return health, willpower


def v20_track(p: Participant, table: Table) -> HealthLevels:
    character = table.character(p)
    beyond = p.extra.get("beyond") or None
    if character is None:
        marks = str(p.extra.get("marks", ""))
        track = HealthLevels.from_marks(marks, vampire=vampire(p, table))
    else:
        h = character.sheet.health
        boxes = ("aggravated",) * h.aggravated + ("lethal",) * h.lethal + ("bashing",) * h.bashing
        track = HealthLevels(boxes[: len(LEVELS)], vampire=True)
    return replace(track, beyond=check_kind(beyond)) if beyond else track


def ingenuity_points(p: Participant, table: Table, resource: str = "Health") -> tuple[int, int]:
    """(current, maximum) of a resource."""
    character = table.character(p)
    if character is None:
        top = int(p.extra.get("health", 8))
        return int(p.extra.get("health_left", top)), top
    sheet = character.sheet
    return sheet.resource_current(resource), sheet.resource_max(resource)


def condition(p: Participant, table: Table) -> Condition:
    """The participant's wounds as the tracker shows them (a missing sheet reads as unhurt)."""
    wounds = table.rules.damage_track
    if wounds == "boxes":
        health, willpower = v5_tracks(p, table)
        state = health.condition(vampire=vampire(p, table))
        wp_impaired = bool(willpower and willpower.impaired)
        if state in ("torpor", "dead"):
            return Condition(health.boxes(), state, 0, False)
        if state == "impaired":
            return Condition(health.boxes(), "impaired", 2, True, wp_impaired)
        if wp_impaired:
            return Condition(health.boxes(), "impaired (WP)", 0, True, True)
        return Condition(health.boxes(), "ok")
    if wounds == "levels":
        track = v20_track(p, table)
        status = track.status
        if not track.can_act:
            return Condition(track.marks(), status, 0, False)
        return Condition(track.marks(), "ok" if status == "unhurt" else status, track.penalty or 0)
    current, top = ingenuity_points(p, table)
    if current <= 0:
        return Condition(f"{current}/{top}", "down", 0, False)
    return Condition(f"{current}/{top}", "ok")


def can_act(p: Participant, table: Table) -> bool:
    """Neither taken out nor too hurt to act (torpor, dead, Incapacitated, down)."""
    return not p.out and condition(p, table).can_act


# -- damage -----------------------------------------------------------------------------
def apply_damage(conflict: Conflict, table: Table, name: str, amount: int, kind: str = "",
                 track: str = "health", *, source: str = "") -> Change:
    """Mark ``amount`` damage of ``kind`` on ``name``'s ``track``; logs a ``damage`` entry.

    V5 kinds: superficial/aggravated on health/willpower (a vampire's Superficial Health damage is
    halved, rounding up); V20: bashing/lethal/aggravated health levels; Ingenuity: points off the
    resource named by ``track`` (Health by default). Someone who falls into torpor, dies or is down
    is taken out of the fight with the reason as a note.
    """
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ConflictError(f"damage must be a whole number of 0 or more, not {amount!r}")
    new = copied(conflict)
    p = find(new, name)
    character = table.character(p)
    if character is not None:
        character = copy.deepcopy(character)
    wounds = table.rules.damage_track
    if wounds == "boxes":
        before, after, note = _v5_damage(p, table, character, amount, kind or "superficial", track or "health")
    elif wounds == "levels":
        before, after, note = _v20_damage(p, table, character, amount, kind or "lethal")
    else:
        before, after, note = _ingenuity_damage(p, character, table, amount, track or "Health")
    later = table.with_character(character) if character is not None else table
    state = condition(p, later)
    if not state.can_act and not p.out:
        p.out = True
        p.note = state.state
    elif state.can_act and p.out and p.note in OUT_STATES:
        p.out, p.note = False, ""
    what = f"{amount} {kind or ('points' if wounds == 'points' else 'damage')}"
    comment = f"takes {what}" + (f" from {source}" if source else "") + (f" ({note})" if note else "")
    if not state.can_act:
        comment += f" — {state.state}"
    field = track if wounds != "levels" else "health"
    entry = table.entry("damage", actor=p.name, comment=comment,
                        change={"field": field, "before": before, "after": after})
    message = f"{p.name}: {before} → {after}" + (f", {state.state}" if state.state not in ("ok",) else "")
    return Change(new, (entry,), (character,) if character is not None else (), message)


def _v5_damage(p: Participant, table: Table, character: Character | None, amount: int, kind: str,
               track: str) -> tuple[str, str, str]:
    if kind not in V5_KINDS:
        raise ConflictError(f"V5 damage is superficial or aggravated, not {kind!r}")
    if track not in V5_TRACKS:
        raise ConflictError(f"V5 damage goes to health or willpower, not {track!r}")
    health, willpower = v5_tracks(p, table)
    target = health if track == "health" else willpower
    if target is None:
        raise ConflictError(f"{p.name} is an extra and has no Willpower track; damage their health")
    halve = track == "health" and kind == "superficial" and vampire(p, table)
    hurt = target.take(amount, aggravated=kind == "aggravated", halve=halve)
    note = f"halved to {-(-amount // 2)} for a vampire" if halve and amount else ""
    if character is None:
        p.extra["superficial"], p.extra["aggravated"] = hurt.superficial, hurt.aggravated
    else:
        setattr(character.sheet, track, SheetTracker(hurt.superficial, hurt.aggravated))
    return target.boxes(), hurt.boxes(), note


def _v20_damage(p: Participant, table: Table, character: Character | None, amount: int,
                kind: str) -> tuple[str, str, str]:
    if kind not in V20_KINDS:
        raise ConflictError(f"V20 damage is bashing, lethal or aggravated, not {kind!r}")
    track = v20_track(p, table)
    hurt = track.damage(kind, amount)
    if character is None:
        p.extra["marks"] = hurt.marks().rstrip(".")
    else:
        character.sheet.health = V20Health(hurt.count("bashing"), hurt.count("lethal"), hurt.count("aggravated"))
    if hurt.beyond:
        p.extra["beyond"] = hurt.beyond
    return track.summary(), hurt.summary(), ""


def _ingenuity_damage(p: Participant, character: Character | None, table: Table, amount: int,
                      resource: str) -> tuple[str, str, str]:
    name = next((r for r in INGENUITY_RESOURCES if r.casefold() == resource.casefold()), None)
    if name is None:
        raise ConflictError(f"Ingenuity damage goes to a resource ({', '.join(INGENUITY_RESOURCES)}), not {resource!r}")
    if character is None:
        if name != "Health":
            raise ConflictError(f"{p.name} is an extra and has only Health points")
        current, top = ingenuity_points(p, table)
        p.extra["health_left"] = max(0, current - amount)
        return f"Health {current}/{top}", f"Health {p.extra['health_left']}/{top}", ""
    sheet = character.sheet
    current, top = sheet.resource_current(name), sheet.resource_max(name)
    held = sheet.resources.get(name)
    sheet.resources[name] = Resource(max(0, current - amount), held.max if held is not None else None)
    return f"{name} {current}/{top}", f"{name} {max(0, current - amount)}/{top}", ""


def sync(conflict: Conflict, table: Table) -> Change | None:
    """Follow sheets changed elsewhere (healed or hurt in the coterie): out when they cannot act, back when they can.

    Only those taken out by their wounds come back by themselves; someone the storyteller took out
    (fled, surrendered) stays out. None when nothing changed.
    """
    new = copied(conflict)
    entries = []
    for p in new.participants:
        state = condition(p, table)
        if not state.can_act and not p.out:
            p.out, p.note = True, state.state
            entries.append(table.entry("conflict", actor=p.name, comment=f"out of the fight: {state.state}",
                                       change={"field": "out", "before": False, "after": True}))
        elif state.can_act and p.out and p.note in OUT_STATES:
            before, p.out, p.note = p.note, False, ""
            p.extra.pop("beyond", None)
            entries.append(table.entry("conflict", actor=p.name, comment=f"back in the fight (was {before})",
                                       change={"field": "out", "before": True, "after": False}))
    if not entries:
        return None
    names = ", ".join(e.actor for e in entries)
    return Change(new, tuple(entries), message=f"Sheets changed elsewhere: {names} updated.")
