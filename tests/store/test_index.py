"""The history index: derived from the TOML files, kept in step with them, never needed."""

from __future__ import annotations

import os
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import index
from vtm_tui.store.index import (
    HistoryIndex, index_path, list_sessions, load_entries, query, session_summaries, sync_index,
)
from vtm_tui.store.session_log import append_entry, create_session, read_session, session_path

START = datetime(2026, 11, 1, 20, 0, tzinfo=timezone.utc)
ACTORS = ["Ana Lúcia", "Bo", "Łucja"]
RESULTS = ["win", "failure", "messy_critical", "bestial_failure"]


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(index.CACHE_ENV, str(folder))
    return folder


def roll(session: int, n: int, **fields) -> LogEntry:
    values = dict(
        actor=ACTORS[n % 3], result=RESULTS[n % 4], margin=n % 3, pool=f"Wits {n % 5} + Awareness 2",
        difficulty=n % 5, secret=n % 7 == 0, comment=f"Scene {n}: the guard at Łódź" if n % 10 == 0 else "",
        roll={"faces": [n % 10 + 1, 10], "hunger_faces": [1]},
    )  # fmt: skip
    values.update(fields)
    return LogEntry.new("roll", session=session, ruleset="v5", now=START + timedelta(days=session, minutes=n), **values)


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    folder = tmp_path / "chronicle"
    for session in (1, 2, 3):
        create_session(folder, session, started=START + timedelta(days=session), title=f"Night {session}")
        for n in range(40):
            append_entry(folder, roll(session, n))
    append_entry(folder, LogEntry.new("note", session=3, ruleset="v5", comment="The Prince arrives", now=START))
    return folder


def test_the_index_lives_in_the_cache_not_in_the_chronicle(chronicle: Path, cache: Path) -> None:
    sync_index(chronicle)
    path = index_path(chronicle)
    assert path.is_file() and cache in path.parents
    assert path.name.startswith("chronicle-") and path.suffix == ".sqlite"
    assert not any(p.suffix == ".sqlite" for p in chronicle.rglob("*"))
    assert index_path(chronicle) != index_path(chronicle.parent / "other")


def test_combined_filters(chronicle: Path) -> None:
    every = [e for s in (1, 2, 3) for e in read_session(chronicle, s).entries]
    found = query(chronicle, actor="ana lúcia", results=["win", "messy_critical"], sessions=[2, 3])
    expected = [e for e in every if e.actor == "Ana Lúcia" and e.result in ("win", "messy_critical") and e.session > 1]
    assert [f.id for f in found] == [e.id for e in expected] and expected
    assert [f.id for f in query(chronicle, kinds="note")] == [every[-1].id]
    assert len(query(chronicle, ruleset="v5")) == 121 and query(chronicle, ruleset="v20") == []
    assert len(query(chronicle, secret=True)) == len([e for e in every if e.secret])


def test_text_search_ignores_case_beyond_ascii_and_needs_every_word(chronicle: Path) -> None:
    hits = query(chronicle, text="ŁÓDŹ GUARD")
    assert len(hits) == 12 and all("Łódź" in h.comment for h in hits)
    assert query(chronicle, text="łódź prince") == []
    assert len(query(chronicle, text="prince")) == 1
    assert len(query(chronicle, text="awareness", actor="Bo", sessions=1)) == 13


def test_time_window_limit_and_order(chronicle: Path) -> None:
    day2 = START + timedelta(days=2)
    hits = query(chronicle, since=day2, until=day2 + timedelta(minutes=10))
    assert [h.seq for h in hits] == list(range(10)) and {h.session for h in hits} == {2}
    newest = query(chronicle, order="desc", limit=3)
    assert [(h.session, h.seq) for h in newest] == [(3, 40), (3, 39), (3, 38)]
    with pytest.raises(index.StoreError, match="order must be"):
        query(chronicle, order="sideways")


def test_empty_filter_lists_match_nothing(chronicle: Path) -> None:
    assert query(chronicle, kinds=[]) == []


def test_hits_carry_the_columns_and_load_back_whole(chronicle: Path) -> None:
    hit = query(chronicle, sessions=2, limit=1)[0]
    original = read_session(chronicle, 2).entries[0]
    assert (hit.actor, hit.kind, hit.result, hit.margin, hit.pool, hit.difficulty, hit.secret, hit.time) == (
        original.actor, original.kind, original.result, original.margin, original.pool, original.difficulty,
        original.secret, original.time,
    )  # fmt: skip
    assert load_entries(chronicle, [hit]) == [original]
    data = session_path(chronicle, 2).read_bytes()
    assert data[hit.offset : hit.offset + hit.length].startswith(b"[[entry]]\nid = \"" + hit.id.encode())


def test_an_append_indexes_only_the_new_bytes(chronicle: Path) -> None:
    sync_index(chronicle)
    assert sync_index(chronicle).updated == 0
    extra = roll(2, 99, actor="Zed")
    append_entry(chronicle, extra)
    report = sync_index(chronicle)
    assert (report.updated, report.entries_added) == (1, 1)
    hits = query(chronicle, actor="zed")
    assert [(h.id, h.session, h.seq) for h in hits] == [(extra.id, 2, 40)]
    assert load_entries(chronicle, hits) == [extra]


def test_a_hand_edit_rebuilds_that_file(chronicle: Path) -> None:
    sync_index(chronicle)
    path = session_path(chronicle, 1)
    text = path.read_text().replace('actor = "Bo"', 'actor = "Bea"')  # the file grows, but not by an append
    path.write_text(text)
    assert len(query(chronicle, actor="Bo", sessions=1)) == 0
    assert len(query(chronicle, actor="Bea", sessions=1)) == 13


def test_a_same_length_hand_edit_is_seen(chronicle: Path) -> None:
    sync_index(chronicle)
    path = session_path(chronicle, 1)
    before = path.stat()
    path.write_text(path.read_text().replace('actor = "Bo"', 'actor = "Cy"', 1))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000))
    assert len(query(chronicle, actor="Cy")) == 1


def test_stale_offsets_fall_back_to_reading_the_session(chronicle: Path) -> None:
    hit = query(chronicle, sessions=3, limit=1)[0]
    path = session_path(chronicle, 3)
    path.write_text(path.read_text().replace("[session]", "[session]\nlocation = \"Elysium\""))
    assert load_entries(chronicle, [hit]) == [read_session(chronicle, 3).entries[0]]


def test_deleting_the_index_loses_nothing(chronicle: Path) -> None:
    before = query(chronicle)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{index_path(chronicle)}{suffix}").unlink(missing_ok=True)
    assert query(chronicle) == before


def test_a_corrupt_index_is_rebuilt(chronicle: Path) -> None:
    before = query(chronicle)
    path = index_path(chronicle)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    assert query(chronicle) == before


def test_an_unwritable_cache_falls_back_to_memory(chronicle: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv(index.CACHE_ENV, str(blocker))
    with HistoryIndex(chronicle) as opened:
        assert str(opened.path) == ":memory:"
        opened.sync()
        assert len(opened.query()) == 121


def test_a_broken_session_is_reported_and_the_rest_still_answers(chronicle: Path) -> None:
    path = session_path(chronicle, 2)
    good = path.read_text()
    path.write_text(good.replace("margin = 1", "margin = ", 1))
    report = sync_index(chronicle)
    assert len(report.problems) == 1 and report.problems[0].startswith("session 2: ")
    assert "line" in report.problems[0] and "column" in report.problems[0]
    assert {h.session for h in query(chronicle)} == {1, 3}
    summary = {s.number: s for s in list_sessions(chronicle)}
    assert summary[2].problem and summary[2].entries == 0 and not summary[1].problem
    path.write_text(good)
    assert sync_index(chronicle).problems == ()
    assert {h.session for h in query(chronicle)} == {1, 2, 3}


def test_a_deleted_session_leaves_the_index(chronicle: Path) -> None:
    sync_index(chronicle)
    session_path(chronicle, 2).unlink()
    assert {h.session for h in query(chronicle)} == {1, 3}
    assert [s.number for s in list_sessions(chronicle)] == [1, 3]


def test_a_torn_tail_is_not_indexed_until_complete(chronicle: Path) -> None:
    from vtm_tui.store import log_format as fmt

    path = session_path(chronicle, 3)
    late = roll(3, 77, actor="Late")
    block = fmt.format_block(late)
    with open(path, "ab") as handle:
        handle.write(block[:60])
    assert query(chronicle, actor="late") == []
    with open(path, "ab") as handle:
        handle.write(block[60:])
    assert [h.id for h in query(chronicle, actor="late")] == [late.id]


def test_progress_is_reported_in_bytes(chronicle: Path) -> None:
    calls: list[tuple[int, int]] = []
    sync_index(chronicle, progress=lambda done, total: calls.append((done, total)))
    total = sum(session_path(chronicle, n).stat().st_size for n in (1, 2, 3))
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    calls.clear()
    sync_index(chronicle, progress=lambda done, total: calls.append((done, total)))
    assert calls == []  # nothing to do, nothing to show


def test_session_summaries(chronicle: Path) -> None:
    append_entry(chronicle, LogEntry.new("session_end", session=2, ruleset="v5", now=START + timedelta(days=3)))
    summaries = session_summaries(chronicle)
    assert [s.number for s in summaries] == [1, 2, 3]
    two = summaries[1]
    assert (two.title, two.started, two.entries, two.rolls) == ("Night 2", START + timedelta(days=2), 41, 40)
    assert two.actors == tuple(ACTORS) and two.ended == START + timedelta(days=3)
    assert summaries[2].entries == 41 and summaries[2].rolls == 40 and summaries[2].ended is None


def test_two_indexers_at_once_do_not_duplicate(chronicle: Path) -> None:
    errors: list[BaseException] = []

    def work() -> None:
        try:
            sync_index(chronicle)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    hits = query(chronicle)
    assert len(hits) == 121 and len({h.id for h in hits}) == 121


def test_an_index_from_another_version_is_rebuilt(chronicle: Path) -> None:
    import sqlite3

    before = query(chronicle)
    db = sqlite3.connect(index_path(chronicle))
    db.executescript("UPDATE meta SET value = '0' WHERE key = 'version'; DROP TABLE files;"
                     "CREATE TABLE files (session INTEGER PRIMARY KEY, size INTEGER);")  # fmt: skip
    db.close()
    assert query(chronicle) == before
    assert [s.entries for s in list_sessions(chronicle)] == [40, 40, 41]


def test_summaries_follow_appends(chronicle: Path) -> None:
    list_sessions(chronicle)
    append_entry(chronicle, roll(3, 50, actor="Newcomer"))
    append_entry(chronicle, LogEntry.new("session_end", session=3, ruleset="v5", now=START + timedelta(days=4)))
    three = list_sessions(chronicle)[2]
    assert (three.entries, three.rolls) == (43, 41)
    assert three.actors == (*ACTORS, "Newcomer") and three.ended == START + timedelta(days=4)
    assert three.last_time == START + timedelta(days=4)
