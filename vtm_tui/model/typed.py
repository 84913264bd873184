"""Faces typed by hand: a log entry whose dice the app did not roll says so (``typed = true``).

The roll dialog, a player's request dialog and ``vtm-tui roll --faces`` judge
faces typed from physical dice. Such an entry carries ``typed = true`` (kept in
the entry's ``extra``, written as a top-level key of its ``[[entry]]``), so the
storyteller's log line and detail can tell a messy critical someone typed from
one the app rolled. A chronicle's ``players_may_type_faces`` option (on by
default: tables roll real dice) decides whether a player's seat may type them.
"""

from __future__ import annotations

from dataclasses import replace

from vtm_tui.model.log_entry import LogEntry

#: The entry key.
TYPED = "typed"
#: The chronicle option that lets players' seats type faces.
PLAYERS_MAY_TYPE_FACES = "players_may_type_faces"


def mark_typed(entry: LogEntry) -> LogEntry:
    """``entry`` marked as judged from typed faces."""
    return replace(entry, extra={**entry.extra, TYPED: True})


def is_typed(entry: LogEntry) -> bool:
    return entry.extra.get(TYPED) is True
