"""This process's seat on the open chronicle, kept alive, and who else is connected (for the header).

:class:`SeatKeeper` belongs to the app: once the first screen is painted it takes this process's seat
(:func:`vtm_tui.store.seats.take_seat`), touches it every :data:`~vtm_tui.store.seats.HEARTBEAT_SECONDS`,
and re-reads everyone's seats when the store's watcher says a seat file came or went (and at each
heartbeat, for a seat whose app died), keeping ``seats`` and the one-line summary the header shows at its
right (``● Ana, Tiago``). A seat that joins or leaves is announced once.

Apart from the seats dialog (:mod:`vtm_tui.ui.widgets.seats_view`) and without importing the store's seat
module until a seat is taken: the app builds its keeper before the first paint, and importing the seat
module, the dialog and its table there was start-up time spent on nothing shown
(docs/architecture.md, "what start-up leaves for later").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vtm_tui.store.seats import Seat, SeatInfo


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
        from vtm_tui.store.seats import HEARTBEAT_SECONDS, take_seat

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
            from vtm_tui.store.seats import SEATS_DIR
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
        from vtm_tui.store.seats import list_seats

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
            from vtm_tui.store.seats import release_seat

            release_seat(self.seat)
            self.seat = None
        self.seats, self._known = [], set()
