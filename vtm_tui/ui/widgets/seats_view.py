"""Who is connected: this process's seat, kept alive, and the seats of everyone else on the chronicle.

:class:`SeatKeeper` belongs to the app: when a chronicle opens it takes this
process's seat (:func:`vtm_tui.store.seats.take_seat`), touches it every
:data:`~vtm_tui.store.seats.HEARTBEAT_SECONDS`, and re-reads everyone's seats
when the store's watcher says a seat file came or went (and at each heartbeat,
for a seat whose app died), keeping
``seats`` and the one-line summary the header shows at its right
(``● Ana, Tiago``). A seat that joins or leaves is announced once.

:class:`SeatsView` is the full list (role, player, characters, how they are
connected, since when), shown by ``w`` in :class:`SeatsDialog`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from vtm_tui.store.seats import HEARTBEAT_SECONDS, SEATS_DIR, Seat, SeatInfo, list_seats, release_seat, take_seat
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.dialog import VtmDialog

#: How often the seats dialog (``w``), while open, re-reads who is connected.
LIST_SECONDS = 2.0


def seats_line(seats: list[SeatInfo], *, own_pid: int | None = None, width: int = 30) -> str:
    """``● Ana, Tiago``: the players connected (the storyteller's own seat is not news), cut to ``width``."""
    players = [s.player or "?" for s in seats if not s.is_storyteller]
    others = [s for s in seats if s.is_storyteller and s.pid != own_pid]
    names = list(dict.fromkeys(players))
    if others and own_pid is not None:
        names.insert(0, "another storyteller")
    if not names:
        return ""
    text = "● " + ", ".join(names)
    if len(text) > width:
        text = f"● {len(names)} connected"
    return text


class SeatKeeper:
    """This process's seat on the open chronicle, and the list of everyone's (for the header)."""

    def __init__(self, app: Any, on_change: Callable[[], None] | None = None) -> None:
        self.app = app
        self.on_change = on_change
        self.seat: Seat | None = None
        self.seats: list[SeatInfo] = []
        self._timers: list[Any] = []
        self._following: Any = None
        self._known: set[str] = set()

    @property
    def line(self) -> str:
        return seats_line(self.seats, own_pid=self.seat.pid if self.seat else None)

    def sit(self, chronicle_dir: Path | None, *, role: str, player: str = "", characters: tuple[str, ...] = ()) -> None:
        """Take this process's seat on ``chronicle_dir`` (leaving any previous one); None just leaves."""
        self.leave()
        if chronicle_dir is None:
            return
        try:
            self.seat = take_seat(chronicle_dir, role, player=player, characters=characters)
        except Exception as exc:  # a read-only chronicle still opens; it just cannot say who is there
            self.app.notify(f"Cannot write the seat file: {exc}", title="Seats", severity="warning")
            return
        # Who comes and goes is heard from the store's watcher (a seat file made or removed), at once and
        # for nothing while nobody does; the one timer beats and, as rarely, notices a seat whose app died
        # without removing its file (stale after STALE_AFTER). A 2 s timer re-reading the folder was most
        # of an idle seat's CPU.
        self._timers = [self.app.set_interval(HEARTBEAT_SECONDS, self.beat, name="seat-heartbeat")]
        self.refresh(announce=False)
        self.app.call_after_refresh(self._follow, self.seat)

    def _follow(self, seat: Seat) -> None:
        """Hear seats come and go, once the first screen is painted: starting the watcher (the inotify module
        and its thread) took 30-40 ms before it. A seat that came or went meanwhile is read once the watching
        is in place, so nobody is missed."""
        if self.seat is not seat or self._following is not None:  # left, or sat elsewhere, since
            return
        try:
            from vtm_tui.ui.chronicle_watch import follow_chronicle

            self._following = follow_chronicle(seat.chronicle_dir, lambda _changes: self.refresh(), SEATS_DIR)
        except RuntimeError:  # no event loop running (a caller outside the app): the heartbeat re-reads
            self._following = None
        self.refresh()

    def beat(self) -> None:
        if self.seat is not None:
            self.seat.beat()
            self.refresh()

    def refresh(self, announce: bool = True) -> None:
        """Re-read the seats; announce players who joined or left; tell ``on_change`` if anything did."""
        if self.seat is None:
            return
        seats = list_seats(self.seat.chronicle_dir)
        keys = {str(s.path) for s in seats if s.pid != self.seat.pid or s.host != self.seat.host}
        if announce and self.seat.role == "storyteller":
            for seat in seats:
                if str(seat.path) in keys - self._known:
                    self.app.notify(f"{seat.label()} joined ({seat.via or 'local'}).", title="Seats")
            gone = self._known - keys
            for info in self.seats:
                if str(info.path) in gone:
                    self.app.notify(f"{info.label()} left.", title="Seats")
        changed = [s.label() for s in seats] != [s.label() for s in self.seats]
        self.seats, self._known = seats, keys
        if changed and self.on_change is not None:
            self.on_change()

    def leave(self) -> None:
        for timer in self._timers:
            timer.stop()
        self._timers = []
        if self._following is not None:
            self._following.stop()
            self._following = None
        if self.seat is not None:
            release_seat(self.seat)
            self.seat = None
        self.seats, self._known = [], set()


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
            yield OptionList(id="seats-ask")
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
