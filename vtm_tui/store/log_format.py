"""The bytes of a session log file, and how to cut them into complete blocks.

A session file is::

    schema_version = 1

    [session]
    number = 3
    started = 2026-11-29T20:00:00Z
    title = "The Elysium"
    # end session

    [[entry]]
    id = "3f2a9c0d1b7e4a55"
    time = 2026-11-29T20:04:11.250000Z
    ...
    roll = { ruleset = "v5", result = "win", faces = [7, 3, 10], ... }
    # end entry 3f2a9c0d1b7e4a55

Why this exact shape:

- every value of an entry is written on its own ``key = value`` line, nested
  tables as one-line inline tables, so the next ``[[entry]]`` header can follow
  any block and the file stays valid TOML after each append (a ``[entry.roll]``
  sub-table would work too, but inline tables keep one entry easy to read);
- strings never span lines (newlines are escaped), so a line that starts with
  ``[[entry]]`` or ``# end`` is always structure, never someone's comment text;
- each block ends with a marker comment line. A block is complete exactly when
  its marker line (with its newline) is there, so a crash mid-write is certain
  to be seen even when the torn prefix happens to parse.

The writer (:mod:`vtm_tui.store.session_log`) and the benchmark generator both
use :func:`format_block`, so a generated chronicle is byte for byte what
appending would have produced.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.errors import BrokenFileError, InvalidDataError
from vtm_tui.store.toml_io import parse_toml

SCHEMA_VERSION = 1
SESSION_MARKER = b"# end session"
_MARKER_LINE = re.compile(rb"# end (?:entry [A-Za-z0-9_-]{1,64}|session)[ \t]*\r?")
_ENTRY_LINE = re.compile(rb"^\[\[[ \t]*entry[ \t]*\]\][ \t]*\r?$", re.MULTILINE)
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


# -- writing ---------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def toml_key(key: str) -> str:
    """A key as written: bare when it can be (the same few dozen keys come back all the time)."""
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_string(text: str) -> str:
    """A one-line TOML basic string (newlines and control characters escaped)."""

    def escape(match: re.Match[str]) -> str:
        char = match.group()
        return _ESCAPES.get(char) or f"\\u{ord(char):04x}"

    if _NEEDS_ESCAPE.search(text) is None:
        return f'"{text}"'
    return '"' + _NEEDS_ESCAPE.sub(escape, text) + '"'


def toml_datetime(value: datetime) -> str:
    if value.tzinfo is None:
        return value.isoformat()
    text = value.astimezone(timezone.utc).replace(tzinfo=None).isoformat()
    return text + "Z"


def toml_value(value: Any) -> str:
    """One TOML value on one line: inline tables and arrays, never multi-line."""
    kind = type(value)
    if kind is str:
        return toml_string(value)
    if kind is int:
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime):
        return toml_datetime(value)
    if isinstance(value, (date, time)):
        return value.isoformat()
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items() if v is not None)
        return "{ " + items + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value if v is not None) + "]"
    raise TypeError(f"cannot write {type(value).__name__} {value!r} to TOML")


def toml_lines(table: dict[str, Any]) -> str:
    return "".join(f"{toml_key(key)} = {toml_value(value)}\n" for key, value in table.items() if value is not None)


def format_header(number: int, started: datetime, title: str = "", extra: dict[str, Any] | None = None) -> bytes:
    """The first bytes of a session file: ``schema_version`` and the ``[session]`` table."""
    table: dict[str, Any] = {"number": number, "started": started, "title": title}
    table.update(extra or {})
    return f"schema_version = {SCHEMA_VERSION}\n\n[session]\n{toml_lines(table)}# end session\n".encode()


def format_block(entry: LogEntry) -> bytes:
    """One appendable ``[[entry]]`` block, ending with its marker line."""
    return f"\n[[entry]]\n{toml_lines(entry.to_toml())}# end entry {entry.id}\n".encode()


# -- reading ---------------------------------------------------------------------------------


def is_marker_line(line: bytes) -> bool:
    return _MARKER_LINE.fullmatch(line) is not None


def ends_with_marker(data: bytes) -> bool:
    """Whether ``data`` (the end of a file) finishes with a complete marker line."""
    if not data.endswith(b"\n"):
        return False
    return is_marker_line(data[:-1].rsplit(b"\n", 1)[-1])


def last_marker_end(data: bytes, start: int = 0) -> int:
    """Index just past the last complete marker line in ``data[start:]``, or -1."""
    pos = len(data)
    while True:
        i = data.rfind(b"# end ", start, pos)
        if i < 0:
            return -1
        if i == 0 or data[i - 1 : i] == b"\n":
            newline = data.find(b"\n", i)
            if newline >= 0 and is_marker_line(data[i:newline]):
                return newline + 1
        pos = i


def is_torn_tail(tail: bytes) -> bool:
    """Whether bytes after the last marker are a block cut short by a crash.

    A torn append is a prefix of ``"\\n[[entry]]\\n...# end entry <id>\\n"``:
    it begins with (part of) the entry header and holds no second one; a power
    loss can leave zero bytes. Anything else after the last marker (a comment
    typed by hand, several entries written by hand without markers) is left
    alone.
    """
    if b"\0" in tail:
        return True
    stripped = tail.strip(b" \t\r\n")
    if not stripped:
        return False
    if b"[[entry]]".startswith(stripped):
        return True
    return stripped.startswith(b"[[entry]]") and len(_ENTRY_LINE.findall(tail)) <= 1


def decode(data: bytes, path: Path, first_line: int = 1) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first_line + data[: exc.start].count(b"\n")
        raise BrokenFileError(path, line, None, "the file is not UTF-8 text") from None


def parse_chunk(data: bytes, path: Path, *, first_line: int = 1) -> dict[str, Any]:
    """Parse complete bytes of a session file with tomllib; line numbers count from ``first_line``.

    The one parser of session files' values (the history index's scanner,
    :mod:`vtm_tui.store.log_index_scan`, reads only its searchable columns, and
    steps aside to this for anything that is not the tool's own bytes).
    """
    return _parse(decode(data, path, first_line), path, first_line)


def _parse(text: str, path: Path, first_line: int) -> dict[str, Any]:
    try:
        return parse_toml(text, path)
    except BrokenFileError as exc:
        if first_line == 1 or exc.line is None:
            raise
        raise BrokenFileError(exc.path, exc.line + first_line - 1, exc.column, exc.reason) from None


def entry_spans(data: bytes) -> list[tuple[int, int]]:
    """(offset, length) of each ``[[entry]]`` block in ``data``, in file order."""
    starts = [match.start() for match in _ENTRY_LINE.finditer(data)]
    if not starts:  # a session just started (``vtm-tui session … start``): its header and no entry yet
        return []
    ends = starts[1:] + [len(data)]
    return [(start, end - start) for start, end in zip(starts, ends, strict=True)]


def entry_tables(document: dict[str, Any], path: Path) -> list[dict[str, Any]]:
    tables = document.get("entry", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise InvalidDataError(path, "entry", "must be [[entry]] tables, one per logged event")
    return tables


def entries_from_tables(
    tables: list[dict[str, Any]], path: Path, data: bytes, *, first_line: int = 1, first_index: int = 1
) -> list[LogEntry]:
    """LogEntry objects; a bad one names the file, its line and the field."""
    entries = []
    for number, table in enumerate(tables):
        try:
            entries.append(LogEntry.from_toml(table, where=""))
        except InvalidDataError as exc:
            spans = entry_spans(data)
            where = f"{path}, entry {first_index + number}"
            if number < len(spans):
                line = first_line + data[: spans[number][0]].count(b"\n")
                where += f" (line {line})"
            raise InvalidDataError(where, exc.field, exc.reason) from None  # type: ignore[arg-type]
    return entries
