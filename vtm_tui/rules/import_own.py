"""This tool's own JSON export read back (``vtm-tui export --format json``): any rule set."""

from __future__ import annotations

from collections.abc import Mapping
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
    return Converted(dict(doc), [])
