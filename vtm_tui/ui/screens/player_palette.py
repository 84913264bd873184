"""A player's command palette: an allow-list, so a seat offers no other screens, chronicles or sessions.

The app uses it instead of its own providers (and Textual's system commands) when opened with ``--player``.
"""

from __future__ import annotations

from vtm_tui.ui.commands import Command, ListedCommands

__all__ = ["PlayerCommands"]


class PlayerCommands(ListedCommands):
    """A player's command palette: an allow-list (no other screens, chronicles, sessions or system commands)."""

    def _commands(self) -> list[Command]:
        app = self.app
        found: list[Command] = [
            ("Roll", "roll for your character (r)", getattr(self.screen, "action_roll", app.action_roll)),
            ("Who is connected", "the seats on this chronicle (w)", app.action_seats),
            ("Ledger", "boons, bonds, domains, relationships, timeline: what is not secret (4)",
             app.action_ledger),
            ("Help: keys here", "every key that works here (?)", app.action_help),
            ("Quit", "leave your seat (q)", app.action_quit),
        ]
        extra = getattr(self.screen, "palette_commands", None)
        return found + (list(extra()) if extra is not None else [])
