"""What play/, review/ and the command line ask a rule set instead of comparing its name: values, pinned per rule set.

Each answer is pinned per rule set, so a new rule set (or a slip in one) shows here, not as a wrong branch taken
in a roll, a faces hint or a log line.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from vtm_tui.model import traits
from vtm_tui.rules.ruleset import RuleSet, ruleset_for


def sheet(book: tuple[str, ...]) -> SimpleNamespace:
    """A sheet with one of the book's skills and one of its own, under both tables' names."""
    own = {"Falconry": 2, book[0]: 1}
    return SimpleNamespace(skills=own, abilities=own, proficiencies={"Archery": 2})


class Recorder:
    """Counts how often the session's log is read for the free botch."""

    def __init__(self) -> None:
        self.asked = 0

    def free_botch_used(self) -> bool:
        self.asked += 1
        return True


@pytest.mark.parametrize(("ruleset_id", "book", "extras", "free_botch", "heading"), [
    ("v5", traits.V5_SKILLS, {}, False, "successes per roll"),
    ("v20", traits.V20_ABILITIES, {}, True, "successes per roll"),
    ("ingenuity", traits.INGENUITY_MUNDANE_SKILLS, {"Archery": 0}, False, "total per roll"),
])
def test_each_rule_set_answers_the_play_questions(ruleset_id, book, extras, free_botch, heading) -> None:
    rules = ruleset_for(ruleset_id)
    assert isinstance(rules, RuleSet)
    assert rules.pool_skill_order() == book
    assert rules.pool_skills(sheet(book)) == [*book, "Falconry"]  # the book's in order, then the sheet's own
    assert rules.pool_extras(sheet(book)) == extras
    recorder = Recorder()
    assert rules.roll_play().free_botch_spent(recorder) is free_botch
    assert recorder.asked == int(free_botch)  # the log is read only where there is a free botch
    logged = rules.logged_rolls()
    assert logged.tally_heading() == heading
    assert logged.spends_free_botch({"free_botch_consumed": True}) is free_botch
    assert logged.spends_free_botch({}) is False


@pytest.mark.parametrize(("ruleset_id", "without"), [
    ("v5", {"rouse", "check", "remorse"}), ("v20", set()), ("ingenuity", set())])
def test_a_kind_says_whether_it_takes_a_difficulty(ruleset_id, without) -> None:
    rules = ruleset_for(ruleset_id)
    assert {kind for kind in rules.roll_kinds() if not rules.roll_kind(kind).takes_difficulty} == without
