"""Applying a judged roll: the character as it is afterwards, and the log entries to append.

Nothing is saved here. The caller appends the entries first (so the record of
the dice survives even if the sheet save then fails) and saves the returned
character through the store. Each entry carries its sheet change in
``change = {field, before, after}``, so the log alone can replay what a roll
did to the sheet; a re-roll's entry names its original in ``ref``.

What a roll does to the sheet (V5: Hunger after a Rouse, Willpower damage for a re-roll, Humanity after
Remorse; V20: a Willpower point spent, a dot lost to degeneration) is the rule set's roll facet's
(:meth:`~vtm_tui.rules.roll_play.RollPlay.apply_to_sheet`); the sheet is copied only when it changes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import STORYTELLER_COMMENT, LogEntry
from vtm_tui.model.typed import mark_typed
from vtm_tui.play.request import log_kind
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.roll_request import RollRequest
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
    kind = log_kind(request)
    rolls = ruleset_for(outcome.ruleset).roll_play()
    after = copy.deepcopy(character) if rolls.changes_sheet(character.sheet, request, outcome) else character
    kind, change, changes = rolls.apply_to_sheet(after.sheet, request, outcome, kind)
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
        difficulty=None if _logs_a_check(request.ruleset, kind) else request.difficulty,
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


def note_entry(request: RollRequest, text: str, *, session: int, now: datetime, ref: str = "") -> LogEntry:
    """A plain note about a roll (a win at a cost accepted), linked to it by ``ref``."""
    return LogEntry.new("note", session=session, ruleset=request.ruleset, now=now, actor=request.actor,
                        comment=text, ref=ref)


def _logs_a_check(ruleset: str, entry_kind: str) -> bool:
    """Whether ``entry_kind`` is the log kind of one of the rule set's checks (one die, logged without a Difficulty)."""
    specs = ruleset_for(ruleset).roll_kind_specs().values()
    return any(spec.is_check and spec.log_kind == entry_kind for spec in specs)
