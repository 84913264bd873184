"""The odds a logged roll had, recomputed exactly from the engines from what the log kept.

A log entry keeps the engine's whole outcome (``entry.roll``): the pool and
Hunger dice, the Difficulty, the flags. From those the rule set's ``logged``
facet (``ruleset_for(id).logged_rolls().odds``, :mod:`vtm_tui.rules.logged`)
works out the chance of every result that roll could have had, with its
exact-odds engine: nothing is estimated by sampling. This module keeps what is
common: the chronicle's house rules and, per session, whether V20's free botch
was still unspent (:func:`odds_contexts`).

Anything else (contests, a kind from a newer tool, a damaged entry) has no odds: ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.logged import Odds
from vtm_tui.rules.ruleset import ruleset_for


@dataclass(frozen=True)
class OddsContext:
    """What the odds of a roll depend on beyond the roll itself: the chronicle's house rules."""

    options: dict[str, Any] = field(default_factory=dict)
    free_botch_available: bool = False  # V20: the session's free botch was not yet spent before this roll


def entry_odds(entry: LogEntry, context: OddsContext | None = None) -> Odds | None:
    """Result name → exact probability for this roll (they sum to 1), or None when it has no odds."""
    roll = entry.roll
    if not roll or not entry.result:
        return None
    context = context or OddsContext()
    try:
        return ruleset_for(entry.ruleset).logged_rolls().odds(roll, context.options, context.free_botch_available)
    except (VtmError, LookupError, TypeError, ValueError, AttributeError):  # a damaged entry: no odds, no traceback
        return None


def odds_contexts(entries: list[LogEntry], options: dict[str, Any] | None = None) -> list[OddsContext]:
    """One context per entry, in order: V20's free botch is available until a roll of that session spends it."""
    options = dict(options or {})
    free_botch = bool(options.get("free_botch", False))
    spent: set[int] = set()
    contexts = []
    for entry in entries:
        available = free_botch and entry.session not in spent
        contexts.append(OddsContext(options, available))
        if ruleset_for(entry.ruleset).logged_rolls().spends_free_botch(entry.roll):
            spent.add(entry.session)
    return contexts
