"""The exact odds of any request, in one shape for every rule set.

The dialog's bar chart needs an ordered list of (result, probability), the chance to win and one expected
value; each engine answers in its own terms (V5 floats per result, V20 and Ingenuity exact fractions), and
the rule set's roll facet (:meth:`~vtm_tui.rules.roll_play.RollPlay.odds`) translates them into an
:class:`~vtm_tui.rules.roll_views.OddsView`. Every number comes from the engines' exact odds, never from
simulation.
"""

from __future__ import annotations

from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import LABELS, OddsView, label
from vtm_tui.rules.ruleset import ruleset_for

__all__ = ["LABELS", "OddsView", "label", "odds"]


def odds(request: RollRequest) -> OddsView:
    """Exact odds of ``request`` (V5 with its Hunger; V20 with specialty and Willpower; Ingenuity with luck)."""
    return ruleset_for(request.ruleset).roll_play().odds(request)
