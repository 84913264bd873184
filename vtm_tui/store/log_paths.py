"""Where a chronicle's session logs live: ``sessions/NNNN.toml``, its lock and its side files."""

from __future__ import annotations

import os
import re
from pathlib import Path

from vtm_tui.store.errors import StoreError

SESSIONS_DIR = "sessions"
LOCK_NAME = ".lock"
_SESSION_FILE = re.compile(r"(\d{4,})\.toml")


def sessions_dir(chronicle_dir: Path) -> Path:
    return Path(chronicle_dir) / SESSIONS_DIR


def lock_path(chronicle_dir: Path) -> Path:
    return sessions_dir(chronicle_dir) / LOCK_NAME


def session_path(chronicle_dir: Path, number: int) -> Path:
    """``sessions/0003.toml`` for session 3 (four digits, more past 9999)."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise StoreError(f"session number must be a whole number 1 or more, got {number!r}")
    return sessions_dir(chronicle_dir) / f"{number:04d}.toml"


def session_numbers(chronicle_dir: Path) -> list[int]:
    """The numbers of the session files present, in order."""
    folder = sessions_dir(chronicle_dir)
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    except OSError as exc:  # a file where the folder should be, no permission: a message, not a crash
        raise StoreError(f"{folder}: cannot list the session logs ({exc.strerror or exc})") from None
    return sorted(int(m.group(1)) for name in names if (m := _SESSION_FILE.fullmatch(name)))


def set_aside_files(chronicle_dir: Path, number: int) -> list[Path]:
    """Side files holding torn blocks of session ``number`` set aside so far."""
    path = session_path(chronicle_dir, number)
    return sorted(path.parent.glob(f"{path.name}.torn-*"))


