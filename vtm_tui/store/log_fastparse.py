"""A faster road through tomllib for the tool's own session files.

tomllib is pure Python and spends most of a session file's time in the
one-line ``roll = { ... }`` tables (every face and detail of a roll, often
two dozen keys): about 300 µs per entry against a budget of 100 ms for the
current session. Those lines are written by :func:`log_format.toml_value`, so
their syntax is a strict subset of TOML that maps one to one onto JSON (same
string escapes, same numbers and booleans; only ``key = `` becomes ``"key": ``).

Each such line is turned into JSON and read with the C ``json`` module, then
**written back with the tool's own emitter and compared with the line**: only
a line that is exactly what the tool would have written takes this road, and
for those the value is the same as tomllib's (the round-trip property test in
``tests/store/test_session_log_format.py`` covers the emitter). Any other line,
a hand edit, a date inside a roll, ``inf``, stays in the text tomllib parses,
so tomllib remains the judge of every byte and of every error message. Files
with multi-line strings skip the shortcut entirely (a line inside such a string
is not a line of TOML).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

_STRING = re.compile(r'("[^"\\\n]*(?:\\.[^"\\\n]*)*")')
_KEY_START = re.compile(r"(?<=[{,] )(?=[A-Za-z0-9_-]+ = )")
FAST_KEYS = ("roll", "change")


def _json_text(value: str) -> str:
    """``key = `` → ``"key": `` outside strings (a quoted key keeps its quotes).

    Strings are swapped for NUL placeholders, so the rest is a few C-speed
    replacements over the whole text instead of a Python call per token.
    """
    strings = _STRING.findall(value)
    skeleton = _STRING.sub("\x00", value).replace("\x00 = ", "\x00: ")
    skeleton = _KEY_START.sub('"', skeleton).replace(" = ", '": ')
    pieces = skeleton.split("\x00")
    return "".join([part for pair in zip(pieces, strings) for part in pair]) + pieces[-1]


def inline_table(value: str, emit: Callable[[Any], str]) -> dict[str, Any] | None:
    """The dict of a one-line inline table written by ``emit``, or ``None`` to let tomllib read it."""
    try:
        parsed = json.loads(_json_text(value))
    except ValueError:
        return None
    if not isinstance(parsed, dict) or emit(parsed) != value:
        return None
    return parsed


def lift_inline_tables(
    text: str, emit: Callable[[Any], str], *, keep: tuple[str, ...] = FAST_KEYS
) -> tuple[str, list[tuple[int, str, dict[str, Any] | None]]]:
    """Text for tomllib with fast-parsed tables emptied, and (entry number, key, value) to put back.

    Keys not in ``keep`` among :data:`FAST_KEYS` are emptied without being
    parsed (value ``None``): the history index never needs the roll's faces.
    """
    if '"""' in text or "'''" in text:
        return text, []
    lines = text.split("\n")
    lifted: list[tuple[int, str, dict[str, Any] | None]] = []
    entry = -1
    top_of_entry = False
    for number, line in enumerate(lines):
        if line.startswith("["):
            top_of_entry = line == "[[entry]]"
            entry += top_of_entry
            continue
        if not top_of_entry or not line.startswith(("roll = {", "change = {")):
            continue
        key, _, value = line.partition(" = ")
        if key not in keep:
            lines[number] = f"{key} = {{}}"
            lifted.append((entry, key, None))
            continue
        parsed = inline_table(value, emit)
        if parsed is not None:
            lines[number] = f"{key} = {{}}"
            lifted.append((entry, key, parsed))
    return "\n".join(lines), lifted


def put_back(document: dict[str, Any], lifted: list[tuple[int, str, dict[str, Any] | None]]) -> dict[str, Any]:
    """Return the lifted values into the parsed ``[[entry]]`` tables (``None``: leave them empty)."""
    if not lifted:
        return document
    tables = document.get("entry")
    for entry, key, value in lifted:
        if value is not None and isinstance(tables, list) and 0 <= entry < len(tables):
            tables[entry][key] = value
    return document


# -- whole blocks ----------------------------------------------------------------------------------

_BLOCK_START = "\n[[entry]]\n"
_DATETIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
#: Values that TOML and JSON read alike by construction: a one-line string with no control character whose
#: escapes are the ones both share (no \\/, no \\U, no \\u of half a surrogate pair), a plain decimal
#: integer, a boolean, a UTC date-time. A block of only these needs no re-writing to prove it.
_PLAIN = re.compile(r'"(?:[^"\\\x00-\x1f\x7f]|\\(?:["\\btnfr]|u(?![dD][89a-fA-F])[0-9A-Fa-f]{4}))*"'
                    r"|-?(?:0|[1-9][0-9]*)|true|false|" + _DATETIME.pattern)


# The index's road (no rolls): every block rewritten as one JSON array by regular-expression substitutions
# with literal replacements (C speed; a replacement naming a group runs Python per match before 3.12). First
# every line is tagged \x02 if it is a bare key and a _PLAIN value (a roll is emptied; an inline table such as
# ``change`` must be written back as is by the emitter); a line neither tagged nor a block's first or last line
# sends the file to the checked road below, so nothing outside that subset of TOML is read this way.
_TAG = "\x02"
_KEY = r"[A-Za-z0-9_-]+"
# Every expression starts with a literal ("\n", '": ') so the engine skips ahead instead of trying each byte.
_ROLL_LINE = re.compile(r"\nroll = \{[^\n]*\}(?=\n)")
_PLAIN_LINE = re.compile(rf"\n(?={_KEY} = (?:{_PLAIN.pattern})\n)")
_NESTED_LINE = re.compile(rf"\n({_KEY}) = ([\[{{][^\n]*)(?=\n)")
_MARKER_LINE = re.compile(r"\n# end entry ([0-9A-Za-z_-]+)(?=\n)")
_UNTAGGED = re.compile(r"\n(?!\x02|\[\[entry\]\]\n|# end entry [0-9A-Za-z_-]+\n|\n|\Z)")
_DATETIME_KEY = re.compile(rf"\n\x02({_KEY}) = {_DATETIME.pattern}\n")
_DATETIME_OPEN = re.compile(r'": (?=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[.0-9]*Z\n)')


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table = dict(pairs)
    if len(table) != len(pairs):
        raise ValueError("a key twice")  # TOML refuses it; JSON would keep the last
    return table


def _plain_blocks(blocks: str, lines: Callable[[dict[str, Any]], str]) -> list[dict[str, Any]] | None:
    """The tables of ``blocks`` (from the first ``\n[[entry]]\n`` on) with rolls left empty, or ``None``."""
    if "\x00" in blocks or "\x01" in blocks or _TAG in blocks:
        return None
    text = _ROLL_LINE.sub("\n" + _TAG + "roll = {}", blocks)
    text = _PLAIN_LINE.sub("\n" + _TAG, text)
    nested = {}
    for key, value in set(_NESTED_LINE.findall(text)):  # few: the changes of trackers
        try:
            parsed = json.loads(_json_text(value), parse_constant=_refuse)
        except ValueError:
            return None
        if lines({key: parsed}) != f"{key} = {value}\n":
            return None
        nested[f"\n{key} = {value}\n"] = f"\n{_TAG}{key} = {json.dumps(parsed, ensure_ascii=False)}\n"
    for line, tagged in nested.items():
        text = text.replace(line, tagged)
    if _UNTAGGED.search(text):
        return None
    ids = _MARKER_LINE.findall(text)
    stamp_keys = set(_DATETIME_KEY.findall(text))
    text = _MARKER_LINE.sub("\n}", text).replace("\n[[entry]]\n", "\n,{\n")
    strings = _STRING.findall(text)
    skeleton = _STRING.sub("\x00", text)
    skeleton = skeleton.replace("\n" + _TAG, '\n,"').replace("{\n,", "{\n").replace(" = ", '": ')
    # A line of the skeleton ends in Z only after a date-time (strings are \x00 there).
    skeleton = _DATETIME_OPEN.sub('": "\x01', skeleton).replace("Z\n", 'Z"\n')
    pieces = skeleton.split("\x00")
    if len(pieces) != len(strings) + 1:
        return None  # pragma: no cover - a string the two expressions saw differently
    document = "".join([part for pair in zip(pieces, strings) for part in pair]) + pieces[-1]
    try:
        tables = json.loads("[" + document.lstrip("\n,") + "]", object_pairs_hook=_unique, strict=False)
        if len(tables) != len(ids):
            return None
        for table, marker in zip(tables, ids):
            if table.get("id") != marker:
                return None
            for key in stamp_keys:
                value = table.get(key)
                if type(value) is str and value[:1] == "\x01":
                    table[key] = datetime.fromisoformat(value[1:-1] if value.endswith("Z") else value[1:])\
                        .replace(tzinfo=timezone.utc)
    except (ValueError, AttributeError, TypeError):
        return None
    return tables


def fast_entries(
    text: str, lines: Callable[[dict[str, Any]], str], *, rolls: bool = True
) -> tuple[str, list[dict[str, Any]]] | None:
    """(text before the first block, the ``[[entry]]`` tables) if every block is the tool's own.

    A block is the tool's own when re-writing the values read from it with
    ``lines`` (the emitter) gives back its text exactly; one block that is not
    makes this return ``None`` and the caller use tomllib for the file. All
    blocks go through one ``json.loads``.
    """
    if text.startswith(_BLOCK_START[1:]):  # a chunk cut at a block's first line
        text = "\n" + text
    start = text.find(_BLOCK_START)
    if start < 0:
        return text, []
    if "\x00" in text:
        return None
    if not rolls:
        tables = _plain_blocks(text[start:], lines)
        if tables is not None:
            return text[: start + 1], tables
    objects, bodies, markers, times, plain_blocks = [], [], [], [], []
    bare_keys: set[str] = set()
    for piece in text[start + len(_BLOCK_START) :].split(_BLOCK_START):
        cut = piece.rfind("\n", 0, len(piece) - 1)
        if cut < 0 or not piece.endswith("\n") or not piece.startswith("# end entry ", cut + 1):
            return None
        body = piece[:cut].split("\n")
        members, stamps = [], []
        plain = True
        for number, line in enumerate(body):
            key, sep, value = line.partition(" = ")
            if key not in bare_keys:
                if not sep or not _BARE_KEY.fullmatch(key):
                    return None
                bare_keys.add(key)
            if key == "roll" and not rolls:
                value, body[number] = "{}", "roll = {}"
            elif plain and not _PLAIN.fullmatch(value):
                plain = False
            if value[4:5] == "-" and _DATETIME.fullmatch(value):
                stamps.append(key)
                members.append(f'"{key}": "{value}"')
            else:
                members.append(f'"{key}": {value}')
        objects.append("{" + ", ".join(members) + "}")
        bodies.append("\n".join(body) + "\n")
        markers.append(piece[cut + 1 :])
        times.append(stamps)
        plain_blocks.append(plain)
    try:
        tables = json.loads(_json_text("[" + ", ".join(objects) + "]"), parse_constant=_refuse)
        for table, stamps in zip(tables, times, strict=True):
            for key in stamps:
                table[key] = datetime.fromisoformat(table[key][:-1]).replace(tzinfo=timezone.utc)
    except ValueError:
        return None
    for table, body, marker, plain in zip(tables, bodies, markers, plain_blocks, strict=True):
        if marker != f"# end entry {table.get('id')}\n":
            return None
        if plain:  # every value reads alike in both: only a repeated key (JSON keeps the last) is left to catch
            if len(table) != body.count("\n"):
                return None
        elif lines(table) != body:
            return None
    return text[: start + 1], tables


def _refuse(name: str) -> None:
    raise ValueError(f"{name} is not TOML")
