"""The blood's upkeep as actions on a V5 character: what the app's keys and ``vtm-tui blood`` both call.

Each action takes a character and dice and returns an :class:`Upkeep`: the character
afterwards (a copy), the log entries to append and a one-line summary. Nothing is saved
here: :meth:`vtm_tui.play.record.Recorder.record` appends the entries (fsynced) and then
saves the sheet, as for any roll. Every Rouse check is its own ``rouse`` entry carrying the
Hunger it changed, so the log's statistics and odds read it like any other Rouse check; what
else an action did (Health mended, Willpower recovered, a Stain, a Resonance) follows in
entries of its own, each naming the first by ``ref``.

The rules are in :mod:`vtm_tui.rules.v5.upkeep`, :mod:`~vtm_tui.rules.v5.hunting` and
:mod:`~vtm_tui.rules.v5.compulsions`; what differs by rule set is reached through
:func:`upkeep_refusal`, which says why a sheet has no blood to tend.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.apply import Applied
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.compulsions import (  # re-exported: the sheet, dialog and rows use them
    COMPULSION_SUFFIX, condition_text)

MAX_CONDITION = 120


@dataclass(frozen=True)
class Upkeep(Applied):
    """An action's result: the character after it, its entries and a one-line summary."""

    summary: str = ""
    power: Any = None  #: the power used (its pool is rolled next, at the Hunger its Rouse checks left)
    frenzy_difficulty: int | None = None  #: a forced Rouse at Hunger 5 owes a hunger frenzy test at this Difficulty


def upkeep_refusal(character: Character) -> str | None:
    """Why this character has no blood to tend (not a V5 sheet), or ``None``."""
    if not hasattr(character.sheet, "hunger") or not hasattr(character.sheet, "power_infos"):
        return f"{character.name}: the blood's upkeep is a V5 rule; this chronicle's rule set has none"
    return None


def v5_sheet(character: Character) -> Any:
    refusal = upkeep_refusal(character)
    if refusal:
        raise VtmError(refusal)
    return character.sheet


def _tracker(held: Any) -> dict[str, int]:
    return {"superficial": held.superficial, "aggravated": held.aggravated}


def _rouse_entries(character: Character, checks: tuple[Any, ...], pool: str, *, session: int, now: datetime,
                   comment: str = "") -> list[LogEntry]:
    entries = []
    for index, check in enumerate(checks):
        label = pool if len(checks) == 1 else f"{pool}: Rouse {index + 1} of {len(checks)}"
        entry = LogEntry.from_outcome(check, session=session, actor=character.name, pool=label, kind="rouse",
                                      comment=comment, now=now)
        if check.hunger_after != check.hunger_before:
            entry = replace(entry, change={"field": "hunger", "before": check.hunger_before,
                                           "after": check.hunger_after})
        entries.append(entry)
    return entries


def _note(character: Character, kind: str, text: str, change: dict[str, Any] | None, *, session: int,
          now: datetime, ref: str = "") -> LogEntry:
    return LogEntry.new(kind, session=session, ruleset=character.ruleset, now=now, actor=character.name, comment=text,
                        ref=ref, change=change or {})


# -- powers --------------------------------------------------------------------------------------


def find_power(character: Character, name: str) -> Any:
    """A power on ``character``'s sheet by name (case aside, or a unique prefix); refuses naming the choices."""
    powers = v5_sheet(character).power_infos()
    wanted = " ".join(name.split()).casefold()
    exact = [p for p in powers if p.name.casefold() == wanted]
    found = exact or [p for p in powers if p.name.casefold().startswith(wanted)]
    if len(found) == 1:
        return found[0]
    names = ", ".join(p.name for p in powers) or "none with a known level"
    why = "matches several powers" if found else "is not a power on the sheet"
    raise VtmError(f"{character.name}: {name!r} {why} (powers: {names})")


def learnable_powers(character: Character) -> list[Any]:
    """Catalogue powers the sheet's discipline dots allow and the sheet does not list yet."""
    from vtm_tui.rules.catalogue.v5_powers import catalogue_for

    sheet = v5_sheet(character)
    held = {(d.casefold(), p.name.casefold()) for d, powers in sheet.powers.items() for p in powers}
    return [power for discipline, dots in sheet.disciplines.items() for power in catalogue_for(discipline, dots)
            if (power.discipline.casefold(), power.name.casefold()) not in held]


def add_power(character: Character, discipline: str, name: str, *, session: int, now: datetime) -> Upkeep:
    """Write a catalogue power onto the sheet by name (its level, cost and pool stay the catalogue's)."""
    from vtm_tui.model.character_v5 import Power

    found = [p for p in learnable_powers(character) if p.discipline == discipline and p.name == name]
    if not found:
        raise VtmError(f"{character.name}: {name} ({discipline}) is not a catalogue power the sheet's dots allow "
                       "or it is already on the sheet")
    after = copy.deepcopy(character)
    sheet = after.sheet
    key = next((d for d in sheet.powers if d.casefold() == discipline.casefold()), discipline)
    before = [p.to_toml() for p in sheet.powers.get(key, [])]
    sheet.powers.setdefault(key, []).append(Power(name))
    change = {"field": f"powers.{key}", "before": before, "after": [p.to_toml() for p in sheet.powers[key]]}
    entry = _note(character, "edit", f"Power added: {found[0].describe()}", change, session=session, now=now)
    return Upkeep(after, (entry,), (f"{name} added to {key}",), f"{character.name}: {found[0].describe()} added")


def use_power(character: Character, power: Any, dice: DiceSource, *, session: int, now: datetime,
              oblivion_stains: bool = False) -> Upkeep:
    """A power's Rouse checks (with Blood Potency's re-roll), or a ghoul's Aggravated damage, and any Stains."""
    from vtm_tui.rules.v5.upkeep import power_rouse

    sheet = v5_sheet(character)
    try:
        result = power_rouse(power, sheet.hunger, sheet.blood_potency, dice, creature=sheet.creature,
                             oblivion_stains=oblivion_stains)
    except RulesError as exc:
        raise VtmError(f"{character.name}: {power.name}: {exc}") from None
    after = copy.deepcopy(character)
    new = after.sheet
    entries = _rouse_entries(character, result.checks, power.name, session=session, now=now)
    changes = []
    if result.hunger_after != sheet.hunger:
        new.hunger = result.hunger_after
        changes.append(f"Hunger {sheet.hunger} → {new.hunger}")
    ref = entries[0].id if entries else ""
    if result.aggravated:
        before = _tracker(new.health)
        _take_aggravated(new, result.aggravated)
        entries.append(_note(character, "damage", f"{power.name}: {result.aggravated} Aggravated (a ghoul's Rouse)",
                             {"field": "health", "before": before, "after": _tracker(new.health)},
                             session=session, now=now))
        changes.append(f"Health {new.health.boxes(new.health_size)}")
    if result.stains:
        before = new.stains
        _add_stains(new, result.stains)
        entries.append(_note(character, "stain", f"{power.name}: Oblivion Stain on a Rouse die of 1 or 10",
                             {"field": "stains", "before": before, "after": new.stains},
                             session=session, now=now, ref=ref))
        changes.append(f"stains {before} → {new.stains}")
    if not entries:
        entries.append(_note(character, "note", f"{power.name}: free, no Rouse check", None, session=session, now=now))
    frenzy = next((c.frenzy_difficulty for c in result.checks if c.frenzy_difficulty), None)
    return Upkeep(after, tuple(entries), tuple(changes), result.summary(), power, frenzy)


def _take_aggravated(sheet: Any, amount: int) -> None:
    from vtm_tui.rules.v5.trackers import Tracker

    track = Tracker(sheet.health_size, sheet.health.superficial, sheet.health.aggravated).take_aggravated(amount)
    sheet.health.superficial, sheet.health.aggravated = track.superficial, track.aggravated


def _add_stains(sheet: Any, count: int) -> None:
    from vtm_tui.rules.v5.humanity import Humanity

    humanity, damage = Humanity(sheet.humanity, sheet.stains, sheet.degenerating).add_stains(count)
    sheet.stains, sheet.degenerating = humanity.stains, humanity.degenerating
    if damage:
        from vtm_tui.rules.v5.trackers import Tracker

        track = Tracker(sheet.willpower_size, sheet.willpower.superficial, sheet.willpower.aggravated)
        track = track.take_aggravated(damage)
        sheet.willpower.superficial, sheet.willpower.aggravated = track.superficial, track.aggravated


# -- mend, awaken, blush, slake -------------------------------------------------------------------


def mend(character: Character, dice: DiceSource, *, session: int, now: datetime) -> Upkeep:
    """One Rouse check heals Blood Potency's "mend" in Superficial Health (V5 core p.216)."""
    from vtm_tui.rules.v5.blood import mend as mend_rule
    from vtm_tui.rules.v5.trackers import Tracker

    sheet = v5_sheet(character)
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: only vampires mend with the blood")
    try:
        result = mend_rule(Tracker(sheet.health_size, sheet.health.superficial, sheet.health.aggravated),
                           sheet.blood_potency, sheet.hunger, dice)
    except RulesError as exc:
        raise VtmError(f"{character.name}: {exc}") from None
    after = copy.deepcopy(character)
    new = after.sheet
    entries = _rouse_entries(character, (result.rouse,), "Mend", session=session, now=now)
    new.hunger = result.rouse.hunger_after
    before = _tracker(new.health)
    new.health.superficial = result.after.superficial
    entries.append(_note(character, "heal", f"Mend: {result.healed} Superficial Health (Blood Potency "
                                            f"{sheet.blood_potency})",
                         {"field": "health", "before": before, "after": _tracker(new.health)},
                         session=session, now=now, ref=entries[0].id))
    summary = f"Mend: {result.rouse.summary()}; {result.healed} Superficial Health healed"
    changes = [f"Health {new.health.boxes(new.health_size)}"]
    if new.hunger != sheet.hunger:
        changes.append(f"Hunger {sheet.hunger} → {new.hunger}")
    return Upkeep(after, tuple(entries), tuple(changes), summary)


def awaken(character: Character, dice: DiceSource, *, session: int, now: datetime) -> Upkeep:
    """Nightfall: the waking Rouse check (vampires) and Willpower back by the higher of Composure and Resolve."""
    from vtm_tui.rules.v5.upkeep import awaken as awaken_rule

    sheet = v5_sheet(character)
    result = awaken_rule(sheet.hunger, sheet.attributes.get("Composure", 1), sheet.attributes.get("Resolve", 1),
                         dice, creature=sheet.creature)
    after = copy.deepcopy(character)
    new = after.sheet
    entries: list[LogEntry] = []
    changes: list[str] = []
    if result.rouse is not None:
        entries = _rouse_entries(character, (result.rouse,), "Awakening", session=session, now=now,
                                 comment=result.rouse.consequence or "")
        if result.rouse.hunger_after != sheet.hunger:
            new.hunger = result.rouse.hunger_after
            changes.append(f"Hunger {sheet.hunger} → {new.hunger}")
    healed = min(result.willpower_recovered, new.willpower.superficial)
    if healed:
        before = _tracker(new.willpower)
        new.willpower.superficial -= healed
        entries.append(_note(character, "willpower", f"Awakening: {healed} Superficial Willpower recovered",
                             {"field": "willpower", "before": before, "after": _tracker(new.willpower)},
                             session=session, now=now, ref=entries[0].id if entries else ""))
        changes.append(f"Willpower {new.willpower.boxes(new.willpower_size)}")
    if not entries:
        entries.append(_note(character, "note", "Awakening: nothing to recover", None, session=session, now=now))
    summary = result.rouse.summary() if result.rouse else "No Rouse check (not a vampire)"
    frenzy = result.rouse.frenzy_difficulty if result.rouse else None
    return Upkeep(after, tuple(entries), tuple(changes), f"Awakening: {summary}; {healed} Willpower recovered",
                  frenzy_difficulty=frenzy)


def blush(character: Character, dice: DiceSource, *, session: int, now: datetime) -> Upkeep:
    """The Blush of Life: one voluntary Rouse check (V5 core p.218)."""
    from vtm_tui.rules.v5.checks import rouse_check

    sheet = v5_sheet(character)
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: the living need no Blush of Life")
    try:
        result = rouse_check(sheet.hunger, dice)
    except RulesError as exc:
        raise VtmError(f"{character.name}: Blush of Life: {exc}") from None
    after = copy.deepcopy(character)
    after.sheet.hunger = result.hunger_after
    entries = _rouse_entries(character, (result,), "Blush of Life", session=session, now=now)
    changes = (f"Hunger {sheet.hunger} → {result.hunger_after}",) if result.hunger_after != sheet.hunger else ()
    return Upkeep(after, tuple(entries), changes, f"Blush of Life: {result.summary()}")


def slake(character: Character, amount: int, *, source: str = "human", killed: bool = False, session: int,
          now: datetime, ref: str = "") -> Upkeep:
    """Feed: Hunger − ``amount`` after Blood Potency's feeding penalty and the floor without a kill."""
    from vtm_tui.rules.v5.upkeep import slake as slake_rule

    sheet = v5_sheet(character)
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: only vampires have Hunger to slake")
    try:
        result = slake_rule(sheet.hunger, amount, sheet.blood_potency, source=source, killed=killed)
    except RulesError as exc:
        raise VtmError(f"{character.name}: {exc}") from None
    after = copy.deepcopy(character)
    after.sheet.hunger = result.hunger_after
    change = {"field": "hunger", "before": sheet.hunger, "after": result.hunger_after}
    entry = _note(character, "hunger", result.summary(), change, session=session, now=now, ref=ref)
    changes = (f"Hunger {sheet.hunger} → {result.hunger_after}",) if result.slaked else ()
    return Upkeep(after, (entry,), changes, result.summary())


# -- conditions (compulsions) ------------------------------------------------------------------


def compulsion_condition(name: str) -> str:
    return name + COMPULSION_SUFFIX


def pick_compulsion(character: Character, name: str, dice: DiceSource) -> str:
    """The compulsion ``name`` means for ``character``: rolled on the general table when empty, the clan's for
    ``clan``, else the one named (the command line's ``blood … compulsion [NAME]``)."""
    from vtm_tui.rules.v5.compulsions import clan_compulsion, compulsion_named, roll_compulsion

    if not name:
        return roll_compulsion(dice)[1].name
    if name.casefold() == "clan":
        found = clan_compulsion(character.sheet.clan)
        if found is None:
            raise VtmError(f"{character.name}: clan {character.sheet.clan or '(none)'} has no clan compulsion")
        return found.name
    found = compulsion_named(name)
    if found is None:
        raise VtmError(f"compulsion {name!r} is not known: Hunger, Dominance, Harm, Paranoia, 'clan' or a clan's")
    return found.name


def add_condition(character: Character, condition: str, *, session: int, now: datetime, ref: str = "") -> Upkeep:
    """Put a condition (a compulsion) on the sheet until the storyteller clears it."""
    sheet = v5_sheet(character)
    text = " ".join(condition.split())
    if not text or len(text) > MAX_CONDITION:
        raise VtmError(f"a condition is 1-{MAX_CONDITION} characters, got {len(text)}")
    if text in sheet.conditions:
        raise VtmError(f"{character.name} already has {text!r}")
    after = copy.deepcopy(character)
    before = list(sheet.conditions)
    after.sheet.conditions.append(text)
    entry = _note(character, "edit", condition_text(text),
                  {"field": "conditions", "before": before, "after": list(after.sheet.conditions)},
                  session=session, now=now, ref=ref)
    return Upkeep(after, (entry,), (f"{text} added",), f"{character.name}: {condition_text(text)}")


def clear_condition(character: Character, condition: str | None = None, *, session: int, now: datetime) -> Upkeep:
    """Clear one condition (the last one when none is named)."""
    sheet = v5_sheet(character)
    if not sheet.conditions:
        raise VtmError(f"{character.name} has no condition to clear")
    wanted = sheet.conditions[-1] if condition is None else condition
    matches = [c for c in sheet.conditions if c.casefold() == wanted.casefold()]
    if not matches:
        raise VtmError(f"{character.name} has no condition {wanted!r} (has: {', '.join(sheet.conditions)})")
    after = copy.deepcopy(character)
    after.sheet.conditions.remove(matches[0])
    entry = _note(character, "edit", f"{matches[0]} cleared",
                  {"field": "conditions", "before": list(sheet.conditions), "after": list(after.sheet.conditions)},
                  session=session, now=now)
    return Upkeep(after, (entry,), (f"{matches[0]} cleared",), f"{character.name}: {matches[0]} cleared")
