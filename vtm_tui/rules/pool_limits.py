"""What a simplified pool (a quick storyteller character's ``pools``) may hold, by rule-set id.

A small mapping rather than a question to :func:`vtm_tui.rules.ruleset.ruleset_for`, because the model checks
pools while a chronicle opens and must not import a whole engine to do it; each rule set's ``RuleSet``
answers ``pool_value_error`` from this same table.
"""

from __future__ import annotations

#: Rule-set id → (the values a pool may take, how to say so).
POOL_VALUES: dict[str, tuple[tuple[int, ...], str]] = {
    "v5": (tuple(range(0, 21)), "a pool is 0-20 dice"),
    "v20": (tuple(range(0, 31)), "a pool is 0-30 dice"),
    "ingenuity": ((4, 6, 8, 10, 12), "a pool is a die: 4, 6, 8, 10 or 12 (d4…d12)"),
}


def pool_value_error(ruleset_id: str, value: int) -> str | None:
    """Why ``value`` cannot be a pool of ``ruleset_id``'s, or None."""
    allowed, message = POOL_VALUES[ruleset_id]
    return None if value in allowed else message
