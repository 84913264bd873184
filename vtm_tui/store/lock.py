"""An exclusive lock between processes (two SSH logins on one chronicle).

Why a separate lock file (``sessions/.lock``) rather than locking the session
file itself: recovery after a crash truncates a session file and a new session
file must be created under the same lock as appends to it, so the lock has to
live on something that is never replaced, truncated or created on demand.

``fcntl.flock`` locks belong to an open file description, so they are released
by the kernel when a process dies, even by ``kill -9``: a crashed writer never
leaves a stale lock behind. Two threads of one process each open their own
descriptor and so exclude each other too; a thread that already holds the lock
may take it again (re-entrant) instead of deadlocking on itself.

On systems without ``fcntl`` (Windows) ``msvcrt.locking`` on the first byte is
used; on network file systems ``flock`` may be advisory only, as everywhere.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from vtm_tui.store.errors import StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

#: How long a writer waits for another process before giving up with a clear message.
DEFAULT_TIMEOUT = 15.0

_held = threading.local()


def _held_paths() -> dict[str, int]:
    paths = getattr(_held, "paths", None)
    if paths is None:
        paths = _held.paths = {}
    return paths


def _try_lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    try:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


@contextmanager
def exclusive_lock(lock_path: Path, *, timeout: float = DEFAULT_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` (created if missing) for the ``with`` block.

    Waits up to ``timeout`` seconds for another process, then raises
    :class:`StoreError` naming the lock file. Re-entrant within one thread.
    """
    key = os.path.abspath(lock_path)
    held = _held_paths()
    if key in held:
        held[key] += 1
        try:
            yield
        finally:
            held[key] -= 1
        return
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"{lock_path}: cannot open the lock file ({exc.strerror or exc})") from None
    try:
        if not _try_lock(fd):
            deadline = time.monotonic() + timeout
            pause = 0.0005
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    raise StoreError(
                        f"{lock_path}: another vtm-tui process has held the lock for over {timeout:g} s; "
                        "try again, or close the other session"
                    )
                time.sleep(pause)
                pause = min(pause * 2, 0.01)
        held[key] = 1
        try:
            yield
        finally:
            del held[key]
            _unlock(fd)
    finally:
        os.close(fd)
