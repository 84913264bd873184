"""Setting aside a block torn by a crash, so that everything before it loads.

A torn append is certain (its block has no end marker, see
:mod:`vtm_tui.store.log_format`) and can only be the last thing in the file,
because every append checks the end of the file first, under the lock. The torn
bytes are written to ``NNNN.toml.torn-<UTC time>`` and fsynced before the
session file is truncated back to its last complete block, so a crash during
recovery at worst leaves the same torn bytes in two places. Truncating is the
atomic rewrite here: the bytes that are kept never move.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.store import log_format as fmt
from vtm_tui.store.toml_io import fsync_dir


@dataclass(frozen=True)
class TornReport:
    """A torn last block (a crash mid-append) that was set aside, and where it went."""

    session_file: Path
    side_file: Path | None  # None when the file was only inspected, not repaired
    size: int  # bytes set aside
    entry_id: str = ""  # the torn entry's id, when its first line survived

    @property
    def message(self) -> str:
        what = f"an entry cut short by a crash ({self.size} bytes" + (f", id {self.entry_id})" if self.entry_id else ")")
        if self.side_file is None:
            return f"{self.session_file}: ends with {what}; it will be set aside when the log is next opened for writing"
        return f"{self.session_file}: {what} was moved to {self.side_file.name}; everything before it is intact"



def _tail_after_last_marker(fd: int, size: int) -> tuple[int, bytes] | None:
    """(offset, bytes) after the last complete marker line, reading backwards in chunks."""
    step = 4096
    start = size
    while start > 0:
        start = max(0, start - step)
        data = os.pread(fd, size - start, start)
        end = fmt.last_marker_end(data)
        if end >= 0:
            return start + end, data[end:]
        step *= 4
    return None


def torn_entry_id(tail: bytes) -> str:
    match = re.search(rb'^id = "([A-Za-z0-9_-]{1,64})"$', tail, re.MULTILINE)
    return match.group(1).decode() if match else ""


def set_aside_torn(fd: int, path: Path) -> TornReport | None:
    """Move a torn tail into a side file and truncate; call under the lock with ``fd`` open read-write."""
    size = os.fstat(fd).st_size
    found = _tail_after_last_marker(fd, size)
    if found is None:
        return None  # no complete block or header at all: not ours to cut (reading will say what is wrong)
    offset, tail = found
    if not fmt.is_torn_tail(tail):
        return None
    side = _side_file_name(path)
    side_fd = os.open(side, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(side_fd, tail)
        os.fsync(side_fd)
    finally:
        os.close(side_fd)
    fsync_dir(path.parent)
    os.ftruncate(fd, offset)
    os.fsync(fd)
    return TornReport(session_file=path, side_file=side, size=len(tail), entry_id=torn_entry_id(tail))


def _side_file_name(path: Path) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
    side = path.with_name(f"{path.name}.torn-{stamp}")
    counter = 1
    while side.exists():
        counter += 1
        side = path.with_name(f"{path.name}.torn-{stamp}-{counter}")
    return side


