"""Issue 28: the log's character filter finds every entry that concerns a character.

A contest's entry names its attacker as ``actor`` and its defender in ``characters``; a conflict's undo names the
characters of the change it took back and the sheets it restored. Filtering by any of them finds the entry, the
same in memory and from the history index; a seat's view of an entry stays what the one visibility rule gives.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.conflict.context import Table, concerned, undo_entry
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.visibility import Viewer, entry_for
from vtm_tui.review.filters import LogFilter
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.index import HistoryIndex
from vtm_tui.store.session_log import read_session

NOW = datetime(2026, 11, 30, 21, 0, tzinfo=timezone.utc)
ATTACKER, DEFENDER = "Vicente Lobo", "Inês Valadares"  # Inês is Marta's


def _contest(lisboa: Path, *, secret: bool = False) -> tuple[list[LogEntry], LogEntry]:
    """A roll-only contest, Vicente against Inês, logged in a new session 4; then its undo. (entries, undo)."""
    store = open_chronicle(lisboa)
    number = store.start_session(NOW)
    chronicle = store.chronicle
    table = Table.build(chronicle.ruleset, number, NOW, chronicle.options, store.characters)
    conflict = tracker.new_conflict()
    for name in (ATTACKER, DEFENDER):
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    conflict = tracker.next_round(conflict, table, GivenFaces([])).conflict
    dice = GivenFaces({"regular": [7, 7, 7, 2, 2, 2, 6, 2], "hunger": [3, 3, 4, 4]})
    change = resolve(conflict, table, dice, ContestSpec(ATTACKER, DEFENDER, "Strength + Brawl",
                                                        "Dexterity + Athletics", apply=False))
    entries = [e if not secret else LogEntry(**{**e.__dict__, "secret": True}) for e in change.entries]
    for entry in entries:
        store.log(entry)
    undo = undo_entry(table, [], concerned(change))
    store.log(undo)
    return entries, undo


def _found(lisboa: Path, name: str) -> tuple[list[str], list[str]]:
    """The ids filtering by ``name`` finds: (in memory, from the index)."""
    log_filter = LogFilter(tz=timezone.utc).with_actor(name)
    numbers = [n for n in (1, 2, 3, 4) if (lisboa / "sessions" / f"{n:04d}.toml").exists()]
    entries = [e for n in numbers for e in read_session(lisboa, n, recover=False).entries]
    with HistoryIndex(lisboa) as index:
        index.sync()
        from_index = [row.id for row in index.query(**log_filter.query_kwargs())]
    return [e.id for e in entries if log_filter.matches(e)], from_index


def test_filtering_by_the_defender_finds_the_contest(lisboa: Path) -> None:
    (contest,), _undo = _contest(lisboa)
    assert (contest.kind, contest.actor, contest.characters) == ("contest", ATTACKER, (DEFENDER,))
    in_memory, from_index = _found(lisboa, "inês valadares")
    assert contest.id in in_memory and in_memory == from_index
    assert read_session(lisboa, 4, recover=False).entries[-2].characters == (DEFENDER,)  # read back from the file


def test_filtering_by_either_side_finds_the_conflicts_undo(lisboa: Path) -> None:
    _entries, undo = _contest(lisboa)
    assert undo.comment.startswith("undo") and set(undo.characters) == {ATTACKER, DEFENDER}
    for name in (ATTACKER, DEFENDER):
        in_memory, from_index = _found(lisboa, name)
        assert undo.id in in_memory and in_memory == from_index


def test_an_old_entry_without_characters_filters_as_before(lisboa: Path) -> None:
    in_memory, from_index = _found(lisboa, DEFENDER)
    old = [e for n in (1, 2, 3) for e in read_session(lisboa, n, recover=False).entries]
    assert all(e.characters == () for e in old)
    assert in_memory == from_index == [e.id for e in old if e.actor.casefold() == DEFENDER.casefold()]


def test_a_seat_sees_a_secret_contest_as_before_and_not_whom_it_named(lisboa: Path) -> None:
    (contest,), _undo = _contest(lisboa, secret=True)
    marta = Viewer(player="Marta", own=frozenset({DEFENDER}))
    seen = entry_for(marta, contest)
    assert seen is not None and seen.comment == "" and seen.characters == ()  # "against Inês…" is hidden
    note = LogEntry.new("note", session=4, ruleset="v5", now=NOW, secret=True, comment="the Prince's plan",
                        characters=(DEFENDER,))
    assert entry_for(marta, note) is None  # naming her character shows a seat nothing it may not see


def test_the_command_lines_character_filter_finds_the_defender_and_hides_a_secret_ones(lisboa: Path, capsys) -> None:
    import json

    from vtm_tui.cli import main

    (contest,), undo = _contest(lisboa, secret=True)
    for session in ("4", "all"):  # one session read in memory; all of them through the index
        assert main(["log", str(lisboa), "--session", session, "--character", "ines", "--json"]) == 0
        ids = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
        assert contest.id in ids and undo.id in ids
    assert main(["log", str(lisboa), "--session", "4", "--character", "ines", "--json", "--hide-secret"]) == 0
    ids = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
    assert contest.id not in ids  # the players' view: whom a secret contest named is hidden, so it is not selected
    assert undo.id in ids  # the undo is no secret


def test_a_hand_written_characters_value_that_is_not_a_list_of_names_is_refused_by_name() -> None:
    import pytest

    from vtm_tui.model.errors import InvalidDataError

    base = {"id": "a1", "time": NOW, "session": 1, "kind": "contest", "ruleset": "v5", "actor": ATTACKER}
    assert LogEntry.from_toml(base, where="0001.toml").characters == ()  # older entries: none
    assert LogEntry.from_toml({**base, "characters": [DEFENDER]}, where="0001.toml").characters == (DEFENDER,)
    for bad in (DEFENDER, [""], ["two\nlines"], [3]):
        with pytest.raises(InvalidDataError, match="characters"):
            LogEntry.from_toml({**base, "characters": bad}, where="0001.toml")
