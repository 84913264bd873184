"""The capabilities play/, review/ and the command line ask a rule set instead of comparing its name.

Each one is pinned per rule set, so a new rule set (or a slip in one) shows here, not as a wrong branch taken
in a roll, a faces hint or a log line.
"""

from __future__ import annotations

import pytest

from vtm_tui.model import traits
from vtm_tui.rules.ruleset import RuleSet, ruleset_for

FLAGS = ("has_hunger", "rolls_sized_dice", "difficulty_counts_successes", "willpower_buys_success",
         "willpower_takes_damage", "has_free_botch", "has_virtue_rolls", "pools_use_proficiencies")
EXPECTED = {
    "v5": {"has_hunger", "difficulty_counts_successes", "willpower_takes_damage"},
    "v20": {"willpower_buys_success", "has_free_botch", "has_virtue_rolls"},
    "ingenuity": {"rolls_sized_dice", "pools_use_proficiencies"},
}


@pytest.mark.parametrize("ruleset_id", sorted(EXPECTED))
def test_each_rule_set_answers_the_play_questions(ruleset_id: str) -> None:
    rules = ruleset_for(ruleset_id)
    assert isinstance(rules, RuleSet)
    assert {flag for flag in FLAGS if getattr(rules, flag) is True} == EXPECTED[ruleset_id]
    assert all(isinstance(getattr(rules, flag), bool) for flag in FLAGS)


def test_skills_come_from_the_sheet_table_in_book_order() -> None:
    assert (ruleset_for("v5").skills_table, ruleset_for("v5").pool_skill_order()) == ("skills", traits.V5_SKILLS)
    assert (ruleset_for("v20").skills_table, ruleset_for("v20").pool_skill_order()) == ("abilities",
                                                                                        traits.V20_ABILITIES)
    assert ruleset_for("ingenuity").skills_table == "skills"
    assert ruleset_for("ingenuity").pool_skill_order() == traits.INGENUITY_MUNDANE_SKILLS
