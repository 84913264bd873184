"""This tool's own JSON export read back (``vtm-tui export --format json``): any rule set."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.importing import Converted

FORMAT_TAG = "vtm-tui character"


def detect(data: Any) -> bool:
    return isinstance(data, Mapping) and data.get("format") == FORMAT_TAG


def convert(data: Mapping[str, Any]) -> Converted:
    doc = data.get("character")
    if not isinstance(doc, Mapping):
        raise RulesError("is a vtm-tui export without its 'character' object")
    doc = dict(doc)
    xp = doc.get("experience")
    if isinstance(xp, Mapping) and isinstance(xp.get("history"), list):
        doc["experience"] = {**xp, "history": [_dated(row) for row in xp["history"]]}
    return Converted(doc, [])


def _dated(row: Any) -> Any:
    """JSON has no dates: the export writes ISO 8601 text, read back here as a date and time."""
    if isinstance(row, Mapping) and isinstance(row.get("time"), str):
        try:
            return {**row, "time": datetime.fromisoformat(row["time"].replace("Z", "+00:00"))}
        except ValueError:
            raise RulesError(f"experience.history: {row['time'][:40]!r} is not a date and time") from None
    return row
