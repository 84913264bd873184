"""A locked index (another login is indexing) is waited for, never deleted as if corrupt."""

import sqlite3
from pathlib import Path

import pytest

from vtm_tui.store import index
from vtm_tui.store.index import HistoryIndex


def test_a_locked_index_is_waited_for_not_deleted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    chronicle = tmp_path / "chronicle"
    chronicle.mkdir()
    first = HistoryIndex(chronicle)
    first.db.execute("CREATE TABLE IF NOT EXISTS marker (x)")
    first.db.execute("INSERT INTO marker VALUES (1)")
    path = first.path
    first.db.close()

    real_prepare = HistoryIndex._prepare
    calls = {"n": 0}

    def locked_twice(db: sqlite3.Connection) -> sqlite3.Connection:
        calls["n"] += 1
        if calls["n"] <= 2:
            db.close()
            raise sqlite3.OperationalError("database is locked")
        return real_prepare(db)

    monkeypatch.setattr(HistoryIndex, "_prepare", staticmethod(locked_twice))
    second = HistoryIndex(chronicle)
    assert second.path == path and calls["n"] == 3
    assert second.db.execute("SELECT x FROM marker").fetchall() == [(1,)]


def test_an_unopenable_index_falls_back_to_memory_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))

    def cannot_open(db: sqlite3.Connection) -> sqlite3.Connection:
        db.close()
        raise sqlite3.OperationalError("unable to open database file")

    real_prepare = HistoryIndex._prepare
    monkeypatch.setattr(HistoryIndex, "_prepare", staticmethod(
        lambda db: cannot_open(db) if db.execute("PRAGMA database_list").fetchone()[2] else real_prepare(db)))
    fallback = HistoryIndex(tmp_path / "chronicle")
    assert fallback.path == Path(":memory:")
