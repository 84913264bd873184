"""What every conflict operation needs besides the conflict itself, and what it gives back.

The tracker is pure: it never reads the disk, the clock or the dice on its own.
The screen builds a :class:`Table` (rule set, options, the session to log into,
"now", the chronicle's characters by name) and hands it in; every operation
returns a :class:`Change` — the new conflict, the sheets it changed, and the
log entries to append — which the screen saves and logs. Tests do the same
with given dice faces and a fixed time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.conflict import Conflict, Participant
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.conflict_round import ConflictError, ConflictRound
from vtm_tui.rules.ruleset import RuleSet, ruleset_for

__all__ = ["Change", "ConflictError", "Table"]  # ConflictError is the rules' own: a rule set's round raises it too


@dataclass(frozen=True)
class Table:
    """The chronicle facts a conflict operation reads; never changed by the tracker."""

    ruleset: str
    session: int
    now: datetime
    options: Mapping[str, bool | str] = field(default_factory=dict)
    characters: Mapping[str, Character] = field(default_factory=dict)

    @classmethod
    def build(cls, ruleset: str, session: int, now: datetime, options: Mapping[str, bool | str] | None = None,
              characters: Iterable[Character] = ()) -> Table:
        return cls(ruleset, session, now, dict(options or {}), {c.name: c for c in characters})

    @property
    def rules(self) -> RuleSet:
        """The conflict's rule set: what differs (rolls, turn order, wounds) is asked of it, never of its name."""
        return ruleset_for(self.ruleset)

    @property
    def conflict_round(self) -> ConflictRound:
        """The rule set's conflict facet: turn order, pools, contests, wounds and tallies are asked of it."""
        return ruleset_for(self.ruleset).conflict_round()

    def option(self, name: str, default: bool | str = False) -> bool | str:
        return self.options.get(name, default)

    def character(self, participant: Participant) -> Character | None:
        """The sheet behind a participant, None for a nameless extra (or a sheet gone from the chronicle)."""
        if participant.extra.get("kind") == "extra":
            return None
        return self.characters.get(participant.extra.get("character", participant.name))

    def with_character(self, character: Character) -> Table:
        """The same table with one sheet replaced (after damage), so later steps see it."""
        chars = dict(self.characters)
        chars[character.name] = character
        return Table(self.ruleset, self.session, self.now, self.options, chars)

    def entry(self, kind: str, *, actor: str = "", comment: str = "", change: dict[str, Any] | None = None,
              **fields: Any) -> LogEntry:
        """A log entry of this conflict's rule set and session, stamped with the table's time."""
        return LogEntry.new(kind, session=self.session, ruleset=self.ruleset, now=self.now, actor=actor,
                            comment=comment, change=_plain(change or {}), **fields)


@dataclass(frozen=True)
class Change:
    """The result of one operation: the new state, the sheets to save, the entries to log, a line to show."""

    conflict: Conflict
    entries: tuple[LogEntry, ...] = ()
    characters: tuple[Character, ...] = ()
    message: str = ""
    details: tuple[str, ...] = ()  # extra lines (a contest's rolls) for a dialog to show

    def then(self, other: Change) -> Change:
        """Two operations in a row as one change (the later state and message win)."""
        chars = {c.name: c for c in self.characters}
        chars.update({c.name: c for c in other.characters})
        message = other.message or self.message
        return Change(other.conflict, self.entries + other.entries, tuple(chars.values()), message,
                      self.details + other.details)


def _plain(change: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: an absent before/after is written as ``""``."""
    return {key: ("" if value is None else value) for key, value in change.items()}


def concerned(change: Change) -> tuple[str, ...]:
    """Every character ``change`` concerns, first appearance first: its entries' actors and the characters they
    also name (a contest's defender), and the sheets it saves; an undo of it names them all (:func:`undo_entry`)."""
    names = [name for entry in change.entries for name in (entry.actor, *entry.characters) if name]
    return tuple(dict.fromkeys([*names, *(c.name for c in change.characters)]))


def undo_entry(table: Table, restored: Sequence[str], names: Sequence[str]) -> LogEntry:
    """The log's line for a conflict change taken back (the app's ctrl+z): it names every character the change
    concerned and every sheet restored, so the log's character filter finds it under each."""
    comment = "undo: the last change is taken back" + (f" ({', '.join(restored)}'s sheet restored)" if restored else "")
    return table.entry("conflict", comment=comment, characters=tuple(dict.fromkeys([*restored, *names])))
