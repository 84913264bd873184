"""Rolling a request, or judging faces typed in from physical dice, through the rule set's roll facet.

Both paths end in the same engine functions (:class:`~vtm_tui.rules.roll_play.RollPlay`), so a table that rolls
real dice gets exactly the verdict the app's dice would have had. The follow-up rolls a rule set may offer (V5's
Willpower re-roll and the Rouse check before a Blood Surge) go through here too, next to the exact odds of a
re-roll *given the dice already showing*; a rule set without them refuses by name.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import OddsView
from vtm_tui.rules.ruleset import ruleset_for


def perform(request: RollRequest, dice: DiceSource) -> Outcome:
    """Roll ``request`` with ``dice`` and return the engine's judged outcome."""
    return ruleset_for(request.ruleset).roll_play().perform(request, dice)


def faces_hint(request: RollRequest) -> str:
    """What the faces field expects, e.g. ``5 faces: 3 regular | 2 Hunger (0 reads as 10)``."""
    return ruleset_for(request.ruleset).roll_play().faces_hint(request)


def judge_faces(request: RollRequest, text: str) -> Outcome:
    """Judge faces typed in from physical dice; a miscount names what was expected.

    V5: regular faces, then ``|`` and the Hunger faces (without a bar the last
    faces are read as the Hunger dice). Ingenuity: attribute, skill, luck, then
    any re-roll faces that advantage or disadvantage call for.
    """
    if request.automatic:
        raise VtmError("Faces: an automatic success rolls no dice")
    return ruleset_for(request.ruleset).roll_play().judge_faces(request, text)


def surge_rouse(request: RollRequest, dice: DiceSource) -> Outcome:
    """The Rouse check a Blood Surge costs, made before the surged pool is rolled."""
    return ruleset_for(request.ruleset).roll_play().surge_rouse(request, dice)


def after_surge(request: RollRequest, rouse: Any) -> RollRequest:
    """The surged test as it is rolled: with the Hunger *after* its Rouse check (docs/rules.md, Blood Surge)."""
    return ruleset_for(request.ruleset).roll_play().after_surge(request, rouse)


def willpower_reroll(first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
    """Spend Willpower on a roll (V5): a strategy's name or regular dice by index (from 0)."""
    return ruleset_for(first.ruleset).roll_play().willpower_reroll(first, choice, dice)


def reroll_odds(first: Any, indices: tuple[int, ...] | list[int]) -> OddsView:
    """Exact odds of each result after re-rolling the regular dice at ``indices`` of ``first`` (V5).

    Conditional on the faces already showing: the re-rolled dice fall in three
    classes, so at most 27 cases are judged (three dice), weighted by faces.
    """
    return ruleset_for(first.ruleset).roll_play().reroll_odds(first, indices)


def reroll_indices(first: Outcome, strategy: str) -> tuple[int, ...]:
    """The dice a Willpower re-roll ``strategy`` would re-roll on ``first`` (V5)."""
    return ruleset_for(first.ruleset).roll_play().reroll_indices(first, strategy)
