"""Following a session as others append to it, and filtering all history through the index."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.filters import MESSY_RESULTS, LogFilter
from vtm_tui.review.source import EntryCache, SessionTail, history_rows
from vtm_tui.store.session_log import append_entry, create_session, read_session

WHEN = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def _note(session: int, text: str) -> LogEntry:
    return LogEntry.new("note", session=session, ruleset="v5", now=WHEN, comment=text)


def test_a_tail_sees_only_what_was_appended(lisboa):
    tail = SessionTail(lisboa, 3)
    before = len(tail.load())
    assert tail.poll().new == ()
    append_entry(lisboa, _note(3, "first"))
    append_entry(lisboa, _note(3, "second"))
    found = tail.poll()
    assert [e.comment for e in found.new] == ["first", "second"] and not found.reloaded
    assert len(tail.entries) == before + 2


def test_a_tail_sees_another_process_append(lisboa):
    tail = SessionTail(lisboa, 3)
    tail.load()
    code = (
        "import sys; from pathlib import Path; from datetime import datetime, timezone\n"
        "from vtm_tui.model.log_entry import LogEntry\n"
        "from vtm_tui.store.session_log import append_entry\n"
        "append_entry(Path(sys.argv[1]), LogEntry.new('note', session=3, ruleset='v5',"
        " now=datetime(2026, 11, 29, tzinfo=timezone.utc), comment='from elsewhere'))\n"
    )
    subprocess.run([sys.executable, "-c", code, str(lisboa)], check=True)
    assert [e.comment for e in tail.poll().new] == ["from elsewhere"]


def test_following_the_newest_session_switches_when_one_starts(lisboa):
    tail = SessionTail(lisboa, 3, follow_newest=True)
    tail.load()
    create_session(lisboa, 4, started=WHEN, title="Night four")
    found = tail.poll()
    assert found.reloaded and tail.number == 4 and tail.entries == [] and tail.title == "Night four"
    append_entry(lisboa, _note(4, "the first of four"))
    assert [e.comment for e in tail.poll().new] == ["the first of four"]


def test_a_session_not_started_yet_is_empty_until_it_is(lisboa):
    tail = SessionTail(lisboa, 4)
    assert tail.load() == [] and tail.poll().new == ()
    append_entry(lisboa, _note(4, "begun"))
    found = tail.poll()
    assert found.reloaded and [e.comment for e in tail.entries] == ["begun"]


def test_a_replaced_file_is_read_again(lisboa):
    tail = SessionTail(lisboa, 1)
    tail.load()
    path = lisboa / "sessions" / "0001.toml"
    path.write_bytes(path.read_bytes()[: tail.offset // 2].rsplit(b"\n[[entry]]", 1)[0] + b"\n")
    found = tail.poll()
    assert found.reloaded and len(tail.entries) == len(read_session(lisboa, 1, recover=False).entries)


def test_history_rows_filter_every_session_and_load_full_entries(lisboa):
    progress: list[tuple[int, int]] = []
    rows, problems = history_rows(lisboa, LogFilter(tz=timezone.utc).with_results(*MESSY_RESULTS),
                                  progress=lambda done, total: progress.append((done, total)))
    assert problems == ()
    assert {row.result for row in rows} == {"messy_critical", "bestial_failure"}
    assert sorted({row.session for row in rows}) == [1, 2]  # session 3 had neither
    assert progress and progress[-1][0] == progress[-1][1]
    cache = EntryCache(lisboa, size=2)
    entries = cache.get_many(rows)
    assert [e.id for e in entries] == [row.id for row in rows]
    assert entries[0].roll["faces"]  # every face, read back from the file
    only_two, _ = history_rows(lisboa, LogFilter(), sessions=[2])
    assert {row.session for row in only_two} == {2}


def test_the_newest_entries_first_then_the_whole_session(lisboa):
    whole = read_session(lisboa, 1, recover=False).entries
    tail = SessionTail(lisboa, 1)
    recent = tail.load_recent(5)
    assert [e.id for e in recent] == [e.id for e in whole[-5:]] and tail.partial
    append_entry(lisboa, _note(1, "meanwhile"))
    assert [e.comment for e in tail.poll().new] == ["meanwhile"]
    assert tail.adopt(tail.read_whole())
    assert [e.id for e in tail.entries] == [e.id for e in whole] + [tail.entries[-1].id]
    assert not tail.partial and not tail.adopt(tail.read_whole())  # only a partial read is replaced
    assert tail.poll().new == ()


def test_the_index_is_built_by_a_child_process_with_progress(lisboa):
    from vtm_tui.review.index_builder import build_index
    from vtm_tui.store.index import HistoryIndex

    seen: list[tuple[int, int]] = []
    assert build_index(lisboa, lambda done, total: seen.append((done, total))) == ""
    assert seen and seen[-1][0] == seen[-1][1] > 0
    with HistoryIndex(lisboa) as index:
        assert index.sync().updated == 0  # the child left it complete
    (lisboa / "sessions" / "0002.toml").write_text("schema_version = 1\n[session\n", encoding="utf-8")
    assert build_index(lisboa) == ""  # a broken file is reported by the index, not a crash
    with HistoryIndex(lisboa) as index:
        assert any(p.startswith("session 2") for p in index.sync().problems)
