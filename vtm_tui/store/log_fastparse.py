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
    objects, bodies, markers, times = [], [], [], []
    bare_keys: set[str] = set()
    for piece in text[start + len(_BLOCK_START) :].split(_BLOCK_START):
        cut = piece.rfind("\n", 0, len(piece) - 1)
        if cut < 0 or not piece.endswith("\n") or not piece.startswith("# end entry ", cut + 1):
            return None
        body = piece[:cut].split("\n")
        members, stamps = [], []
        for number, line in enumerate(body):
            key, sep, value = line.partition(" = ")
            if key not in bare_keys:
                if not sep or not _BARE_KEY.fullmatch(key):
                    return None
                bare_keys.add(key)
            if key == "roll" and not rolls:
                value, body[number] = "{}", "roll = {}"
            if value[4:5] == "-" and _DATETIME.fullmatch(value):
                stamps.append(key)
                members.append(f'"{key}": "{value}"')
            else:
                members.append(f'"{key}": {value}')
        objects.append("{" + ", ".join(members) + "}")
        bodies.append("\n".join(body) + "\n")
        markers.append(piece[cut + 1 :])
        times.append(stamps)
    try:
        tables = json.loads(_json_text("[" + ", ".join(objects) + "]"), parse_constant=_refuse)
        for table, stamps in zip(tables, times, strict=True):
            for key in stamps:
                table[key] = datetime.fromisoformat(table[key][:-1]).replace(tzinfo=timezone.utc)
    except ValueError:
        return None
    for table, body, marker in zip(tables, bodies, markers, strict=True):
        if lines(table) != body or marker != f"# end entry {table.get('id')}\n":
            return None
    return text[: start + 1], tables


def _refuse(name: str) -> None:
    raise ValueError(f"{name} is not TOML")
