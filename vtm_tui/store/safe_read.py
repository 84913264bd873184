"""Reading a chronicle's files without trusting what is at their paths.

A chronicle folder is data, and anyone who can write into it (a synced folder,
a player with a shell, a mistake) can put anything at a sheet's path: a symlink
to ``/dev/zero`` (read forever), a FIFO (``open`` blocks until a writer comes),
a 2 GB file. So every read of a chronicle file goes through :func:`open_regular`
and :func:`read_regular`: the file is opened with ``O_NONBLOCK`` (a FIFO opens at
once instead of hanging), checked with ``fstat`` to be a regular file, and its
size checked against a limit before a byte is read. A refusal is a
:class:`~vtm_tui.store.errors.StoreError` naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from vtm_tui.model.limits import MAX_SESSION_BYTES
from vtm_tui.store.errors import StoreError

#: A sheet, ``chronicle.toml``, ``conflict.toml`` or a seat file: a real sheet is a few KB.
MAX_DOCUMENT_BYTES = 1024 * 1024
#: One session's log, for every reader alike (the log screen and its index, ``vtm-tui log``, a seat, the roll
#: dialog's last pool): four times what the app lets a session grow to (:data:`MAX_SESSION_BYTES`), so a log the
#: app wrote, or an older version wrote without that bound, always reads; only a foreign file is refused.
MAX_LOG_BYTES = 4 * MAX_SESSION_BYTES


def check_log_size(path: Path | str, size: int) -> None:
    """The one size rule of a session log's readers: a :class:`StoreError` naming ``path`` past :data:`MAX_LOG_BYTES`."""
    if size > MAX_LOG_BYTES:
        raise StoreError(f"{Path(path)}: {size:,} bytes, more than the {MAX_LOG_BYTES:,} a session log may hold; "
                         "it is not read")


def open_regular(path: Path | str) -> int:
    """A read-only descriptor of ``path`` if it is a regular file (after symlinks); else :class:`StoreError`.

    ``FileNotFoundError`` passes through unchanged (callers treat a missing file their own way).
    """
    return _open_regular(path)[0]


def _open_regular(path: Path | str) -> tuple[int, os.stat_result]:
    """:func:`open_regular`, with the ``fstat`` it checked (its size spares :func:`read_regular` another)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(status.st_mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(status.st_mode) else "a device, FIFO or socket"
        raise StoreError(f"{Path(path)}: not a regular file ({kind}); it is not read")
    return fd, status


def read_regular(path: Path | str, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a :class:`StoreError`.

    One ``open``, ``fstat``, ``read`` and ``close`` for a file that does not change while it is read: the
    size ``fstat`` gave plus one byte is asked first, and a read that brings all of it and no more is the
    end (a read cut short before that, or a file that grew, reads on until a read finds nothing). A
    chronicle of a hundred sheets is opened at every start; the second ``fstat`` and the read that found the
    end were a third of its system calls."""
    fd, status = _open_regular(path)
    try:
        size = status.st_size
        if size > limit:
            raise StoreError(f"{Path(path)}: {size:,} bytes, more than the {limit:,} such a file may hold; "
                             "it is not read")
        chunks: list[bytes] = []
        total = 0
        want = min(size + 1, 1 << 20, limit + 1)
        while True:
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise StoreError(f"{Path(path)}: more than the {limit:,} bytes such a file may hold; it is not read")
            if len(chunk) < want and total >= size:  # all fstat promised and no more: the end of the file
                break
            want = min(1 << 20, limit + 1 - total)
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_regular_binary(path: Path | str):
    """A binary file object for a regular file (see :func:`open_regular`), for reads by offset."""
    return os.fdopen(open_regular(path), "rb")
