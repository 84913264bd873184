"""Storyteller notes, scene markers and session titles: log entries the command line and the app share.

A note (``kind = "note"``) is a line of the story in the session log; a scene
marker (``kind = "scene"``, its title in ``comment``) starts a new scene, and a
session recap groups what follows under it; a title entry (``kind = "title"``)
names the session. The log is only ever appended to, so a later title replaces
an earlier one when the log is read (:attr:`SessionLog.title
<vtm_tui.store.session_log.SessionLog.title>`) rather than rewriting the file's
``[session]`` table. Any of them may be ``secret``: the storyteller's eyes only.
"""

from __future__ import annotations

from datetime import datetime

from vtm_tui.errors import VtmError
from vtm_tui.model.limits import MAX_COMMENT, MAX_TITLE
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.user_text import refuse_unsafe
from vtm_tui.play.sessions import session_for_action
from vtm_tui.store.chronicle_store import ChronicleStore

#: Longest note, in characters: a roll's comment's limit.
NOTE_LIMIT = MAX_COMMENT
#: Longest scene or session title, in characters: the one limit on a title, however it is set
#: (``vtm-tui session start --title`` or a title note), so one way never refuses what the other saved.
TITLE_LIMIT = MAX_TITLE


def clean_text(text: str, limit: int, what: str, *, one_line: bool = False) -> str:
    """``text`` trimmed (and on one line for a title); refused when empty or longer than ``limit``."""
    cleaned = " ".join(text.split()) if one_line else text.strip()
    refuse_unsafe(cleaned, f"the {what}", lines=not one_line)
    if not cleaned:
        raise VtmError(f"the {what} is empty; type some words")
    if len(cleaned) > limit:
        raise VtmError(f"the {what} is {len(cleaned)} characters long; at most {limit}")
    return cleaned


def add_note(store: ChronicleStore, text: str = "", *, secret: bool = False, scene: str = "",
             now: datetime | None = None) -> list[LogEntry]:
    """Log a scene marker (when ``scene``) and then the note (when ``text``); returns what was logged.

    Both are checked before anything is written, so a refused note leaves no lone scene marker.
    """
    title = clean_text(scene, TITLE_LIMIT, "scene title", one_line=True) if scene.strip() else ""
    body = clean_text(text, NOTE_LIMIT, "note") if text.strip() or not title else ""
    session = session_for_action(store, now=now).number
    ruleset = store.chronicle.ruleset
    entries = []
    if title:
        entries.append(LogEntry.new("scene", session=session, ruleset=ruleset, now=now, secret=secret, comment=title))
    if body:
        entries.append(LogEntry.new("note", session=session, ruleset=ruleset, now=now, secret=secret, comment=body))
    for entry in entries:
        store.log(entry)
    return entries


def set_session_title(store: ChronicleStore, title: str, *, now: datetime | None = None) -> LogEntry:
    """Name the current session (opening one if none is open); the newest title is the session's."""
    cleaned = clean_text(title, TITLE_LIMIT, "session title", one_line=True)
    session = session_for_action(store, now=now).number
    entry = LogEntry.new("title", session=session, ruleset=store.chronicle.ruleset, now=now, comment=cleaned)
    store.log(entry)
    return entry


def log_note(store: ChronicleStore, kind: str, text: str, *, secret: bool = False,
             now: datetime | None = None) -> str:
    """Log ``text`` as a ``note``, ``scene`` marker or session ``title`` (the app's note dialog); says what
    was logged. A title is for everyone, so a secret one is refused (a secret note can say more)."""
    if kind == "title":
        if secret:
            raise VtmError("a session title is for everyone; untick Secret (a secret note can say more)")
        set_session_title(store, text, now=now)
    elif kind == "scene":
        add_note(store, scene=text, secret=secret, now=now)
    elif kind == "note":
        add_note(store, text, secret=secret, now=now)
    else:
        raise VtmError(f"cannot log a {kind!r}: a note, scene or title")
    what = {"title": "Session title set", "scene": "Scene marker logged", "note": "Note logged"}[kind]
    return what + (" (secret)." if secret else ".")
