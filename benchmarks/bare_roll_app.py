"""A bare Textual app that rolls through a modal form: the floor Textual itself sets under a seat's roll.

What ``benchmarks/bench_seat_roll.py`` measures on a seat, done the plain Textual way and nothing more: a
main screen with a line of text and a log (``RichLog``); ``r`` opens a modal dialog of standard widgets as
many as the seat's V5 roll form has (text fields ``Input``, choices ``Select``, tick boxes ``Checkbox``,
compact: one line each, as the form draws them at 80×24), its odds as a line of text and its keys line;
Tab moves through the fields (eight Tabs from the pool reach the comment) or ``ctrl+t`` jumps to the
comment; Enter shows a result in place of the form and appends one line, flushed and synced, to a log file
and to the main screen's log; Esc closes the dialog. The dialog is built once and shown again at each ``r``
(as the seat keeps its roll dialog), its fields cleared.

The texts the benchmark waits for (``Marta's seat``, ``Enter rolls``, ``new roll``) are the seat's, so the
same key-by-key driver runs both. Run as ``python -m benchmarks.bare_roll_app LOGFILE``.

And the other end, for ``benchmarks/bench_player.py``: ``python -m benchmarks.bare_roll_app watch LOGFILE`` is a
bare Textual app that shows what another appends to ``LOGFILE``, told by inotify (``inotify_simple``, as the
seats' watcher is) on a thread that hands each new line to the app (``call_from_thread``) for its ``RichLog``.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, RichLog, Select, Static

#: The seat's V5 roll form (a vampire's test), in its Tab order: pool, + add a trait, Difficulty, ± dice,
#: ± Diff., Secret, Blood Surge, specialty, Comment (eight Tabs from the pool to the comment), then the faces.
FIELDS = (("pool", "input"), ("add-trait", "select"), ("difficulty", "input"), ("modifier", "input"),
          ("difficulty-modifier", "input"), ("secret", "check"), ("surge", "check"), ("specialty", "select"),
          ("comment", "input"), ("faces", "input"))
TRAITS = [(name, name) for name in ("Wits", "Awareness", "Dexterity", "Stealth", "Resolve", "Occult")]


class BareRollDialog(ModalScreen[None]):
    """The roll form as Textual's own widgets: every field a widget, focus moves by Tab."""

    DEFAULT_CSS = """
    BareRollDialog { align: center middle; }
    #box { width: 76; height: auto; max-height: 22; border: round $accent; padding: 0 1; }
    #box Input, #box Select { width: 1fr; }
    #box Checkbox { border: none; padding: 0; height: 1; }
    """
    BINDINGS = [Binding("escape", "dismiss", "Close"), Binding("ctrl+t", "to_comment", "To the comment", priority=True)]

    def __init__(self, log_file: str) -> None:
        super().__init__()
        self.log_file = log_file
        self.rolls = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="box") as box:
            box.border_title = "Roll — Inês Valadares"
            for name, kind in FIELDS:
                if kind == "input":
                    yield Input(placeholder=name, id=name, compact=True)
                elif kind == "select":
                    yield Select(TRAITS, prompt=name, id=name, compact=True)
                else:
                    yield Checkbox(name, id=name, compact=True)
            yield Static("Success 62 %  Messy 8 %  Bestial 3 %", id="odds")
            yield Static("", id="result")
            yield Static("Enter rolls · Tab next field · ctrl+t comment · Esc close", id="keys")

    def on_screen_resume(self) -> None:
        """Shown again: a new form (fields cleared), the cursor on the pool."""
        for name, kind in FIELDS:
            widget = self.query_one(f"#{name}")
            if kind == "input":
                widget.value = "Wits + Awareness" if name == "pool" else ""
            elif kind == "check":
                widget.value = False
            widget.display = True
        self.query_one("#odds").display = True
        self.query_one("#result", Static).display = False
        self.query_one("#pool", Input).focus()

    def action_to_comment(self) -> None:
        self.query_one("#comment", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter rolls: the line is made durable, then the result replaces the form."""
        self.rolls += 1
        comment = self.query_one("#comment", Input).value
        line = f"Inês Valadares rolled Wits + Awareness: 3 successes ({comment})"
        with open(self.log_file, "a", encoding="utf-8") as log:
            log.write(line + "\n")
            log.flush()
            os.fsync(log.fileno())
        for name, _ in FIELDS:
            self.query_one(f"#{name}").display = False
        self.query_one("#odds").display = False
        result = self.query_one("#result", Static)
        result.update(f"{line}\nr new roll · Esc close")
        result.display = True
        self.app.query_one(RichLog).write(line)


class BareSeat(App[None]):
    """The main screen a seat shows behind its dialog: a line of text and a log."""

    BINDINGS = [Binding("r", "roll", "Roll")]

    def __init__(self, log_file: str) -> None:
        super().__init__()
        self.log_file = log_file

    def on_mount(self) -> None:
        self.install_screen(BareRollDialog(self.log_file), "roll")  # kept: a popped screen is otherwise removed

    def compose(self) -> ComposeResult:
        yield Static("Marta's seat — Inês Valadares")
        yield RichLog()

    def action_roll(self) -> None:
        if self.screen is not self.get_screen("roll"):
            self.push_screen("roll")


class BareWatcher(App[None]):
    """Another seat: a log that shows each line appended to the file as the kernel says it was written."""

    def __init__(self, log_file: str) -> None:
        super().__init__()
        self.log_file = Path(log_file)

    def compose(self) -> ComposeResult:
        yield Static("Tiago's seat — the table's rolls")
        yield RichLog()

    def on_mount(self) -> None:
        self.log_file.touch()
        threading.Thread(target=self._follow, daemon=True).start()

    def _follow(self) -> None:
        from inotify_simple import INotify, flags

        inotify = INotify()
        inotify.add_watch(self.log_file, flags.MODIFY)
        with open(self.log_file, encoding="utf-8") as log:
            log.seek(0, os.SEEK_END)
            while True:
                inotify.read()  # blocks until the file is written
                for line in log.read().splitlines():
                    self.call_from_thread(self.query_one(RichLog).write, line)


if __name__ == "__main__":
    if sys.argv[1] == "watch":
        BareWatcher(sys.argv[2]).run()
    else:
        BareSeat(sys.argv[1]).run()
