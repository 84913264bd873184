"""Pages of creation and the sheet editor whose entries only the rule set can read (V5 powers).

A step of kind ``entries`` names such a page; the screens reach its logic through :func:`entry_page` (the
RuleSet's ``entry_page``), so they never ask which rule set they show.
"""

from __future__ import annotations

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_spec import EntryPage

__all__ = ["EntryPage", "entry_page"]


def entry_page(ruleset_id: str, step_id: str) -> EntryPage | None:
    """The page of entries ``step_id`` of rule set ``ruleset_id`` names, or None."""
    return ruleset_for(ruleset_id).entry_page(step_id)
