"""The log screen's view of all history: the SQLite index built in the background, and filtered queries on it.

A mixin of :class:`~vtm_tui.ui.screens.log.LogScreen`, kept apart so each file holds one concern. The index is
brought up to date in a child process from the moment the screen opens (a progress bar shows how far), so no
key waits for it; a history query runs in a worker thread once it is built, the newest rows first and then all
of them. Workers report with the messages of :mod:`.log_messages`, handled here by name (``on_history_rows``:
``@on`` registers handlers only on Textual's own classes, and this mixin is not one); a cancelled worker's late
rows are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from vtm_tui.errors import VtmError
from vtm_tui.review.source import history_rows
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.screens.log_messages import HistoryFailed, HistoryRows, IndexBuilt, IndexProgress

if TYPE_CHECKING:
    from vtm_tui.review.filters import LogFilter
    from vtm_tui.review.source import EntryCache, SessionTail
    from vtm_tui.store.index import IndexedEntry
    from vtm_tui.ui.widgets.log_view import LogView

#: Entries read for the first paint (from the file's end); the rest follows in a worker.
FIRST_PAINT = 60


class HistoryActions(VtmNode):
    """The index in the background and the history queries; the screen provides the attributes annotated here."""

    filter: LogFilter
    scope: int | None
    tail: SessionTail | None
    cache: EntryCache | None
    history: list[IndexedEntry]
    history_partial: bool
    _newest_ids: set[str]
    _indexed: bool
    _history_wanted: bool
    chronicle_dir: Path | None
    view: LogView
    query_one: Any
    post_message: Any
    notify: Any
    workers: Any
    _if_live: Callable[[Callable[[], object]], None]
    _describe: Callable[..., None]
    _indexed_now: Callable[[], None]

    def _progress(self, done: int, total: int) -> None:
        bar = self.query_one("#log-progress", ProgressBar)
        if not bar.display:
            self.query_one("#log-status", Static).update(
                "Indexing every session for search and review (keys work meanwhile)…")
        bar.display = True
        bar.update(total=max(total, 1), progress=done)

    def on_index_progress(self, message: IndexProgress) -> None:
        self._if_live(lambda: self._progress(message.done, message.total))

    def _report_progress(self) -> Callable[[int, int], None]:
        """For a worker thread: post progress at most once per per cent (and at the end)."""
        last = -1.0

        def report(done: int, total: int) -> None:
            nonlocal last
            fraction = done / total if total else 1.0
            if fraction - last >= 0.01 or done >= total:
                last = fraction
                self.post_message(IndexProgress(done, total))

        return report

    def _index_in_background(self) -> None:
        if self.chronicle_dir is not None:
            self._build_index(self.chronicle_dir)

    @work(thread=True, group="log-index", name="index history")
    def _build_index(self, folder: Path) -> None:
        from vtm_tui.review.index_builder import build_index

        worker = get_current_worker()
        # A child process: it never holds our GIL. Leaving the screen cancels the worker, which stops it.
        problem = build_index(folder, self._report_progress(), stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.post_message(IndexBuilt(problem or ""))

    def on_index_built(self, message: IndexBuilt) -> None:
        self._indexed = True
        if message.problem:
            self.notify(message.problem, title="History index", severity="warning")
        self._if_live(self._indexed_now)
        if self._history_wanted and self.scope is None:
            self._query_history()

    def _query_history(self) -> None:
        folder = self.chronicle_dir
        if folder is None:
            return
        self.query_one("#log-scope", Static).update("All sessions · reading the history index…")
        # The first build runs in a child process; a query now would parse the logs here and hold the GIL.
        self._history_wanted = not self._indexed
        if self._indexed:
            self._read_history(folder, self.filter)
        else:
            self.workers.cancel_group(self, "log-history")  # an older query's rows are not wanted either

    @work(thread=True, exclusive=True, group="log-history", name="filter history")
    def _read_history(self, folder: Path, log_filter: LogFilter) -> None:
        worker = get_current_worker()
        try:
            rows, problems = history_rows(folder, log_filter, progress=self._report_progress(), newest=FIRST_PAINT)
            if worker.is_cancelled:
                return
            if len(rows) < FIRST_PAINT:  # that was all of it
                self.post_message(HistoryRows(worker, rows, problems, True))
                return
            self.post_message(HistoryRows(worker, rows, problems, False))
            rows, problems = history_rows(folder, log_filter)
        except VtmError as exc:
            self.post_message(HistoryFailed(str(exc)))
            return
        if not worker.is_cancelled:
            self.post_message(HistoryRows(worker, rows, problems, True))

    def on_history_failed(self, message: HistoryFailed) -> None:
        self.notify(message.problem, title="History", severity="error")

    def on_history_rows(self, message: HistoryRows) -> None:
        if message.worker.is_cancelled:  # a newer query (or leaving the screen) replaced it
            return
        self._if_live(lambda: self._history_ready(message.rows, message.problems, message.complete))

    def _history_ready(self, rows: list[IndexedEntry], problems: tuple[str, ...], complete: bool) -> None:
        """Show history rows: first the newest few (``complete`` False), then all of them."""
        if self.scope is not None:
            return
        self._indexed_now()
        keep = None
        if complete and self.history_partial and not self.view.at_newest and self.view.cursor >= 0:
            keep = self.view.rows[self.view.cursor].id
        self.history, self.history_partial = rows, not complete
        newest = self.tail.number if self.tail else 0
        seen = {row.id for row in rows if row.session == newest}
        # Entries of the newest session the index did not have yet were appended after its check: keep them.
        fresh = [e for e in (self.tail.entries if self.tail and complete else [])
                 if e.id not in seen and self.filter.matches(e)]
        self._newest_ids = seen | {e.id for e in fresh}
        empty = "Nothing in any session matches the filters (Esc clears them)." if not self.filter.is_empty \
            else "Nothing has been logged yet."  # fmt: skip
        self.view.show([*rows, *fresh], with_date=True, loader=self.cache.get_many if self.cache else None,
                        empty_text=empty)
        if keep is not None:
            ids = [row.id for row in self.view.rows]
            if keep in ids:
                self.view.cursor = ids.index(keep)
        self._describe(len(self.view.rows))
        if not complete:
            self.query_one("#log-scope", Static).update(f"All sessions · the newest {len(rows)} so far, "
                                                        "reading the rest…")
        for problem in problems if complete else ():
            self.notify(problem, title="Not indexed", severity="warning", timeout=8)
