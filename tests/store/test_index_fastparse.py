"""The history index's road through session files: rolls left out, every block read by regular expressions
and one json.loads, and the same tables as tomllib's or no answer at all (then the checked road decides)."""

from __future__ import annotations

import tomllib
from datetime import datetime, timezone
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_session_log_format import entries

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import log_fastparse
from vtm_tui.store import log_format as fmt

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)


def _without_rolls(text: str) -> list[dict]:
    tables = tomllib.loads(text)["entry"]
    for table in tables:
        if "roll" in table:
            table["roll"] = {}
    return tables


def _blocks(text: str) -> str:
    return text[text.index("\n[[entry]]\n"):]


_ODD_KEYS = LogEntry(id="0", time=datetime(2000, 1, 1, tzinfo=timezone.utc), session=1, kind="roll", ruleset="v5",
                     roll={"": []}, extra={"'''": []})  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), min_size=1, max_size=4))
@example([_ODD_KEYS])  # an empty roll key and a key of three quotes: the road that parses whole once kept the roll
def test_the_index_road_reads_what_tomllib_reads_or_steps_aside(items: list[LogEntry]) -> None:
    text = (fmt.format_header(1, START) + b"".join(fmt.format_block(item) for item in items)).decode()
    tables = log_fastparse._plain_blocks(_blocks(text), fmt.toml_lines)
    if tables is not None:
        assert tables == _without_rolls(text)
    document = fmt.parse_chunk(text.encode(), Path("s.toml"), rolls=False)
    assert document["entry"] == _without_rolls(text)


def _engine_entries() -> str:
    items = [LogEntry.new("roll", session=1, ruleset="v5", actor='Mira "Two" Ferro', comment="ü\n\t| a = b",
                          pool="Wits 2 + Stealth 3", difficulty=3, result="win", margin=1,
                          roll={"faces": [1, 10], "ok": False}, now=START),
             LogEntry.new("hunger", session=1, ruleset="v5", actor="Ana", comment="fed",
                          change={"field": "hunger", "before": 3, "after": 2}, now=START)]  # fmt: skip
    return (fmt.format_header(1, START) + b"".join(fmt.format_block(item) for item in items)).decode()


def test_the_tools_own_entries_take_the_index_road() -> None:
    text = _engine_entries()
    tables = log_fastparse._plain_blocks(_blocks(text), fmt.toml_lines)
    assert tables is not None and tables == _without_rolls(text)
    assert tables[0]["time"] == START and tables[1]["change"] == {"field": "hunger", "before": 3, "after": 2}


def test_anything_outside_the_plain_subset_is_left_to_tomllib() -> None:
    text = _engine_entries()
    edits = [
        ('actor = "Ana"', 'actor = "Ana" # a comment'),  # a comment after a value
        ('actor = "Ana"', "actor = 'Ana'"),  # a literal string
        ("margin = 1", "margin = 0x1"),  # hex
        ("margin = 1", "margin = 1_0"),  # digits with an underscore
        ('actor = "Ana"', 'actor = "A\\/na"'),  # an escape JSON knows and TOML does not
        ('actor = "Ana"', 'actor = "A\\ud800na"'),  # half a surrogate pair
        ('comment = "fed"', 'comment = "fed"\ncomment = "twice"'),  # a key twice
        ("after = 2 }", "after =  2 }"),  # an odd space in an inline table
        ('actor = "Ana"', 'actor = "Ana"\n[other]'),  # a table header inside
        ('actor = "Ana"', '"actor": "Ana",'),  # JSON, not TOML
    ]
    for old, new in edits:
        assert old in text, old
        edited = text.replace(old, new, 1)
        assert log_fastparse._plain_blocks(_blocks(edited), fmt.toml_lines) is None, new
        try:
            expected = _without_rolls(edited)
        except tomllib.TOMLDecodeError:
            continue
        assert fmt.parse_chunk(edited.encode(), Path("s.toml"), rolls=False)["entry"] == expected, new
