"""Counts next to the exact expected counts from the engines; the odds of each kind of logged roll."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.entry_odds import OddsContext, entry_odds, odds_contexts
from vtm_tui.review.stats import bar, roll_stats
from vtm_tui.rules import v5, v20
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.session_log import read_session

WHEN = datetime(2026, 9, 12, 20, 0, tzinfo=timezone.utc)


def _v5(regular, hunger, difficulty, actor="Ana") -> LogEntry:
    return LogEntry.from_outcome(v5.judge(regular, hunger, difficulty), session=1, actor=actor, difficulty=difficulty,
                                 pool="Wits + Awareness", now=WHEN)


def test_v5_odds_are_the_engines_for_the_logged_pool_hunger_and_difficulty():
    entry = _v5([7, 5, 10, 1, 10], [2, 10], 3)
    assert entry_odds(entry) == pytest.approx(v5.odds(7, 2, 3).outcomes)
    assert sum(entry_odds(entry).values()) == pytest.approx(1.0)


def test_expected_count_is_the_sum_of_each_rolls_probability():
    rolls = [_v5([7, 5, 10, 1, 10], [2, 10], 3), _v5([6, 4], [1, 7], 3), _v5([8, 8, 9], [], 2, actor="Bo"),
             _v5([1, 1, 1], [10], 4)]
    stats = roll_stats(rolls, label="Ana", actor="ana")
    assert stats.rolls == 3 and stats.with_odds == 3
    messy = stats.outcome("messy_critical")
    want = v5.odds(7, 2, 3)["messy_critical"] + v5.odds(4, 2, 3)["messy_critical"] + v5.odds(4, 1, 4)["messy_critical"]
    assert messy.count == 1 and messy.expected == pytest.approx(want)
    assert stats.sentence("messy_critical") == f"Ana's messy criticals: 1 of 3 rolls; expected {want:.1f}"
    assert stats.successes == (6, 2, 1)
    assert sum(o.expected for o in stats.outcomes) == pytest.approx(3.0)


def test_a_scope_is_not_made_possessive():
    """The statistics of all sessions read "Messy criticals in all sessions shown", not "All sessions shown's"."""
    stats = roll_stats([_v5([7, 5, 10, 1, 10], [2, 10], 3)], label="All sessions shown")
    assert stats.sentence("messy_critical").startswith("Messy criticals in all sessions shown: 1 of 1 roll; ")
    assert roll_stats([_v5([6, 4], [1, 7], 3)], label="Session 3").sentence("botch").startswith("Botches in session 3:")


def test_a_willpower_reroll_has_the_odds_given_the_dice_it_kept():
    before = v5.judge([2, 10, 9, 8, 7, 3], [2], 5)
    after = v5.reroll(before, [0, 5], GivenFaces({"reroll": [5, 3]}))
    entry = LogEntry.from_outcome(after, session=1, kind="reroll", difficulty=5, now=WHEN)
    odds = entry_odds(entry)
    # 4 successes already, two dice re-rolled: a win needs one 6+ (3/4); a critical needs a 10 on either (19/100).
    assert odds["failure"] == pytest.approx(0.25)
    assert odds["critical_win"] == pytest.approx(0.19)
    assert odds["win"] == pytest.approx(0.56)


def test_checks_and_automatic_wins():
    rouse = LogEntry.from_outcome(v5.judge_rouse([4], 2), session=1, now=WHEN)
    assert entry_odds(rouse) == {"pass": 0.5, "fail": 0.5}
    twice = LogEntry.from_outcome(v5.judge_check([4, 2]), session=1, now=WHEN)
    assert entry_odds(twice) == {"pass": 0.75, "fail": 0.25}


def test_v20_free_botch_is_available_until_spent_in_that_session():
    botch = v20.judge([1, 3, 4], 6, free_botch=True)
    first = LogEntry.from_outcome(botch, session=1, now=WHEN)
    later = LogEntry.from_outcome(v20.judge([1, 3, 4], 6), session=1, now=WHEN)
    other = LogEntry.from_outcome(v20.judge([1, 3, 4], 6), session=2, now=WHEN)
    contexts = odds_contexts([first, later, other], {"free_botch": True})
    assert [c.free_botch_available for c in contexts] == [True, False, True]
    assert entry_odds(first, contexts[0])["botch"] == 0
    exact = v20.roll_odds(3, 6).outcomes["botch"]
    assert entry_odds(later, contexts[1])["botch"] == pytest.approx(float(exact))
    assert entry_odds(later, OddsContext())["botch"] == pytest.approx(float(exact))


def test_ingenuity_odds_come_from_its_engine(vigil):
    from vtm_tui.rules import ingenuity

    outcome = ingenuity.roll("d10", "d8", GivenFaces({"attribute": [6], "skill": [3], "luck": [10]}), bonus=2,
                             difficulty=10)
    entry = LogEntry.from_outcome(outcome, session=1, now=WHEN)
    want = ingenuity.odds("d10", "d8", bonus=2, difficulty=10).outcomes
    assert entry_odds(entry) == pytest.approx({k: float(v) for k, v in want.items()})


def test_every_roll_of_the_examples_has_odds_that_sum_to_one(lisboa, vigil):
    for folder in (lisboa, vigil):
        for number in (1, 2, 3) if folder == lisboa else (1,):
            for entry in read_session(folder, number, recover=False).entries:
                if entry.result:
                    odds = entry_odds(entry)
                    assert odds is not None, entry.id
                    assert sum(odds.values()) == pytest.approx(1.0)
                    assert odds.get(entry.result, 0) > 0, f"{entry.id}: logged a result its odds call impossible"


def test_hunger_over_the_session_follows_changes_and_rouse_checks(lisboa):
    entries = read_session(lisboa, 1, recover=False).entries
    stats = roll_stats(entries, label="session 1")
    assert stats.hunger["Inês Valadares"][:2] == (2, 2)  # a failed Rouse 1→2, then 2 Hunger dice
    assert max(stats.hunger["Leonor \"Nora\" Aires"]) == 3


@given(st.lists(st.tuples(st.integers(1, 8), st.integers(0, 5), st.integers(0, 6)), min_size=1, max_size=6))
@settings(max_examples=60, deadline=None)
def test_expected_counts_add_up_to_the_rolls(queries):
    rolls = []
    for pool, hunger, difficulty in queries:
        hunger = min(hunger, pool)
        faces = list(itertools.islice(itertools.cycle([3, 7, 10, 1]), pool))
        rolls.append(_v5(faces[: pool - hunger], faces[pool - hunger:], difficulty))
    stats = roll_stats(rolls, label="Ana")
    assert sum(o.expected for o in stats.outcomes) == pytest.approx(len(rolls))
    assert sum(o.count for o in stats.outcomes) == len(rolls)


def test_bars_grow_in_eighths():
    assert bar(0, 10, 8) == ""
    assert bar(10, 10, 8) == "█" * 8
    assert bar(5, 10, 8) == "████"
    assert bar(1, 80, 8) == "▏"
