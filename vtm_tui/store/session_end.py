"""Ending a session: its ``session_end`` entry and ``chronicle.toml``'s ``session_open = false``, all or nothing.

The two are separate writes. Under the store's lock and the log's, the end is appended, then ``chronicle.toml``
saved; when that save fails (a full disk) the end is cut from the log again (``session_log.take_back_end``: no
one else could append meanwhile). Cutting frees room, so it works on the full disk that made the save fail.

A process killed between the two writes cannot take anything back, so the end says first what it is doing: a
small file, :data:`ENDING` (the session's number), is written before the append and removed once
``chronicle.toml`` says the session is closed. Whoever next opens or asks of the chronicle
(:func:`finish_interrupted`) finds it and finishes the end: when the session's log ends with its ``session_end``,
``chronicle.toml`` is saved closed; when it does not (killed before the append), nothing was ended. Either way
the two files agree again. A session a storyteller reopens by hand (``session_open = true``) leaves no such file
and stays open.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.store import log_format as fmt
from vtm_tui.store import session_log
from vtm_tui.store.errors import StoreError
from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.paths import SESSION_ENDING
from vtm_tui.store.safe_read import open_regular_binary
from vtm_tui.store.toml_io import atomic_write_text

#: In the chronicle's folder while a session is being ended (see the module docstring).
ENDING = SESSION_ENDING


def end_session(store: Any, now: datetime) -> int:
    """Close ``store``'s current session (appends its ``session_end``, saves ``chronicle.toml``); its number.

    ``store`` is the :class:`~vtm_tui.store.chronicle_store.ChronicleStore` that calls this (not imported: a cycle)."""
    path = store.path / ENDING
    with exclusive_lock(store.lock_path), exclusive_lock(session_log.lock_path(store.path)):
        finish_interrupted(store)
        store.refresh_chronicle()
        if not store.chronicle.session_open:
            number = store.chronicle.current_session
            state = f"session {number} has already ended" if number else "no session was ever started"
            raise VtmError(f"{store.path}: {state}; start one with 'vtm-tui session {store.path} start'")
        number = store.chronicle.current_session
        atomic_write_text(path, f"{number}\n")  # a full disk here: nothing is ended, and the error says so
        try:
            entry = session_log.end_session(store.path, number, ended=now, ruleset=store.chronicle.ruleset)
            store.chronicle.session_open = False
            try:
                store.save_chronicle()
            except BaseException:
                store.chronicle.session_open = True
                session_log.take_back_end(store.path, number, entry.id)
                raise
        finally:
            _remove(path)
    return number


def finish_interrupted(store: Any) -> bool:
    """Finish a session end a killed process left half done (see the module docstring); whether there was one.

    One ``stat`` when there is none, which is every time but after such a kill."""
    path = store.path / ENDING
    if not os.path.lexists(path):
        return False
    with exclusive_lock(store.lock_path), exclusive_lock(session_log.lock_path(store.path)):
        if not os.path.lexists(path):
            return False
        try:
            number = int(path.read_text(encoding="ascii").strip())
        except (OSError, ValueError, UnicodeDecodeError):
            number = 0
        store.refresh_chronicle(finish=False)
        chronicle = store.chronicle
        if number and chronicle.session_open and chronicle.current_session == number and _ended(store.path, number):
            chronicle.session_open = False
            try:
                store.save_chronicle()
            except BaseException:
                chronicle.session_open = True
                raise
        _remove(path)
    return True


def _ended(chronicle_dir: Path, number: int) -> bool:
    """Whether session ``number``'s last block is its ``session_end`` entry (one read of the file's end)."""
    try:
        with open_regular_binary(session_log.session_path(chronicle_dir, number)) as handle:
            size = os.fstat(handle.fileno()).st_size
            start = max(0, size - 4096)
            tail = os.pread(handle.fileno(), size - start, start)
    except (OSError, StoreError):
        return False
    block = tail.rfind(b"\n[[entry]]\n")
    return block >= 0 and fmt.ends_with_marker(tail) and b'\nkind = "session_end"\n' in tail[block:]


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass  # gone already; or left, and the next look finds chronicle.toml closed and removes it
