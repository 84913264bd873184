"""Reading model data from plain TOML tables, with messages a person can act on.

Every model class reads its table through a :class:`Reader`, which

- checks each value's type and range and, when one is wrong, raises
  :class:`~vtm_tui.model.errors.InvalidDataError` naming the file, the dotted
  field and the allowed range (``characters/ana.toml: field
  'attributes.Strength': 7 is out of range 1-5``);
- remembers which keys it consumed, so whatever is left (keys written by a newer
  version, or added by hand) is kept in the model's ``extra`` and written back
  unchanged: a load/save round trip never loses anything;
- collects non-fatal remarks (a skill name the rule set does not know) as
  warnings instead of refusing the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from vtm_tui.model.errors import InvalidDataError

ValidationError = InvalidDataError  # the one error type for a value the model refuses

_MISSING = object()


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class Reader:
    """A view of one TOML table that validates as it reads and tracks consumed keys."""

    def __init__(self, data: Any, where: str, prefix: str = "", warnings: list[str] | None = None) -> None:
        self.where = where
        self.prefix = prefix
        self.warnings = warnings if warnings is not None else []
        if not isinstance(data, Mapping):
            raise self._error_at(prefix or "(file)", f"expected a table, got {_type_name(data)}")
        self.data = data
        self._used: set[str] = set()
        self._children: dict[str, Reader] = {}

    # -- errors and names -------------------------------------------------------
    def name(self, key: str) -> str:
        """The dotted field name of ``key`` (``health.superficial``)."""
        return f"{self.prefix}.{key}" if self.prefix else key

    def _error_at(self, field: str, reason: str) -> InvalidDataError:
        return InvalidDataError(Path(self.where), field, reason)

    def error(self, key: str, reason: str) -> InvalidDataError:
        """An error naming this table's ``key``."""
        return self._error_at(self.name(key), reason)

    def warn(self, key: str, message: str) -> None:
        self.warnings.append(f"{self.where}: field {self.name(key)!r}: {message}")

    # -- raw access ---------------------------------------------------------------
    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        """The value as it is (marked consumed)."""
        self._used.add(key)
        return self.data.get(key, default)

    def keys(self) -> list[str]:
        return list(self.data)

    # -- typed access -------------------------------------------------------------
    def int(self, key: str, default: int | None = 0, lo: int | None = None, hi: int | None = None) -> int:
        """A whole number within ``lo..hi`` (either bound may be open)."""
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            if default is None:
                raise self.error(key, "is missing")
            return default
        return check_int(value, self.name(key), lo, hi, self.where)

    def opt_int(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            return None
        return check_int(value, self.name(key), lo, hi, self.where)

    def str(self, key: str, default: str | None = "") -> str:
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            if default is None:
                raise self.error(key, "is missing")
            return default
        if not isinstance(value, str):
            raise self.error(key, f"expected text, got {_type_name(value)}")
        return value

    def bool(self, key: str, default: bool = False) -> bool:
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            return default
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {_type_name(value)}")
        return value

    def choice(self, key: str, default: str | None, choices: Iterable[str]) -> str:
        allowed = tuple(choices)
        value = self.str(key, default)
        if value not in allowed:
            raise self.error(key, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def str_list(self, key: str) -> list[str]:
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            return []
        if isinstance(value, str):  # a single item typed by hand
            return [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(key, "expected a list of texts, e.g. [\"one\", \"two\"]")
        return list(value)

    def datetime(self, key: str, default: datetime | None = None) -> datetime | None:
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            return default
        if not isinstance(value, datetime):
            raise self.error(key, f"expected a date and time such as 2026-01-31T20:00:00Z, got {_type_name(value)}")
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)

    def table(self, key: str) -> Reader:
        """The sub-table ``key`` (an empty one when absent)."""
        value = self.raw(key, _MISSING)
        child = Reader({} if value is _MISSING else value, self.where, self.name(key), self.warnings)
        self._children[key] = child
        return child

    def table_list(self, key: str) -> list[Reader]:
        """An array of tables (``[[touchstones]]``)."""
        value = self.raw(key, _MISSING)
        if value is _MISSING:
            return []
        if not isinstance(value, list):
            raise self.error(key, f"expected a list of tables, got {_type_name(value)}")
        return [Reader(item, self.where, f"{self.name(key)}[{i}]", self.warnings) for i, item in enumerate(value)]

    def dots(self, key: str, lo: int, hi: int) -> dict[str, int]:
        """A table of name → whole number within ``lo..hi`` (attributes, skills, disciplines)."""
        table = self.table(key)
        result: dict[str, int] = {}
        for name in table.keys():
            result[name] = table.int(name, 0, lo, hi)
        return result

    # -- what is left ---------------------------------------------------------------
    def leftover(self) -> dict[str, Any]:
        """Keys nobody consumed, with sub-tables' leftovers nested: the model's ``extra``."""
        rest: dict[str, Any] = {}
        for key, value in self.data.items():
            if key not in self._used:
                rest[key] = value
            elif key in self._children:
                inner = self._children[key].leftover()
                if inner:
                    rest[key] = inner
        return rest


def check_int(value: Any, field: str, lo: int | None, hi: int | None, where: str = "") -> int:
    """``value`` as an int within ``lo..hi``, or an :class:`InvalidDataError` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidDataError(Path(where), field, f"expected a whole number, got {_type_name(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            allowed = f"out of range {lo}-{hi}"
        elif lo is not None:
            allowed = f"below the minimum {lo}"
        else:
            allowed = f"above the maximum {hi}"
        raise InvalidDataError(Path(where), field, f"{value} is {allowed}")
    return value


def merge_extra(document: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` with the unknown keys of ``extra`` put back (known values win)."""
    for key, value in extra.items():
        if key not in document:
            document[key] = value
        elif isinstance(document[key], dict) and isinstance(value, Mapping):
            merge_extra(document[key], value)
    return document


def canonical_name(name: str, known: Iterable[str]) -> str | None:
    """The known spelling of ``name`` compared case- and space-insensitively, or None."""
    wanted = " ".join(name.split()).casefold()
    if isinstance(known, tuple):  # a rule set's fixed list: looked up, not scanned
        return _spellings(known).get(wanted)
    for candidate in known:
        if candidate.casefold() == wanted:
            return candidate
    return None


@lru_cache(maxsize=64)
def _spellings(known: tuple[str, ...]) -> dict[str, str]:
    """Folded spelling → the first known name with it: reading a chronicle's sheets folded every known skill
    name once per skill of every sheet (a tenth of opening a chronicle of 100 characters)."""
    found: dict[str, str] = {}
    for candidate in known:
        found.setdefault(candidate.casefold(), candidate)
    return found
