"""Somewhere to keep text that could not be saved where it belongs, so nothing typed is ever lost.

When the notes editor cannot save (a full disk, another login changed the same
notes), the person may ask for their text to be written to a recovery file. A
full disk may refuse the chronicle's own folder too, so the places are tried in
turn: ``<chronicle>/recovery/``, the user cache folder, the system's temporary
folder. The file is plain UTF-8 text named after the character, the field and
the time; the message names it.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.store.errors import StoreError
from vtm_tui.store.paths import cache_file

RECOVERY_DIR = "recovery"


def recovery_places(chronicle_dir: Path) -> list[Path]:
    """Where a recovery file may go, best first."""
    return [Path(chronicle_dir) / RECOVERY_DIR, cache_file(chronicle_dir, RECOVERY_DIR, "").parent,
            Path(tempfile.gettempdir()) / "vtm-tui-recovery"]


def save_recovery(chronicle_dir: Path, name: str, text: str, now: datetime | None = None) -> Path:
    """Write ``text`` to a new recovery file (first place that takes it); returns its path."""
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")[:60] or "text"
    problems: list[str] = []
    for folder in recovery_places(chronicle_dir):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for n in range(100):
                path = folder / (f"{safe}-{stamp}.txt" if n == 0 else f"{safe}-{stamp}-{n}.txt")
                try:
                    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                except FileExistsError:
                    continue
                try:
                    with os.fdopen(fd, "w", encoding="utf-8") as handle:
                        handle.write(text)
                        handle.flush()
                        os.fsync(handle.fileno())
                except OSError:
                    path.unlink(missing_ok=True)
                    raise
                return path
        except OSError as exc:
            problems.append(f"{folder}: {exc.strerror or exc}")
    raise StoreError("could not write a recovery file anywhere (" + "; ".join(problems) + ")")
