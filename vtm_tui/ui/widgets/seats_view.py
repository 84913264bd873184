"""Who is connected: the seats of everyone on the chronicle, listed by ``w``.

This process's own seat and the header's one-line summary are kept by
:class:`~vtm_tui.ui.seat_keeper.SeatKeeper`, in a module of its own so that the app need not import
this one (nor the store's seat module) before the first paint.

:class:`SeatsView` is the full list (role, player, characters, how they are
connected, since when), shown by ``w`` in :class:`SeatsDialog`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from vtm_tui.store.seats import SeatInfo
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.seat_keeper import SeatKeeper
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

#: How often the seats dialog (``w``), while open, re-reads who is connected.
LIST_SECONDS = 2.0


def _since(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%H:%M") if moment is not None else "?"


def connection_text(via: str, *, addresses: bool) -> str:
    """How a seat is connected: ``ssh from 10.0.0.5`` for the storyteller, ``ssh`` for a player (one player
    never learns another's address), ``local`` when not over a network."""
    if not via:
        return "local"
    return via if addresses else via.split(" from ", 1)[0]


class SeatsView(VtmNode, Static):
    """Every seat on the chronicle: role, who, characters, connection (addresses for the storyteller only),
    since. Every cell is :class:`~rich.text.Text`: a player's name or a character's is shown, never run as
    markup."""

    DEFAULT_CSS = """
    SeatsView { height: auto; padding: 0 1; }
    """

    def show(self, seats: list[SeatInfo], own_pid: int | None = None, *, addresses: bool = False) -> None:
        if not seats:
            self.update(Text("Nobody is connected (not even this app: the chronicle may be read-only).",
                             style="italic"))
            return
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, expand=True)
        for column in ("Seat", "Characters", "Connected", "Since"):
            table.add_column(column)
        for seat in seats:
            who = "Storyteller" if seat.is_storyteller else (seat.player or "a player")
            if seat.pid == own_pid:
                who += " (this app)"
            table.add_row(Text(who), Text(", ".join(seat.characters) or "—"),
                          Text(connection_text(seat.via, addresses=addresses)), Text(_since(seat.started)))
        self.update(table)


class SeatsDialog(VtmDialog[None]):
    """``w``: who is connected right now (refreshed while open); for the storyteller, Enter on a connected
    player's character asks them for a roll. Esc closes."""

    HELP_TITLE = "Who is connected"
    BINDINGS = [Binding("escape,w,q", "close", "Close", id="seats.close")]
    DEFAULT_CSS = """
    SeatsDialog > Vertical { width: 76; max-height: 90%; }
    SeatsDialog #seats-hint { color: $text-muted; padding: 0 1; }
    SeatsDialog #seats-ask { height: auto; max-height: 10; border: none; margin-top: 1; }
    """

    def __init__(self, keeper: SeatKeeper, ask: Callable[[str, str], None] | None = None) -> None:
        """``ask(character, player)`` opens the request dialog: the app passes it, because a widget
        module must not import the screens built on top of the widgets."""
        super().__init__()
        self.keeper = keeper
        self.ask = ask

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Who is connected"
            yield SeatsView(id="seats")
            yield MarkedOptionList(id="seats-ask")
            yield Static("", id="seats-hint")

    @property
    def storyteller(self) -> bool:
        return self.app.player is None

    def on_mount(self) -> None:
        hint = "Seats refresh every 2 s; a crashed seat goes within 30 s."
        if self.storyteller:
            hint += " Enter on a character asks for a roll."
        self.query_one("#seats-hint", Static).update(hint + " Esc closes.")
        self.query_one("#seats-ask", OptionList).display = self.storyteller
        self.redraw()
        self.query_one("#seats-ask", OptionList).focus()
        self.set_interval(LIST_SECONDS, self.redraw)

    def redraw(self) -> None:
        keeper = self.keeper
        keeper.refresh(announce=False)
        self.query_one(SeatsView).show(keeper.seats, keeper.seat.pid if keeper.seat else None,
                                       addresses=self.storyteller)
        if not self.storyteller:
            return
        wanted = [(seat.player, name) for seat in keeper.seats if not seat.is_storyteller
                  for name in seat.characters]
        options = self.query_one("#seats-ask", OptionList)
        if [o.id for o in options.options] == [f"{p}\x1f{n}" for p, n in wanted]:
            return
        options.clear_options()
        options.add_options([Option(Text(f"Ask {player} for a roll: {name}"), id=f"{player}\x1f{name}")
                             for player, name in wanted])
        if wanted:
            options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        player, _, name = str(event.option.id).partition("\x1f")
        if self.ask is not None:
            self.ask(name, player)

    def action_close(self) -> None:
        self.dismiss(None)
