"""A torn last block is set aside and reported; a file broken by hand is never touched."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import BrokenFileError, InvalidDataError
from vtm_tui.store.session_log import (
    append_entry,
    create_session,
    read_new_entries,
    read_session,
    recover_session,
    session_path,
    set_aside_files,
)

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)


def entry(n: int) -> LogEntry:
    return LogEntry.new(
        "roll", session=1, ruleset="v20", now=START + timedelta(seconds=n), actor="Mira", pool="Dex + Brawl",
        difficulty=6, result="success", margin=2, roll={"faces": [6, 7, 1, 10], "net": 2}, comment=f"n{n}",
    )  # fmt: skip


@pytest.fixture
def three(tmp_path: Path) -> tuple[Path, Path, list[LogEntry]]:
    """A chronicle whose session 1 holds three complete entries."""
    create_session(tmp_path, 1, started=START, title="Three")
    items = [entry(n) for n in range(3)]
    for item in items:
        append_entry(tmp_path, item)
    return tmp_path, session_path(tmp_path, 1), items


def test_a_torn_block_at_every_cut_point_is_set_aside(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, items = three
    good = path.read_bytes()
    block = fmt.format_block(entry(3))
    for cut in range(1, len(block)):
        path.write_bytes(good + block[:cut])
        log = read_session(chronicle, 1)
        assert log.entries == items, cut
        if block[:cut].strip():
            assert path.read_bytes() == good, cut
            assert log.torn is not None, cut
            assert log.torn.side_file is not None and log.torn.side_file.read_bytes() == block[:cut]
            assert log.torn.size == cut
            log.torn.side_file.unlink()
        else:  # only the leading newline made it: harmless, left as it is
            assert log.torn is None and path.read_bytes() == good + b"\n"
    assert set_aside_files(chronicle, 1) == []


def test_the_report_names_the_entry_and_the_side_file(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, items = three
    torn = entry(9)
    block = fmt.format_block(torn)
    path.write_bytes(path.read_bytes() + block[: block.index(b"pool")])
    log = read_session(chronicle, 1)
    assert log.torn is not None and log.torn.entry_id == torn.id
    message = log.torn.message
    assert str(path) in message and log.torn.side_file.name in message and torn.id in message
    assert "everything before it is intact" in message
    assert log.set_aside == (log.torn.side_file,)
    assert log.torn.side_file.name.startswith("0001.toml.torn-")
    assert read_session(chronicle, 1).torn is None  # once repaired, later reads are clean
    assert read_session(chronicle, 1).set_aside == (log.torn.side_file,)  # but the side file stays listed


def test_a_torn_block_that_parses_is_still_caught(three: tuple[Path, Path, list[LogEntry]]) -> None:
    """Cut at a line boundary, the tail is valid TOML; only the missing marker tells."""
    chronicle, path, items = three
    block = fmt.format_block(entry(3))
    cut = block.index(b"roll = ")
    path.write_bytes(path.read_bytes() + block[:cut])
    import tomllib

    assert len(tomllib.loads(path.read_text())["entry"]) == 4  # parses: 4 entries, the last one incomplete
    log = read_session(chronicle, 1)
    assert log.entries == items and log.torn is not None


def test_zero_bytes_from_a_power_loss_are_set_aside(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, items = three
    path.write_bytes(path.read_bytes() + b"\0" * 300)
    log = read_session(chronicle, 1)
    assert log.entries == items and log.torn is not None and log.torn.size == 300


def test_torn_utf8_in_the_tail_is_set_aside(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, items = three
    item = LogEntry.new("note", session=1, ruleset="v20", comment="Łódź ünd ☾")
    data = fmt.format_block(item)
    cut = data.index("☾".encode()) + 1  # in the middle of a three-byte character
    path.write_bytes(path.read_bytes() + data[:cut])
    log = read_session(chronicle, 1)
    assert log.entries == items and log.torn is not None


def test_the_next_append_sets_a_torn_block_aside_too(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, items = three
    torn = fmt.format_block(entry(7))
    path.write_bytes(path.read_bytes() + torn[:40])
    later = entry(8)
    report = append_entry(chronicle, later)
    assert report is not None and report.side_file.read_bytes() == torn[:40]
    assert read_session(chronicle, 1).entries == [*items, later]


def test_reading_without_recovery_reports_but_writes_nothing(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, items = three
    damaged = path.read_bytes() + fmt.format_block(entry(3))[:30]
    path.write_bytes(damaged)
    log = read_session(chronicle, 1, recover=False)
    assert log.entries == items and log.torn is not None and log.torn.side_file is None
    assert "will be set aside" in log.torn.message
    assert path.read_bytes() == damaged and set_aside_files(chronicle, 1) == []
    assert recover_session(chronicle, 1) is not None and path.read_bytes() != damaged


def test_polling_ignores_a_torn_block(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, _ = three
    size = path.stat().st_size
    path.write_bytes(path.read_bytes() + fmt.format_block(entry(3))[:50])
    assert read_new_entries(chronicle, 1, size) == ([], size)


def test_a_hand_broken_middle_is_reported_and_never_rewritten(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, _ = three
    lines = path.read_text().splitlines(keepends=True)
    where = next(i for i, line in enumerate(lines) if line.startswith("margin = ")) + 1
    lines[where - 1] = "margin = \n"
    broken = "".join(lines).encode()
    path.write_bytes(broken)
    with pytest.raises(BrokenFileError) as info:
        read_session(chronicle, 1)
    assert info.value.line == where and info.value.column is not None
    assert str(info.value).startswith(f"{path}, line {where}, column ")
    assert "nothing was overwritten" in str(info.value)
    assert path.read_bytes() == broken and set_aside_files(chronicle, 1) == []


def test_a_hand_broken_middle_with_a_torn_tail_is_still_not_touched(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, _ = three
    text = path.read_text().replace('pool = "Dex + Brawl"', 'pool = "Dex + Brawl', 1)
    broken = text.encode() + fmt.format_block(entry(5))[:30]
    path.write_bytes(broken)
    with pytest.raises(BrokenFileError) as info:
        read_session(chronicle, 1)
    assert info.value.line == text.splitlines().index('pool = "Dex + Brawl') + 1
    assert path.read_bytes() == broken and set_aside_files(chronicle, 1) == []


def test_a_bad_value_names_the_entry_its_line_and_the_field(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, _ = three
    text = path.read_text()
    second = text.index("[[entry]]", text.index("[[entry]]") + 1)
    text = text[:second] + text[second:].replace("difficulty = 6", 'difficulty = "six"', 1)
    path.write_text(text)
    with pytest.raises(InvalidDataError) as info:
        read_session(chronicle, 1)
    line = text[:second].count("\n") + 1
    assert info.value.field == "difficulty"
    assert str(info.value).startswith(f"{path}, entry 2 (line {line}): field 'difficulty': must be a whole number")


def test_a_file_that_is_not_utf8_names_the_line(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, _ = three
    data = path.read_bytes().replace(b"Mira", b"Mi\xffa", 1)
    path.write_bytes(data)
    with pytest.raises(BrokenFileError, match="not UTF-8") as info:
        read_session(chronicle, 1)
    assert info.value.line == data[: data.index(b"\xff")].count(b"\n") + 1


def test_a_clean_file_is_checked_without_the_lock(three: tuple[Path, Path, list[LogEntry]]) -> None:
    chronicle, path, _ = three
    lock = path.parent / ".lock"
    lock.unlink()
    assert recover_session(chronicle, 1) is None
    assert read_session(chronicle, 1).torn is None
    assert not lock.exists()  # a read-only look leaves nothing behind
