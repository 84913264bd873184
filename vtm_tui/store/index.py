"""A disposable SQLite index of every session log, for filtering all history fast.

The TOML files stay the only source of truth: the index holds, per session
file, its size, modification time and inode and the searchable columns of its
entries (with each entry's byte offset, so the full entry can be read back from
the file). Before answering, it compares every session file's stamp with what
it recorded; a file that only grew (an append: its last indexed marker line is
still where it was) has just its new bytes parsed, any other change rebuilds
that file's rows. Deleting the index loses nothing; it is rebuilt on demand.

Where it lives: the user cache folder (``platformdirs.user_cache_dir``, or
``$VTM_TUI_CACHE``), one database per chronicle folder, named after its path.
Not inside the chronicle, because a chronicle folder is meant to be read,
diffed, backed up and synced by people and tools (git, Dropbox) that should not
carry a binary derived file; SQLite on a network or sync folder is fragile;
and a read-only chronicle (an installed example) can still be indexed. The
price: two Unix users on one chronicle each build their own, and a moved folder
is indexed again. If the cache folder cannot be written, an in-memory index is
used (correct, only rebuilt at each start).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time as clock
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from vtm_tui.store import log_format as fmt
from vtm_tui.store.errors import StoreError
from vtm_tui.store.safe_read import check_log_size, open_regular_binary
from vtm_tui.store.paths import CACHE_ENV, cache_file
from vtm_tui.store.log_index_rows import IndexedEntry, SyncReport, effective_title, summarize
from vtm_tui.store.log_index_rows import micros as _micros, moment as _moment
from vtm_tui.store.log_index_scan import read_rows, search_text
from vtm_tui.store.log_lookup import load_entries  # the full entries (every face) of index hits
from vtm_tui.store.session_log import SessionSummary, session_numbers, session_path

__all__ = [
    "CACHE_ENV", "HistoryIndex", "IndexedEntry", "Progress", "SyncReport", "index_path", "load_entries", "query",
    "list_sessions", "search_text", "session_summaries", "sync_index",
]  # fmt: skip

INDEX_VERSION = "3"  # 3: the entries' characters (a contest's defender, a conflict undo's sheets)
_PROBE = 80  # bytes before the indexed end that must be unchanged for an append-only update
Progress = Callable[[int, int], None]  # (bytes done, bytes to do)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files (
    session INTEGER PRIMARY KEY, size INTEGER, mtime_ns INTEGER, inode INTEGER,
    indexed_to INTEGER, probe BLOB, started INTEGER, title TEXT, problem TEXT,
    entries INTEGER, rolls INTEGER, actors TEXT, ended INTEGER, last_time INTEGER);
CREATE TABLE IF NOT EXISTS entries (
    session INTEGER, seq INTEGER, id TEXT, time INTEGER, actor TEXT, actor_key TEXT, kind TEXT,
    ruleset TEXT, result TEXT, margin INTEGER, pool TEXT, comment TEXT, secret INTEGER,
    difficulty INTEGER, offset INTEGER, length INTEGER, search TEXT, characters TEXT, characters_key TEXT,
    PRIMARY KEY (session, seq)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entries_actor ON entries (actor_key);
CREATE INDEX IF NOT EXISTS entries_kind ON entries (kind);
CREATE INDEX IF NOT EXISTS entries_result ON entries (result);
CREATE INDEX IF NOT EXISTS entries_time ON entries (time);
"""
#: Dropped for the first build and created after it: one sort per index instead of 100,000 insertions
#: into four B-trees (about half the SQLite time of that build).
_DROP_INDEXES = """
DROP INDEX IF EXISTS entries_actor; DROP INDEX IF EXISTS entries_kind;
DROP INDEX IF EXISTS entries_result; DROP INDEX IF EXISTS entries_time;
"""
_COLUMNS = ("session, seq, id, time, actor, kind, ruleset, result, margin, pool, comment, secret, difficulty, offset, "
            "length, characters")


def _version(db: sqlite3.Connection) -> str | None:
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
    except sqlite3.OperationalError as exc:
        if "no such table" not in str(exc):
            raise
        return None
    return None if row is None else row[0]


def index_path(chronicle_dir: Path) -> Path:
    """Where the index of ``chronicle_dir`` lives (see the module docstring for why)."""
    return cache_file(chronicle_dir, "index", ".sqlite")


def _as_list(value: object) -> list:
    if isinstance(value, (str, int)):
        return [value]
    return list(value)  # type: ignore[call-overload]


class HistoryIndex:
    """An open index of one chronicle's session logs. Use as a context manager."""

    def __init__(self, chronicle_dir: Path, path: Path | None = None) -> None:
        self.chronicle_dir = Path(chronicle_dir)
        self.path = path or index_path(self.chronicle_dir)
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return self._connect_when_free()
        except sqlite3.OperationalError:
            pass  # still locked by another indexer: work in memory rather than wait or harm its file
        except sqlite3.DatabaseError:  # corrupt or not a database: it is disposable
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            try:
                return self._prepare(sqlite3.connect(self.path, timeout=30, isolation_level=None))
            except sqlite3.DatabaseError:
                pass
        except OSError:
            pass
        self.path = Path(":memory:")
        return self._prepare(sqlite3.connect(":memory:", isolation_level=None))

    def _connect_when_free(self, attempts: int = 20) -> sqlite3.Connection:
        """Connect, waiting while another process holds the file (two logins indexing at once).

        "database is locked" is an OperationalError, a kind of DatabaseError: it must never be
        taken for corruption, or one indexer would delete the file another is writing.
        """
        for attempt in range(attempts):
            try:
                return self._prepare(sqlite3.connect(self.path, timeout=30, isolation_level=None))
            except sqlite3.OperationalError as exc:
                busy = "locked" in str(exc) or "busy" in str(exc)
                if not busy or attempt == attempts - 1:
                    raise
                clock.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> sqlite3.Connection:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")  # a lost index is rebuilt; never worth an fsync
        if _version(db) == INDEX_VERSION:
            db.executescript(_SCHEMA)  # a no-op, unless a first build was ended before it put the indexes back
            return db
        # New, or made by another version: start again, in one transaction, so that a second process opening
        # the same new file at once waits, then finds it made, instead of dropping tables the first one uses.
        db.execute("BEGIN IMMEDIATE")
        try:
            if _version(db) != INDEX_VERSION:
                for statement in f"DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS files; {_SCHEMA}".split(";"):
                    db.execute(statement)
                db.execute("DELETE FROM meta")
                db.execute("INSERT INTO meta VALUES ('version', ?)", (INDEX_VERSION,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> HistoryIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- keeping it in step with the files ----------------------------------------------------

    def sync(self, progress: Progress | None = None) -> SyncReport:
        """Bring the index up to date with the session files; cheap when nothing changed."""
        started = clock.perf_counter()
        numbers = session_numbers(self.chronicle_dir)
        known = {row[0]: row[1:] for row in self.db.execute("SELECT session, size, mtime_ns, inode FROM files")}
        stale = []
        for number in numbers:
            try:
                st = os.stat(session_path(self.chronicle_dir, number))
            except FileNotFoundError:
                continue
            if known.get(number) != (st.st_size, st.st_mtime_ns, st.st_ino):
                stale.append((number, st.st_size))
        for gone in set(known) - set(numbers):
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("DELETE FROM entries WHERE session = ?", (gone,))
            self.db.execute("DELETE FROM files WHERE session = ?", (gone,))
            self.db.execute("COMMIT")
        total = sum(size for _, size in stale)
        done = added = 0
        if progress and stale:
            progress(0, total)
        bulk = not known and len(stale) > 1  # the first build: fill the table, then sort it into the indexes
        if bulk:
            self.db.executescript(_DROP_INDEXES)
        try:
            for number, size in stale:
                added += self._sync_file(number)
                done += size
                if progress:
                    progress(done, total)
        finally:
            if bulk:  # also done by the next open if this process is ended first (_SCHEMA creates them)
                self.db.executescript(_SCHEMA)
        problems = tuple(
            f"session {n}: {p}" for n, p in self.db.execute("SELECT session, problem FROM files WHERE problem IS NOT NULL")
        )
        return SyncReport(len(numbers), len(stale), added, problems, clock.perf_counter() - started)

    def _sync_file(self, number: int) -> int:
        path = session_path(self.chronicle_dir, number)
        self.db.execute("BEGIN IMMEDIATE")
        try:
            added = self._index_file(number, path)
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return added

    def _index_file(self, number: int, path: Path) -> int:
        row = self.db.execute(
            "SELECT size, mtime_ns, inode, indexed_to, probe, problem FROM files WHERE session = ?", (number,)
        ).fetchone()
        try:
            handle = open_regular_binary(path)
        except (FileNotFoundError, StoreError):
            return 0
        with handle:
            st = os.fstat(handle.fileno())
            stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
            if row is not None and tuple(row[:3]) == stamp:
                return 0  # another process indexed it meanwhile
            try:
                check_log_size(path, st.st_size)  # the one size rule of every reader of a session log
            except StoreError as exc:
                return self._unreadable(number, stamp, exc)
            start = 0
            grew = row is not None and row[5] is None and row[2] == st.st_ino and st.st_size > row[0]
            if grew and 0 < row[3] <= st.st_size:  # type: ignore[index]
                probe = os.pread(handle.fileno(), len(row[4]), row[3] - len(row[4]))
                start = row[3] if probe == row[4] else 0
            handle.seek(start)
            data = handle.read(st.st_size - start)
            if start:
                try:
                    return self._index_bytes(number, path, data, start, stamp, row)
                except StoreError:  # read it all again, so the message has the real line numbers
                    handle.seek(0)
                    data, start = handle.read(st.st_size), 0
        try:
            added = self._index_bytes(number, path, data, start, stamp, row)
        except StoreError as exc:
            return self._unreadable(number, stamp, exc)
        return added

    def _unreadable(self, number: int, stamp: tuple, exc: StoreError) -> int:
        """Index session ``number`` as a file that cannot be read, with why (the session list shows it)."""
        self.db.execute("DELETE FROM entries WHERE session = ?", (number,))
        self.db.execute(
            "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, 0, x'', NULL, '', ?, 0, 0, '[]', NULL, NULL)",
            (number, *stamp, str(exc)),
        )
        return 0

    def _index_bytes(self, number: int, path: Path, data: bytes, start: int, stamp: tuple, row: tuple | None) -> int:
        end = fmt.last_marker_end(data)
        if start == 0:
            self.db.execute("DELETE FROM entries WHERE session = ?", (number,))
            if end < 0 or not fmt.is_torn_tail(data[end:]):
                end = len(data)  # no torn block: everything counts, hand-written parts too
        if start and end <= 0:  # nothing complete yet beyond what is indexed
            self.db.execute("UPDATE files SET size = ?, mtime_ns = ?, inode = ? WHERE session = ?", (*stamp, number))
            return 0
        chunk = data[:end]
        if start:
            started, title, seq0, rolls, actors, ended, last = self.db.execute(
                "SELECT started, title, entries, rolls, actors, ended, last_time FROM files WHERE session = ?", (number,)
            ).fetchone()
        else:
            started, title, seq0, rolls, actors, ended, last = None, "", 0, 0, "[]", None, None
        info, rows = read_rows(chunk, path, number, seq0, start)
        if info is not None:
            started, title = _micros(info.started), info.title
        summary = summarize(rows, seq0, rolls, actors, ended, last)
        title = effective_title(title, rows)  # a title set in the app (a "title" entry) names the session
        self.db.executemany("INSERT OR REPLACE INTO entries VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        probe = chunk[-_PROBE:] if start == 0 or len(chunk) >= _PROBE else (row[4] + chunk)[-_PROBE:]  # type: ignore[index]
        self.db.execute(
            "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)",
            (number, *stamp, start + end, probe, started, title, *summary),
        )
        return len(rows)

    # -- questions ------------------------------------------------------------------------------

    def query(
        self,
        *,
        sessions: int | Iterable[int] | None = None,
        actor: str | Iterable[str] | None = None,
        kinds: str | Iterable[str] | None = None,
        results: str | Iterable[str] | None = None,
        ruleset: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        text: str | None = None,
        secret: bool | None = None,
        limit: int | None = None,
        order: str = "asc",
    ) -> list[IndexedEntry]:
        """Entries matching every filter given, in log order (``order="desc"``: newest first).

        ``actor`` matches whole names, ignoring case; ``text`` matches entries
        whose actor, pool, comment, kind, result or change contain every word
        of it, ignoring case; ``since`` is inclusive, ``until`` exclusive.
        """
        if order not in ("asc", "desc"):
            raise StoreError(f"order must be 'asc' or 'desc', got {order!r}")
        clauses: list[str] = []
        params: list[object] = []

        def among(column: str, values: Iterable[object]) -> None:
            items = list(values)
            clauses.append(f"{column} IN ({', '.join('?' * len(items))})" if items else "0")
            params.extend(items)

        if sessions is not None:
            among("session", _as_list(sessions))
        if actor is not None:  # the actor, or a character the entry also concerns (a contest's defender)
            keys = [name.casefold() for name in _as_list(actor)]
            among("actor_key", keys)
            if keys:
                clauses[-1] = "(" + " OR ".join([clauses[-1], *["instr(characters_key, ?) > 0"] * len(keys)]) + ")"
                params.extend(f"\n{key}\n" for key in keys)
        if kinds is not None:
            among("kind", _as_list(kinds))
        if results is not None:
            among("result", _as_list(results))
        if ruleset is not None:
            clauses.append("ruleset = ?")
            params.append(ruleset)
        if since is not None:
            clauses.append("time >= ?")
            params.append(_micros(since))
        if until is not None:
            clauses.append("time < ?")
            params.append(_micros(until))
        if secret is not None:
            clauses.append("secret = ?")
            params.append(int(secret))
        for word in (text or "").casefold().split():
            clauses.append("instr(search, ?) > 0")
            params.append(word)
        sql = f"SELECT {_COLUMNS} FROM entries"
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " ORDER BY session DESC, seq DESC" if order == "desc" else " ORDER BY session, seq"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(max(0, int(limit)))
        return [
            IndexedEntry(s, q, i, _moment(t), a, k, r, res, m, p, c, bool(sec), d, off, n,  # type: ignore[arg-type]
                         tuple(names.strip("\n").split("\n")) if names else ())
            for s, q, i, t, a, k, r, res, m, p, c, sec, d, off, n, names in self.db.execute(sql, params)
        ]

    def session_summaries(self) -> list[SessionSummary]:
        """Each session's start, title, entry and roll counts, actors (in order of appearance).

        Kept per file while indexing, so this reads one row per session.
        """
        return [
            SessionSummary(session, _moment(started), title or "", count or 0, rolls or 0, tuple(json.loads(actors)),
                           _moment(ended), _moment(last), problem or "")  # fmt: skip
            for session, started, title, problem, count, rolls, actors, ended, last in self.db.execute(
                "SELECT session, started, title, problem, entries, rolls, actors, ended, last_time "
                "FROM files ORDER BY session"
            )
        ]


# -- the module-level API ------------------------------------------------------------------------


def sync_index(chronicle_dir: Path, progress: Progress | None = None) -> SyncReport:
    """Bring the chronicle's index up to date (the first build reports progress in bytes)."""
    with HistoryIndex(chronicle_dir) as index:
        return index.sync(progress)


def query(chronicle_dir: Path, *, progress: Progress | None = None, **filters: object) -> list[IndexedEntry]:
    """Filter all history (see :meth:`HistoryIndex.query`), syncing the index first."""
    with HistoryIndex(chronicle_dir) as index:
        index.sync(progress)
        return index.query(**filters)  # type: ignore[arg-type]


def session_summaries(chronicle_dir: Path, progress: Progress | None = None) -> list[SessionSummary]:
    """One summary per session file, from the index (synced first)."""
    with HistoryIndex(chronicle_dir) as index:
        index.sync(progress)
        return index.session_summaries()


def list_sessions(chronicle_dir: Path) -> list[SessionSummary]:
    """Every session with its start, entry and roll counts and actors, from the index (cheap).

    Here rather than in :mod:`vtm_tui.store.session_log`, which the index reads: the log
    module must not import the index built on top of it.
    """
    return session_summaries(chronicle_dir)
