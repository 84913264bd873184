"""Opening a cache file only when no one but this user could have written it.

The parsed-sheet and parsed-style caches are pickles, and unpickling runs whatever the file says. They live in the
user's own cache folder, never in a chronicle, so only this user writes them; this module makes that a check rather
than an assumption: the file must be a regular file (not a link), and it and its folder must belong to this user
with no write permission for the group or others. Anything else is treated as no cache (rebuilt, never read).
"""

from __future__ import annotations

import os
import pickle
import stat
import tempfile
from pathlib import Path
from typing import Any, BinaryIO


def _private(info: os.stat_result) -> bool:
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def open_private(path: Path) -> BinaryIO | None:
    """``path`` opened for binary reading if only this user could have written it, else None (missing too)."""
    try:
        if not _private(os.stat(path.parent)):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _private(info):
            os.close(fd)
            return None
        return os.fdopen(fd, "rb")
    except OSError:
        os.close(fd)
        return None


def load_pickle(path: Path) -> Any:
    """The object pickled in ``path``, or None when it is missing, torn, foreign, or not private (see above)."""
    handle = open_private(path)
    if handle is None:
        return None
    try:
        with handle:
            return pickle.load(handle)
    except Exception:  # noqa: BLE001 - a torn or foreign cache is just rebuilt
        return None


def dump_pickle(path: Path, value: Any) -> bool:
    """Write ``value`` to ``path`` whole or not at all (a temporary file renamed over it), in an owner-only folder;
    False when it could not be written (a cache that cannot be kept is simply not kept)."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.stem}.", dir=path.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, path)
        return True
    except (OSError, pickle.PicklingError):
        try:
            os.unlink(temp)
        except OSError:
            pass
        return False
