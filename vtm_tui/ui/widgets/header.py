"""The one-line header: chronicle · rule set · session, and the screen's name.

It watches the app's reactive ``chronicle_name``, ``ruleset``, ``session_number`` and ``session_open``
(attributes flow down), so opening a chronicle or starting a session updates it without anyone calling it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from vtm_tui.rules.ruleset import short_title
from vtm_tui.ui.app_base import VtmNode


class VtmHeader(VtmNode, Widget):
    """Where am I: the chronicle, its rule set, the session, and this screen."""

    DEFAULT_CSS = """
    VtmHeader {
        dock: top;
        height: 1;
        background: $secondary;
        color: $text;
    }
    """

    def __init__(self, screen_name: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.screen_name = screen_name

    def on_mount(self) -> None:
        for name in ("chronicle_name", "ruleset", "session_number", "session_open"):
            self.watch(self.app, name, self._changed, init=False)

    def _changed(self, _value: object) -> None:
        self.refresh()

    def describe(self) -> str:
        """The header's words (also what tests read)."""
        app = self.app
        name = app.chronicle_name
        if not name:
            return f"vtm-tui · {self.screen_name}"
        parts = [name, short_title(app.ruleset)]
        number = app.session_number
        if number == 0:
            parts.append("no session yet")
        else:
            parts.append(f"session {number}" + ("" if app.session_open else " (ended)"))
        return " · ".join(parts) + f" — {self.screen_name}"

    def render(self) -> Text:
        hint = "? help  ^p commands "
        keeper = self.app.seat_keeper  # the storyteller sees who is connected (w lists them)
        if keeper.line and self.app.player is None:
            hint = f"{keeper.line} (w)  {hint}"
        text = Text(" ")
        text.append(self.describe(), style="bold")
        room = self.size.width - text.cell_len - len(hint)
        if room >= 2:
            text.append(" " * room)
            text.append(hint, style="dim")
        else:
            text.truncate(self.size.width, overflow="ellipsis")
        return text
