"""The sections of a printable sheet, per rule set (used by the Markdown export).

Each rule set's ``sheet_sections`` module turns a character document (the
plain tables of ``characters/<slug>.toml``) into titled sections of
``(label, value)`` rows; the exporter only lays them out. Reached by rule-set id.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

MODULES = {
    "v5": "vtm_tui.rules.v5.sheet_sections",
    "v20": "vtm_tui.rules.v20.sheet_sections",
    "ingenuity": "vtm_tui.rules.ingenuity.sheet_sections",
}


@dataclass(frozen=True)
class Section:
    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)


def sections(ruleset: str, doc: dict) -> list[Section]:
    return importlib.import_module(MODULES[ruleset]).sections(doc)


def dots(value: int, top: int = 5) -> str:
    """``●●●○○ 3``: the dots a printed sheet shows, with the number for screen readers."""
    value = max(0, int(value))
    return "●" * min(value, top) + "○" * max(0, top - value) + f" {value}"


def rated(table: dict, top: int = 5) -> list[tuple[str, str]]:
    return [(name, dots(value, top)) for name, value in table.items()]
