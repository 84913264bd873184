"""The history index's own scanner: the searchable columns of the tool's blocks, without a TOML table or a LogEntry.

The first build of the index reads every session file (100,000 entries in the
benchmark chronicle). Parsing each block into a TOML table and then into a
validated :class:`~vtm_tui.model.log_entry.LogEntry` cost most of that time, for
columns the index mostly throws away (a roll's faces, unknown keys). This module
reads the exact layout :func:`vtm_tui.store.log_format.format_block` writes —
known keys in the dataclass's order, one ``key = value`` line each, strings on
one line — with one regular expression per block, and builds the index's row
straight from its groups.

The expression accepts only what TOML reads the same way and what
``LogEntry.from_toml`` accepts without complaint: an id of 1–64 plain characters
that the block's end marker repeats, a UTC time with at most 6 fraction digits
(checked by ``datetime``), a session of 1 or more, a kind that is one lower-case
word, a known rule set, a difficulty of 0–100, 64-bit margins, basic strings with
only the escapes TOML and JSON share, and after the known keys only unknown keys
with a string, integer or boolean value. A ``change`` table is read by
tomllib (a one-line inline table, so the value is TOML's own), and kept only if the
emitter writes it back byte for byte. The ``roll`` line is not read at all, as
on the index's previous road: the index never searches faces (the full entry
is read again, and judged, when someone opens it).

Whatever does not fit — a comment or blank line inside a block, a reordered or
repeated key, a literal or multi-line string, ``\\r\\n`` line ends, a date with
a time zone, a roll line that opens a multi-line string — makes :func:`scan_chunk`
answer ``None`` for the whole chunk (and :func:`read_rows` also turns away a head
holding an entry), and the file is read with tomllib as before, so
hand-edited files keep their exact meaning and their error messages (file, line,
field). ``tests/store/test_index_scan.py`` checks, by generated entries with
awkward strings, that both roads give the same rows.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable
from dataclasses import fields
from datetime import datetime, timedelta
from itertools import count
from json.decoder import scanstring
from pathlib import Path
from typing import Any

from vtm_tui.model.log_entry import MAX_CHARACTERS, LogEntry
from vtm_tui.rules.base import RULESETS
from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import StoreError
from vtm_tui.store.log_index_rows import Row, characters_columns, micros as _micros
from vtm_tui.store.session_log import SessionInfo

_EPOCH = datetime(1970, 1, 1)
_MICRO = timedelta(microseconds=1)
_BLOCK_START = b"\n[[entry]]\n"
_STARTS = re.compile(rb"\n\[\[entry\]\]\n")
# A basic string with only the escapes TOML and JSON read alike, written as an unrolled loop (no alternation
# per character): no control character, no \/, no \U, no \u of half a surrogate pair.
_CHARS = r'[^"\\\x00-\x1f\x7f]*'
_ESCAPED = r'(?:\\(?:["\\btnfr]|u(?![dD][89a-fA-F])[0-9A-Fa-f]{4})' + _CHARS + ")*"
_STRING = '"(' + _CHARS + _ESCAPED + ')"'
_ANY_STRING = '"' + _CHARS + _ESCAPED + '"'
_INT = "-?(?:0|[1-9][0-9]{0,17})"  # well inside 64 bits, as SQLite stores it ([0-9]: \d is any digit in str)


@functools.cache
def _block(rulesets: tuple[str, ...]) -> re.Pattern[str]:
    """One whole entry block as the tool writes it, of one of ``rulesets`` (the registered ids when it is asked:
    a rule set registered after start-up is read here too, not left to the slower checked road)."""
    return re.compile(
        r"\n\[\[entry\]\]\n"
        r'id = "([A-Za-z0-9_-]{1,64})"\n'
        r"time = ([0-9]{4}-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9](?:\.[0-9]{1,6})?)Z\n"
        r"session = [1-9][0-9]{0,17}\n"
        r'kind = "([a-z][a-z0-9_]{0,39})"\n'
        r'ruleset = "(' + "|".join(re.escape(name) for name in rulesets) + ')"\n'
        r"(?:actor = " + _STRING + r"\n)?"
        r"(?:pool = " + _STRING + r"\n)?"
        r"(?:difficulty = (100|[1-9]?[0-9])\n)?"
        r"(?:secret = (true|false)\n)?"
        r"(?:result = " + _STRING + r"\n)?"
        r"(?:margin = (" + _INT + r")\n)?"
        r"(?:roll = \{[^\n]*\}\n)?"
        r"(?:comment = " + _STRING + r"\n)?"
        r"(?:ref = " + _ANY_STRING + r"\n)?"
        r"(?:characters = (\[[^\n]*\])\n)?"
        r"(?:change = (\{[^\n]*\})\n)?"
        r"((?:[A-Za-z0-9_-]+ = (?:" + _ANY_STRING + r"|-?(?:0|[1-9][0-9]*)|true|false)\n)*)"
        r"# end entry \1\n"
        r"(?=\n\[\[entry\]\]\n|\Z)"  # the next block follows at once, or the chunk ends: nothing in between
    )


_OPEN_QUOTES = re.compile(rb"""\nroll = [^\n]*(?:'''|\"\"\")""")
_EXTRA_KEY = re.compile(r"^([A-Za-z0-9_-]+) = ", re.MULTILINE)
_FORBIDDEN_EXTRA = frozenset(item.name for item in fields(LogEntry))  # the known keys and "extra"


def _text(raw: str) -> str:
    """A string's value from its text between the quotes (the escapes allowed above mean the same in JSON)."""
    return scanstring(raw + '"', 0)[0] if "\\" in raw else raw


def _change_text(value: str, emit: Callable[[Any], str], seen: dict[str, str | None]) -> str | None:
    """The change's words for the search column, ``None`` if the table is not the emitter's own."""
    if value in seen:
        return seen[value]
    try:
        table = tomllib.loads(f"change = {value}")["change"]
    except tomllib.TOMLDecodeError:
        table = None
    if table is not None and emit(table) != value:
        table = None  # TOML, but not as the tool writes it: the checked road reads the file
    words = None if table is None else " ".join(f"{k} {v}" for k, v in table.items())
    seen[value] = words
    return words


def scan_chunk(
    chunk: bytes, emit: Callable[[Any], str], session: int, seq0: int = 0, start: int = 0
) -> tuple[bytes, list[Row]] | None:
    """(the bytes before the first block, a row per block), or ``None`` to let tomllib read ``chunk``.

    ``chunk`` is complete bytes of session ``session``'s file from byte
    ``start`` on (it ends after a block's end marker); its first block is
    number ``seq0`` of the session. A block's length runs to the next block's
    ``[[entry]]`` line, or to the chunk's end, as
    :func:`vtm_tui.store.log_format.entry_spans` measures them. ``emit`` is the
    TOML value writer, which a ``change`` table must match.
    """
    first = chunk.find(_BLOCK_START)
    if first < 0 or ((b'"""' in chunk or b"'''" in chunk) and _OPEN_QUOTES.search(chunk)):
        return None  # no block, or a roll line (not read here) that may open a multi-line string
    try:
        text = chunk.decode()
    except UnicodeDecodeError:
        return None
    # Byte offsets from the bytes, values from the text. Each match is one whole block followed at once by
    # the next block's start or the end, so as many matches as block starts means every block matched.
    starts = [start + match.start() + 1 for match in _STARTS.finditer(chunk, first)]
    found = _block(tuple(RULESETS)).findall(text, text.find("\n[[entry]]\n"))
    if len(found) != len(starts):
        return None
    ends = starts[1:] + [start + len(chunk)]
    rows: list[Row] = []
    changes: dict[str, str | None] = {}
    names: dict[str, tuple[str, ...] | None] = {}
    for seq, (ident, when, kind, ruleset, actor, pool, difficulty, secret, result, margin, comment, concerned,
              change, extra), offset, end in zip(count(seq0), found, starts, ends):  # fmt: skip
        if extra and not _plain_extra(extra):
            return None
        words = _change_text(change, emit, changes) if change else ""
        if words is None:
            return None
        others = _names(concerned, emit, names) if concerned else ()
        if others is None:
            return None
        try:
            micros = (datetime.fromisoformat(when) - _EPOCH) // _MICRO
        except ValueError:
            return None
        if "\\" in actor or "\\" in pool or "\\" in result or "\\" in comment:
            actor, pool, result, comment = _text(actor), _text(pool), _text(result), _text(comment)
        rows.append((
            session, seq, ident, micros, actor, actor.casefold(), kind, ruleset, result, int(margin) if margin else 0, pool, comment,
            1 if secret == "true" else 0, int(difficulty) if difficulty else None, offset, end - offset,
            f"{actor}\n{pool}\n{comment}\n{kind}\n{result}\n{words}".casefold(), *characters_columns(others),
        ))  # fmt: skip
    return chunk[: first + 1], rows


def _names(value: str, emit: Callable[[Any], str], seen: dict[str, tuple[str, ...] | None]
           ) -> tuple[str, ...] | None:
    """An entry's ``characters`` list, ``None`` if it is not the emitter's own list of one-line names (then the
    checked road reads the file, and LogEntry judges it)."""
    if value in seen:
        return seen[value]
    try:
        found = tomllib.loads(f"characters = {value}")["characters"]
    except tomllib.TOMLDecodeError:
        found = None
    ok = (isinstance(found, list) and len(found) <= MAX_CHARACTERS and emit(found) == value
          and all(isinstance(name, str) and name.strip() and "\n" not in name for name in found))
    seen[value] = tuple(found) if ok else None  # type: ignore[arg-type]
    return seen[value]


def _plain_extra(lines: str) -> bool:
    """Whether unknown keys are each there once and none repeats a known field (else LogEntry refuses them)."""
    keys = _EXTRA_KEY.findall(lines)
    return len(set(keys)) == len(keys) and not _FORBIDDEN_EXTRA.intersection(keys)


def read_rows(chunk: bytes, path: Path, session: int, seq0: int, start: int) -> tuple[SessionInfo | None, list[Row]]:
    """The session's info (when ``chunk`` is the whole file, ``start`` 0) and a row per block.

    The scanner above for the tool's own bytes; anything else through tomllib and
    :class:`LogEntry`, which raise the message naming file, line and field.
    """
    scanned = scan_chunk(chunk, fmt.toml_value, session, seq0, start)
    if scanned is not None:
        head, rows = scanned
        if start:
            if head == b"\n":  # appended blocks and nothing else
                return None, rows
        else:
            try:
                document = fmt.parse_chunk(head, path)
                if "entry" not in document:  # else an entry written by hand in the head: read the file whole
                    return SessionInfo.from_toml(document, path), rows
            except StoreError:
                pass  # the road below gives the message for the whole file
    document = fmt.parse_chunk(chunk, path)
    entries = fmt.entries_from_tables(fmt.entry_tables(document, path), path, chunk)
    info = SessionInfo.from_toml(document, path) if start == 0 else None
    spans = fmt.entry_spans(chunk)
    if len(spans) != len(entries):
        spans = [(-1 - start, 0)] * len(entries)  # offset -1: unknown (a hand-written file)
    return info, [
        (session, seq, e.id, _micros(e.time), e.actor, e.actor.casefold(), e.kind, e.ruleset, e.result, e.margin,
         e.pool, e.comment, int(e.secret), e.difficulty, start + offset, length, search_text(e),
         *characters_columns(e.characters))
        for seq, e, (offset, length) in zip(count(seq0), entries, spans)
    ]  # fmt: skip


def search_text(entry: LogEntry) -> str:
    """The index's search column: the texts a filter's words are looked for in, case folded."""
    change = " ".join(f"{k} {v}" for k, v in entry.change.items())
    return "\n".join((entry.actor, entry.pool, entry.comment, entry.kind, entry.result, change)).casefold()
