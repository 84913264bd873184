"""A log is data: a damaged entry gets no odds and a shorter detail, never a frozen review or a traceback.

A Willpower re-roll claiming more dice than the rules allow would have the odds judge 10^n landings."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.entry_odds import entry_odds
from vtm_tui.rules import v5
from vtm_tui.rules.dice import GivenFaces

WHEN = datetime(2026, 9, 12, 20, 0, tzinfo=timezone.utc)


def _reroll() -> LogEntry:
    before = v5.judge([2, 10, 9, 8, 7, 3], [2], 5)
    after = v5.reroll(before, [0, 5], GivenFaces({"reroll": [5, 3]}))
    return LogEntry.from_outcome(after, session=1, kind="reroll", difficulty=5, now=WHEN)


@pytest.mark.parametrize("indices", [[0, 1, 2, 3], [0, 0], [6], [-1], ["0"], [True]])
def test_a_reroll_the_rules_could_not_have_made_has_no_odds(indices: list) -> None:
    """Four dice (at most three may be re-rolled), one die twice, a Hunger die, no die, a word."""
    entry = _reroll()
    entry.roll["reroll"]["indices"] = indices
    assert entry_odds(entry) is None


def test_the_reroll_as_logged_keeps_its_odds() -> None:
    assert entry_odds(_reroll()) == pytest.approx({"failure": 0.25, "critical_win": 0.19, "win": 0.56})


def test_an_ingenuity_entry_with_damaged_rerolls_still_shows_its_detail() -> None:
    """Re-roll records that are not tables (or a list that is not one) are left out, not a crash of the screen."""
    from vtm_tui.review.detail import detail_rows
    from vtm_tui.rules import ingenuity

    outcome = ingenuity.roll("d10", "d8", GivenFaces({"attribute": [6], "skill": [3], "luck": [10]}), difficulty=10)
    entry = LogEntry.from_outcome(outcome, session=1, now=WHEN)
    for damaged in ([1, "x", {"kind": "advantage", "die": "skill", "replaced": 3, "rolled": 7, "kept": 7}], 5):
        entry.roll["faces"]["rerolls"] = damaged
        rows = {row.label: row.value for row in detail_rows(entry)}
        assert rows["Attribute die"] == "d10 → 6" and "Result" in rows
        assert ("Advantage" in rows) == isinstance(damaged, list)


def test_a_v5_reroll_with_damaged_records_still_shows_its_detail() -> None:
    """Positions that are not numbers, faces that are not lists, a result that is not a word."""
    from vtm_tui.review.detail import detail_rows

    entry = _reroll()
    entry.roll["reroll"].update(indices=["a", 1], old_faces=7, new_faces=None)
    entry.roll["before"]["result"] = 3
    rows = {row.label: row.value for row in detail_rows(entry)}
    assert rows["Re-rolled"] == "dice a, 2:  → " and rows["Before"].endswith("→ 3")
