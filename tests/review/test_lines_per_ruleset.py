"""Each rule set's logged roll reads in its own terms, on its line and in its detail: the words come from the rule
set's ``logged_rolls()`` facet, and they are the words the log has always shown (these strings are the oracle)."""

from __future__ import annotations

from datetime import datetime, timezone

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.detail import detail_rows
from vtm_tui.review.lines import format_entry
from vtm_tui.rules import ingenuity, v5, v20
from vtm_tui.rules.dice import GivenFaces

WHEN = datetime(2026, 9, 12, 20, 51, tzinfo=timezone.utc)


def _entry(outcome: object, kind: str = "roll") -> LogEntry:
    return LogEntry.from_outcome(outcome, session=1, actor="Ana", pool="Wits + Awareness", kind=kind, now=WHEN)


def _rows(entry: LogEntry) -> dict[str, str]:
    return {row.label: row.value for row in detail_rows(entry, tz=timezone.utc)}


def test_an_ingenuity_roll_shows_its_die_sizes_and_the_luck_die():
    entry = _entry(ingenuity.roll("d10", "d8", GivenFaces({"attribute": [6], "skill": [3], "luck": [20]}), bonus=2,
                                  difficulty=10))
    assert format_entry(entry, tz=timezone.utc).text() == "20:51  Ana  Wits + Awareness  d10:6 d8:3 luck:20  D10  success  +5"
    rows = _rows(entry)
    assert (rows["Attribute die"], rows["Skill die"], rows["Luck die"]) == ("d10 → 6", "d8 → 3", "d20 → 20 (20: +4)")
    assert rows["Bonuses"] == "bonus +2, luck +4" and rows["Total"] == "15" and "Dice" not in rows


def test_a_v20_roll_shows_its_d10s_in_one_row():
    entry = _entry(v20.judge([1, 8, 9, 4], 6))
    assert format_entry(entry, tz=timezone.utc).text() == "20:51  Ana  Wits + Awareness  1 8 9 4  D6  success  +1"
    rows = _rows(entry)
    assert rows["Dice"] == "1 8 9 4" and "Regular dice" not in rows and rows["Counted"] == "1 successes, 1 ones"


def test_a_v5_reroll_shows_regular_and_hunger_dice_and_the_dice_before_it():
    before = v5.judge([2, 10, 9, 8, 7, 3], [2], 5)
    entry = _entry(v5.reroll(before, [0, 5], GivenFaces({"reroll": [5, 3]})), kind="reroll")
    line = format_entry(entry, tz=timezone.utc).text()
    assert line == "20:51  Ana  re-roll: Wits + Awareness  5 10 9 8 7 3 ⟨2⟩  D5  failure  -1"
    rows = _rows(entry)
    assert (rows["Regular dice"], rows["Hunger dice"]) == ("5 10 9 8 7 3", "⟨2⟩") and "Dice" not in rows
    assert rows["Before"] == "2 10 9 8 7 3 ⟨2⟩ → failure" and rows["Re-rolled"] == "dice 1, 6: 2 3 → 5 3"


def test_each_rule_sets_results_set_the_lines_tone():
    """What stands out on a log line is the rule set's to say: a messy critical or a botch alarms, a win shows."""
    v5_lines = [format_entry(_entry(v5.judge(faces, hunger, 2))) for faces, hunger in
                (([10, 3], [10]), ([8, 9], [2]), ([1, 2], [3]), ([1, 7], [1]))]
    assert [(line.result, line.tone) for line in v5_lines] == [
        ("messy_critical", "alarm"), ("win", "win"), ("total_failure", "alarm"), ("bestial_failure", "alarm")]
    v20_lines = [format_entry(_entry(v20.judge(faces, 6))) for faces in ([1, 3], [7, 2], [2, 3])]
    assert [(line.result, line.tone) for line in v20_lines] == [("botch", "alarm"), ("success", "win"),
                                                               ("failure", "")]
    luck = format_entry(_entry(ingenuity.judge_luck(3)))
    assert (luck.result, luck.tone) == ("failure", "")
    assert format_entry(_entry(ingenuity.judge_luck(20))).tone == "win"
