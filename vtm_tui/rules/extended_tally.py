"""The tally arithmetic every rule set's extended actions share: add each roll until the target.

It is the V20 engine's :class:`~vtm_tui.rules.v20.extended.ExtendedAction` and
:class:`~vtm_tui.rules.v20.extended.ExtendedContest` (a botch restarts or fails the action, by the
chronicle's ``extended_botch`` option; V5 and Ingenuity rolls never botch), named here so a
conflict's tallies (``vtm_tui/conflict/tallies.py``) reach it without importing an engine.
"""

from vtm_tui.rules.v20.extended import ExtendedAction, ExtendedContest

__all__ = ["ExtendedAction", "ExtendedContest"]
