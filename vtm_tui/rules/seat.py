"""Per rule set, what a player's seat may change on its own: reached by rule-set id, defined in each package.

Each package's ``seat`` module names its tracker fields; everything else on a
sheet is a trait (dots, die sizes, Humanity, a V20 Path), the storyteller's to
change unless the chronicle's ``players_may_edit_traits`` is on.
"""

from __future__ import annotations

from importlib import import_module

from vtm_tui.rules.base import RULESETS


def tracker_fields(ruleset: str) -> tuple[str, ...]:
    """The tracker fields of ``ruleset``'s sheets (``resources`` covers ``resources.Health``)."""
    if ruleset not in RULESETS:
        return ()
    return tuple(import_module(f"vtm_tui.rules.{ruleset}.seat").TRACKER_FIELDS)


def is_tracker(ruleset: str, field: str) -> bool:
    """Whether ``field`` (a dotted sheet field, e.g. ``health`` or ``resources.Health``) is a tracker."""
    return field.split(".", 1)[0] in tracker_fields(ruleset) or field in tracker_fields(ruleset)
