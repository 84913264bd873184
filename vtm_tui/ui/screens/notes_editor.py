"""``e``: a character's notes in a TextArea. Esc saves and closes; ctrl+z inside undoes typing. An unchanged
text saves nothing and logs nothing.

Nothing typed is ever thrown away. The editor saves through the screen's
``save`` function while still open: when that fails (a full disk, another login
changed the same notes meanwhile) it stays open with the text, says what
happened and offers what can be done: try again (ctrl+s or Esc), keep both
(ctrl+b: the other login's notes as they are now, then this text, to tidy up and
save), or write this text to a recovery file named in the message and close
(ctrl+r).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static, TextArea

from vtm_tui.errors import VtmError
from vtm_tui.store.errors import ConflictError
from vtm_tui.ui.dialog import VtmDialog

#: The line between the other login's notes and this one's, after ctrl+b.
KEPT_MARK = "— kept from this login —"


class NotesEditor(VtmDialog[str | None]):
    """Answers the edited text (after ``save`` took it, when one is given)."""

    HELP_TITLE = "Notes"
    BINDINGS = [
        Binding("escape", "done", "Save and close", priority=True, id="notes.done"),
        Binding("ctrl+s", "done", "Save and close", show=False, priority=True, id="notes.save"),
        Binding("ctrl+b", "keep_both", "Keep both (after a clash)", show=False, priority=True,
                id="notes.keep_both"),
        Binding("ctrl+r", "recover", "Save to a recovery file and close", show=False, priority=True,
                id="notes.recover"),
    ]
    DEFAULT_CSS = """
    NotesEditor > Vertical { width: 90%; max-width: 100; height: 80%; padding: 0; }
    NotesEditor TextArea { height: 1fr; }
    NotesEditor #notes-problem { display: none; height: auto; max-height: 6; color: $error; }
    NotesEditor.-failed #notes-problem { display: block; }
    """

    def __init__(self, title: str, text: str, *, save: Callable[[str], object] | None = None,
                 current: Callable[[], str] | None = None, recover: Callable[[str], Path] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.save = save  # raises VtmError when the text could not be saved
        self.current = current  # the notes as saved now (after another login's change)
        self.recover = recover  # writes the text to a recovery file, returns where
        self.clashed = False

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"{self.title_text} — Esc saves and closes"  # never markup (ui/textual_compat.py, install_screen_text)
            yield TextArea(self.text, id="notes", soft_wrap=True, show_line_numbers=False)
            yield Static("", id="notes-problem", markup=False)

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.move_cursor(area.document.end)  # notes grow at the end
        area.focus()

    @property
    def typed(self) -> str:
        return self.query_one(TextArea).text

    def action_done(self) -> None:
        from vtm_tui.play.sessions import SessionEnded  # not at start: vtm_tui.play loads every engine

        text = self.typed
        if self.save is not None and text != self.text:
            try:
                self.save(text)
            except SessionEnded as exc:  # asked; Esc leaves this editor open with the text
                self.app.ask_next_session(exc, self.action_done)
                return
            except VtmError as exc:
                self._failed(exc)
                return
        self.dismiss(text)

    def _failed(self, error: VtmError) -> None:
        self.clashed = isinstance(error, ConflictError)
        offers = ["Your text is still here: " + ("ctrl+s saves yours over theirs" if self.clashed
                                                 else "ctrl+s tries again")]
        if self.clashed and self.current is not None:
            offers.append("ctrl+b keeps both (their notes, then yours)")
        if self.recover is not None:
            offers.append("ctrl+r saves it to a recovery file and closes")
        self._say(f"Not saved: {error}\n" + " · ".join(offers) + ".")

    def _say(self, message: str) -> None:
        self.query_one("#notes-problem", Static).update(Text(message))
        self.add_class("-failed")

    def action_keep_both(self) -> None:
        """The other login's notes as they are now, then this text: nothing of either is lost."""
        if self.current is None:
            return
        theirs = self.current()
        area = self.query_one(TextArea)
        mine = area.text
        area.text = f"{theirs.rstrip()}\n\n{KEPT_MARK}\n{mine}" if theirs.strip() else mine
        area.move_cursor(area.document.end)
        self.text = theirs  # what is saved now is compared with the notes as they are
        self._say("Both kept: the other login's notes, then yours. Tidy up and press Esc to save.")

    def action_recover(self) -> None:
        if self.recover is None:
            return
        try:
            path = self.recover(self.typed)
        except VtmError as exc:
            self._say(f"Not saved, and no recovery file either: {exc}\nYour text is still here; copy it out "
                      "with the mouse or free some space and press ctrl+s.")
            return
        self.app.notify(f"Your text is in {path}.", title="Notes kept in a recovery file", timeout=15)
        self.dismiss(None)
