"""The storyteller's session keys on any screen: open and close a session, log a note (``ctrl+n``).

Kept apart from :mod:`vtm_tui.ui.app` (what the app is: its screens, the store, the seat): these are actions on
the open chronicle, each a call into the store or the play layer and a notice of what came of it.
"""

from __future__ import annotations

from vtm_tui.errors import VtmError
from vtm_tui.ui.app_base import VtmAppBase


class SessionActions(VtmAppBase):
    """Mixed into the app: ``action_start_session``, ``action_end_session``, ``action_note``."""

    def action_start_session(self) -> None:
        """Open the next session (its log file is created; the header follows)."""
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
        """Close the current session; V5 characters with stains are named (they owe a Remorse test)."""
        store = self.chronicle_store
        if store is None:
            return
        try:
            number = store.end_session(self.clock())
        except VtmError as exc:
            self.notify(str(exc), title="Session", severity="error")
            return
        self.publish_chronicle()
        due = [c.name for c in store.remorse_due()]
        extra = f"\nRemorse due: {', '.join(due)}" if due else ""
        self.notify(f"Session {number} ended.{extra}", title="Session", timeout=10)

    def action_note(self) -> None:
        """``ctrl+n``: log a note, a scene marker or the session's title (:mod:`vtm_tui.play.notes`)."""
        from vtm_tui.ui.screens.note_dialog import NoteDialog

        if self.chronicle_store is None or self.player is not None or isinstance(self.screen, NoteDialog):
            return
        self.push_screen(NoteDialog(self._save_note))

    def _save_note(self, kind: str, text: str, secret: bool) -> str | None:
        """Log what the note dialog holds; the refusal's words (the dialog stays open), else None."""
        from vtm_tui.play.notes import log_note

        if self.chronicle_store is None:
            return "No chronicle is open."
        try:
            said = log_note(self.chronicle_store, kind, text, secret=secret, now=self.clock())
        except VtmError as exc:
            return str(exc)
        self.publish_chronicle()  # the first entry may have opened a session
        self.notify(said, title="Log")
        return None
