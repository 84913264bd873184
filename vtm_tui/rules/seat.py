"""Per rule set, what a player's seat may change on its own: asked of the RuleSet, defined in each package.

Each package's ``seat`` module names its tracker fields; everything else on a
sheet is a trait (dots, die sizes, Humanity, a V20 Path), the storyteller's to
change unless the chronicle's ``players_may_edit_traits`` is on.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.ruleset import ruleset_for


def tracker_fields(ruleset: str) -> tuple[str, ...]:
    """The tracker fields of ``ruleset``'s sheets (``resources`` covers ``resources.Health``)."""
    if ruleset not in RULESETS:
        return ()
    return ruleset_for(ruleset).tracker_fields()


def reconcile(ruleset: str, base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]
              ) -> tuple[dict[tuple[str, ...], Any], list[str]]:
    """Tracks two logins both changed in one sheet: the values the rules give when the two changes happen one
    after the other (``{path: value}``), and the tracks that cannot be combined (refused)."""
    if ruleset not in RULESETS:
        return {}, []
    return ruleset_for(ruleset).reconcile(base, ours, theirs)


def is_tracker(ruleset: str, field: str) -> bool:
    """Whether ``field`` (a dotted sheet field, e.g. ``health`` or ``resources.Health``) is a tracker."""
    return field.split(".", 1)[0] in tracker_fields(ruleset) or field in tracker_fields(ruleset)
