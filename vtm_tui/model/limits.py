"""How much text a person may put in each field, checked before anything is written.

A seat's player types into a pool, a comment and their notes; the storyteller
into names, prompts and titles; all of it is saved and logged, and every seat
reads it back. Unbounded, one paste of a few megabytes grew the log by twice
that (a notes edit logs the text before and after) and every app that read it.
The limits are far above what a table writes and are checked by the store's
write paths (:mod:`vtm_tui.store.chronicle_store`, the session log) and the
headless request layer, so the command line and the app refuse the same input
with the same message, before anything is written.
"""

from __future__ import annotations

from vtm_tui.errors import VtmError
from vtm_tui.rules.user_text import refuse_unsafe

#: Characters, chronicles: a name fits on one line of any screen.
MAX_NAME = 100
#: A session's title, a request's prompt.
MAX_TITLE = 200
MAX_PROMPT = 500
#: A comment on a roll.
MAX_COMMENT = 2_000
#: A character's notes or storyteller-only notes (about 8,000 words).
MAX_NOTES = 50_000
#: One log entry as written to the session file, whatever it holds: above a notes edit at the notes limit
#: (before and after, every character escaped as ``\uXXXX``), so no edit that saved is refused its entry.
MAX_ENTRY_BYTES = 1024 * 1024
#: All that one seat (a player's login, ``--player NAME``; every login of that name together) may append to one
#: session's log: thousands of rolls and notes edits. Counted from the file (each of a seat's entries names it in
#: ``seat``), so logging in again does not start a new count; the storyteller is not counted.
MAX_SEAT_SESSION_BYTES = 4 * 1024 * 1024
#: What the app lets one session's log grow to, everyone's entries together: an append past it is refused
#: (nothing is saved) and the storyteller starts the next session; only a ``session_end`` entry still goes in.
#: Every reader of a session log accepts four times this (``vtm_tui.store.safe_read.MAX_LOG_BYTES``), so the
#: app always reads back a log it wrote, and one an older version wrote without this bound.
MAX_SESSION_BYTES = 64 * 1024 * 1024


def check_length(value: str, field: str, limit: int) -> str:
    """``value`` if it has at most ``limit`` characters, else a :class:`VtmError` naming ``field``."""
    if len(value) > limit:
        raise VtmError(f"{field}: {len(value):,} characters, more than the {limit:,} allowed "
                       "(nothing was saved)")
    return value


def check_text(value: str, field: str, limit: int) -> str:
    """``value`` if it fits ``limit`` and holds no terminal control (the entering check of
    :mod:`vtm_tui.rules.user_text`), else a :class:`VtmError` naming ``field``."""
    return refuse_unsafe(check_length(value, field, limit), field)
