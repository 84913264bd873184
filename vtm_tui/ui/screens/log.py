"""PLACEHOLDER: the session log (``3``). Its own issue replaces this module.

Keep the class name ``LogScreen`` and the no-argument constructor: the app builds it lazily as the ``log``
mode and it reads ``self.app.chronicle_store``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader


class LogScreen(Screen[None]):
    HELP_TITLE = "Log"

    def compose(self) -> ComposeResult:
        yield VtmHeader("log")
        yield Static("The session log screen is not built yet.\n\nPress 1 for the coterie, 2 for the conflict, "
                     "q to quit.", classes="placeholder")
        yield VtmFooter()
