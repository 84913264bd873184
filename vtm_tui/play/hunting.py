"""A hunt: the predator type's pool rolled, and on a win the Resonance rolled and Hunger slaked.

The hunting roll is an ordinary V5 test made through :func:`~vtm_tui.play.request.make_request`
and :func:`~vtm_tui.play.perform.perform`, so it carries Hunger dice, impairment and the
log entry of any roll. On a win the storyteller's slake amount goes through
:func:`vtm_tui.play.blood.slake` (Blood Potency's penalty), the Resonance is rolled
(V5 core p.228) and kept on the sheet (``resonance``) and in the log. A messy critical or a
bestial failure sets ``compulsion_due`` so the app can offer a compulsion. The pools, the
Resonance and what calls for a compulsion are the rule set's blood upkeep facet's
(:func:`vtm_tui.play.blood.upkeep_of`); this module imports no engine.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.apply import apply
from vtm_tui.play.blood import Upkeep, slake, upkeep_of
from vtm_tui.play.perform import perform
from vtm_tui.play.request import make_request
from vtm_tui.rules.dice import DiceSource


@dataclass(frozen=True)
class Hunt(Upkeep):
    """A hunt's result: the roll, the Resonance (on a win) and whether the Beast calls for a compulsion."""

    outcome: Any = None
    resonance: Any = None
    compulsion_due: bool = False


def default_pool(character: Character) -> str:
    """The first printed hunting pool of the character's predator type, or "" (Blood Leech, none set)."""
    pools = upkeep_of(character).hunting_pools(character.sheet.predator)
    return pools[0] if pools else ""


def hunt(character: Character, pool: str, difficulty: int | str | None, dice: DiceSource, *, session: int,
         now: datetime, amount: int | None = None, source: str = "human", killed: bool = False,
         secret: bool = False) -> Hunt:
    """Roll the hunt; on a win slake ``amount`` (default: all of it, down to the floor) and roll Resonance."""
    upkeep = upkeep_of(character)
    sheet = character.sheet
    if not sheet.is_vampire:
        raise VtmError(f"{character.name} is a {sheet.creature}: only vampires hunt for blood")
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 5):
        raise VtmError(f"Hunger to slake is a whole number 0-5, not {amount!r}")  # before any die is rolled
    text = pool.strip() or default_pool(character)
    if not text:
        raise VtmError(f"{character.name}: no hunting pool (predator type {sheet.predator or 'not set'}); "
                       "name one, e.g. \"Wits + Streetwise\"")
    request = make_request(character, text, difficulty=difficulty, secret=secret, comment="hunting")
    outcome = perform(request, dice)
    rolled = apply(character, request, outcome, session=session, now=now)
    first = replace(rolled.entries[0], pool=f"Hunting: {request.description}")
    entries: list[LogEntry] = [first]
    changes: list[str] = list(rolled.changes)
    after = rolled.character
    summary = f"Hunt: {outcome.summary()}"
    resonance = None
    if outcome.win:
        resonance = upkeep.roll_resonance(dice)
        fed = slake(after, sheet.hunger if amount is None else amount, source=source, killed=killed,
                    session=session, now=now, ref=first.id)
        after = copy.deepcopy(fed.character)
        before_resonance = sheet.resonance
        after.sheet.resonance = resonance.text() if resonance.temperament != "negligible" else ""
        entries.extend(fed.entries)
        entries.append(LogEntry.new("edit", session=session, ruleset=character.ruleset, now=now, actor=character.name,
                                    comment=f"Resonance: {resonance.text()}", ref=first.id,
                                    roll=resonance.to_dict(),
                                    change={"field": "resonance", "before": before_resonance,
                                            "after": after.sheet.resonance}))
        changes.extend(fed.changes)
        changes.append(f"Resonance {resonance.text()}")
        summary += f"; {fed.summary}; {resonance.text()}"
    due = upkeep.calls_for_compulsion(outcome.result)
    if due:
        summary += "; the Beast calls for a compulsion"
    return Hunt(after, tuple(entries), tuple(changes), summary, outcome=outcome, resonance=resonance,
                compulsion_due=due)
