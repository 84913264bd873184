"""A chronicle that cannot be opened: say which file, line and column, and what was expected.

Nothing is written while this screen shows. The storyteller fixes the file in an editor and presses ``t`` to
try again, or goes back to the chronicle list. Never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader


def excerpt(path: Path, line: int | None, column: int | None) -> Text | None:
    """The broken line of ``path`` with a caret under the column, or None if it cannot be read."""
    if line is None:
        return None
    from vtm_tui.errors import VtmError
    from vtm_tui.store.safe_read import read_regular

    try:  # the file may have become a FIFO or grown since the error: read it with the same checks
        lines = read_regular(path).decode("utf-8", errors="replace").splitlines()
    except (OSError, VtmError):
        return None
    if not 1 <= line <= len(lines) + 1:
        return None
    shown = lines[line - 1][:200] if line <= len(lines) else ""
    text = Text(f"{line:>5} │ ", style="dim")
    text.append(shown)
    if column is not None:
        text.append("\n      │ " + " " * max(0, column - 1), style="dim")
        text.append("^ here", style="bold")
    return text


class ProblemScreen(VtmNode, Screen[None]):
    """Why a chronicle did not open, with the broken line when there is one."""

    HELP_TITLE = "Cannot open"
    BINDINGS = [
        Binding("t", "retry", "Try again", id="problem.retry"),
        Binding("escape", "back", "Chronicle list", id="problem.back"),
    ]

    def __init__(self, path: Path, error: BaseException) -> None:
        super().__init__()
        self.path = path
        self.error = error

    def compose(self) -> ComposeResult:
        yield VtmHeader("cannot open")
        with VerticalScroll(id="problem"):
            yield Static(Text(f"Cannot open {self.path}", style="bold"), id="problem-title")
            yield Static(Text(self.message()), id="problem-message")
            shown = self._excerpt()
            if shown is not None:
                yield Static(shown, id="problem-excerpt")
            yield Static(
                Text("Nothing was changed or overwritten. Fix the file, then press t to try again; "
                     "Esc goes to the chronicle list, q quits."),
                id="problem-hint",
            )
        yield VtmFooter()

    def message(self) -> str:
        """The error in words: the store's errors already name file, line and column."""
        error = self.error
        if isinstance(error, OSError):
            return f"{error.filename or self.path}: {error.strerror or error}"
        return str(error)

    def _excerpt(self) -> Text | None:
        path = getattr(self.error, "path", None)
        if path is None:
            return None
        return excerpt(Path(path), getattr(self.error, "line", None), getattr(self.error, "column", None))

    def action_retry(self) -> None:
        self.dismiss()
        self.app.open_chronicle(self.path)

    def action_back(self) -> None:
        self.dismiss()
