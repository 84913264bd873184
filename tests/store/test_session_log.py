"""Session logs: appends keep the file valid TOML, reads return what was written, polling sees new entries."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import InvalidDataError, StoreError
from vtm_tui.store.session_log import (
    LogRewrittenError,
    append_entry,
    create_session,
    end_session,
    read_new_entries,
    read_session,
    session_numbers,
    session_path,
)

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)


def entry(n: int, session: int = 1, **fields) -> LogEntry:
    values = dict(
        actor="Ana Lúcia" if n % 2 else "Bo \"the Knife\"", pool="Wits 3 + Awareness 2", difficulty=n % 6,
        secret=n % 3 == 0, result="win" if n % 2 else "bestial_failure", margin=n % 4,
        roll={"ruleset": "v5", "faces": [n % 10 + 1, 10, 3], "hunger_faces": [1], "nested": {"rerolled": [[1, 2], []]}},
        comment=f"roll {n}\nsecond line",
    )  # fmt: skip
    values.update(fields)
    return LogEntry.new("roll", session=session, ruleset="v5", now=START + timedelta(seconds=n), **values)


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    folder = tmp_path / "night-of-teeth"
    folder.mkdir()
    (folder / "chronicle.toml").write_text('schema_version = 1\nname = "Night of Teeth"\nruleset = "v5"\n')
    return folder


def test_session_path_is_four_digits(chronicle: Path) -> None:
    assert session_path(chronicle, 3).name == "0003.toml"
    assert session_path(chronicle, 12345).name == "12345.toml"
    with pytest.raises(StoreError, match="1 or more, got 0"):
        session_path(chronicle, 0)


def test_create_session_writes_the_header(chronicle: Path) -> None:
    path = create_session(chronicle, 3, started=START, title="Elysium\n\"night\"", extra={"players": ["Ana", "Bo"]})
    data = tomllib.loads(path.read_text())
    assert data == {
        "schema_version": 1,
        "session": {"number": 3, "started": START, "title": "Elysium\n\"night\"", "players": ["Ana", "Bo"]},
    }
    log = read_session(chronicle, 3)
    assert log.info.title == "Elysium\n\"night\"" and log.info.extra == {"players": ["Ana", "Bo"]}
    assert log.entries == [] and log.torn is None and log.offset == path.stat().st_size
    assert session_numbers(chronicle) == [3]


def test_create_session_refuses_an_existing_one_unless_asked(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="already exists; it was not touched"):
        create_session(chronicle, 1, started=START + timedelta(days=1))
    assert create_session(chronicle, 1, started=START + timedelta(days=1), exist_ok=True) == path
    assert path.read_bytes() == before


def test_create_session_needs_an_aware_time(chronicle: Path) -> None:
    with pytest.raises(StoreError, match="time zone"):
        create_session(chronicle, 1, started=datetime(2026, 1, 1))


def test_every_append_leaves_valid_toml_and_reads_back_exactly(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    written = []
    for n in range(12):
        item = entry(n)
        append_entry(chronicle, item)
        written.append(item)
        parsed = tomllib.loads(path.read_text())
        assert [e["id"] for e in parsed["entry"]] == [w.id for w in written]
        assert path.read_bytes().endswith(f"# end entry {item.id}\n".encode())
    assert read_session(chronicle, 1).entries == written


def test_append_never_reads_the_file(chronicle: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Flat cost: the append path only probes the last bytes, whatever the size."""
    import os

    create_session(chronicle, 1, started=START)
    for n in range(50):
        append_entry(chronicle, entry(n))
    reads: list[int] = []
    real_pread = os.pread
    monkeypatch.setattr(os, "pread", lambda fd, n, off: reads.append(n) or real_pread(fd, n, off))
    monkeypatch.setattr(os, "read", lambda *a: pytest.fail("append read the file"))
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("append read the file"))
    append_entry(chronicle, entry(99))
    assert reads and max(reads) <= 512


def test_append_creates_a_missing_session(chronicle: Path) -> None:
    item = entry(1, session=7)
    append_entry(chronicle, item)
    log = read_session(chronicle, 7)
    assert log.info.number == 7 and log.info.started == item.time and log.entries == [item]


def test_append_refuses_what_is_not_an_entry(chronicle: Path) -> None:
    with pytest.raises(StoreError, match="only log entries"):
        append_entry(chronicle, {"kind": "roll"})  # type: ignore[arg-type]


def test_end_session_appends_with_the_chronicle_ruleset(chronicle: Path) -> None:
    path = create_session(chronicle, 2, started=START)
    append_entry(chronicle, entry(1, session=2))
    before = path.read_bytes()
    end_session(chronicle, 2, ended=START + timedelta(hours=4))
    after = path.read_bytes()
    assert after.startswith(before)  # appended, not rewritten
    log = read_session(chronicle, 2)
    assert log.entries[-1].kind == "session_end" and log.entries[-1].ruleset == "v5"
    assert log.ended == START + timedelta(hours=4)


def test_end_session_of_a_session_never_started(chronicle: Path) -> None:
    with pytest.raises(StoreError, match="never started"):
        end_session(chronicle, 9, ended=START)


def test_actors_and_rolls(chronicle: Path) -> None:
    create_session(chronicle, 1, started=START)
    for n in range(3):
        append_entry(chronicle, entry(n))
    append_entry(chronicle, LogEntry.new("note", session=1, ruleset="v5", comment="break"))
    log = read_session(chronicle, 1)
    assert log.actors == ['Bo "the Knife"', "Ana Lúcia"] and len(log.rolls) == 3


def test_read_new_entries_only_parses_what_was_added(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    append_entry(chronicle, entry(1))
    log = read_session(chronicle, 1)
    assert read_new_entries(chronicle, 1, log.offset) == ([], log.offset)
    second, third = entry(2), entry(3)
    append_entry(chronicle, second)
    append_entry(chronicle, third)
    new, offset = read_new_entries(chronicle, 1, log.offset)
    assert new == [second, third] and offset == path.stat().st_size
    everything, from_zero = read_new_entries(chronicle, 1, 0)
    assert [e.id for e in everything] == [log.entries[0].id, second.id, third.id] and from_zero == offset


def test_read_new_entries_waits_for_a_block_being_written(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    offset = path.stat().st_size
    block = fmt.format_block(entry(1))
    with open(path, "ab") as handle:  # a writer half way through its write()
        handle.write(block[:-3])
    assert read_new_entries(chronicle, 1, offset) == ([], offset)
    with open(path, "ab") as handle:
        handle.write(block[-3:])
    new, after = read_new_entries(chronicle, 1, offset)
    assert len(new) == 1 and after == path.stat().st_size


def test_read_new_entries_notices_a_replaced_file(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    with pytest.raises(LogRewrittenError, match="reload"):
        read_new_entries(chronicle, 1, path.stat().st_size + 10)


def test_read_new_entries_reports_the_real_line_of_a_bad_entry(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    append_entry(chronicle, entry(1))
    offset = path.stat().st_size
    with open(path, "ab") as handle:
        handle.write(b'\n[[entry]]\nid = "x1"\ntime = 2026-11-29T20:00:00Z\nsession = 1\nkind = "roll"\n'
                     b'ruleset = "v9"\n# end entry x1\n')  # fmt: skip
    lines_before = path.read_bytes()[:offset].count(b"\n")
    with pytest.raises(InvalidDataError) as info:
        read_new_entries(chronicle, 1, offset)
    assert info.value.field == "ruleset"
    assert f"entry 1 (line {lines_before + 2})" in str(info.value)


def test_missing_session_is_a_clear_error(chronicle: Path) -> None:
    with pytest.raises(StoreError, match="0004.toml: no such session log"):
        read_session(chronicle, 4)


def test_schema_version_checks(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    path.write_text(path.read_text().replace("schema_version = 1", "schema_version = 2"))
    with pytest.raises(StoreError, match="newer vtm-tui"):
        read_session(chronicle, 1)
    path.write_text(path.read_text().replace("schema_version = 2\n", ""))
    with pytest.raises(InvalidDataError, match="schema_version"):
        read_session(chronicle, 1)


def test_hand_written_entries_without_markers_are_kept(chronicle: Path) -> None:
    """A person may add several entries by hand; only a single unfinished last block counts as torn."""
    path = create_session(chronicle, 1, started=START)
    hand = (
        '\n[[entry]]\nid = "h1"\ntime = 2026-11-29T20:00:00Z\nsession = 1\nkind = "note"\nruleset = "v5"\n'
        '\n[[entry]]\nid = "h2"\ntime = 2026-11-29T20:01:00Z\nsession = 1\nkind = "note"\nruleset = "v5"\n'
    )
    with open(path, "a") as handle:
        handle.write(hand)
    log = read_session(chronicle, 1)
    assert [e.id for e in log.entries] == ["h1", "h2"] and log.torn is None
    append_entry(chronicle, entry(1))
    assert [e.id for e in read_session(chronicle, 1).entries][:2] == ["h1", "h2"]


def test_a_hand_typed_comment_after_the_last_block_is_kept(chronicle: Path) -> None:
    path = create_session(chronicle, 1, started=START)
    with open(path, "a") as handle:
        handle.write("# the coterie left early")  # no newline at the end
    append_entry(chronicle, entry(1))
    text = path.read_text()
    assert "# the coterie left early\n\n[[entry]]" in text
    assert len(read_session(chronicle, 1).entries) == 1


def test_read_recent_gives_the_newest_entries_and_a_polling_offset(chronicle: Path) -> None:
    from vtm_tui.store.log_lookup import read_recent

    create_session(chronicle, 1, started=START, title="Long night")
    written = [entry(n, comment="x" * 300) for n in range(120)]  # long enough to need several reads from the end
    for item in written:
        append_entry(chronicle, item)
    full = read_session(chronicle, 1)
    info, newest, offset = read_recent(chronicle, 1, 10)
    assert info == full.info and newest == written[-10:] and offset == full.offset
    assert read_recent(chronicle, 1, 500)[1] == written
    assert read_recent(chronicle, 1, 0)[1] == []
    later = entry(500)
    append_entry(chronicle, later)
    assert read_new_entries(chronicle, 1, offset) == ([later], session_path(chronicle, 1).stat().st_size)


def test_read_recent_leaves_a_torn_block_alone(chronicle: Path) -> None:
    from vtm_tui.store.log_lookup import read_recent

    create_session(chronicle, 1, started=START)
    written = [entry(n, comment="y" * 400) for n in range(60)]
    for item in written:
        append_entry(chronicle, item)
    path = session_path(chronicle, 1)
    damaged = path.read_bytes() + fmt.format_block(entry(99))[:50]
    path.write_bytes(damaged)
    assert read_recent(chronicle, 1, 5)[1] == written[-5:]
    assert path.read_bytes() == damaged
