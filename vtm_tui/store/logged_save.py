"""A sheet's save and the log entries that say what it changed: all or nothing.

An edit's entries are appended under the store's lock just before the sheet is written, so that two logins'
saves are logged in the order they are written. When the write then fails (a full disk) the entries were on
record for a change that never happened. :class:`LoggedSave` holds the sessions' log lock from before the first
append until the write is done, notes each log's size before its first append, and on a failure cuts each log
back to that size: no one else could append meanwhile, so the blocks cut are this save's own. Cutting frees
room, so it works on the full disk that made the write fail.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.log_paths import lock_path, session_path

if TYPE_CHECKING:
    from vtm_tui.model.log_entry import LogEntry


class LoggedSave:
    """One save's appends, to be taken back if its write fails (see the module docstring)."""

    def __init__(self, chronicle_dir: Path) -> None:
        self.chronicle_dir = chronicle_dir
        self._locks = ExitStack()
        self._sizes: dict[int, int | None] = {}  # each session's log size before this save's first append
        self._last: dict[int, str] = {}  # each session's last entry appended by this save

    def hold(self) -> None:
        """Take the log lock (under the store's, as ending a session does) until :meth:`release`."""
        if not self._sizes and not self._last:
            self._locks.enter_context(exclusive_lock(lock_path(self.chronicle_dir)))

    def release(self) -> None:
        self._locks.close()

    def appending(self, entry: LogEntry) -> None:
        """Before ``entry`` is appended: its log's size, the first time."""
        if entry.session not in self._sizes:
            self._sizes[entry.session] = _size_to_cut_back_to(self.chronicle_dir, entry.session)

    def appended(self, entry: LogEntry) -> None:
        self._last[entry.session] = entry.id

    def take_back(self) -> None:
        """Cut each log this save appended to back to its size before (its own blocks are still the last)."""
        for number, entry_id in self._last.items():
            size = self._sizes.get(number)
            if size is None:
                continue
            marker = f"# end entry {entry_id}\n".encode()
            try:
                fd = os.open(session_path(self.chronicle_dir, number), os.O_RDWR)
            except OSError:
                continue
            try:
                end = os.fstat(fd).st_size
                if end > size and os.pread(fd, len(marker), end - len(marker)) == marker:
                    os.ftruncate(fd, size)
                    getattr(os, "fdatasync", os.fsync)(fd)
            finally:
                os.close(fd)
        self._last.clear()


def _size_to_cut_back_to(chronicle_dir: Path, number: int) -> int | None:
    """The log's size now, None when there is no file yet (the append creates it: nothing to cut back to). A torn
    last block from an earlier crash is set aside first (as the append would): cut back to the size before it,
    the log would keep half an entry."""
    from vtm_tui.store import log_format as fmt
    from vtm_tui.store import session_log

    path = session_path(chronicle_dir, number)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        size = os.fstat(fd).st_size
        tail = os.pread(fd, 4096, max(0, size - 4096))
    finally:
        os.close(fd)
    header_only = size <= len(tail) and b"[[entry]]" not in tail  # a session's header, no entry yet
    if header_only or fmt.ends_with_marker(tail):
        return size
    session_log.recover_session(chronicle_dir, number)
    try:
        return os.stat(path).st_size
    except OSError:
        return None
