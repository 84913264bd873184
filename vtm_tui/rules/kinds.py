"""Which kinds of roll each rule set offers, asked by the app and the play layer (never by name).

Each rule set's :class:`~vtm_tui.rules.ruleset.RuleSet` says (``roll_kinds``, ``listed_kinds``); these
functions take a rule-set id for the callers that hold one.
"""

from __future__ import annotations

from vtm_tui.rules.ruleset import ruleset_for


def roll_kinds(ruleset: str) -> dict[str, str]:
    """The kinds of roll ``ruleset`` offers, id → label (the first is the ordinary test)."""
    return ruleset_for(ruleset).roll_kinds()


def listed_kinds(ruleset: str) -> dict[str, str]:
    """The kinds besides the test that the app lists by name (command palette), id → label."""
    return ruleset_for(ruleset).listed_kinds()
