"""Opening a cache file only when no one but this user could have written it.

The parsed-sheet and parsed-style caches are pickles, and unpickling runs whatever the file says. They live in the
user's own cache folder, never in a chronicle, so only this user writes them; this module makes that a check rather
than an assumption: the file must be a regular file (not a link), and it and its folder must belong to this user
with no write permission for the group or others. Anything else is treated as no cache (rebuilt, never read).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO


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
