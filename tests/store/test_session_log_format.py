"""The block format: any text and any nested roll data round-trip, blocks stay appendable."""

from __future__ import annotations

import tomllib
from datetime import datetime, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_format as fmt

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


# -- the fast road for the tool's own roll lines (log_fastparse) --------------------------------

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from vtm_tui.store import log_fastparse  # noqa: E402
from vtm_tui.store.errors import BrokenFileError  # noqa: E402

HEAD = b'schema_version = 1\n\n[session]\nnumber = 1\nstarted = 2026-11-29T20:00:00Z\n# end session\n'
ENTRY = b'\n[[entry]]\nid = "a1"\ntime = 2026-11-29T20:01:00Z\nsession = 1\nkind = "roll"\nruleset = "v5"\n'


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), min_size=1, max_size=4))
def test_the_fast_road_reads_exactly_what_tomllib_reads(items: list[LogEntry]) -> None:
    data = fmt.format_header(1, START, "t") + b"".join(fmt.format_block(item) for item in items)
    assert fmt.parse_chunk(data, Path("s.toml")) == tomllib.loads(data.decode("utf-8"))
    without_rolls = fmt.parse_chunk(data, Path("s.toml"), rolls=False)
    assert all(t.get("roll", {}) in ({}, item.roll) for t, item in zip(without_rolls["entry"], items, strict=True))
    assert [t.get("change") for t in without_rolls["entry"]] == [t.get("change") for t in tomllib.loads(data.decode())["entry"]]


def test_the_fast_road_is_taken_for_engine_rolls() -> None:
    item = LogEntry.new("roll", session=1, ruleset="v5",
                        roll={"faces": [7, 10], "notes": ["a \"b\"", "c\nd"], "x": {"y-z": 1.5, "ü k": True}})  # fmt: skip
    text = (fmt.format_header(1, START) + fmt.format_block(item)).decode()
    fast, lifted = log_fastparse.lift_inline_tables(text, fmt.toml_value)
    assert lifted == [(0, "roll", item.roll)] and "roll = {}" in fast


@pytest.mark.parametrize(
    "line",
    [
        b"roll = {faces=[1,2]}",  # valid TOML, not the tool's spacing
        b"roll = { when = 2026-11-29T20:00:00Z }",  # a date: not JSON
        b"roll = { big = inf }",
        b'roll = { "quoted key" = 1, plain = "x" }',
    ],
)
def test_other_valid_lines_are_left_to_tomllib(line: bytes) -> None:
    data = HEAD + ENTRY + line + b"\n# end entry a1\n"
    assert fmt.parse_chunk(data, Path("s.toml")) == tomllib.loads(data.decode())


@pytest.mark.parametrize(
    "line",
    [
        b'roll = { "faces": [1, 2] }',  # JSON, not TOML
        b"roll = { a = 1, a = 2 }",  # a duplicate key
        b"roll = { a = null }",
        b"roll = { a = 1, }",
    ],
)
def test_invalid_lines_still_fail_with_tomllib_s_message(line: bytes) -> None:
    data = HEAD + ENTRY + line + b"\n# end entry a1\n"
    with pytest.raises(BrokenFileError) as info:
        fmt.parse_chunk(data, Path("s.toml"))
    assert info.value.line == data.count(b"\n", 0, data.index(line)) + 1
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(data.decode())


def test_a_roll_line_inside_a_sub_table_or_string_is_not_touched() -> None:
    data = (HEAD + ENTRY + b"[entry.extra]\nroll = { faces = [1] }\n# end entry a1\n"
            + ENTRY.replace(b'"a1"', b'"a2"') + b'comment = """\nroll = { faces = [2] }\n"""\n# end entry a2\n')  # fmt: skip
    document = fmt.parse_chunk(data, Path("s.toml"))
    assert document == tomllib.loads(data.decode())
    assert document["entry"][0]["extra"] == {"roll": {"faces": [1]}}


def test_odd_entry_headers_fall_back_to_tomllib() -> None:
    data = HEAD + ENTRY.replace(b"[[entry]]", b"[[ entry ]]") + b"roll = { faces = [1] }\n" + ENTRY + b"roll = { faces = [2] }\n"
    document = fmt.parse_chunk(data, Path("s.toml"))
    assert [t["roll"] for t in document["entry"]] == [{"faces": [1]}, {"faces": [2]}]


@settings(max_examples=60, deadline=None)
@given(st.lists(entries(), min_size=1, max_size=3))
def test_whole_blocks_take_the_fast_road_when_they_can(items: list[LogEntry]) -> None:
    data = (fmt.format_header(1, START) + b"".join(fmt.format_block(item) for item in items)).decode()
    fast = log_fastparse.fast_entries(data, fmt.toml_lines)
    if fast is not None:  # not taken only for values JSON cannot carry (dates inside tables, inf, nan)
        assert fast[1] == tomllib.loads(data)["entry"]
    block_only = data[data.index("[[entry]]") :]
    assert fmt.parse_chunk(block_only.encode(), Path("s.toml")) == tomllib.loads(block_only)


def test_plain_engine_entries_always_take_the_fast_road() -> None:
    items = [LogEntry.new("roll", session=1, ruleset="v20", actor="Mira \"Two\" Ferro", comment="ü\n\t|",
                          roll={"faces": [1, 10], "net": -1, "degree": "marginal", "x": [{"a": 1.5}], "ok": False},
                          change={"field": "willpower", "before": 3, "after": 2}) for _ in range(3)]  # fmt: skip
    text = (fmt.format_header(1, START) + b"".join(fmt.format_block(item) for item in items)).decode()
    fast = log_fastparse.fast_entries(text, fmt.toml_lines)
    assert fast is not None and [LogEntry.from_toml(t, where="x") for t in fast[1]] == items
    edited = text.replace('degree = "marginal"', 'degree =  "marginal"', 1)
    assert log_fastparse.fast_entries(edited, fmt.toml_lines) is None  # one odd space: tomllib decides
    assert fmt.parse_chunk(edited.encode(), Path("s.toml")) == tomllib.loads(edited)
