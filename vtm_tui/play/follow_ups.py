"""What follows a roll: the rules' consequences and the choices they open.

A storyteller looking at a result wants to know at once what it costs and what may be done next (V5: Hunger +1
after a failed Rouse check, "win at a cost?", which Willpower re-roll would help and by how much; V20: the
degree of success, a botch forgiven; Ingenuity: luck, a shortfall to escalate). The rule set's roll facet
(:meth:`~vtm_tui.rules.roll_play.RollPlay.follow_ups`) lists them as plain data
(:class:`~vtm_tui.rules.roll_views.FollowUp`); the dialog turns the actionable ones into one-key actions.
"""

from __future__ import annotations

from vtm_tui.model.character import Character
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import ACTIONS, FollowUp, label
from vtm_tui.rules.ruleset import ruleset_for

__all__ = ["ACTIONS", "FollowUp", "describe_result", "follow_ups"]


def follow_ups(outcome: Outcome, request: RollRequest, character: Character | None = None) -> tuple[FollowUp, ...]:
    """Everything that follows ``outcome``, in the order a storyteller reads it."""
    sheet = character.sheet if character is not None else None
    return ruleset_for(outcome.ruleset).roll_play().follow_ups(outcome, request, sheet)


def describe_result(outcome: Outcome) -> str:
    """``messy critical, margin 2`` / ``failure, shortfall 1``: the result line's words."""
    words = label(outcome.result)
    shortfall = getattr(outcome, "shortfall", 0)
    inner = getattr(outcome, "after", None) if hasattr(outcome, "selection") else getattr(outcome, "roll", None)
    if inner is not None:
        shortfall = getattr(inner, "shortfall", 0)
    if outcome.win:
        return f"{words}, margin {outcome.margin}"
    if shortfall:
        return f"{words}, shortfall {shortfall}"
    return words
