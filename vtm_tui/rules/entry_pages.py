"""Pages of creation and the sheet editor whose entries only the rule set can read (V5 powers).

A step of kind ``entries`` names such a page; the screens reach its logic through :func:`entry_page`, so
they never ask which rule set they show. Each function works on a character's TOML document.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.v5 import power_page


@dataclass(frozen=True)
class EntryPage:
    """What a page of entries does: ``add`` raises a :class:`~vtm_tui.errors.VtmError` saying why not."""

    placeholder: str
    lines: Callable[[Mapping[str, Any]], list[str]]
    add: Callable[[dict[str, Any], str], None]
    remove: Callable[[dict[str, Any], int], None]
    suggestions: Callable[[Mapping[str, Any]], tuple[str, ...]]
    available: Callable[[Mapping[str, Any]], list[str]]


_PAGES: dict[tuple[str, str], EntryPage] = {
    ("v5", "powers"): EntryPage("Dominate: Mesmerize", power_page.lines, power_page.add, power_page.remove,
                                power_page.suggestions, power_page.available),
}


def entry_page(ruleset_id: str, step_id: str) -> EntryPage | None:
    """The page of entries ``step_id`` of rule set ``ruleset_id`` names, or None."""
    return _PAGES.get((ruleset_id, step_id))
