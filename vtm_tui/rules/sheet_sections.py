"""The sections of a printable sheet, per rule set (used by the Markdown export).

Each rule set's ``sheet_sections`` module turns a character document (the
plain tables of ``characters/<slug>.toml``) into titled sections of
``(label, value)`` rows; the exporter only lays them out. Reached through the RuleSet.
"""

from __future__ import annotations

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_spec import Section


def sections(ruleset: str, doc: dict) -> list[Section]:
    """The printable sections of ``doc``, by its rule set's ``sheet_sections`` module."""
    return ruleset_for(ruleset).sheet_sections(doc)


def dots(value: int, top: int = 5) -> str:
    """``●●●○○ 3``: the dots a printed sheet shows, with the number for screen readers."""
    value = max(0, int(value))
    return "●" * min(value, top) + "○" * max(0, top - value) + f" {value}"


def rated(table: dict, top: int = 5) -> list[tuple[str, str]]:
    return [(name, dots(value, top)) for name, value in table.items()]
