"""A player's command palette: an allow-list, so a seat offers no other screens, chronicles or sessions.

The app uses it instead of its own providers (and Textual's system commands) when opened with ``--player``.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider

__all__ = ["PlayerCommands"]


class PlayerCommands(Provider):
    """A player's command palette: an allow-list (no other screens, chronicles, sessions or system commands)."""

    def _commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        app = self.app
        found: list[tuple[str, str, Callable[[], object]]] = [
            ("Roll", "roll for your character (r)", getattr(self.screen, "action_roll", app.action_roll)),
            ("Who is connected", "the seats on this chronicle (w)", app.action_seats),  # type: ignore[attr-defined]
            ("Help: keys here", "every key that works here (?)", app.action_help),  # type: ignore[attr-defined]
            ("Quit", "leave your seat (q)", app.action_quit),
        ]
        extra = getattr(self.screen, "palette_commands", None)
        return found + (list(extra()) if extra is not None else [])

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
