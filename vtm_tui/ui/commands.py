"""The command palette (``ctrl+p``): every action of the app by name, for keys one has forgotten.

Commands come from the app (go to a screen, roll, help, other chronicles, sessions) and from the active
screen: a screen with a ``palette_commands()`` method adds its own ``(title, help, callback)`` triples, so the
coterie's "Add character" or "Edit notes" are found by typing a few letters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from vtm_tui.ui.app_base import VtmNode

Command = tuple[str, str, Callable[[], object]]


class ListedCommands(VtmNode, Provider):
    """A provider whose commands are a list of ``(title, help, callback)``: found by typing their titles."""

    def _commands(self) -> Iterable[Command]:
        raise NotImplementedError

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)


class VtmCommands(ListedCommands):
    """App and screen commands for the palette."""

    def _commands(self) -> Iterator[Command]:
        app = self.app
        screen = self.screen
        has_store = app.chronicle_store is not None
        if has_store:
            yield "Coterie", "the characters and their sheets (1)", partial(app.action_show, "coterie")
            yield "Conflict", "the conflict tracker (2)", partial(app.action_show, "conflict")
            yield "Log", "the session log (3)", partial(app.action_show, "log")
            yield "Ledger", "boons, bonds, domains, relationships, timeline (4)", app.action_ledger
            yield "Note, scene or session title", "log a storyteller's note, a scene marker or the title (ctrl+n)", \
                app.action_note
            yield "Roll", "roll for the selected character (r)", app.action_roll
            yield "Start session", "open the next session of this chronicle", app.action_start_session
            yield "End session", "close the current session", app.action_end_session
        yield "Chronicles", "pick or create another chronicle (o)", partial(app.action_show, "picker")
        yield "Help: keys here", "every key that works on this screen, with what it does (?)", app.action_help
        extra = getattr(screen, "palette_commands", None)
        if extra is not None:
            yield from extra()
