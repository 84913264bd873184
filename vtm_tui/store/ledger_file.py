"""``<chronicle>/ledger.toml`` on disk: read it, and change it by compare-and-swap.

The ledger is one file saved like the sheets (:class:`~vtm_tui.store.tracked_file.TrackedFile`):
atomically, and only if nobody changed it since it was read. A change is made by
:func:`change_ledger`, which reads the file again *under the store lock*, applies
the change to what is on disk now and saves it before the lock is let go, so two
logins adding a boon at the same moment both keep theirs. A missing file is an
empty ledger (nothing is written until the first entry); a file broken by hand
raises :class:`~vtm_tui.store.errors.BrokenFileError` or
:class:`~vtm_tui.store.errors.InvalidDataError` (file, line or field) and is never
written over.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from vtm_tui.model.ledger import Ledger
from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.paths import LEDGER_FILE, STORE_LOCK
from vtm_tui.store.tracked_file import TrackedFile

T = TypeVar("T")


def ledger_path(chronicle_dir: Path) -> Path:
    return Path(chronicle_dir) / LEDGER_FILE


def _tracked(chronicle_dir: Path) -> TrackedFile:
    return TrackedFile(ledger_path(chronicle_dir), "ledger", Path(chronicle_dir) / STORE_LOCK)


def _load(tracked: TrackedFile) -> Ledger:
    if not tracked.path.is_file():
        tracked.text = None
        return Ledger()
    return Ledger.from_toml(tracked.load(), where=str(tracked.path))


def load_ledger(chronicle_dir: Path) -> Ledger:
    """The chronicle's ledger (empty when it has none yet)."""
    return _load(_tracked(chronicle_dir))


def change_ledger(chronicle_dir: Path, change: Callable[[Ledger], T]) -> tuple[Ledger, T]:
    """Read the ledger, let ``change`` alter it, save it; all under the store lock.

    ``change`` may raise to refuse (nothing is written). Returns the ledger as
    saved and what ``change`` returned.
    """
    tracked = _tracked(chronicle_dir)
    with exclusive_lock(tracked.lock_path):
        ledger = _load(tracked)
        result = change(ledger)
        written = tracked.save(ledger.to_toml(), check=partial(Ledger.from_toml, where=str(tracked.path)))
    return Ledger.from_toml(written, where=str(tracked.path)), result
