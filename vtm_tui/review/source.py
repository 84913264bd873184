"""Where the log screen's entries come from: one session followed live, or all history through the index.

:class:`SessionTail` reads a session once and then only the bytes appended
since (:func:`~vtm_tui.store.session_log.read_new_entries`), so polling it twice
a second costs a ``stat`` and a short read even for a long session; it also
notices a newer session started by another process. Reading never repairs a
torn block (``recover=False``): that is the writer's business, and a reader
must not race it.

:func:`history_rows` answers a filter over every session from the disposable
SQLite index (building it first if needed, with progress), and
:class:`EntryCache` turns the index rows on screen into full entries (every
face) by reading just their blocks.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.filters import LogFilter
from vtm_tui.store.errors import StoreError
from vtm_tui.store.index import HistoryIndex, IndexedEntry, Progress, load_entries
from vtm_tui.store.session_log import (
    LogRewrittenError,
    SessionLog,
    effective_title,
    read_new_entries,
    read_session,
    session_numbers,
)


@dataclass(frozen=True)
class Poll:
    """What one poll found: new entries, or that the whole session must be shown again."""

    new: tuple[LogEntry, ...] = ()
    reloaded: bool = False  # the file was replaced (or a newer session began): ``entries`` is all of it
    problem: str = ""  # the session cannot be read right now (a hand edit in progress, …)


class SessionTail:
    """One session's entries, kept up to date by reading only what was appended."""

    def __init__(self, chronicle_dir: Path, number: int, *, follow_newest: bool = False,
                 current: Callable[[], int] | None = None) -> None:
        self.chronicle_dir = Path(chronicle_dir)
        self.number = number
        self.follow_newest = follow_newest  # switch to a newer session when one appears
        #: The chronicle's current session (``chronicle.toml``), to follow instead of the newest file: a seat's
        #: live log is where its rolls go, whatever else is in ``sessions/`` (an empty ``99999.toml``, a FIFO).
        self.current = current
        self.entries: list[LogEntry] = []
        self.offset = 0
        self.title = ""
        self.problem = ""
        self.partial = False  # only the newest entries are read so far (load_recent)

    def load(self) -> list[LogEntry]:
        """Read the whole session (an absent file is an empty session); returns the entries."""
        self.entries, self.offset, self.title, self.problem, self.partial = [], 0, "", "", False
        if self.number < 1 or self.number not in session_numbers(self.chronicle_dir):
            return self.entries
        try:
            log = read_session(self.chronicle_dir, self.number, recover=False)
        except StoreError as exc:
            self.problem = str(exc)
            return self.entries
        self.entries, self.offset, self.title = list(log.entries), log.offset, log.title
        return self.entries

    def load_recent(self, count: int) -> list[LogEntry]:
        """Read only the newest ``count`` entries (from the file's end: as fast for 10 entries as for 10,000).

        ``partial`` is then True until :meth:`adopt` is given the whole session
        (read with :func:`read_whole`, possibly in another thread).
        """
        from vtm_tui.store.log_lookup import read_recent

        self.entries, self.offset, self.title, self.problem, self.partial = [], 0, "", "", False
        if self.number < 1 or self.number not in session_numbers(self.chronicle_dir):
            return self.entries
        try:
            info, entries, offset = read_recent(self.chronicle_dir, self.number, count)
        except StoreError as exc:
            self.problem = str(exc)
            return self.entries
        self.entries, self.offset, self.title = list(entries), offset, effective_title(info.title, entries)
        self.partial = offset > 0 and len(entries) >= count
        return self.entries

    def read_whole(self) -> SessionLog | None:
        """The whole session as a fresh read (no state changes: safe in a worker thread); None if unreadable."""
        try:
            return read_session(self.chronicle_dir, self.number, recover=False)
        except StoreError:
            return None

    def adopt(self, log: SessionLog) -> bool:
        """Take a whole read of this session in place of a partial one; False if it no longer applies."""
        if log.number != self.number or not self.partial:
            return False
        self.entries, self.offset, self.title, self.partial = list(log.entries), log.offset, log.title, False
        return True

    def poll(self) -> Poll:
        """New entries since the last read; a newer session (when following) or a replaced file reloads."""
        if self.current is not None:
            wanted = self.current()
            if wanted >= 1 and wanted != self.number:
                self.number = wanted
                self.load()
                return Poll(reloaded=True, problem=self.problem)
        elif self.follow_newest:
            numbers = session_numbers(self.chronicle_dir)
            if numbers and numbers[-1] > self.number:
                self.number = numbers[-1]
                self.load()
                return Poll(reloaded=True, problem=self.problem)
        if self.offset == 0 and not self.entries:
            if self.number not in session_numbers(self.chronicle_dir):
                return Poll()
            self.load()
            return Poll(reloaded=True, problem=self.problem) if self.entries or self.problem else Poll()
        try:
            new, self.offset = read_new_entries(self.chronicle_dir, self.number, self.offset)
        except LogRewrittenError:
            self.load()
            return Poll(reloaded=True, problem=self.problem)
        except StoreError as exc:
            return Poll(problem=str(exc))
        self.entries.extend(new)
        self.title = effective_title(self.title, new)  # a title set meanwhile (ctrl+n) names the session
        return Poll(tuple(new))


def history_rows(
    chronicle_dir: Path,
    log_filter: LogFilter,
    *,
    sessions: Iterable[int] | None = None,
    progress: Progress | None = None,
    newest: int | None = None,
) -> tuple[list[IndexedEntry], tuple[str, ...]]:
    """Index rows matching ``log_filter`` over ``sessions`` (all when None), in log order; and index problems.

    ``newest`` keeps only that many of the latest matches (a quick first screen
    before the whole list, which for 100,000 rows takes seconds to build).
    Opens its own connection, so it may run in a worker thread (SQLite connections
    stay in the thread that made them).
    """
    with HistoryIndex(chronicle_dir) as index:
        report = index.sync(progress)
        kwargs = log_filter.query_kwargs()
        if sessions is not None:
            kwargs["sessions"] = list(sessions)
        if newest is not None:
            return index.query(**kwargs, order="desc", limit=newest)[::-1], report.problems
        return index.query(**kwargs), report.problems


class EntryCache:
    """Full entries for index rows, read on demand and kept for the most recent few thousand."""

    def __init__(self, chronicle_dir: Path, size: int = 4096) -> None:
        self.chronicle_dir = Path(chronicle_dir)
        self.size = size
        self._cache: OrderedDict[tuple[int, int], LogEntry | None] = OrderedDict()

    def get_many(self, rows: list[IndexedEntry]) -> list[LogEntry | None]:
        """The entries for ``rows`` (None for one that can no longer be read), reading the missing ones at once."""
        missing = [row for row in rows if (row.session, row.seq) not in self._cache]
        if missing:
            try:
                found = {entry.id: entry for entry in load_entries(self.chronicle_dir, missing)}
            except StoreError:
                found = {}
            for row in missing:
                self._cache[(row.session, row.seq)] = found.get(row.id)
        result = []
        for row in rows:
            key = (row.session, row.seq)
            self._cache.move_to_end(key)
            result.append(self._cache[key])
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return result

    def get(self, row: IndexedEntry) -> LogEntry | None:
        return self.get_many([row])[0]

    def clear(self) -> None:
        self._cache.clear()


Loader = Callable[[list[IndexedEntry]], list[LogEntry | None]]
