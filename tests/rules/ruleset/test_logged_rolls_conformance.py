"""Every rule set reads its logged rolls through the ``logged`` facet, and review/ reads them through nothing else.

The facet (:mod:`vtm_tui.rules.logged`) is what a new rule set must provide for the log screen, its detail and
the statistics to work: these tests say which function is missing and check each answers a real logged roll of
its rule set (odds summing to one that allow the logged result, the dice of its log line and its detail rows, a
tally) and a damaged one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.logged import LoggedRolls
from vtm_tui.rules.ruleset import registered, ruleset_for
from vtm_tui.store.toml_io import dumps_toml, parse_toml

WHEN = datetime(2026, 9, 12, 20, 0, tzinfo=timezone.utc)
REVIEW = Path(__file__).resolve().parents[3] / "vtm_tui" / "review"


def _v5() -> Any:
    from vtm_tui.rules import v5

    return v5.judge([7, 5, 10, 1, 10], [2, 10], 3)


def _v20() -> Any:
    from vtm_tui.rules import v20

    return v20.judge([1, 8, 9, 4], 6)


def _ingenuity() -> Any:
    from vtm_tui.rules import ingenuity

    return ingenuity.roll("d10", "d8", GivenFaces({"attribute": [6], "skill": [3], "luck": [10]}), bonus=2,
                          difficulty=10)


#: One engine outcome per registered rule set (a new rule set adds its line here, or this test fails).
SAMPLES: dict[str, Callable[[], Any]] = {"v5": _v5, "v20": _v20, "ingenuity": _ingenuity}


def test_every_registered_rule_set_has_a_sample() -> None:
    assert set(SAMPLES) == set(registered())


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_provides_the_logged_facet(ruleset_id: str) -> None:
    facet = ruleset_for(ruleset_id).logged_rolls()
    assert isinstance(facet, LoggedRolls)
    missing = [name for name in ("odds", "dice", "dice_rows", "tally", "hunger_shown") if not callable(getattr(facet, name, None))]
    assert not missing


@pytest.mark.parametrize("ruleset_id", registered())
def test_the_facet_reads_a_logged_roll_of_its_rule_set(ruleset_id: str) -> None:
    entry = LogEntry.from_outcome(SAMPLES[ruleset_id](), session=1, now=WHEN)
    text = dumps_toml(entry.to_toml())
    roll = LogEntry.from_toml(parse_toml(text, "log.toml"), where="log.toml").roll  # as read back from the file
    facet = ruleset_for(ruleset_id).logged_rolls()
    odds = facet.odds(roll, {}, False)
    assert odds is not None and sum(odds.values()) == pytest.approx(1.0) and odds.get(entry.result, 0) > 0
    dice = facet.dice(roll)
    assert dice and all(isinstance(words, str) and words and isinstance(hunger, bool) for words, hunger in dice)
    rows = facet.dice_rows(roll)
    assert rows and all(isinstance(label, str) and isinstance(words, str) and words for label, words in rows)
    assert isinstance(facet.tally(roll), int)
    shown = facet.hunger_shown(roll)
    assert shown is None or 0 <= shown <= 5
    rules = ruleset_for(ruleset_id)
    assert isinstance(facet.alarming_results, frozenset) and isinstance(facet.winning_results, frozenset)
    assert (facet.alarming_results | facet.winning_results) <= set(rules.result_order)


@pytest.mark.parametrize("ruleset_id", registered())
def test_a_damaged_roll_gets_no_made_up_answer(ruleset_id: str) -> None:
    """A roll table missing its keys: no dice rows, no tally, no Hunger; odds None or one of the errors review
    reads as "no odds" (never an AttributeError that would reach a screen)."""
    facet = ruleset_for(ruleset_id).logged_rolls()
    damaged = {"faces": "broken", "dice": 3, "successes": True, "total": "x", "hunger": "2"}
    assert facet.dice(damaged) == () and facet.dice_rows(damaged) == [] and facet.tally(damaged) is None and facet.hunger_shown(damaged) is None
    try:
        facet.odds({"kind": "contest"}, {}, False)
    except (KeyError, TypeError, ValueError):
        pass


def test_a_v5_check_scores_no_tally_but_a_test_does() -> None:
    """The statistics' series of successes holds pools' successes: a check's kept die is not one."""
    from vtm_tui.rules import v5

    facet = ruleset_for("v5").logged_rolls()
    assert facet.tally(v5.judge_check([4, 7]).to_dict()) is None
    assert facet.tally(v5.judge_rouse([8], 2).to_dict()) is None
    assert facet.tally(_v5().to_dict()) == 6


def test_review_imports_no_engine_and_asks_no_flag_chain() -> None:
    """review/ keeps the common flow: what differs per rule set comes from the facet, not from engine imports
    or capability flags that re-derive which rule set it is."""
    engines = re.compile(r"vtm_tui\.rules\.(v5|v20|ingenuity)\b|from vtm_tui\.rules import (v5|v20|ingenuity)")
    flags = re.compile(r"\.(has_hunger|rolls_sized_dice|judges_total|difficulty_counts_successes)\b")
    found = [f"{path.name}:{n}: {line.strip()}" for path in sorted(REVIEW.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if engines.search(line) or flags.search(line)]
    assert not found, "\n".join(found)
