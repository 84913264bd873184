"""``ctrl+n``: a storyteller's note, a scene marker or the session's title, logged in the session.

One line of text, what it is (Tab to the choice, ←/→ or space to change it;
the choice is marked ``▶``, not by colour alone) and whether it is secret.
Saving goes through ``save`` (the app's, through :mod:`vtm_tui.play.notes`);
a refusal (empty, too long) is shown here and nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from rich.text import Text
from textual.widgets import Input, Label, Static

from vtm_tui.play.notes import NOTE_LIMIT
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox

#: What the dialog can log, in the order of its choice.
NOTE_KINDS = (("note", "Note"), ("scene", "Scene marker"), ("title", "Session title"))
Save = Callable[[str, str, bool], "str | None"]


class KindChoice(Static, can_focus=True):
    """What the text is: ←/→ or space move the ``▶`` between Note, Scene marker and Session title."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous kind", show=False, id="note.kind_previous"),
        Binding("right,space", "step(1)", "Next kind", show=False, id="note.kind_next"),
    ]
    DEFAULT_CSS = "KindChoice { width: auto; height: 1; } KindChoice:focus { background: $boost; }"

    def __init__(self, kind: str, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.kinds = [k for k, _ in NOTE_KINDS]
        self.kind = kind if kind in self.kinds else "note"

    def render(self) -> Text:
        text = Text()
        for kind, label in NOTE_KINDS:
            chosen = kind == self.kind
            text.append(("▶ " if chosen else "  ") + label + "  ", style="bold" if chosen else "dim")
        return text

    def action_step(self, step: int) -> None:
        self.kind = self.kinds[(self.kinds.index(self.kind) + step) % len(self.kinds)]
        self.refresh(layout=True)


class NoteDialog(VtmDialog[bool]):
    """Answers True once ``save(kind, text, secret)`` accepted it, False when cancelled."""

    HELP_TITLE = "Note"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True, id="note.save"),
        Binding("escape", "cancel", "Cancel", id="note.cancel"),
        Binding("enter", "save", "Log it", show=False, priority=True, id="note.enter"),
    ]
    DEFAULT_CSS = """
    NoteDialog > Vertical { width: 72; }
    NoteDialog Input { border: none; height: 1; background: $boost; padding: 0 1; }
    NoteDialog Horizontal { height: 1; margin-top: 1; }
    NoteDialog MarkCheckbox, NoteDialog MarkCheckbox:focus { border: none; height: 1; padding: 0; width: auto; }
    NoteDialog #note-error { color: $warning; text-style: bold; height: auto; }
    NoteDialog #note-hint { color: $text-muted; }
    """

    def __init__(self, save: Save, kind: str = "note") -> None:
        super().__init__()
        self.save = save
        self.kind = kind

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Log a note"
            yield Input(id="note-text", max_length=NOTE_LIMIT, compact=True,
                        placeholder="what happened, a scene's name, or the session's title")
            with Horizontal():
                yield KindChoice(self.kind, id="note-kind")
                yield Label("  ")
                yield MarkCheckbox("Secret", id="note-secret")
            yield Static("", id="note-error", markup=False)
            yield Static("Enter or ctrl+s logs · Tab: kind (←/→), secret (space) · Esc cancels", id="note-hint",
                         markup=False)

    def on_mount(self) -> None:
        self.query_one("#note-text", Input).focus()

    def chosen_kind(self) -> str:
        return self.query_one(KindChoice).kind

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        """Log it; after an ended session the app asks first, and Esc on the question keeps this dialog."""
        self.app.before_logging(self._save_now)

    def _save_now(self) -> None:
        text = self.query_one("#note-text", Input).value
        problem = self.save(self.chosen_kind(), text, self.query_one("#note-secret", MarkCheckbox).value)
        if problem:
            self.query_one("#note-error", Static).update(problem)
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
