"""An append is read back by the log reader's own rules first: no entry ever makes a session unreadable."""

from __future__ import annotations

import math
import re
import tempfile
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.errors import InvalidDataError, StoreError
from vtm_tui.store.index import sync_index
from vtm_tui.store.session_log import append_entry, create_session, read_session, session_path

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)


def nested(depth: int) -> dict:
    value: object = 1
    for _ in range(depth):
        value = {"a": value}
    return value  # type: ignore[return-value]


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    folder = tmp_path / "night-of-teeth"
    folder.mkdir()
    (folder / "chronicle.toml").write_text('schema_version = 1\nname = "Night of Teeth"\nruleset = "v5"\n')
    create_session(folder, 1, started=START, title="The Elysium")
    append_entry(folder, LogEntry.new("roll", session=1, ruleset="v5", now=START, actor="Ana", result="win"))
    return folder


# Each is an entry the model builds, whose block the reader refuses (or that cannot be written at all); on the
# old code each was appended (poisoning the session) or raised a bare Python error.
REFUSED = [
    ({"change": {"field": "notes", "after": "\ud800"}}, "change.after", "UTF-8"),
    ({"change": {"\udcff": 1}}, "change.\\udcff", "UTF-8"),
    ({"roll": {"faces": [3, 2**63]}}, "roll.faces[1]", "64 bits"),
    ({"extra": {"note": -(2**63) - 1}}, "note", "64 bits"),
    ({"change": nested(40)}, "change", "nested more than 32"),
    ({"change": {"at": time(1, 2, tzinfo=timezone.utc)}}, "change", "TOML its reader refuses"),
    ({"change": {"ids": {1, 2}}}, "change.ids", "holds a set"),
    ({"now": datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=5)))}, "time", "UTC time"),
]


@pytest.mark.parametrize(("fields", "field", "why"), REFUSED)
def test_an_entry_the_reader_would_refuse_is_not_appended(chronicle: Path, fields: dict, field: str,
                                                          why: str) -> None:
    path = session_path(chronicle, 1)
    before = path.read_bytes()
    bad = LogEntry.new("edit", session=1, ruleset="v5", **{"now": START, **fields})
    with pytest.raises(StoreError) as caught:
        append_entry(chronicle, bad)
    message = str(caught.value)
    assert f"field {field!r}" in message and why in message and "nothing was logged" in message
    assert str(path) in message
    assert path.read_bytes() == before
    assert [e.actor for e in read_session(chronicle, 1).entries] == ["Ana"]
    append_entry(chronicle, LogEntry.new("note", session=1, ruleset="v5", now=START, comment="after"))
    assert [e.comment for e in read_session(chronicle, 1).entries] == ["", "after"]


def test_a_seat_s_stamp_is_checked_with_its_entry(chronicle: Path) -> None:
    path = session_path(chronicle, 1)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="field 'seat' holds characters that cannot be written as UTF-8"):
        append_entry(chronicle, LogEntry.new("note", session=1, ruleset="v5", now=START), seat="Marta\udcff")
    assert path.read_bytes() == before


def test_a_margin_past_64_bits_is_refused_by_the_model_and_by_the_reader(chronicle: Path) -> None:
    """tomllib reads any integer, but the index's SQLite columns hold 64 bits: the history sync crashed."""
    with pytest.raises(InvalidDataError, match="margin"):
        LogEntry.new("roll", session=1, ruleset="v5", margin=2**63)
    path = session_path(chronicle, 1)
    with path.open("a", encoding="utf-8") as handle:  # written by hand
        handle.write('\n[[entry]]\nid = "hand"\ntime = 2026-11-29T21:00:00Z\nsession = 1\nkind = "roll"\n'
                     'ruleset = "v5"\nmargin = 9223372036854775808\n# end entry hand\n')
    with pytest.raises(InvalidDataError, match="margin"):
        read_session(chronicle, 1)
    report = sync_index(chronicle)
    assert len(report.problems) == 1 and "margin" in report.problems[0]


def test_a_header_the_reader_would_refuse_is_not_written(chronicle: Path) -> None:
    with pytest.raises(StoreError, match="session 2 was not started.*UTF-8"):
        create_session(chronicle, 2, started=START, title="Elysium\ud800")
    assert not session_path(chronicle, 2).exists()


# -- the law: whatever the writer accepts, the reader reads back as the same entry --------------------------------

text = st.text(max_size=12)  # surrogates included: the writer must refuse them, never write them
ints = st.integers(min_value=-(2**64), max_value=2**64)
scalars = st.one_of(
    ints, st.floats(allow_nan=False), st.booleans(), text, st.dates(), st.times(),
    st.times(timezones=st.just(timezone.utc)),
    st.datetimes(min_value=datetime(1, 1, 2), timezones=st.none() | st.just(timezone.utc)),
)
values = st.recursive(
    scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(text, inner, max_size=3)),
    max_leaves=40,
)
known = {"id", "time", "session", "kind", "ruleset", "actor", "pool", "difficulty", "secret", "result", "margin",
         "roll", "comment", "ref", "change", "extra"}  # fmt: skip


@st.composite
def entries(draw: st.DrawFn) -> LogEntry:
    return LogEntry.new(
        draw(st.sampled_from(LogEntry.KINDS)), session=1, ruleset="v5",
        now=draw(st.datetimes(min_value=datetime(1, 1, 2), timezones=st.just(timezone.utc))),
        actor=draw(text.filter(lambda t: not any("\ud800" <= c <= "\udfff" for c in t))),
        roll=draw(st.dictionaries(text, values, max_size=3)), change=draw(st.dictionaries(text, values, max_size=3)),
        extra=draw(st.dictionaries(text.filter(lambda k: k not in known), values, max_size=2)),
    )  # fmt: skip


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entries())
def test_every_entry_the_writer_accepts_reads_back_equal(item: LogEntry) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        create_session(folder, 1, started=START)
        path = session_path(folder, 1)
        before = path.read_bytes()
        try:
            append_entry(folder, item)
        except StoreError as exc:
            assert "nothing was logged: the" in str(exc) and re.search(r"field ['\"]", str(exc))  # the field's repr
            assert path.read_bytes() == before
            event("refused")
            return
        event("appended")
        assert read_session(folder, 1).entries == [item]
        assert sync_index(folder).problems == ()


def test_a_nan_reads_back_as_a_nan(chronicle: Path) -> None:
    """NaN is unequal to itself: the check compares it as the same value, so a roll holding one still logs."""
    append_entry(chronicle, LogEntry.new("roll", session=1, ruleset="v5", now=START, roll={"odds": math.nan},
                                         change={"on": date(2026, 1, 1)}))
    assert math.isnan(read_session(chronicle, 1).entries[-1].roll["odds"])
