"""The storyteller's session keys on any screen: open and close a session, log a note (``ctrl+n``).

Kept apart from :mod:`vtm_tui.ui.app` (what the app is: its screens, the store, the seat): these are actions on
the open chronicle, each a call into the store or the play layer and a notice of what came of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from vtm_tui.ui.app_base import VtmAppBase

if TYPE_CHECKING:
    from vtm_tui.play.sessions import SessionEnded


class SessionActions(VtmAppBase):
    """Mixed into the app: ``action_start_session``, ``action_end_session``, ``action_note``, and the one question
    asked before a change opens the session after an ended one (``before_logging``, ``ask_next_session``)."""

    def before_logging(self, then: Callable[[], object], *, kind: str = "") -> None:
        """Run ``then`` (a change that is logged), asking first when it would open the next session
        (:func:`vtm_tui.play.sessions.must_ask`): for an editor or dialog that closes when it saves, so Esc on
        the question leaves it open with what was typed."""
        from vtm_tui.play.sessions import must_ask

        store = self.chronicle_store
        question = None
        if store is not None and store.ask_before_next_session:  # the app's store asks; the command line's never
            question = must_ask(store, player=self.player is not None, kind=kind)
        if question is None:
            then()
        else:
            self.ask_next_session(question, then)

    @contextmanager
    def saying_a_started_session(self) -> Iterator[None]:
        """Run a change; if it opened the chronicle's first session (rule 4 of :mod:`vtm_tui.play.sessions`), the
        header follows and a notice says so, as the sheet keys' and the roll dialog's do. For the paths whose
        play function does not report it: notes, the ledger, experience, an import."""
        from vtm_tui.play.sessions import started_note

        store = self.chronicle_store
        was = (store.chronicle.current_session, store.chronicle.session_open) if store is not None else None
        try:
            yield
        finally:
            now = (store.chronicle.current_session, store.chronicle.session_open) if store is not None else None
            if now is not None and now[1] and now != was:
                self.publish_chronicle()
                self.notify(started_note(now[0]) + ".", title="Session", timeout=10)

    def ask_next_session(self, question: SessionEnded, retry: Callable[[], object], *,
                         said_later: Callable[[str], None] | None = None) -> None:
        """Ask "Session 3 has ended. Start session 4 for this change?": ``s`` starts it and runs ``retry`` (the
        change again, now logged in the new session); Esc writes nothing. "Session 4 started." is a notice at
        once, or handed to ``said_later`` (the roll dialog says it when it closes: a toast over the result would
        hide the dice)."""
        from vtm_tui.errors import VtmError
        from vtm_tui.ui.screens.next_session import NextSessionDialog

        def answered(start: bool | None) -> None:
            store = self.chronicle_store
            if not start or store is None:
                return
            try:
                number = store.start_session(self.clock())
            except VtmError as exc:
                store.refresh_chronicle()
                if not store.chronicle.session_open:  # not another login's start meanwhile: say why, keep all
                    self.notify(str(exc), title="Session", severity="error")
                    return
                number = store.chronicle.current_session
            self.publish_chronicle()
            if said_later is None:
                self.notify(f"Session {number} started.", title="Session")
            else:
                said_later(f"Session {number} started")
            retry()

        self.push_screen(NextSessionDialog(question.ended), answered)

    def action_start_session(self) -> None:
        """Open the next session (its log file is created; the header follows)."""
        from vtm_tui.errors import VtmError

        store = self.chronicle_store
        if store is None:
            return
        try:
            number = store.start_session(self.clock())
        except VtmError as exc:
            self.notify(str(exc), title="Session", severity="error")
            return
        self.publish_chronicle()
        self.notify(f"Session {number} started.", title="Session")

    def action_end_session(self) -> None:
        """Close the current session, then list the V5 Remorse tests it owes, each rolled from the list."""
        from vtm_tui.errors import VtmError

        store = self.chronicle_store
        if store is None:
            return
        try:
            number = store.end_session(self.clock())
        except VtmError as exc:
            self.notify(str(exc), title="Session", severity="error")
            return
        self.publish_chronicle()
        self.notify(f"Session {number} ended.", title="Session")
        self.offer_remorse(number)

    def offer_remorse(self, session: int) -> None:
        """List the Remorse tests the session's end owes; Enter on one rolls it, then the list comes back with
        whoever still owes one (:class:`~vtm_tui.ui.screens.remorse_due.RemorseDueDialog`)."""
        from vtm_tui.ui.screens.remorse_due import RemorseDueDialog

        store = self.chronicle_store
        owed = store.remorse_due() if store is not None else []
        if not owed:
            return

        def roll(name: str | None) -> None:
            character = next((c for c in owed if c.name == name), None)
            if character is not None:
                self.push_screen(self.roll_dialog_for(store.character(character.name), "remorse"),
                                 lambda _rolled: self.offer_remorse(session))

        self.push_screen(RemorseDueDialog(session, owed), roll)

    def action_note(self) -> None:
        """``ctrl+n``: log a note, a scene marker or the session's title (:mod:`vtm_tui.play.notes`)."""
        from vtm_tui.ui.screens.note_dialog import NoteDialog

        if self.chronicle_store is None or self.player is not None or isinstance(self.screen, NoteDialog):
            return
        self.push_screen(NoteDialog(self._save_note))

    def _save_note(self, kind: str, text: str, secret: bool) -> str | None:
        """Log what the note dialog holds; the refusal's words (the dialog stays open), else None."""
        from vtm_tui.errors import VtmError
        from vtm_tui.play.notes import log_note

        if self.chronicle_store is None:
            return "No chronicle is open."
        try:
            with self.saying_a_started_session():
                said = log_note(self.chronicle_store, kind, text, secret=secret, now=self.clock())
        except VtmError as exc:
            return str(exc)
        self.publish_chronicle()  # the first entry may have opened a session
        self.notify(said, title="Log")
        return None
