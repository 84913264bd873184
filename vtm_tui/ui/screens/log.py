"""The roll log (``3``): the current session live, any past session, or all history filtered.

What is shown goes down into :class:`~vtm_tui.ui.widgets.log_view.LogView`
(drawn a line at a time); what the storyteller asks comes up as key actions.

- **Live.** The current session is read whole on mount (a few hundred entries
  at most: well under the 100 ms budget), then read again for the bytes other
  processes appended (:class:`~vtm_tui.review.source.SessionTail`) whenever the
  store's watcher says a session file changed
  (:mod:`vtm_tui.ui.chronicle_watch`); a newer session started elsewhere is
  followed. The view stays on the newest
  entry while the cursor is there.
- **Review.** ``s`` picks a session or all of them; filters (character, kind,
  outcome, ``m`` for messy criticals and bestial failures, rule set, date, text)
  combine and show as chips. One session is filtered in memory; all history goes
  through the SQLite index in a worker thread. The index is brought up to date in
  the background from the moment the screen opens, with a progress bar, so no
  key ever waits for it.

The background work runs in Textual workers (``@work(thread=True)``) that report back by messages
(:mod:`.log_messages`): leaving the screen cancels them (Textual cancels a node's workers as it unmounts), a
newer history query cancels the older one (``exclusive``), and a cancelled worker's late result is dropped.
The index and the history queries are :mod:`.log_history`'s.
- ``t`` statistics, ``e`` export, Enter an entry's detail.

Times are shown in the local zone of the machine running the app (where the
storyteller sits, or the server over SSH); the detail adds UTC.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from vtm_tui.errors import VtmError
from vtm_tui.review.filters import LogFilter
from vtm_tui.review.source import EntryCache, Poll, SessionTail
from vtm_tui.store.index import IndexedEntry
from vtm_tui.store.watch import Changes
from vtm_tui.ui.chronicle_watch import Following, follow_chronicle, show_chronicle_file
from vtm_tui.ui.screens.mode_screen import ModeScreen
from vtm_tui.ui.screens.log_filtering import FilterActions
from vtm_tui.ui.screens.log_history import FIRST_PAINT, HistoryActions
from vtm_tui.ui.screens.log_messages import SessionRead
from vtm_tui.ui.screens.log_review import ReviewActions
from vtm_tui.ui.screens.session_picker import ALL_SESSIONS, SessionPicker
from vtm_tui.ui.widgets.filter_chips import FilterChips
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader
from vtm_tui.ui.widgets.log_view import LogView

HINT = "⏎ detail  s sessions  / search  c who  m messy  t stats  e export  Tab chips"


class LogScreen(HistoryActions, ReviewActions, FilterActions, ModeScreen[None]):
    """The session log and the review of every session."""

    HELP_TITLE = "Log"
    HELP_INTRO = ("↑/↓ move, Enter opens an entry, End follows the newest. Filters combine; Tab reaches the chips, "
                  "Delete removes one, Esc clears them all.")
    # Inline, not CSS_PATH: a screen's CSS file makes Textual restyle every widget of every screen already
    # open (about a second behind a coterie of 100 sheets), while default CSS is only applied to new widgets.
    DEFAULT_CSS = """
    #log-bar {
        height: 1;
        background: $panel;
    }
    #log-scope {
        width: 1fr;
        height: 1;
        padding: 0 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    #log-progress {
        width: 30;
        height: 1;
    }
    #log-progress Bar {
        width: 20;
    }
    #log-chips {
        background: $background;
    }
    #log-view {
        height: 1fr;
    }
    #log-status {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """
    BINDINGS = [
        Binding("s", "sessions", "Sessions", id="log.sessions"),
        Binding("a", "all_sessions", "All sessions / live", show=False, id="log.all_sessions"),
        Binding("slash", "search", "Search", key_display="/", show=False, id="log.search"),
        Binding("c", "filter_actor", "Character", show=False, id="log.filter_character"),
        Binding("k", "filter_kind", "Kind", show=False, id="log.filter_kind"),
        Binding("f", "filter_result", "Outcome", show=False, id="log.filter_outcome"),
        Binding("m", "messy", "Messy", show=False, id="log.filter_messy"),
        Binding("u", "filter_ruleset", "Rule set", show=False, id="log.filter_ruleset"),
        Binding("d", "filter_date", "Date", show=False, id="log.filter_date"),
        Binding("escape", "clear_filters", "Clear filters", show=False, id="log.clear_filters"),
        Binding("t", "stats", "Stats", id="log.stats"),
        Binding("e", "export", "Export", id="log.export"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.filter = LogFilter()
        self.scope: int | None = None  # the session shown; None: all sessions
        self.tail: SessionTail | None = None
        self.cache: EntryCache | None = None
        self.history: list[IndexedEntry] = []
        self.history_partial = False  # only the newest rows of the history query are shown so far
        self._newest_ids: set[str] = set()
        self._indexed = False  # the background build has finished (well or not)
        self._history_wanted = False  # a history query waits for that build
        self._following: Following | None = None

    # -- building ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield VtmHeader("log")
        with Horizontal(id="log-bar"):
            yield Static("", id="log-scope", markup=False)
            yield ProgressBar(total=None, show_eta=False, id="log-progress")
        yield FilterChips(id="log-chips")
        yield LogView(id="log-view", storyteller=self.storyteller)
        yield Static(HINT, id="log-status", markup=False)
        yield VtmFooter()

    @property
    def storyteller(self) -> bool:
        """Secret Difficulties show only to the storyteller (the app is not opened as a player)."""
        return self.app.player is None

    @property
    def chronicle_dir(self) -> Path | None:
        store = self.app.chronicle_store
        return store.path if store is not None else None

    @property
    def view(self) -> LogView:
        return self.query_one(LogView)

    def on_mount(self) -> None:
        self.query_one("#log-progress").display = False
        self.query_one(FilterChips).show([])
        folder = self.chronicle_dir
        self.view.focus()
        if folder is None:
            self.view.show([], empty_text="No chronicle is open.")
            return
        self.cache = EntryCache(folder)
        # Before the first read, so nothing is missed.
        self._following = follow_chronicle(folder, self._changed, "sessions", "chronicle.toml")
        current = self.app.chronicle_store.chronicle.current_session
        self.scope = current
        self._open_tail(SessionTail(folder, current, follow_newest=True))
        self._index_in_background()

    def _open_tail(self, tail: SessionTail, *, show: bool = True) -> None:
        """Show the newest entries at once; read the rest of the session in a worker and put it in place."""
        self.tail = tail
        tail.load_recent(FIRST_PAINT)
        if show:
            self._show_session()
        if tail.partial:
            self._read_session(tail)

    @work(thread=True, exclusive=True, group="log-session", name="read session")
    def _read_session(self, tail: SessionTail) -> None:
        log = tail.read_whole()
        if log is not None and not get_current_worker().is_cancelled:
            self.post_message(SessionRead(tail, log))

    @on(SessionRead)
    def _adopt(self, message: SessionRead) -> None:
        tail = message.tail
        if tail is not self.tail or not tail.adopt(message.log):
            return
        if self.scope is None:
            return
        keep = None if self.view.at_newest else (self.view.current_entry.id if self.view.current_entry else None)
        self._show_session()
        if keep is not None:
            ids = [row.id for row in self.view.rows]
            if keep in ids:
                self.view.cursor = ids.index(keep)

    def on_unmount(self) -> None:
        """The app is closing (or the chronicle changed); Textual cancels this screen's workers itself."""
        if self._following is not None:
            self._following.stop()

    def _if_live(self, show: Callable[[], object]) -> None:
        """Show a worker's report, unless the screen is being taken down.

        The screen's widgets are taken down before its own unmount (some of them while others remain), so a
        progress report arriving then found no ``#log-status`` and failed the app (seen when a test quit
        right after opening the log).
        """
        if not self.is_attached or not self.children:
            return
        try:
            show()
        except NoMatches:  # the app is closing and has already taken some of the widgets down
            self.workers.cancel_node(self)  # nothing is left to show it in: let the workers stop

    # -- showing ----------------------------------------------------------------------------------

    def _show_session(self) -> None:
        """Show the tail's session through the filter (in memory)."""
        tail = self.tail
        assert tail is not None
        shown = [e for e in tail.entries if self.filter.matches(e)]
        if tail.number < 1:
            empty = "No session yet: start one (ctrl+p → Start session) and rolls appear here as they are made."
        elif tail.problem:
            empty = f"Session {tail.number} cannot be read: {tail.problem}"
        elif tail.entries:
            empty = "Nothing here matches the filters (Esc clears them)."
        else:
            empty = f"Session {tail.number} has no entries yet; they appear here as they are made."
        self.view.show(shown, empty_text=empty)
        self._describe(len(shown), len(tail.entries))

    def _describe(self, shown: int, total: int | None = None) -> None:
        tail = self.tail
        if self.scope is None:
            what = "All sessions"
        elif tail is not None:
            what = f"Session {tail.number}" if tail.number else "No session"
            if tail.title:
                what += f" — {tail.title}"
            if tail.entries:
                what += f" · {tail.entries[0].time.astimezone():%Y-%m-%d}"
            if tail.follow_newest:
                what += " · live"
        else:
            what = ""
        if not self.filter.is_empty and total is not None:
            count = f"{shown:,} of {total:,} entries"
        else:
            count = f"{shown:,} entr{'y' if shown == 1 else 'ies'}"
        # One row of fixed width (1fr × 1): new text never changes its size, so no layout of the whole screen
        # (that was a third of the storyteller's CPU for each roll another seat made).
        self.query_one("#log-scope", Static).update(f"{what} · {count}", layout=False)

    def _refilter(self) -> None:
        self.query_one(FilterChips).show(self.filter.chips())
        if self.scope is None:
            self._query_history()
        else:
            self._show_session()

    def set_filter(self, log_filter: LogFilter) -> None:
        """Apply ``log_filter`` (the chips follow)."""
        self.filter = log_filter
        self._refilter()

    # -- live updates -----------------------------------------------------------------------------

    def _changed(self, changes: Changes) -> None:
        """The watcher's notice: the header reads a changed chronicle file again, then new entries are read."""
        show_chronicle_file(self.app, changes)
        self.poll()

    def poll(self) -> None:
        """Pick up entries appended since the last look (by this app or any other process)."""
        tail = self.tail
        if tail is None:
            return
        found = tail.poll()
        if found.reloaded:
            if self.scope is not None:
                self.scope = tail.number
                self._show_session()
                return
            found = Poll(tuple(tail.entries))  # all sessions: a newer session began, its entries join the end
        if not found.new:
            return
        fresh = [e for e in found.new if self.filter.matches(e)]
        if self.scope is None:
            fresh = [e for e in fresh if e.id not in self._newest_ids]
            self._newest_ids.update(e.id for e in fresh)
        elif self.scope != tail.number:
            return
        self.view.append(fresh)
        if self.scope is None:
            self._describe(len(self.view.rows))
        else:
            self._describe(len(self.view.rows), len(tail.entries))

    def _indexed_now(self) -> None:
        """The index is built (or could not be): the progress bar gives way to the keys' hint."""
        self.query_one("#log-progress").display = False
        self.query_one("#log-status", Static).update(HINT)

    # -- scope ------------------------------------------------------------------------------------

    def show_session(self, number: int | None) -> None:
        """Show session ``number`` (the current one is followed live), or all sessions (None)."""
        folder = self.chronicle_dir
        if folder is None:
            return
        current = self.app.chronicle_store.chronicle.current_session
        newest = max(current, self.tail.number if self.tail else 0)
        self.scope = number
        if number is None:
            self._open_tail(SessionTail(folder, newest, follow_newest=True), show=False)
            self._query_history()
        else:
            self._open_tail(SessionTail(folder, number, follow_newest=number >= newest))

    def action_sessions(self) -> None:
        folder = self.chronicle_dir
        if folder is None:
            return
        from vtm_tui.store.index import list_sessions

        try:
            summaries = list_sessions(folder)
        except VtmError as exc:
            self.notify(str(exc), title="Sessions", severity="error")
            return

        def chosen(number: int | None) -> None:
            if number is not None:
                self.show_session(None if number == ALL_SESSIONS else number)

        self.app.push_screen(SessionPicker(summaries, self.scope), chosen)

    def action_all_sessions(self) -> None:
        if self.scope is None:
            current = self.app.chronicle_store.chronicle.current_session
            self.show_session(current)
        else:
            self.show_session(None)
