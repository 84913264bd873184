"""Writing what a roll did: log entries first (durable at once), then the sheet, through the store.

The order matters: an entry is appended with fsync before the sheet is saved,
so if the sheet save fails (another login changed the same fields) the dice are
still on record and the storyteller is told the sheet did not change. When the
save merges over another login's, the entry's ``change`` says what the merged
save did (:func:`as_saved`), not what this process had read. Which
session an entry goes to (and whether one is opened) is the one rule of
:mod:`vtm_tui.play.sessions`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.apply import Applied
from vtm_tui.play.sessions import check_may_log, free_botch_spent, session_for_action
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.store.errors import ConflictError

if TYPE_CHECKING:
    from vtm_tui.store.chronicle_store import ChronicleStore


class Recorder:
    """Logs roll entries and saves the sheets they change, for one open chronicle."""

    def __init__(self, store: ChronicleStore, clock: Callable[[], datetime],
                 on_session_started: Callable[[int], None] | None = None, *, player: bool = False) -> None:
        self.store = store
        self.clock = clock
        self.on_session_started = on_session_started
        self.player = player  # a player's seat: never opens a session
        self.notes: list[str] = []  # what the session rule said ("Session 4 started now ..."), for the screen

    def session(self, kind: str = "") -> int:
        """The session entries go to, by the one rule of :mod:`vtm_tui.play.sessions`: the open one; a
        Remorse test after the end, the session that owed it; else the storyteller's next one (never a player's)."""
        found = session_for_action(self.store, player=self.player, kind=kind, now=self.clock())
        if found.note and found.note not in self.notes:
            self.notes.append(found.note)
        if found.started and self.on_session_started is not None:
            self.on_session_started(found.number)
        return found.number

    def check(self, kind: str = "") -> None:
        """Refuse before the dice are rolled when the storyteller's roll of ``kind`` would open the next session
        where the store asks first (:class:`~vtm_tui.play.sessions.SessionEnded`); a seat is refused later."""
        if not self.player:
            check_may_log(self.store, kind=kind)

    def log(self, entry: LogEntry) -> None:
        self.store.log(entry)

    def record(self, applied: Applied, character: Character) -> Character:
        """Append ``applied.entries`` (fsynced), then save the changed sheet; returns the sheet as it now is.

        A sheet change's entries are appended under the store's lock just before the sheet is written, their
        ``change`` read from the sheet as it was on disk and as it is written (:func:`as_saved`): another
        login's save merged in meanwhile is not logged as this roll's. A save refused or failing (the store takes
        the entries appended for it back out of the log) still leaves the dice on record: the entries as the roll
        made them are appended, then the error raised."""
        def log(entries: tuple[LogEntry, ...]) -> None:
            for entry in entries:
                self.store.log(entry)

        if not applied.changed:
            log(applied.entries)
            return character

        def log_first(replaced: Character, saved: Character) -> None:
            log(as_saved(applied, character, replaced, saved))

        try:
            return self.store.save_character(applied.character, before_write=log_first)
        except Exception as exc:
            log(applied.entries)  # a failed save took its own entries back (store/logged_save.py): the dice stay
            if isinstance(exc, ConflictError):
                self.store.reload()
            raise

    def free_botch_used(self, kind: str = "") -> bool:
        """Whether the session this roll goes to already forgave a V20 botch (:func:`~vtm_tui.play.sessions.free_botch_spent`)."""
        return free_botch_spent(self.store, kind=kind)

    def last_pool(self, actor: str) -> str | None:
        from vtm_tui.play.defaults import find_last_pool

        return find_last_pool(self.store.path, self.store.chronicle.current_session, actor)


def as_saved(applied: Applied, before: Character, replaced: Character, saved: Character) -> tuple[LogEntry, ...]:
    """``applied.entries`` with each ``change`` as the save really made it (``replaced`` → ``saved``).

    Each field is read the way the rule set logs it (:meth:`~vtm_tui.rules.roll_play.RollPlay.logged_value`);
    an entry whose own before/after that reading does not give back (several Rouse checks in a row on Hunger,
    a field the rule set does not read) is left as the roll made it, and so is one the other save left alone."""
    read = ruleset_for(before.ruleset).roll_play().logged_value
    entries: list[LogEntry] = []
    for entry in applied.entries:
        change = dict(entry.change or {})
        field = change.get("field")
        if isinstance(field, str) and field:
            own = (read(before.sheet, field), read(applied.character.sheet, field))
            merged = (read(replaced.sheet, field), read(saved.sheet, field))
            if own == (change.get("before"), change.get("after")) and merged != own:
                entry = replace(entry, change={**change, "before": merged[0], "after": merged[1]})
        entries.append(entry)
    return tuple(entries)
