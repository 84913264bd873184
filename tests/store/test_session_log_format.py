"""The block format: any text and any nested roll data round-trip, blocks stay appendable."""

from __future__ import annotations

import tomllib
from datetime import datetime, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_format as fmt
from vtm_tui.store.log_check import checked_block

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
keys = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=12)
scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
    text,
    st.datetimes(timezones=st.just(timezone.utc)),
)
values = st.recursive(
    scalars, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)), max_leaves=12
)
times = st.datetimes(
    min_value=datetime(1900, 1, 1), max_value=datetime(2999, 1, 1), timezones=st.just(timezone.utc)
)


@st.composite
def entries(draw: st.DrawFn) -> LogEntry:
    extra_keys = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=10).filter(
        lambda k: k not in {"id", "time", "session", "kind", "ruleset", "actor", "pool", "difficulty", "secret",
                            "result", "margin", "roll", "comment", "ref", "change", "extra"}  # fmt: skip
    )
    return LogEntry(
        id=draw(st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True)),
        time=draw(times),
        session=draw(st.integers(1, 10_000)),
        kind=draw(st.sampled_from(LogEntry.KINDS)),
        ruleset=draw(st.sampled_from(["v5", "v20", "ingenuity"])),
        actor=draw(text),
        pool=draw(text),
        difficulty=draw(st.none() | st.integers(0, 100)),
        secret=draw(st.booleans()),
        result=draw(text),
        margin=draw(st.integers(-50, 50)),
        roll=draw(st.dictionaries(keys, values, max_size=5)),
        comment=draw(text),
        ref=draw(text),
        change=draw(st.dictionaries(keys, values, max_size=3)),
        extra=draw(st.dictionaries(extra_keys, values, max_size=3)),
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), min_size=1, max_size=4), text)
def test_blocks_round_trip_and_stay_appendable(items: list[LogEntry], title: str) -> None:
    data = fmt.format_header(1, START, title)
    for item in items:
        data += fmt.format_block(item)
        assert checked_block(item, Path("0001.toml")) == fmt.format_block(item)  # the append's read-back takes it
        assert fmt.ends_with_marker(data)
        document = tomllib.loads(data.decode("utf-8"))  # valid after every append
    assert document["session"]["title"] == title
    again = [LogEntry.from_toml(table, where="t") for table in document["entry"]]
    assert again == items
    assert fmt.entry_spans(data)[0][0] == data.index(b"[[entry]]")
    assert len(fmt.entry_spans(data)) == len(items)


def test_a_session_with_no_entry_yet_has_no_spans() -> None:
    """``vtm-tui session … start`` writes the header alone; reading it crashed the log screen."""
    assert fmt.entry_spans(fmt.format_header(4, START, "")) == []


@settings(max_examples=100, deadline=None)
@given(text)
def test_strings_never_span_lines(value: str) -> None:
    written = fmt.toml_string(value)
    assert "\n" not in written and "\r" not in written
    assert tomllib.loads(f"v = {written}")["v"] == value


def test_each_block_ends_with_its_marker() -> None:
    item = LogEntry.new("note", session=1, ruleset="v5", comment="x\n# end entry abc\n[[entry]]")
    block = fmt.format_block(item)
    assert block.startswith(b"\n[[entry]]\n") and block.endswith(f"# end entry {item.id}\n".encode())
    assert block.count(b"\n# end ") == 1  # the comment's fake marker stays inside its escaped string
    assert fmt.last_marker_end(block) == len(block)


def test_last_marker_end_skips_markers_that_are_not_whole_lines() -> None:
    data = b'a = "# end session"\n# end session\n[[entry]]\nx = 1  # end entry q\n'
    assert fmt.last_marker_end(data) == data.index(b"[[entry]]")


def test_torn_tail_shapes() -> None:
    assert fmt.is_torn_tail(b"\n[[en")
    assert fmt.is_torn_tail(b"\n[[entry]]\nid = \"x\"\n")
    assert fmt.is_torn_tail(b"\0\0\0\0")
    assert not fmt.is_torn_tail(b"")
    assert not fmt.is_torn_tail(b"\n")
    assert not fmt.is_torn_tail(b"# a note typed by hand\n")
    assert not fmt.is_torn_tail(b"\n[[entry]]\nid = \"a\"\n\n[[entry]]\nid = \"b\"\n")


# -- the one parser (tomllib): its messages name the line ----------------------------------------

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from vtm_tui.store.errors import BrokenFileError  # noqa: E402

HEAD = b'schema_version = 1\n\n[session]\nnumber = 1\nstarted = 2026-11-29T20:00:00Z\n# end session\n'
ENTRY = b'\n[[entry]]\nid = "a1"\ntime = 2026-11-29T20:01:00Z\nsession = 1\nkind = "roll"\nruleset = "v5"\n'


@pytest.mark.parametrize(
    "line",
    [
        b'roll = { "faces": [1, 2] }',  # JSON, not TOML
        b"roll = { a = 1, a = 2 }",  # a duplicate key
        b"roll = { a = null }",
        b"roll = { a = 1, }",
    ],
)
@pytest.mark.parametrize("first_line", [1, 40])
def test_invalid_lines_fail_with_tomllib_s_message_and_line(line: bytes, first_line: int) -> None:
    """``first_line``: a chunk read from the middle of a file (new entries) names the file's line, not the chunk's."""
    data = HEAD + ENTRY + line + b"\n# end entry a1\n"
    with pytest.raises(BrokenFileError) as info:
        fmt.parse_chunk(data, Path("s.toml"), first_line=first_line)
    assert info.value.line == first_line + data.count(b"\n", 0, data.index(line))
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(data.decode())
