"""Reading whole entries back for index hits, straight from their byte offsets.

The index keeps only the searchable columns; when a caller needs every die face
(an export, the detail of a roll) it reads just that block from the file with
one ``pread`` and parses it: no need to parse the session around it. If the
file changed since it was indexed (the id at that offset differs), the session
is read whole instead, so a stale index can never return the wrong entry.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import StoreError
from vtm_tui.store.log_index_rows import IndexedEntry
from vtm_tui.store.safe_read import open_regular_binary
from vtm_tui.store.session_log import SessionInfo, read_session, session_path


def load_entries(chronicle_dir: Path, found: Iterable[IndexedEntry]) -> list[LogEntry]:
    """The full entries (every face) for index hits, read at their offsets; same order.

    Hits whose entry is no longer in its file (deleted by hand) are left out.
    """
    wanted = list(found)
    result: list[LogEntry | None] = [None] * len(wanted)
    fallback: dict[int, list[int]] = {}
    handles: dict[int, BinaryIO] = {}
    try:
        for i, hit in enumerate(wanted):
            if hit.offset < 0:
                fallback.setdefault(hit.session, []).append(i)
                continue
            if hit.session not in handles:
                handles[hit.session] = open_regular_binary(session_path(chronicle_dir, hit.session))
            fd = handles[hit.session].fileno()
            block = os.pread(fd, hit.length, hit.offset)
            try:
                tables = fmt.entry_tables(fmt.parse_chunk(block, session_path(chronicle_dir, hit.session)), Path())
                entry = LogEntry.from_toml(tables[0], where=str(session_path(chronicle_dir, hit.session)))
            except (StoreError, IndexError):
                entry = None
            if entry is None or entry.id != hit.id:
                fallback.setdefault(hit.session, []).append(i)  # the file changed since it was indexed
            else:
                result[i] = entry
    finally:
        for handle in handles.values():
            handle.close()
    for session, positions in fallback.items():
        by_id = {entry.id: entry for entry in read_session(chronicle_dir, session, recover=False).entries}
        for i in positions:
            result[i] = by_id.get(wanted[i].id)
    return [entry for entry in result if entry is not None]


def read_recent(chronicle_dir: Path, number: int, count: int = 50) -> tuple[SessionInfo, list[LogEntry], int]:
    """The session's info and its newest ``count`` entries (oldest first), whatever its length.

    Reads the file from its end until it has ``count`` complete blocks, so the
    log screen can show the newest rolls at once and load the rest later. The
    offset returned is for :func:`~vtm_tui.store.session_log.read_new_entries`.
    Read-only: a torn last block is left out, not set aside.
    """
    path = session_path(chronicle_dir, number)
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise StoreError(f"{path}: no such session log") from None
    with handle:
        size = os.fstat(handle.fileno()).st_size
        fd = handle.fileno()
        head = os.pread(fd, 4096, 0)
        while fmt.SESSION_MARKER not in head and len(head) < size:
            head = os.pread(fd, len(head) * 4, 0)
        span = 16384
        while True:
            start = max(0, size - span)
            data = os.pread(fd, size - start, start)
            end = fmt.last_marker_end(data)
            starts = [offset for offset, _ in fmt.entry_spans(data[: max(end, 0)])]
            if start == 0 or len(starts) > count:
                break
            span *= 4
    if start == 0 or fmt.SESSION_MARKER not in head:  # short, or written by hand: read it all
        log = read_session(chronicle_dir, number, recover=False)
        return log.info, log.entries[-count:] if count else [], log.offset
    cut = starts[-count] if count else end
    chunk = data[cut:end]
    info = SessionInfo.from_toml(fmt.parse_chunk(head[: head.index(fmt.SESSION_MARKER)], path), path)
    tables = fmt.entry_tables(fmt.parse_chunk(chunk, path), path) if chunk else []
    entries = [LogEntry.from_toml(table, where=f"{path}, near the end") for table in tables]
    return info, entries, start + end
