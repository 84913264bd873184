"""The conflict layer asks the RuleSet what differs (rolls, turn order, wounds, extras); it never compares names.

Issue 15: a rule set's name compared in every layer makes each new rule set cost a branch everywhere. The
conflict code reaches ``Table.rules`` (the :class:`~vtm_tui.rules.ruleset.RuleSet`) instead; these tests pin
the answers each rule set gives and guard against comparisons creeping back in.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.context import Table
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.ruleset import RuleSet, ruleset_for

CONFLICT = Path(__file__).resolve().parents[2] / "vtm_tui" / "conflict"
NAME = r"['\"](?:v5|v20|ingenuity)['\"]"
COMPARISON = re.compile(rf"(==|!=)\s*{NAME}|{NAME}\s*(==|!=)|case\s+{NAME}|\bin\s*[(\[{{]\s*{NAME}")


def test_no_rule_set_name_is_compared_under_conflict():
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(CONFLICT.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if COMPARISON.search(line)]
    assert found == []


DICE = "pool 'general' must be 0-30 dice, not 31"
SIZE = "pool 'general': an Ingenuity extra rolls a die size, d4-d12, not {}"


@pytest.mark.parametrize(("ruleset", "answers"), [
    ("v5", (("", "Name", "Side", "Action", "Health", "State"), False, (None, DICE), 4, 4)),
    ("v20", (("", "Name", "Side", "Init", "Health", "State"), True, (None, DICE), 4, 7)),
    ("ingenuity", (("", "Name", "Team", "Turn", "Health", "State"), False, (SIZE.format(5), SIZE.format(31)), 6, 8)),
])
def test_each_rule_set_answers_the_conflict_questions(ruleset, answers):
    """The turn order's columns, whether a sheet that does not say is a vampire's, an extra's pool refused."""
    rules = ruleset_for(ruleset)
    assert isinstance(rules, RuleSet)
    facet = rules.conflict_round()
    refused = (facet.extra_pool_error("general", 5), facet.extra_pool_error("general", 31))
    assert (facet.order_columns(), facet.vampire(object()), refused, rules.default_extra_pool,
            rules.default_extra_health) == answers


@pytest.mark.parametrize(("ruleset", "pools", "health"), [
    ("v5", {"general": 4}, 4), ("v20", {"general": 4}, 7), ("ingenuity", {"general": 6}, 8)])
def test_an_extra_without_pools_or_health_gets_the_rule_sets_defaults(ruleset, pools, health):
    table = Table.build(ruleset, 1, datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert table.rules is ruleset_for(ruleset)
    extra = roster.add_extras(tracker.new_conflict(), table, "Ghoul").conflict.participants[0]
    assert extra.extra["pools"] == pools and extra.extra["health"] == health


@pytest.mark.parametrize("ruleset", ["v5", "v20"])
def test_a_rule_set_that_leaves_surprise_to_the_storyteller_refuses_a_surprise_round(ruleset):
    """The refusal is the rule set's own start of a round now, and still comes before anything changes."""
    table = Table.build(ruleset, 1, datetime(2026, 1, 1, tzinfo=timezone.utc))
    conflict = roster.add_extras(tracker.new_conflict(), table, "Ghoul", count=2).conflict
    with pytest.raises(tracker.ConflictError, match="surprise rounds are an Ingenuity rule"):
        tracker.next_round(conflict, table, GivenFaces([]), surprise="opposition")
    assert tracker.next_round(conflict, table, GivenFaces([5] * 10)).conflict.round == 1  # without one, it begins


@pytest.mark.parametrize(("ruleset", "pools", "refused"), [
    ("v5", {"general": 31}, "pool 'general' must be 0-30 dice, not 31"),
    ("ingenuity", {"general": 5}, "pool 'general': an Ingenuity extra rolls a die size, d4-d12, not 5")])
def test_an_extras_pool_is_refused_in_the_rule_sets_words(ruleset, pools, refused):
    table = Table.build(ruleset, 1, datetime(2026, 1, 1, tzinfo=timezone.utc))
    with pytest.raises(tracker.ConflictError, match=re.escape(refused)):
        roster.add_extras(tracker.new_conflict(), table, "Ghoul", pools=pools)
