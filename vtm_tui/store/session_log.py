"""Append-only session logs: ``<chronicle>/sessions/NNNN.toml``.

The promises, and how they are kept:

- **The 100,000th roll costs what the 10th did.** An append opens the file with
  ``O_APPEND``, checks only its last few hundred bytes, writes the whole block
  with one ``write()`` and ``fdatasync``s it. It never reads or rewrites the
  rest of the file.
- **Two processes lose nothing.** Appends (and session creation and crash
  recovery) run under one exclusive lock, ``sessions/.lock``
  (:mod:`vtm_tui.store.lock`).
- **A crash loses at most the entry being written.** Each block ends with a
  marker line (:mod:`vtm_tui.store.log_format`); bytes after the last marker
  that look like the start of a block are a torn append. Loading (and the next
  append) moves them into ``sessions/NNNN.toml.torn-<time>`` and truncates the
  file back to its last complete block; the report says what went where.
  Truncating is the atomic rewrite here: the kept bytes never move, and the
  side file is durable before anything is cut.
- **A file broken by hand is never rewritten.** Anything wrong other than a
  torn tail raises :class:`BrokenFileError` (file, line, column) or
  :class:`InvalidDataError` (file, entry, line, field).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from vtm_tui.model.limits import (
    MAX_COMMENT,
    MAX_SEAT_SESSION_BYTES,
    MAX_SESSION_BYTES,
    check_text,
)
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import InvalidDataError, StoreError
from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.log_check import checked_block
from vtm_tui.store.log_paths import (  # noqa: F401 - part of this module's API
    lock_path,
    session_numbers,
    session_path,
    sessions_dir,
    set_aside_files,
)
from vtm_tui.store.log_recovery import TornReport, set_aside_torn, torn_entry_id
from vtm_tui.store.safe_read import MAX_LOG_BYTES, check_log_size, open_regular_binary, read_regular
from vtm_tui.store.seat_quota import SEAT_KEY, seat_bytes
from vtm_tui.store.toml_io import atomic_write_text, load_toml

__all__ = [
    "LogFullError", "LogRewrittenError", "SessionInfo", "SessionLog", "SessionSummary", "TornReport",
    "append_entry", "create_session", "end_session", "take_back_end", "lock_path", "read_new_entries",
    "read_session", "recover_session", "session_numbers", "session_path", "sessions_dir", "set_aside_files",
]  # fmt: skip
_TAIL_PROBE = 512
_fdatasync = getattr(os, "fdatasync", os.fsync)


class LogFullError(StoreError):
    """An append past the session's or the seat's bound: nothing was appended."""


class LogRewrittenError(StoreError):
    """A session file is shorter than what was already read: it was replaced; read it again."""


# -- what a read returns ---------------------------------------------------------------------


@dataclass(frozen=True)
class SessionInfo:
    """The ``[session]`` table: number, start time, title, and keys this version does not know."""

    number: int
    started: datetime
    title: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_toml(cls, document: dict[str, Any], path: Path) -> SessionInfo:
        version = document.get("schema_version")
        if version is None:
            raise InvalidDataError(path, "schema_version", "is missing (expected 1 at the top of the file)")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise InvalidDataError(path, "schema_version", f"must be a whole number 1 or more, got {version!r}")
        if version > fmt.SCHEMA_VERSION:
            raise StoreError(
                f"{path}: written by a newer vtm-tui (schema_version {version}; this one reads up to "
                f"{fmt.SCHEMA_VERSION}); update vtm-tui to open it"
            )
        table = document.get("session")
        if not isinstance(table, dict):
            raise InvalidDataError(path, "session", "the [session] table is missing")
        number, started, title = table.get("number"), table.get("started"), table.get("title", "")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidDataError(path, "session.number", f"must be a whole number 1 or more, got {number!r}")
        if not isinstance(started, datetime):
            raise InvalidDataError(path, "session.started", f"must be a date and time, got {started!r}")
        if started.tzinfo is None:
            started = started.replace(tzinfo=timezone.utc)
        if not isinstance(title, str):
            raise InvalidDataError(path, "session.title", f"must be text, got {title!r}")
        extra = {k: v for k, v in table.items() if k not in ("number", "started", "title")}
        return cls(number=number, started=started, title=title, extra=extra)


@dataclass(frozen=True)
class SessionLog:
    """A whole session: its info, its entries in order, and what recovery did (if anything)."""

    path: Path
    info: SessionInfo
    entries: list[LogEntry]
    torn: TornReport | None = None
    offset: int = 0  # bytes read up to the last complete block: pass to read_new_entries
    set_aside: tuple[Path, ...] = ()  # every side file of this session, from this and earlier recoveries

    @property
    def number(self) -> int:
        return self.info.number

    @property
    def ended(self) -> datetime | None:
        ends = [entry.time for entry in self.entries if entry.kind == "session_end"]
        return ends[-1] if ends else None

    @property
    def title(self) -> str:
        """The session's title: the newest ``title`` entry (set in the app), else the ``[session]`` table's."""
        return effective_title(self.info.title, self.entries)

    @property
    def actors(self) -> list[str]:
        """Characters who appear in the log, in order of first appearance."""
        return list(dict.fromkeys(entry.actor for entry in self.entries if entry.actor))

    @property
    def rolls(self) -> list[LogEntry]:
        return [entry for entry in self.entries if entry.is_roll]


def effective_title(header_title: str, entries: list[LogEntry]) -> str:
    """The newest ``title`` entry's text, else ``header_title`` (the log is append-only: titles accumulate)."""
    for entry in reversed(entries):
        if entry.kind == "title" and entry.comment:
            return entry.comment
    return header_title


@dataclass(frozen=True)
class SessionSummary:
    """What the session list shows without parsing the session (from the index)."""

    number: int
    started: datetime | None
    title: str
    entries: int
    rolls: int
    actors: tuple[str, ...]
    ended: datetime | None = None
    last_time: datetime | None = None
    problem: str = ""  # why the file could not be read (broken by hand), else ""


# -- writing ---------------------------------------------------------------------------------


def create_session(
    chronicle_dir: Path,
    number: int,
    *,
    started: datetime,
    title: str = "",
    exist_ok: bool = False,
    extra: dict[str, Any] | None = None,
) -> Path:
    """Write ``sessions/NNNN.toml`` with its ``[session]`` table (atomically, under the lock).

    An existing session is an error (another login may have started it) unless
    ``exist_ok``, in which case it is left exactly as it is.
    """
    path = session_path(chronicle_dir, number)
    if not isinstance(started, datetime) or started.tzinfo is None:
        raise StoreError(f"{path}: the start of a session needs a date and time with a time zone, got {started!r}")
    if not isinstance(title, str):
        raise StoreError(f"{path}: the session title must be text, got {title!r}")
    header = _checked_header(path, number, started, title, extra or {})
    with exclusive_lock(lock_path(chronicle_dir)):
        if path.exists():
            if exist_ok:
                return path
            raise StoreError(f"{path}: session {number} already exists; it was not touched")
        atomic_write_text(path, header.decode("utf-8"))
    return path


def _checked_header(path: Path, number: int, started: datetime, title: str, extra: dict[str, Any]) -> bytes:
    """The header's bytes, if the reader reads them back as this session (else nothing is written)."""
    try:
        header = fmt.format_header(number, started, title, extra)
        info = SessionInfo.from_toml(fmt.parse_chunk(header, path), path)
    except (TypeError, ValueError, OverflowError, StoreError) as exc:
        reason = "text that cannot be written as UTF-8" if isinstance(exc, UnicodeError) else str(exc).removeprefix(
            f"{path}: ")
        raise StoreError(f"{path}: session {number} was not started: its header would be one the reader refuses "
                         f"({reason})") from None
    if (info.number, info.started, info.title, info.extra) != (number, started, title, extra):
        raise StoreError(f"{path}: session {number} was not started: its header would read back as something else")
    return header


def _chronicle_ruleset(chronicle_dir: Path) -> str:
    data = load_toml(Path(chronicle_dir) / "chronicle.toml")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str):
        raise InvalidDataError(Path(chronicle_dir) / "chronicle.toml", "ruleset", f"must be text, got {ruleset!r}")
    return ruleset


def end_session(
    chronicle_dir: Path, number: int, *, ended: datetime, ruleset: str | None = None, comment: str = ""
) -> LogEntry:
    """Append a ``session_end`` entry (the file is never rewritten); returns it.

    ``ruleset`` defaults to the one in ``chronicle.toml``.
    """
    path = session_path(chronicle_dir, number)
    if not path.exists():
        raise StoreError(f"{path}: session {number} was never started, so it cannot end")
    entry = LogEntry.new(
        "session_end", session=number, ruleset=ruleset or _chronicle_ruleset(chronicle_dir), now=ended, comment=comment
    )
    append_entry(chronicle_dir, entry)
    return entry


def append_entry(chronicle_dir: Path, entry: LogEntry, *, seat: str = "") -> TornReport | None:
    """Append ``entry`` to its session's file: one write, fsynced, under the lock.

    A missing session file is created first (started at the entry's time), so
    a roll is never refused for want of a ``session start``. If the file ends
    with a torn block from an earlier crash, it is set aside first and the
    report is returned (else ``None``).

    ``seat`` (a player's login) stamps the entry with the seat's name and holds it to the seat's bound
    (:mod:`vtm_tui.store.seat_quota`); every append is held to the session's bound: past either, nothing is
    appended and :class:`LogFullError` says so (a ``session_end`` always goes in, so a full session can end).
    """
    if not isinstance(entry, LogEntry):
        raise StoreError(f"only log entries can be appended, got {type(entry).__name__}")
    path = session_path(chronicle_dir, entry.session)
    check_text(entry.comment, "The comment", MAX_COMMENT)
    if seat:
        entry = replace(entry, extra={**entry.extra, SEAT_KEY: seat})
    block = checked_block(entry, path)  # its size, then the reader's own rules, on the bytes to be appended
    with exclusive_lock(lock_path(chronicle_dir)):
        if not path.exists():
            atomic_write_text(path, fmt.format_header(entry.session, entry.time).decode("utf-8"))
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            raise StoreError(f"{path}: cannot open the log to append ({exc.strerror or exc})") from None
        try:
            report = None
            size = os.fstat(fd).st_size
            if not fmt.ends_with_marker(os.pread(fd, _TAIL_PROBE, max(0, size - _TAIL_PROBE))):
                report = set_aside_torn(fd, path)
                size = os.fstat(fd).st_size
                if size and not os.pread(fd, 1, size - 1) == b"\n":
                    block = b"\n" + block  # a hand-typed last line without its newline
            _check_room(fd, path, entry, block, size, seat)
            _write_all(fd, block, size, path)
        finally:
            os.close(fd)
    return report


def _check_room(fd: int, path: Path, entry: LogEntry, block: bytes, size: int, seat: str) -> None:
    """Refuse an append past the session's bound, or past the seat's (:mod:`vtm_tui.model.limits`)."""
    if entry.kind == "session_end":
        return
    if size + len(block) > MAX_SESSION_BYTES:
        raise LogFullError(f"Session {entry.session}'s log is full ({MAX_SESSION_BYTES // (1024 * 1024)} MB, all "
                           "one session may hold); nothing was saved: the storyteller ends it and starts the next "
                           f"({path.name})")
    if seat and seat_bytes(fd, path, seat) + len(block) > MAX_SEAT_SESSION_BYTES:
        raise LogFullError(f"This seat has written all it may to session {entry.session}'s log "
                           f"({MAX_SEAT_SESSION_BYTES // (1024 * 1024)} MB); nothing was saved: your next changes "
                           "go in when the storyteller starts the next session")


def _write_all(fd: int, block: bytes, size: int, path: Path) -> None:
    """Write and sync ``block``; on failure cut the file back to ``size`` so no half block stays."""
    view = memoryview(block)
    try:
        while view:
            written = os.write(fd, view)
            view = view[written:]
        _fdatasync(fd)
    except OSError as exc:
        try:
            os.ftruncate(fd, size)
            _fdatasync(fd)
        except OSError:
            pass
        raise StoreError(f"{path}: could not append ({exc.strerror or exc}); the log is as it was before") from None


def take_back_end(chronicle_dir: Path, number: int, entry_id: str) -> bool:
    """Cut session ``number``'s log back to before its last block, when that block is the ``session_end`` entry
    ``entry_id``: ending a session whose ``chronicle.toml`` could not then be saved is taken back whole. The
    caller holds the log's lock since the append, so the block is still the last; whether it was cut."""
    path = session_path(chronicle_dir, number)
    marker = f"# end entry {entry_id}\n".encode()
    with exclusive_lock(lock_path(chronicle_dir)):
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError:
            return False
        try:
            size = os.fstat(fd).st_size
            start = max(0, size - 4096)  # a session_end block is a few hundred bytes
            tail = os.pread(fd, size - start, start)
            block = tail.rfind(b"\n[[entry]]\n")
            if not tail.endswith(marker) or block < 0 or b'\nkind = "session_end"\n' not in tail[block:]:
                return False
            os.ftruncate(fd, start + block)
            _fdatasync(fd)
            return True
        finally:
            os.close(fd)


def recover_session(chronicle_dir: Path, number: int) -> TornReport | None:
    """Set aside a torn last block of session ``number`` now, if there is one.

    A file that ends with a complete block is left alone without taking the
    lock (a read-only chronicle stays untouched).
    """
    path = session_path(chronicle_dir, number)
    try:
        with open_regular_binary(path) as handle:
            size = os.fstat(handle.fileno()).st_size
            if fmt.ends_with_marker(os.pread(handle.fileno(), _TAIL_PROBE, max(0, size - _TAIL_PROBE))):
                return None
    except FileNotFoundError:
        raise StoreError(f"{path}: no such session") from None
    with exclusive_lock(lock_path(chronicle_dir)):
        try:
            fd = os.open(path, os.O_RDWR)
        except FileNotFoundError:
            raise StoreError(f"{path}: no such session") from None
        try:
            return set_aside_torn(fd, path)
        finally:
            os.close(fd)


# -- reading ---------------------------------------------------------------------------------


def _read_bytes(path: Path) -> bytes:
    try:
        return read_regular(path, MAX_LOG_BYTES)
    except FileNotFoundError:
        raise StoreError(f"{path}: no such session log") from None
    except OSError as exc:
        raise StoreError(f"{path}: cannot read ({exc.strerror or exc})") from None


def read_session(chronicle_dir: Path, number: int, *, recover: bool = True) -> SessionLog:
    """Load a whole session. A torn last block is set aside (``recover``) and reported in ``.torn``.

    With ``recover=False`` nothing is written: the torn block is only reported.
    """
    path = session_path(chronicle_dir, number)
    report: TornReport | None = None
    for _attempt in range(3):
        data = _read_bytes(path)
        end = fmt.last_marker_end(data)
        if end < 0 or not fmt.is_torn_tail(data[end:]):
            return _load(path, data, data if end < 0 else data[:end], report, chronicle_dir)
        head = data[:end]
        fmt.parse_chunk(head, path)  # broken before the tail: raise, touch nothing
        if not recover:
            tail = data[end:]
            inspected = TornReport(path, None, len(tail), torn_entry_id(tail))
            return _load(path, head, head, inspected, chronicle_dir)
        report = recover_session(chronicle_dir, number) or report
    raise StoreError(f"{path}: keeps changing while being repaired; try again")  # pragma: no cover


def _load(path: Path, data: bytes, complete: bytes, torn: TornReport | None, chronicle_dir: Path) -> SessionLog:
    document = fmt.parse_chunk(data, path)
    info = SessionInfo.from_toml(document, path)
    entries = fmt.entries_from_tables(fmt.entry_tables(document, path), path, data)
    side_files = tuple(set_aside_files(chronicle_dir, info.number)) if torn or _may_have_side_files(path) else ()
    return SessionLog(path, info, entries, torn, len(complete), side_files)


def _may_have_side_files(path: Path) -> bool:
    try:
        return any(name.startswith(f"{path.name}.torn-") for name in os.listdir(path.parent))
    except OSError:
        return False


def read_new_entries(chronicle_dir: Path, number: int, offset: int) -> tuple[list[LogEntry], int]:
    """Entries appended since ``offset`` (from a previous read), and the offset to pass next time.

    Parses only the new bytes, up to the last complete block; a block being
    written right now is picked up by the next call. Needs no lock. Raises
    :class:`LogRewrittenError` if the file got shorter than ``offset``.
    """
    path = session_path(chronicle_dir, number)
    try:
        with open_regular_binary(path) as handle:
            size = os.fstat(handle.fileno()).st_size
            if offset > size:
                raise LogRewrittenError(f"{path}: the log was replaced since it was read; reload it")
            check_log_size(path, size)
            handle.seek(offset)
            data = handle.read()
    except FileNotFoundError:
        raise StoreError(f"{path}: no such session log") from None
    end = fmt.last_marker_end(data)
    if end <= 0:
        return [], offset
    chunk = data[:end]
    first_line = 1
    try:
        document = fmt.parse_chunk(chunk, path)
        tables = fmt.entry_tables(document, path)
        entries = fmt.entries_from_tables(tables, path, chunk)
    except StoreError:
        first_line = 1 + _read_bytes(path)[:offset].count(b"\n")  # error path only: find real line numbers
        document = fmt.parse_chunk(chunk, path, first_line=first_line)
        tables = fmt.entry_tables(document, path)
        entries = fmt.entries_from_tables(tables, path, chunk, first_line=first_line)
    return entries, offset + end
