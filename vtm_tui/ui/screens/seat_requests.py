"""The storyteller's requests on a player's seat: the bar at the bottom, the bell, and ``a`` to answer.

A request is a ``request`` entry in the session log (:mod:`vtm_tui.store.requests`); the seat keeps the
open ones up to date from the entries its log poll reads (:class:`~vtm_tui.store.requests.OpenRequests`),
one batch at a time, rather than reading the whole session again for every roll anyone makes.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from vtm_tui.store.requests import OpenRequests, RollAsk


class SeatRequests:
    """Mixed into the player's screen, which provides ``tail``, ``viewer``, ``own_characters``, ``say`` and
    ``poll``."""

    requests: list[RollAsk]
    _announced: set[str]
    _open: OpenRequests

    def _start_requests(self) -> None:
        self.requests = []
        self._announced = set()
        self._open = OpenRequests()

    def _requests_read(self, entries: Any, *, whole: bool) -> None:
        """Entries the log poll read: all of the session (``whole``, after a reload) or only new ones."""
        if whole:
            self._open = OpenRequests(entries)
        else:
            self._open.add(entries)

    def _find_requests(self, announce: bool = True) -> None:
        """Show the open requests for this player's characters; ring and notify for new ones (``announce``)."""
        screen: Any = self
        names = [c.name for c in screen.own_characters]
        found = self._open.open(names) if screen.tail is not None and names else []
        self.requests = [ask for ask in found if screen.viewer.owns(ask.actor)]  # exact names: not "ines" for "Inês"
        bar = screen.query_one("#player-request", Static)
        bar.display = bool(self.requests)
        if not self.requests:
            return
        first = self.requests[0]
        more = f" (+{len(self.requests) - 1} more)" if len(self.requests) > 1 else ""
        bar.update(f"▶ The storyteller asks {first.describe()}{more} · a answers")
        fresh = [ask for ask in self.requests if ask.id not in self._announced]
        self._announced.update(ask.id for ask in self.requests)
        if announce and fresh:
            screen.app.bell()
            screen.notify(fresh[-1].describe(), title="The storyteller asks for a roll", timeout=8)

    def action_answer(self) -> None:
        screen: Any = self
        if not self.requests:
            return screen.say("No roll is asked of you right now; r rolls on your own.")
        from vtm_tui.ui.screens.player_request import RequestDialog

        ask = self.requests[0]
        own = {c.name.casefold(): c for c in screen.own_characters}
        character = own.get(ask.actor.casefold())
        if character is None:
            return screen.say(f"{ask.actor} is not one of your characters any more.", error=True)
        screen.app.push_screen(RequestDialog(ask, character), lambda _entry: screen.poll())
