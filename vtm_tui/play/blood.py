"""The blood's upkeep as actions on a V5 character: what the app's keys and ``vtm-tui blood`` both call.

Each action takes a character and dice and returns an :class:`Upkeep`: the character
afterwards (a copy), the log entries to append and a one-line summary. Nothing is saved
here: :meth:`vtm_tui.play.record.Recorder.record` appends the entries (fsynced) and then
saves the sheet, as for any roll. Every Rouse check is its own ``rouse`` entry carrying the
Hunger it changed, so the log's statistics and odds read it like any other Rouse check; what
else an action did (Health mended, Willpower recovered, a Stain, a Resonance) follows in
entries of its own, each naming the first by ``ref``.

The rules are the rule set's blood upkeep facet (``ruleset_for(id).blood_upkeep()``,
:mod:`vtm_tui.rules.blood_upkeep`): V5 answers from its engine, V20 and Ingenuity refuse in their own
words, which :func:`upkeep_refusal` says before any action. This module imports no engine.
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
from vtm_tui.rules.blood_upkeep import COMPULSION_SUFFIX, BloodUpkeep
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ruleset import registered, ruleset_for

MAX_CONDITION = 120


@dataclass(frozen=True)
class Upkeep(Applied):
    """An action's result: the character after it, its entries and a one-line summary."""

    summary: str = ""
    power: Any = None  #: the power used (its pool is rolled next, at the Hunger its Rouse checks left)
    frenzy_difficulty: int | None = None  #: a forced Rouse at Hunger 5 owes a hunger frenzy test at this Difficulty


def upkeep_refusal(character: Character) -> str | None:
    """Why this character has no blood to tend (its rule set's own way, said by the facet), or ``None``."""
    why = ruleset_for(character.ruleset).blood_upkeep().refusal()
    return f"{character.name}: {why}" if why else None


def upkeep_of(character: Character) -> BloodUpkeep:
    """The character's rule set's blood upkeep; refuses (:func:`upkeep_refusal`) when it has none."""
    refusal = upkeep_refusal(character)
    if refusal:
        raise VtmError(refusal)
    return ruleset_for(character.ruleset).blood_upkeep()


def condition_text(condition: str, ruleset: str | None = None) -> str:
    """A sheet's condition as the sheet, dialogs and rows show it: with its penalty when it names a compulsion of
    ``ruleset`` (without one, read on its own: of the first registered rule set that knows it)."""
    if not condition.endswith(COMPULSION_SUFFIX):
        return condition
    for ruleset_id in (ruleset,) if ruleset else registered():
        text = ruleset_for(ruleset_id).blood_upkeep().condition_text(condition)
        if text != condition:
            return text
    return condition


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
    upkeep_of(character)
    powers = character.sheet.power_infos()
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
    return upkeep_of(character).learnable_powers(character.sheet)


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
    upkeep = upkeep_of(character)
    sheet = character.sheet
    try:
        result = upkeep.power_rouse(sheet, power, dice, oblivion_stains=oblivion_stains)
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
        upkeep.take_aggravated(new, result.aggravated)
        entries.append(_note(character, "damage", f"{power.name}: {result.aggravated} Aggravated (a ghoul's Rouse)",
                             {"field": "health", "before": before, "after": _tracker(new.health)},
                             session=session, now=now))
        changes.append(f"Health {new.health.boxes(new.health_size)}")
    if result.stains:
        before = new.stains
        upkeep.add_stains(new, result.stains)
        entries.append(_note(character, "stain", f"{power.name}: Oblivion Stain on a Rouse die of 1 or 10",
                             {"field": "stains", "before": before, "after": new.stains},
                             session=session, now=now, ref=ref))
        changes.append(f"stains {before} → {new.stains}")
    if not entries:
        entries.append(_note(character, "note", f"{power.name}: free, no Rouse check", None, session=session, now=now))
    frenzy = next((c.frenzy_difficulty for c in result.checks if c.frenzy_difficulty), None)
    return Upkeep(after, tuple(entries), tuple(changes), result.summary(), power, frenzy)


# -- mend, awaken, blush, slake -------------------------------------------------------------------


def mend(character: Character, dice: DiceSource, *, session: int, now: datetime) -> Upkeep:
    """One Rouse check heals Blood Potency's "mend" in Superficial Health (V5 core p.216)."""
    upkeep = upkeep_of(character)
    sheet = character.sheet
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: only vampires mend with the blood")
    try:
        result = upkeep.mend(sheet, dice)
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
    sheet = character.sheet
    result = upkeep_of(character).awaken(sheet, dice)
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
    upkeep = upkeep_of(character)
    sheet = character.sheet
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: the living need no Blush of Life")
    try:
        result = upkeep.blush(sheet, dice)
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
    upkeep = upkeep_of(character)
    sheet = character.sheet
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: only vampires have Hunger to slake")
    try:
        result = upkeep.slake(sheet, amount, source=source, killed=killed)
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
    """How a sheet keeps the compulsion ``name`` among its conditions: ``"Arrogance compulsion"``."""
    return name + COMPULSION_SUFFIX


def pick_compulsion(character: Character, name: str, dice: DiceSource) -> str:
    """The compulsion ``name`` means for ``character``: rolled on the general table when empty, the clan's for
    ``clan``, else the one named (the command line's ``blood … compulsion [NAME]``)."""
    upkeep = upkeep_of(character)
    if not name:
        return upkeep.roll_compulsion(dice).name
    if name.casefold() == "clan":
        found = upkeep.clan_compulsion(character.sheet.clan)
        if found is None:
            raise VtmError(f"{character.name}: clan {character.sheet.clan or '(none)'} has no clan compulsion")
        return found.name
    found = upkeep.compulsion_named(name)
    if found is None:
        raise VtmError(f"compulsion {name!r} is not known: Hunger, Dominance, Harm, Paranoia, 'clan' or a clan's")
    return found.name


def add_condition(character: Character, condition: str, *, session: int, now: datetime, ref: str = "") -> Upkeep:
    """Put a condition (a compulsion) on the sheet until the storyteller clears it."""
    upkeep_of(character)
    sheet = character.sheet
    text = " ".join(condition.split())
    if not text or len(text) > MAX_CONDITION:
        raise VtmError(f"a condition is 1-{MAX_CONDITION} characters, got {len(text)}")
    if text in sheet.conditions:
        raise VtmError(f"{character.name} already has {text!r}")
    after = copy.deepcopy(character)
    before = list(sheet.conditions)
    after.sheet.conditions.append(text)
    shown = condition_text(text, character.ruleset)
    entry = _note(character, "edit", shown,
                  {"field": "conditions", "before": before, "after": list(after.sheet.conditions)},
                  session=session, now=now, ref=ref)
    return Upkeep(after, (entry,), (f"{text} added",), f"{character.name}: {shown}")


def clear_condition(character: Character, condition: str | None = None, *, session: int, now: datetime) -> Upkeep:
    """Clear one condition (the last one when none is named)."""
    upkeep_of(character)
    sheet = character.sheet
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
