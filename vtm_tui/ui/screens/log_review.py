"""The log screen's look-closer keys: an entry's detail (Enter), statistics (``t``), export (``e``).

A mixin of :class:`~vtm_tui.ui.screens.log.LogScreen`, kept apart so each file
holds one concern; it opens the modal screens and gives them what they need
(the session's entries, the chronicle's house rules, the re-roll links).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.widgets.log_view import LogView

if TYPE_CHECKING:
    from vtm_tui.review.filters import LogFilter
    from vtm_tui.review.source import EntryCache, SessionTail
    from vtm_tui.store.index import IndexedEntry

#: Statistics over all history read every roll in full; beyond this, ask for a narrower filter first.
STATS_LIMIT = 20_000


class ReviewActions(VtmNode):
    """Detail, statistics and export; the screen provides the attributes annotated here."""

    filter: LogFilter
    tail: SessionTail | None
    scope: int | None
    history: list[IndexedEntry]
    cache: EntryCache | None
    storyteller: bool
    chronicle_dir: Path | None
    app: Any

    def _ruleset(self) -> str | None:
        """The open chronicle's rule set; None when no chronicle is open (nothing is assumed)."""
        store = self.app.chronicle_store
        return store.chronicle.ruleset if store is not None else None

    def _options(self) -> dict[str, Any]:
        store = self.app.chronicle_store
        return dict(store.chronicle.options) if store is not None else {}

    def _session_entries(self, number: int) -> list[LogEntry]:
        if self.tail is not None and self.tail.number == number:
            return self.tail.entries
        from vtm_tui.store.session_log import read_session

        folder = self.chronicle_dir
        try:
            return read_session(folder, number, recover=False).entries if folder else []
        except VtmError:
            return []

    def links(self, entry: LogEntry) -> tuple[LogEntry | None, tuple[LogEntry, ...]]:
        """The roll ``entry`` re-rolled (its ``ref``) and the entries that re-rolled it."""
        session = self._session_entries(entry.session)
        original = next((e for e in session if entry.ref and e.id == entry.ref), None)
        return original, tuple(e for e in session if e.ref == entry.id)

    def on_log_view_selected(self, message: LogView.Selected) -> None:
        from vtm_tui.review.entry_odds import odds_contexts
        from vtm_tui.ui.screens.entry_detail import EntryDetail

        entry = message.entry
        session = self._session_entries(entry.session)
        contexts = odds_contexts(session, self._options())
        context = next((c for e, c in zip(session, contexts, strict=True) if e.id == entry.id), None)
        self.app.push_screen(EntryDetail(entry, find_links=self.links, context=context, storyteller=self.storyteller))

    def action_stats(self) -> None:
        from vtm_tui.ui.screens.log_stats import LogStats

        actor = self.filter.actors[0] if len(self.filter.actors) == 1 else None
        if self.scope is not None and self.tail is not None:
            entries = self.tail.entries
            if not self.filter.is_empty and not (len(self.filter.actors) == 1 and len(self.filter.chips()) == 1):
                entries = [e for e in entries if self.filter.matches(e)]
            self.app.push_screen(LogStats(entries, scope=f"Session {self.tail.number}", actor=actor,
                                          options=self._options()))
            return
        rows = [row for row in self.history if row.result]
        if len(rows) > STATS_LIMIT:
            self.notify(f"{len(rows):,} rolls shown: narrow them with a filter (a character, dates) to under "
                        f"{STATS_LIMIT:,} for statistics.", title="Statistics", severity="warning")
            return
        cache = self.cache
        options = self._options()
        self.notify(f"Reading {len(rows):,} rolls…", title="Statistics", timeout=2)

        def load() -> None:
            entries = [e for e in (cache.get_many(rows) if cache else []) if e is not None]
            self.app.call_from_thread(self.app.push_screen, LogStats(entries, scope="All sessions shown",
                                                                     actor=actor, options=options))

        self.run_worker(load, thread=True, exclusive=True, group="log-stats", name="statistics")

    def action_export(self) -> None:
        from vtm_tui.store.session_log import session_numbers
        from vtm_tui.ui.screens.export_dialog import ExportDialog

        folder = self.chronicle_dir
        if folder is None:
            return
        numbers = session_numbers(folder)
        if not numbers:
            self.notify("Nothing to export: no session has been logged yet.", title="Export", severity="warning")
            return
        session = self.scope if self.scope in numbers else numbers[-1]

        def written(path: Path | None) -> None:
            if path is not None:
                self.notify(f"Recap written to {path}", title="Export")

        self.app.push_screen(ExportDialog(folder, session, numbers), written)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        return [
            ("Log: pick a session", "show one session or all (s)", self.action_sessions),
            ("Log: all sessions / live", "switch between all history and the live session (a)",
             self.action_all_sessions),
            ("Log: search", "text in comments, pools and names (/)", self.action_search),
            ("Log: filter by character", "(c)", self.action_filter_actor),
            ("Log: filter by kind", "(k)", self.action_filter_kind),
            ("Log: filter by outcome", "(f)", self.action_filter_result),
            ("Log: messy criticals and bestial failures", "(m)", self.action_messy),
            ("Log: filter by rule set", "(u)", self.action_filter_ruleset),
            ("Log: filter by date", "(d)", self.action_filter_date),
            ("Log: clear filters", "(Esc)", self.action_clear_filters),
            ("Log: statistics", "counts next to the exact expected counts (t)", self.action_stats),
            ("Log: export a recap", "Markdown or JSON (e)", self.action_export),
        ]
