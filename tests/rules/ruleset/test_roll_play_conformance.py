"""Every registered rule set provides the roll facet (``RuleSet.roll_play()``), whole and of the declared shape.

A new rule set brings a ``roll_play`` module with ``ROLL_PLAY``; this test names what it lacks before the roll
dialog or the command line finds out.
"""

from __future__ import annotations

import types

import pytest

from vtm_tui.rules.roll_play import RollPlay
from vtm_tui.rules.ruleset import registered, ruleset_for

#: The options beyond the dialog's fields that ``make_request`` refuses by these names (play/request_options.py).
EXTRA_RULES = {"automatic", "awakening", "attempt", "wounds", "assist bonus", "size bonus", "passive test", "picks"}
FACET_METHODS = sorted(name for name, value in vars(RollPlay).items()
                       if isinstance(value, types.FunctionType) and not name.startswith("_"))


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_has_the_whole_roll_facet(ruleset_id: str) -> None:
    facet = ruleset_for(ruleset_id).roll_play()
    assert isinstance(facet, RollPlay)
    missing = [name for name in FACET_METHODS if not callable(getattr(facet, name, None))]
    assert not missing, f"{ruleset_id} roll_play lacks {missing}"
    assert isinstance(facet.extra_rules, frozenset) and facet.extra_rules <= EXTRA_RULES
    assert ruleset_for(ruleset_id).roll_play() is facet  # one object per rule set, not one per call


def test_the_facet_declares_the_roll_path() -> None:
    """The path play/ takes through the facet: guard against a method dropped from the Protocol."""
    assert {"build", "parse_difficulty", "headline", "perform", "faces_hint", "judge_faces", "odds", "follow_ups",
            "apply_to_sheet", "changes_sheet"} <= set(FACET_METHODS)


@pytest.mark.parametrize("ruleset_id", registered())
def test_a_blank_difficulty_is_the_rule_sets_default(ruleset_id: str) -> None:
    rules = ruleset_for(ruleset_id)
    blank = rules.roll_play().parse_difficulty("")
    assert blank is None or blank == rules.default_difficulty
    low, high = rules.difficulty_range
    assert rules.roll_play().parse_difficulty(str(high)) == high
