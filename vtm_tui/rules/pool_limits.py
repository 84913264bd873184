"""What a simplified pool (a quick storyteller character's ``pools``) may hold, from the rule set's registry line.

Read from the registry (``RuleSetEntry.pool_values``) rather than asked of
:func:`vtm_tui.rules.ruleset.ruleset_for`, because the model checks pools while a chronicle opens and must not
import a whole engine to do it; each rule set's ``RuleSet`` answers ``pool_value_error`` from this same line.
"""

from __future__ import annotations

from vtm_tui.rules.base import REGISTRY


def pool_value_error(ruleset_id: str, value: int) -> str | None:
    """Why ``value`` cannot be a pool of ``ruleset_id``'s, or None."""
    allowed, message = REGISTRY[ruleset_id].pool_values
    return None if value in allowed else message
