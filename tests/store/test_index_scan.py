"""The index's own scanner gives the rows a full tomllib parse gives, or steps aside for tomllib.

The reference ("slow") rows come from ``tomllib.loads`` of the whole file and
``LogEntry.from_toml``, as the index read every file before the scanner; the
scanner must agree with them for the tool's own blocks, awkward strings
included, and answer ``None`` for anything a person edited.
"""

from __future__ import annotations

import sqlite3
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_session_log_format import entries

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import index
from vtm_tui.store import log_format as fmt
from vtm_tui.store.log_index_rows import characters_columns, micros
from vtm_tui.store.log_index_scan import read_rows, scan_chunk, search_text
from vtm_tui.store.session_log import append_entry, create_session, session_path

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)
AWKWARD = st.one_of(
    st.sampled_from([
        "", 'Mira "Two" Ferro', "back\\slash", "C:\\new\\table", "line\nbreak", "cr\r\nlf", "tab\there",
        "[bold]not markup[/bold]", "[[entry]]", "\n[[entry]]\n# end entry x\n", "# end entry abc", "Łukasz 🦇 ü",
        "nul\x00 del\x7f", "'''", '"""', "x = 1", "\\u0041", "\u2028\u2029\x85",
    ]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
)  # fmt: skip
BARE = st.from_regex(r"[a-z_]{1,8}", fullmatch=True)
#: A character's name in an entry's ``characters``: one line, not blank (LogEntry refuses others).
NAMES = st.lists(AWKWARD.filter(lambda s: s.strip() and "\n" not in s), max_size=3)


def _slow_rows(data: bytes, session: int = 1, seq0: int = 0, base: int = 0) -> list[tuple]:
    """The rows from a full tomllib parse (rolls and all) and validated LogEntry objects."""
    tables = tomllib.loads(data.decode()).get("entry", [])
    found = [LogEntry.from_toml(table, where="") for table in tables]
    spans = fmt.entry_spans(data)
    return [
        (session, seq0 + i, e.id, micros(e.time), e.actor, e.actor.casefold(), e.kind, e.ruleset, e.result, e.margin,
         e.pool, e.comment, int(e.secret), e.difficulty, base + offset, length, search_text(e),
         *characters_columns(e.characters))
        for i, (e, (offset, length)) in enumerate(zip(found, spans, strict=True))
    ]  # fmt: skip


@st.composite
def plain_entries(draw: st.DrawFn) -> LogEntry:
    """Entries as the tool writes them: awkward texts, a change of plain values, a storyteller comment."""
    return LogEntry(
        id=draw(st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True)),
        time=draw(st.datetimes(min_value=datetime(1970, 1, 1), max_value=datetime(2999, 1, 1),
                               timezones=st.just(timezone.utc))),
        session=draw(st.integers(1, 10_000)), kind=draw(st.sampled_from(LogEntry.KINDS)),
        ruleset=draw(st.sampled_from(["v5", "v20", "ingenuity"])), actor=draw(AWKWARD), pool=draw(AWKWARD),
        difficulty=draw(st.none() | st.integers(0, 100)), secret=draw(st.booleans()), result=draw(AWKWARD),
        margin=draw(st.integers(-(2**40), 2**40)), roll=draw(st.dictionaries(BARE, st.integers(), max_size=3)),
        comment=draw(AWKWARD), ref=draw(AWKWARD), characters=tuple(draw(NAMES)),
        change=draw(st.dictionaries(BARE, st.one_of(st.integers(), AWKWARD, st.booleans()), max_size=3)),
        extra=draw(st.dictionaries(st.sampled_from(["storyteller_comment", "typed", "x-new"]),
                                   st.one_of(AWKWARD, st.booleans(), st.integers()), max_size=2)),
    )  # fmt: skip


def _steps_aside(data: bytes) -> bool:
    """Whether the scanner leaves ``data`` to tomllib (no answer, or a head that read_rows sees holds an entry)."""
    scanned = scan_chunk(data, fmt.toml_value, 1)
    return scanned is None or "entry" in tomllib.loads(scanned[0].decode())


def _file(items: list[LogEntry], title: str = "Night") -> bytes:
    return fmt.format_header(1, START, title) + b"".join(fmt.format_block(item) for item in items)


@settings(max_examples=200, deadline=None)
@given(st.lists(plain_entries(), min_size=1, max_size=5), AWKWARD)
def test_the_scanner_reads_the_tools_own_blocks_as_tomllib_does(items: list[LogEntry], title: str) -> None:
    data = _file(items, title)
    scanned = scan_chunk(data, fmt.toml_value, 1)
    assert scanned is not None  # the tool's own bytes take the fast road
    assert scanned[1] == _slow_rows(data)
    info, rows = read_rows(data, Path("s.toml"), 1, 0, 0)
    assert info is not None and info.title == title and rows == _slow_rows(data)


@settings(max_examples=100, deadline=None)
@given(st.lists(plain_entries(), min_size=2, max_size=5), st.integers(1, 4), st.integers(0, 50))
def test_appended_blocks_are_read_from_their_offset(items: list[LogEntry], cut: int, seq0: int) -> None:
    cut = min(cut, len(items) - 1)
    head = _file(items[:cut])
    tail = b"".join(fmt.format_block(item) for item in items[cut:])
    info, rows = read_rows(tail, Path("s.toml"), 7, seq0, len(head))
    expected = [(7, seq0 + i, *row[2:]) for i, row in enumerate(_slow_rows(head + tail)[cut:])]
    assert info is None and rows == expected


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), min_size=1, max_size=4))
def test_any_entry_gives_the_slow_rows_whichever_road_it_takes(items: list[LogEntry]) -> None:
    """Floats, dates, nested tables, quoted keys: the scanner may step aside, the rows must not differ."""
    data = _file(items)
    scanned = scan_chunk(data, fmt.toml_value, 1)
    if scanned is not None:
        assert scanned[1] == _slow_rows(data)
    assert read_rows(data, Path("s.toml"), 1, 0, 0)[1] == _slow_rows(data)


def _tool_file() -> bytes:
    items = [
        LogEntry.new("roll", session=1, ruleset="v5", actor="Ana", pool="Wits 2 + Awareness 1", difficulty=3,
                     result="win", margin=1, comment="the guard", roll={"faces": [7, 10]}, now=START),
        LogEntry.new("hunger", session=1, ruleset="v5", actor="Bo", comment="fed",
                     change={"field": "hunger", "before": 3, "after": 2}, now=START + timedelta(minutes=1)),
        LogEntry.new("note", session=1, ruleset="v20", comment="The Prince arrives", now=START + timedelta(minutes=2)),
    ]  # fmt: skip
    return _file(items)


HAND_EDITS = [
    ('actor = "Bo"', '# Bo fed twice\nactor = "Bo"'),  # a comment line inside a block
    ('actor = "Bo"', '\nactor = "Bo"\n'),  # blank lines inside a block
    ('comment = "fed"\n', 'comment = "fed" # on rats\n'),  # a comment after a value
    ('pool = "Wits 2 + Awareness 1"\ndifficulty = 3\n', 'difficulty = 3\npool = "Wits 2 + Awareness 1"\n'),  # reordered
    ('actor = "Ana"', "actor = 'Ana'"),  # a literal string
    ('comment = "The Prince arrives"', 'comment = """The Prince\narrives"""'),  # a multi-line string
    ("margin = 1", "margin = +1"),  # an integer TOML reads and the tool does not write
    ("difficulty = 3", "difficulty = 3\nlocation = { city = \"Lisboa\" }"),  # a new key with a table
    ("[[entry]]\n", "[[ entry ]]\n"),  # spaces in a header
    ("\n", "\r\n"),  # Windows line ends (every line)
]


@pytest.mark.parametrize(("old", "new"), HAND_EDITS)
def test_a_hand_edited_file_steps_aside_and_tomllib_decides(old: str, new: str) -> None:
    text = _tool_file().decode()
    assert old in text
    edited = (text.replace(old, new) if old == "\n" else text.replace(old, new, 1)).encode()
    assert _steps_aside(edited)
    info, rows = read_rows(edited, Path("s.toml"), 1, 0, 0)
    assert info is not None and info.title == "Night" and rows == _slow_rows(edited)


def test_a_comment_between_blocks_steps_aside() -> None:
    data = _tool_file()
    second = data.index(b"\n[[entry]]\n", data.index(b"\n[[entry]]\n") + 1)
    edited = data[:second] + b"\n# written by hand\n" + data[second:]
    assert _steps_aside(edited)
    assert read_rows(edited, Path("s.toml"), 1, 0, 0)[1] == _slow_rows(edited)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [("difficulty = 3", "difficulty = 300", "difficulty"), ('kind = "note"', 'kind = "Note!"', "kind"),
     ('ruleset = "v20"', 'ruleset = "v6"', "ruleset"), ("time = 2026-11-29T20:02:00Z", "time = 2026-13-29T20:02:00Z", None),
     ('actor = "Bo"', 'actor = "Bo"\ncomment = "twice"', None)],
)  # fmt: skip
def test_a_bad_hand_edit_gets_the_checked_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  old: str, new: str, field: str | None) -> None:  # fmt: skip
    """The scanner never accepts what LogEntry or TOML refuses: the file is a problem named by line or field."""
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    chronicle = tmp_path / "chronicle"
    path = session_path(chronicle, 1)
    path.parent.mkdir(parents=True)
    text = _tool_file().decode()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert _steps_aside(path.read_bytes())
    report = index.sync_index(chronicle)
    assert len(report.problems) == 1 and report.problems[0].startswith("session 1: ")
    assert (field in report.problems[0]) if field else ("line" in report.problems[0])


def test_the_first_build_leaves_every_index_of_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first build fills the table before the indexes (bulk); they must all be there after, and after a stop."""
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    chronicle = tmp_path / "chronicle"
    for number in (1, 2, 3):
        create_session(chronicle, number, started=START, title=f"Night {number}")
        append_entry(chronicle, LogEntry.new("roll", session=number, ruleset="v5", actor="Ana", result="win", now=START))

    def names() -> set[str]:
        with sqlite3.connect(index.index_path(chronicle)) as db:
            return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}

    wanted = {"entries_actor", "entries_kind", "entries_result", "entries_time"}

    def stop(done: int, total: int) -> None:
        if done:
            assert names() == set()  # filling the table without them
            raise KeyboardInterrupt  # as a killed builder: the rest is never reached

    with pytest.raises(KeyboardInterrupt):
        index.sync_index(chronicle, progress=stop)
    assert names() == wanted  # put back on the way out
    with sqlite3.connect(index.index_path(chronicle)) as db:
        db.executescript(index._DROP_INDEXES)  # as left by a builder killed mid-way
    with index.HistoryIndex(chronicle) as opened:
        assert [hit.session for hit in opened.query(actor="ana")] == [1]
    assert names() == wanted  # the next open creates them
    assert [hit.session for hit in index.query(chronicle, actor="ana")] == [1, 2, 3]
