"""PLACEHOLDER: the conflict tracker (``2``). Its own issue replaces this module.

Keep the class name ``ConflictScreen`` and the no-argument constructor: the app builds it lazily as the
``conflict`` mode and it reads ``self.app.chronicle_store``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader


class ConflictScreen(Screen[None]):
    HELP_TITLE = "Conflict"

    def compose(self) -> ComposeResult:
        yield VtmHeader("conflict")
        yield Static("The conflict tracker is not built yet.\n\nPress 1 for the coterie, 3 for the log, q to quit.",
                     classes="placeholder")
        yield VtmFooter()
