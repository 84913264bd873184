"""What the screens ask a rule set (``# -- ui --`` on :class:`RuleSet`): each answers every question, and
the answers are the ones the screens branched on by name before (so no screen changed its behaviour)."""

from __future__ import annotations

import pytest

from vtm_tui.rules.ruleset import ruleset_for

#: The answers by rule set: (v5, v20, ingenuity).
ANSWERS = {
    "has_hunger": (True, False, False),
    "has_stains": (True, False, False),
    "has_blood_pool": (False, True, False),
    "has_creatures": (True, True, False),
    "has_vampire_damage": (True, True, False),
    "damage_tracks_superficial": (True, False, False),
    "health_levels": (False, True, False),
    "traits_are_die_sizes": (False, False, True),
    "has_proficiencies": (False, False, True),
    "judges_total": (False, False, True),
    "difficulty_is_target_number": (False, True, False),
    "difficulty_placeholder": ("", "", "none"),
    "willpower_buys_success": (False, True, False),
    "has_free_botch": (False, True, False),
    "contest_damage_label": ("Damage", "Damage", "Resource"),
    "contest_to_willpower": (True, False, False),
    "declares_action_groups": (True, False, False),
    "rolls_initiative": (False, True, False),
    "teams_pick_turns": (False, False, True),
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
@pytest.mark.parametrize("index,ruleset", enumerate(("v5", "v20", "ingenuity")))
def test_each_rule_set_answers_what_the_screens_ask(name: str, index: int, ruleset: str) -> None:
    assert getattr(ruleset_for(ruleset), name) == ANSWERS[name][index]


def test_the_protocol_declares_every_question() -> None:
    from vtm_tui.rules.ruleset import RuleSet

    assert set(ANSWERS) <= set(RuleSet.__annotations__)


def test_a_rule_set_has_one_way_of_taking_damage() -> None:
    """Damage goes to Superficial/Aggravated tracks, to health levels, or (neither) to resources: never both."""
    for ruleset in ("v5", "v20", "ingenuity"):
        rules = ruleset_for(ruleset)
        assert not (rules.damage_tracks_superficial and rules.health_levels)
