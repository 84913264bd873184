"""Applying a judged roll: the character as it is afterwards, and the log entries to append.

Nothing is saved here. The caller appends the entries first (so the record of
the dice survives even if the sheet save then fails) and saves the returned
character through the store. Each entry carries its sheet change in
``change = {field, before, after}``, so the log alone can replay what a roll
did to the sheet; a re-roll's entry names its original in ``ref``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import STORYTELLER_COMMENT, LogEntry
from vtm_tui.model.typed import mark_typed
from vtm_tui.play.request import RollRequest
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.ruleset import ruleset_for


@dataclass(frozen=True)
class Applied:
    """The character after a roll (a new object), the entries to log and what changed, in words."""

    character: Character
    entries: tuple[LogEntry, ...]
    changes: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.changes)


def apply(
    character: Character,
    request: RollRequest,
    outcome: Outcome,
    *,
    session: int,
    now: datetime,
    ref: str = "",
    comment: str | None = None,
    typed: bool = False,
) -> Applied:
    """What ``outcome`` does to ``character``; the roll's entry (kind from the request, ``reroll`` for re-rolls).

    ``typed``: the faces were typed by hand, not rolled by the app; the entry says so (``typed = true``)."""
    change: dict[str, Any] = {}
    changes: list[str] = []
    kind = request.log_kind
    after = character  # copied only when the roll changes the sheet: most rolls do not
    rules = ruleset_for(outcome.ruleset)
    if rules.has_hunger:
        if _v5_changes_sheet(character, outcome):
            after = copy.deepcopy(character)
        kind, change, changes = _v5(after, outcome, kind)
    elif rules.willpower_buys_success and request.willpower:
        after = copy.deepcopy(character)
        sheet = after.sheet
        before = sheet.willpower_current
        sheet.willpower_current = max(0, before - 1)
        change = {"field": "willpower", "before": before, "after": sheet.willpower_current}
        changes.append(f"Willpower {before} → {sheet.willpower_current} (spent)")
    elif getattr(outcome, "morality_cost", 0):  # a failed degeneration roll: a dot of Humanity / Path
        after = copy.deepcopy(character)
        sheet = after.sheet
        before = sheet.path_rating
        sheet.path_rating = max(0, before - outcome.morality_cost)  # type: ignore[attr-defined]
        change = {"field": "path_rating", "before": before, "after": sheet.path_rating}
        changes.append(f"{sheet.path} {before} → {sheet.path_rating} (degeneration)")
    entry = roll_entry(request, outcome, kind=kind, session=session, now=now, ref=ref, comment=comment,
                       typed=typed, change=change)
    return Applied(after, (entry,), tuple(changes))


def roll_entry(request: RollRequest, outcome: Outcome, *, kind: str, session: int, now: datetime, ref: str = "",
               comment: str | None = None, typed: bool = False, change: dict[str, Any] | None = None) -> LogEntry:
    """The log entry of a judged roll: the one shape every roll is logged in, from the app or the command line."""
    entry = LogEntry.from_outcome(
        outcome,
        session=session,
        actor=request.actor,
        pool=request.description,
        difficulty=request.difficulty if kind not in ("rouse", "check") else None,
        secret=request.secret,
        comment=request.comment if comment is None else comment,
        kind=kind,
        ref=ref,
        now=now,
    )
    if change:
        entry = replace(entry, change=change)
    if request.storyteller_comment:  # its own key: play/visibility keeps it from every player
        entry = replace(entry, extra={**entry.extra, STORYTELLER_COMMENT: request.storyteller_comment})
    if typed:
        entry = mark_typed(entry)
    return entry


def _tracker(track: Any) -> dict[str, int]:
    return {"superficial": track.superficial, "aggravated": track.aggravated}


def _v5_changes_sheet(character: Character, outcome: Outcome) -> bool:
    from vtm_tui.rules.v5 import RemorseResult, RerollResult, RouseResult

    if isinstance(outcome, RouseResult):
        return outcome.hunger_after != character.sheet.hunger
    if isinstance(outcome, RerollResult):
        return bool(outcome.willpower_damage)
    return isinstance(outcome, RemorseResult)


def _v5(after: Character, outcome: Outcome, kind: str) -> tuple[str, dict[str, Any], list[str]]:
    from vtm_tui.rules.v5 import RemorseResult, RerollResult, RouseResult, Tracker

    sheet = after.sheet
    if isinstance(outcome, RouseResult):
        if outcome.hunger_after != sheet.hunger:
            before = sheet.hunger
            sheet.hunger = outcome.hunger_after
            return kind, {"field": "hunger", "before": before, "after": sheet.hunger}, [
                f"Hunger {before} → {sheet.hunger}"]
        return kind, {}, []
    if isinstance(outcome, RerollResult):
        if not outcome.willpower_damage:
            return "reroll", {}, []
        before = _tracker(sheet.willpower)
        size = sheet.willpower_size
        track = Tracker(size, sheet.willpower.superficial, sheet.willpower.aggravated)
        track = track.take_superficial(outcome.willpower_damage)
        sheet.willpower.superficial, sheet.willpower.aggravated = track.superficial, track.aggravated
        words = f"Willpower {sheet.willpower.boxes(size)} (1 Superficial damage for the re-roll)"
        return "reroll", {"field": "willpower", "before": before, "after": _tracker(sheet.willpower)}, [words]
    if isinstance(outcome, RemorseResult):
        before = {"humanity": sheet.humanity, "stains": sheet.stains}
        sheet.humanity, sheet.stains, sheet.degenerating = outcome.after.rating, 0, False
        words = f"Humanity {before['humanity']} → {sheet.humanity}, stains cleared"
        return kind, {"field": "humanity", "before": before, "after": {"humanity": sheet.humanity, "stains": 0}}, [
            words]
    return kind, {}, []


def note_entry(request: RollRequest, text: str, *, session: int, now: datetime, ref: str = "") -> LogEntry:
    """A plain note about a roll (a win at a cost accepted), linked to it by ``ref``."""
    return LogEntry.new("note", session=session, ruleset=request.ruleset, now=now, actor=request.actor,
                        comment=text, ref=ref)
