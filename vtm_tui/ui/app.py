"""The Textual application shell.

For now it opens a single welcome screen naming the chronicle it was given; the
screens of the storyteller's app (picker, coterie, conflict, log) replace it.
"""

from __future__ import annotations

import argparse

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static


class VtmApp(App[None]):
    """The storyteller's app."""

    TITLE = "vtm-tui"
    BINDINGS = [Binding("q", "quit", "Quit", id="quit")]

    def __init__(self, chronicle_path: str | None = None) -> None:
        super().__init__()
        self.chronicle_path = chronicle_path

    def compose(self) -> ComposeResult:
        yield Header()
        where = self.chronicle_path or "no chronicle chosen"
        yield Static(f"vtm-tui — {where}\n\nPress q to quit.", id="welcome")
        yield Footer()


def run(args: argparse.Namespace) -> int:
    """Run the app for parsed command-line arguments; returns the exit status."""
    VtmApp(args.path).run()
    return 0
