"""An entry's block read back by the log reader's own rules before it is appended.

An append is never read again by the process that wrote it, but every reader
after it (``vtm-tui log``, the log screen, a seat's live log, the history
index) parses the whole file: one block the reader refuses makes the session
unreadable for everyone, while appends after it still succeed. So
:func:`checked_block` writes the block, reads it back as the reader does (the
same bytes through :func:`~vtm_tui.store.log_format.parse_chunk`, the same
:meth:`LogEntry.from_toml <vtm_tui.model.log_entry.LogEntry.from_toml>`), and
accepts it only when the entry read back writes the very same bytes: what the
file holds is what every later reader gets. One TOML rule tomllib does not
enforce is checked too: an integer must fit in 64 bits (other TOML readers, and
the index's SQLite columns, refuse larger ones).

Anything else is a :class:`~vtm_tui.store.errors.StoreError` naming the field
(``change.after``, ``roll.faces[2]``) and saying that nothing was logged. Only
the block is checked, never the file: the append stays as cheap as before.
"""

from __future__ import annotations

import math
import re
from itertools import zip_longest
from pathlib import Path
from typing import Any

from vtm_tui.model.limits import MAX_ENTRY_BYTES
from vtm_tui.model.log_entry import INT64_RANGE, LogEntry
from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import BrokenFileError, InvalidDataError, StoreError
from vtm_tui.store.toml_io import MAX_NESTING, nesting

#: 19 digits or more in a row: the only text that may be an integer past 64 bits (then the values are walked).
_LONG_DIGITS = re.compile(rb"[0-9]{19,}")


def checked_block(entry: LogEntry, path: Path) -> bytes:
    """``entry``'s block (:func:`~vtm_tui.store.log_format.format_block`) if it is at most
    :data:`~vtm_tui.model.limits.MAX_ENTRY_BYTES` and the log's reader reads it back as the same entry, else a
    :class:`StoreError` naming the field; nothing is written either way."""
    try:
        block = fmt.format_block(entry)
    except RecursionError:  # (to_toml recurses too: the tables are looked at as they are)
        tables = {"roll": entry.roll, "change": entry.change, **entry.extra}
        raise _refusal(entry, path, _deepest(tables), f"is nested more than {MAX_NESTING} levels deep") from None
    except (TypeError, ValueError, OverflowError):  # an unwritable value (a set, half a surrogate pair, …)
        raise _refusal(entry, path, *_unwritable(entry)) from None
    if len(block) > MAX_ENTRY_BYTES:  # the writer's own bound, checked before a big block is parsed
        raise StoreError(f"{path}: this {entry.kind} entry would be {len(block):,} bytes; a log entry holds at "
                         f"most {MAX_ENTRY_BYTES:,} (nothing was logged)")
    try:
        back = fmt.entries_from_tables(fmt.entry_tables(fmt.parse_chunk(block, path), path), path, block)
    except InvalidDataError as exc:
        raise _refusal(entry, path, exc.field, exc.reason) from None
    except BrokenFileError as exc:
        if exc.line is None:  # nested too deeply: the one refusal tomllib gives without a line
            raise _refusal(entry, path, _deepest(entry.to_toml()), f"is nested more than {MAX_NESTING} levels "
                           "deep") from None
        raise _refusal(entry, path, _field_of(entry, block, exc.line), f"would be written as TOML its reader "
                       f"refuses ({exc.reason})") from None
    if len(back) != 1 or not (back[0] == entry or _same_leaves(entry.to_toml(), back[0].to_toml())):
        raise _refusal(entry, path, _first_changed(entry, back), "would read back as something else")
    if _LONG_DIGITS.search(block):
        found = _past_int64(entry.to_toml())
        if found:
            raise _refusal(entry, path, *found)
    return block


def _refusal(entry: LogEntry, path: Path, field: str, reason: str) -> StoreError:
    return StoreError(f"{path}: nothing was logged: the {entry.kind} entry's field {field!r} {reason}, and the "
                      "log's reader would refuse the entry")


def _leaves(table: dict[str, Any]) -> list[tuple[str, Any]]:
    """(dotted path, value) of every key and scalar in ``table``, in the order they are written."""
    found: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any]] = list(reversed(table.items()))
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            found.append((where, None))
            stack.extend(reversed([(f"{where}.{key}", item) for key, item in value.items() if item is not None]))
        elif isinstance(value, (list, tuple)):
            stack.extend(reversed([(f"{where}[{i}]", item) for i, item in enumerate(value) if item is not None]))
        else:
            found.append((where, value))
    return found


def _unwritable(entry: LogEntry) -> tuple[str, str]:
    """(field, why) of the first value of ``entry`` that cannot be written to a TOML file."""
    try:
        table = entry.to_toml()
    except (ValueError, OverflowError):
        return "time", f"{entry.time.isoformat()} cannot be written as a UTC time"
    for where, value in _leaves(table):
        try:
            where.encode("utf-8")
        except UnicodeEncodeError:
            shown = where.encode("utf-8", "backslashreplace").decode()
            return shown, "has a name with characters that cannot be written as UTF-8"
        if value is None:
            continue
        try:
            fmt.toml_value(value).encode("utf-8")
        except UnicodeEncodeError:
            return where, "holds characters that cannot be written as UTF-8"
        except (TypeError, ValueError, OverflowError):
            return where, f"holds a {type(value).__name__}, which a log file cannot hold"
    return "value", "cannot be written to TOML"  # pragma: no cover - format_block failed on some value above


def _field_of(entry: LogEntry, block: bytes, line: int) -> str:
    """The key written on ``line`` of ``block`` (a TOML error's line)."""
    table = entry.to_toml()
    text = block.split(b"\n")[line - 1].decode("utf-8") if 0 < line <= block.count(b"\n") else ""
    written = {fmt.toml_key(key): key for key in table}
    return written.get(text.split(" = ", 1)[0], "entry")


def _deepest(table: dict[str, Any]) -> str:
    """The key of ``table`` whose value nests deepest (where a too-deep value is)."""
    return max(table, key=lambda key: nesting(table[key]))


def _same_leaves(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Whether two entries' tables hold the same keys and values, NaN equal to NaN (a float TOML writes as ``nan``)."""
    return _changed_leaf(ours, theirs) is None


def _changed_leaf(ours: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    for (where, value), (where_back, value_back) in zip_longest(_leaves(ours), _leaves(theirs), fillvalue=("", None)):
        nans = isinstance(value, float) and isinstance(value_back, float) and math.isnan(value) and math.isnan(
            value_back)
        if where != where_back or not (nans or value == value_back):
            return where or where_back
    return None


def _first_changed(entry: LogEntry, back: list[LogEntry]) -> str:
    """The first field that the entry read back holds differently."""
    if len(back) != 1:
        return "entry"
    return _changed_leaf(entry.to_toml(), back[0].to_toml()) or "entry"


def _past_int64(table: dict[str, Any]) -> tuple[str, str] | None:
    low, high = INT64_RANGE
    for where, value in _leaves(table):
        if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
            return where, f"holds the whole number {value}, past the 64 bits a TOML file may hold"
    return None
