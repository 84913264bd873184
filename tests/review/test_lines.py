"""One entry, one line: Hunger dice marked by symbol, secret Difficulties only for the storyteller."""

from __future__ import annotations

from datetime import datetime, timezone

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.lines import Die, format_entry
from vtm_tui.rules.v5 import judge

WHEN = datetime(2026, 9, 12, 20, 51, tzinfo=timezone.utc)


def _roll(secret: bool = False) -> LogEntry:
    outcome = judge([7, 5, 10, 1, 10], [2, 10], 3)
    return LogEntry.from_outcome(outcome, session=1, actor="Inês", pool="Charisma 4 + Persuasion 3", difficulty=3,
                                 secret=secret, comment="asking", now=WHEN)


def test_a_messy_critical_reads_with_its_hunger_tens_marked():
    line = format_entry(_roll(), tz=timezone.utc)
    assert line.dice[-2:] == (Die("2", hunger=True), Die("10", hunger=True))
    assert line.text() == "20:51  Inês  Charisma 4 + Persuasion 3  7 5 10 1 10 ⟨2⟩ ⟨10⟩  D3  messy critical  +3  asking"


def test_secret_difficulty_is_marked_for_the_storyteller_and_hidden_from_players():
    assert format_entry(_roll(secret=True), tz=timezone.utc).difficulty == "D3 secret"
    assert format_entry(_roll(secret=True), storyteller=False, tz=timezone.utc).difficulty == "D?"


def test_a_failure_shows_its_shortfall_and_all_sessions_show_the_date():
    outcome = judge([6, 4], [4, 8], 3)
    entry = LogEntry.from_outcome(outcome, session=2, actor="Vicente", pool="Wits 4", difficulty=3, now=WHEN)
    line = format_entry(entry, tz=timezone.utc, with_date=True)
    assert (line.outcome, line.margin) == ("failure", "-1")
    assert line.time == "#2 2026-09-12 20:51"


def test_tracker_changes_and_session_markers_say_what_happened():
    change = LogEntry.new("hunger", session=1, ruleset="v5", now=WHEN, actor="Inês",
                          change={"field": "hunger", "before": 1, "after": 2})
    assert format_entry(change, tz=timezone.utc).text() == "20:51  Inês  hunger 1→2"
    end = LogEntry.new("session_end", session=1, ruleset="v5", now=WHEN, comment="dawn")
    assert format_entry(end, tz=timezone.utc).text() == "20:51  session ended  dawn"


def test_times_follow_the_zone_asked_for():
    from zoneinfo import ZoneInfo

    assert format_entry(_roll(), tz=ZoneInfo("Europe/Lisbon")).time == "21:51"  # WEST in September


def test_a_player_learns_nothing_that_gives_a_secret_difficulty_away():
    from vtm_tui.review.detail import detail_rows
    from vtm_tui.review.entry_odds import entry_odds

    entry = _roll(secret=True)
    assert format_entry(entry, storyteller=False, tz=timezone.utc).margin == ""
    rows = {row.label: row.value for row in detail_rows(entry, odds=entry_odds(entry), storyteller=False)}
    assert rows["Difficulty"] == "?" and "Odds" not in rows and rows["Result"] == "messy critical"
    told = {row.label: row.value for row in detail_rows(entry, odds=entry_odds(entry), storyteller=True)}
    assert told["Difficulty"] == "3 (secret)" and "Odds" in told and told["Result"] == "messy critical (margin +3)"


def test_a_contest_shows_both_sides_dice_and_a_request_says_it_was_asked():
    """A contest's entry keeps each side's dice under actor/opponent: the line showed none of them."""
    from vtm_tui.rules.v5 import contest, judge as judge_v5
    from vtm_tui.store.requests import request_entry

    outcome = contest(judge_v5([8, 6, 2], [10], 2), judge_v5([7, 1], [], 2))
    entry = LogEntry.from_outcome(outcome, session=1, actor="Duarte", pool="Strength 2 + Brawl 2", kind="contest",
                                  comment="against Tomás (Dexterity 2)", now=WHEN)
    line = format_entry(entry, tz=timezone.utc)
    assert line.dice_text == "8 6 2 ⟨10⟩ vs 7 1"
    asked = request_entry(session=1, ruleset="v5", actor="Inês", pool="Wits + Awareness", difficulty=3, now=WHEN)
    assert format_entry(asked, tz=timezone.utc).what == "asked: Wits + Awareness"
