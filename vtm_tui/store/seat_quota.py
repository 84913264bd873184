"""How much one seat has appended to one session's log: counted from the file, under the log's lock.

A seat (``--player NAME``) stamps every entry it appends with ``seat = "NAME"``
(:func:`vtm_tui.store.session_log.append_entry`), and may append at most
:data:`~vtm_tui.model.limits.MAX_SEAT_SESSION_BYTES` to one session. The count
is read from the file itself, so twenty logins of one player, or one that logs
in again, share one count; each process keeps how far it has read, so an
append reads only what was written since its last one (the first reads the
session once). The storyteller's entries carry no stamp and are not counted:
only the session's own bound (:data:`~vtm_tui.model.limits.MAX_SESSION_BYTES`)
holds them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from vtm_tui.store.log_format import toml_string

#: The entry key naming the seat that appended it.
SEAT_KEY = "seat"
_BLOCK_END = re.compile(rb"^# end [^\n]*\n", re.MULTILINE)


@dataclass
class _Count:
    inode: int
    offset: int  # bytes of the file counted so far (whole blocks)
    total: int  # of them, the bytes of this seat's blocks


_counts: dict[tuple[str, str], _Count] = {}


def stamp_line(seat: str) -> bytes:
    """The line an entry of ``seat`` holds (``seat = "Marta"``), as :func:`~vtm_tui.store.log_format.format_block`
    writes it: strings never span lines, so no text typed in an entry can make it."""
    return f"\n{SEAT_KEY} = {toml_string(seat)}\n".encode()


def seat_bytes(fd: int, path: Path, seat: str) -> int:
    """The bytes of ``seat``'s blocks in the open session file ``fd`` (call under the log's lock)."""
    status = os.fstat(fd)
    key = (os.path.abspath(path), seat)
    count = _counts.get(key)
    if count is None or count.inode != status.st_ino or count.offset > status.st_size:
        count = _Count(status.st_ino, 0, 0)  # a new file, or one cut back by crash recovery: count again
    if status.st_size > count.offset:
        data = os.pread(fd, status.st_size - count.offset, count.offset)
        line, start = stamp_line(seat), 0
        for match in _BLOCK_END.finditer(data):
            if line in data[start:match.end()]:
                count.total += match.end() - start
            start = match.end()
        count.offset += start
    _counts[key] = count
    return count.total
