"""Saying on stderr that a command opened the next session.

The command line never asks (a typed command is an explicit act, :mod:`vtm_tui.play.sessions`): a change typed
after the last session ended starts the next one, and stderr says so, as the roll and sheet commands do
("Session 4 started now (session 3 had ended)"). The note, ledger, experience and import commands wrap their
change in :func:`saying_a_started_session` rather than each asking the play layer for its session note.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vtm_tui.store.chronicle_store import ChronicleStore


@contextmanager
def saying_a_started_session(store: ChronicleStore) -> Iterator[None]:
    """Run the change; if it opened a session, say which and why on stderr (also when it then failed)."""
    from vtm_tui.play.sessions import started_note

    was = (store.chronicle.current_session, store.chronicle.session_open)
    try:
        yield
    finally:
        now = (store.chronicle.current_session, store.chronicle.session_open)
        if now[1] and now != was:
            print(f"vtm-tui: {store.path}: {started_note(now[0])}", file=sys.stderr)
