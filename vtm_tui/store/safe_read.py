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

from vtm_tui.store.errors import StoreError

#: A sheet, ``chronicle.toml``, ``conflict.toml`` or a seat file: a real sheet is a few KB.
MAX_DOCUMENT_BYTES = 1024 * 1024
#: One session's log: a long session of rolls is a few MB.
MAX_LOG_BYTES = 64 * 1024 * 1024


def open_regular(path: Path | str) -> int:
    """A read-only descriptor of ``path`` if it is a regular file (after symlinks); else :class:`StoreError`.

    ``FileNotFoundError`` passes through unchanged (callers treat a missing file their own way).
    """
    target = Path(path)
    fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "a device, FIFO or socket"
        raise StoreError(f"{target}: not a regular file ({kind}); it is not read")
    return fd


def read_regular(path: Path | str, limit: int = MAX_DOCUMENT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a :class:`StoreError`."""
    target = Path(path)
    fd = open_regular(target)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise StoreError(f"{target}: {size:,} bytes, more than the {limit:,} such a file may hold; "
                             "it is not read")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise StoreError(f"{target}: more than the {limit:,} bytes such a file may hold; it is not read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_regular_binary(path: Path | str):
    """A binary file object for a regular file (see :func:`open_regular`), for reads by offset."""
    return os.fdopen(open_regular(path), "rb")
