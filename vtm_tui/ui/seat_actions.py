"""Who is at the chronicle: the app's own seat (``<chronicle>/.seats/``) and ``w``, the storyteller's list of who
is connected, from which Enter on a player's character asks that player for a roll.

Kept apart from :mod:`vtm_tui.ui.app` (what the app is) like :mod:`vtm_tui.ui.session_actions`. The seat keeper
itself is :mod:`vtm_tui.ui.seat_keeper`; the seat is taken after the first paint (docs/architecture.md).
"""

from __future__ import annotations

from vtm_tui.ui.app_base import VtmAppBase


class SeatActions(VtmAppBase):
    """Mixed into the app: ``_take_seat``, ``action_seats`` and what they call back."""

    def _take_seat(self) -> None:
        """Say who is here (``<chronicle>/.seats/``): the storyteller, or a player and their characters."""
        store = self.chronicle_store
        if store is None:
            self.seat_keeper.leave()
            return
        if self.player is None:
            self.seat_keeper.sit(store.path, role="storyteller")
            return
        from vtm_tui.play.visibility import player_characters

        names = tuple(c.name for c in player_characters(self.player, store.characters))
        self.seat_keeper.sit(store.path, role="player", player=self.player, characters=names)

    def _seats_changed(self) -> None:
        from vtm_tui.ui.widgets.header import VtmHeader

        for header in self.screen.query(VtmHeader):
            header.refresh()

    def action_seats(self) -> None:
        """``w``: who is connected to this chronicle."""
        from vtm_tui.ui.widgets.seats_view import SeatsDialog

        if self.chronicle_store is not None and not isinstance(self.screen, SeatsDialog):
            self.push_screen(SeatsDialog(self.seat_keeper, ask=self._ask_for_roll))

    def _ask_for_roll(self, character: str, player: str) -> None:
        """Enter on a connected player's character in ``w``: the storyteller asks for a roll."""
        from vtm_tui.ui.screens.ask_roll import AskRollDialog

        self.push_screen(AskRollDialog(character, player))
