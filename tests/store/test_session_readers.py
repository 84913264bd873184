"""Every reader of a session file gives the same entries: whole, from an offset, from the end, through the index.

Session files have one parser of their values (tomllib, through ``log_format.parse_chunk``) and the history
index's scanner of its searchable columns beside it (``log_index_scan``, which steps aside to the parser for
anything that is not the tool's own bytes). Generated entries with awkward texts, nested rolls, dates and
floats are written as ``append_entry`` writes them, and each way in must give them back unchanged.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_session_log_format import entries

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import index
from vtm_tui.store import log_format as fmt
from vtm_tui.store.log_lookup import load_entries, read_recent
from vtm_tui.store.session_log import read_new_entries, read_session, session_path

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)


def _unique_ids(items: list[LogEntry]) -> list[LogEntry]:
    return [replace(item, session=1, id=f"{n}{item.id}"[:64]) for n, item in enumerate(items)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(entries(), min_size=1, max_size=4).map(_unique_ids), st.integers(1, 4))
def test_every_reader_gives_the_written_entries(monkeypatch: pytest.MonkeyPatch, items: list[LogEntry],
                                                newest: int) -> None:  # fmt: skip
    with tempfile.TemporaryDirectory() as temp:
        _readers_agree(Path(temp) / "chronicle", monkeypatch, items, newest)


def _readers_agree(chronicle: Path, monkeypatch: pytest.MonkeyPatch, items: list[LogEntry], newest: int) -> None:
    monkeypatch.setenv(index.CACHE_ENV, str(chronicle / "cache"))
    path = session_path(chronicle, 1)
    path.parent.mkdir(parents=True)
    head = fmt.format_header(1, START, "Night")
    path.write_bytes(head + b"".join(fmt.format_block(item) for item in items))

    assert read_session(chronicle, 1).entries == items
    assert read_new_entries(chronicle, 1, len(head))[0] == items
    assert read_recent(chronicle, 1, newest)[1] == items[-newest:]
    hits = index.query(chronicle)
    assert [(hit.id, hit.actor, hit.comment, hit.result, hit.kind) for hit in hits] == [
        (item.id, item.actor, item.comment, item.result, item.kind) for item in items]  # fmt: skip
    assert load_entries(chronicle, hits) == items
