"""Who is connected: one seat file per running app, ``<chronicle>/.seats/<pid>-<host>.toml``.

Every process that opens a chronicle (the storyteller's app, each player's
seat over SSH or in a browser) writes a small file saying who it is: the role
(``storyteller`` or ``player``), the player's name and characters, when it
started and how it is connected. The file is removed when the app exits
(normally, by ``atexit``, or on SIGTERM/SIGHUP — what sshd sends when a
connection drops). A process that crashed or was killed with SIGKILL leaves its
file behind, so readers decide liveness themselves:

- the file's modification time is a heartbeat, touched every
  :data:`HEARTBEAT_SECONDS` by the running app; a seat not touched for
  :data:`STALE_AFTER` seconds is stale (this also covers another machine
  sharing the folder, where a pid means nothing);
- on the same host, a seat whose pid no longer runs is stale at once.

Stale files are removed by whoever lists the seats (it is only a cache of who
is there: a live process whose file was pruned writes it again on its next
heartbeat). Writes are atomic (write, fsync, rename), so a reader never sees
half a seat file.
"""

from __future__ import annotations

import atexit
import os
import re
import signal
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from vtm_tui.store.errors import StoreError
from vtm_tui.store.safe_read import read_regular
from vtm_tui.store.toml_io import atomic_write_text, dumps_toml, parse_document, parse_toml

SEATS_DIR = ".seats"
HEARTBEAT_SECONDS = 10.0  # three beats before a seat is stale: rare enough to cost nothing at rest
STALE_AFTER = 30.0
ROLES = ("storyteller", "player")
_HOST_UNSAFE = re.compile(r"[^A-Za-z0-9.-]+")


def this_host() -> str:
    """This machine's name, safe as part of a file name."""
    return _HOST_UNSAFE.sub("_", socket.gethostname())[:64] or "localhost"


def connection() -> str:
    """How this process is reached: ``ssh from 10.0.0.5``, ``web`` (vtm-tui serve) or ``local``."""
    if os.environ.get("VTM_TUI_VIA") == "web":
        return "web"
    ssh = os.environ.get("SSH_CONNECTION") or os.environ.get("SSH_CLIENT")
    if ssh:
        return f"ssh from {ssh.split()[0]}"
    return "local"


def pid_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this host (one we may not signal still counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class SeatInfo:
    """One seat as read from its file, with the reader's verdict on whether it is still there."""

    path: Path
    role: str
    player: str = ""
    characters: tuple[str, ...] = ()
    started: datetime | None = None
    pid: int = 0
    host: str = ""
    via: str = ""
    heartbeat: float = 0.0  # the file's mtime (seconds since the epoch)
    stale: bool = False

    @property
    def is_storyteller(self) -> bool:
        return self.role == "storyteller"

    def label(self) -> str:
        """``Ana (Inês Valadares)``, ``Storyteller`` — how the seats view names it."""
        if self.is_storyteller:
            return "Storyteller"
        who = self.player or "a player"
        return f"{who} ({', '.join(self.characters)})" if self.characters else who


@dataclass
class Seat:
    """This process's own seat on a chronicle: :meth:`take` it, :meth:`beat` it, :meth:`leave` it."""

    chronicle_dir: Path
    role: str = "storyteller"
    player: str = ""
    characters: tuple[str, ...] = ()
    via: str = field(default_factory=connection)
    pid: int = field(default_factory=os.getpid)
    host: str = field(default_factory=this_host)
    started: datetime = field(default_factory=lambda: datetime.now(timezone.utc).replace(microsecond=0))
    taken: bool = False

    def __post_init__(self) -> None:
        self.chronicle_dir = Path(self.chronicle_dir)
        if self.role not in ROLES:
            raise StoreError(f"seat role {self.role!r} is unknown; use one of {', '.join(ROLES)}")
        self.characters = tuple(self.characters)

    @property
    def path(self) -> Path:
        return self.chronicle_dir / SEATS_DIR / f"{self.pid}-{self.host}.toml"

    def document(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"role": self.role, "pid": self.pid, "host": self.host, "started": self.started,
                               "via": self.via}
        if self.player:
            doc["player"] = self.player
        if self.characters:
            doc["characters"] = list(self.characters)
        return doc

    def text(self) -> str:
        """The seat file's text, if :func:`read_seat` reads it back as this seat: else a :class:`StoreError` naming
        the field, and nothing is written (a player name from ``--player`` may hold undecodable bytes, which Python
        keeps as lone surrogates that no UTF-8 file can hold)."""
        document = self.document()
        for name, value in document.items():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and not item.isascii():
                    try:
                        item.encode("utf-8")
                    except UnicodeEncodeError:
                        raise self._refusal(name, "holds characters that cannot be written as UTF-8") from None
        text = dumps_toml(document)
        try:
            back = _seat_values(parse_document(text, self.path))
        except StoreError as exc:
            raise self._refusal("file", str(exc).removeprefix(f"{self.path}: ")) from None
        wanted = {"role": self.role, "player": self.player, "characters": self.characters, "started": self.started,
                  "pid": self.pid, "host": self.host, "via": self.via}
        changed = [name for name in wanted if back[name] != wanted[name]]
        if changed:
            raise self._refusal(changed[0], "would read back as something else")
        return text

    def _refusal(self, name: str, reason: str) -> StoreError:
        return StoreError(f"{self.path}: the seat file was not written: its field {name!r} {reason}, and the "
                          "seats' reader would refuse it")

    def take(self) -> Seat:
        """Write the seat file (atomically); safe to call again (it rewrites it)."""
        folder = self.path.parent
        try:
            folder.mkdir(exist_ok=True)
            # No fsync: a seat lives no longer than its process, and two fsyncs (5-15 ms, more on a busy
            # disk) were part of every start before the first screen.
            atomic_write_text(self.path, self.text(), durable=False)
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot write the seat file ({exc.strerror or exc})") from None
        self.taken = True
        return self

    def beat(self) -> None:
        """Touch the file so readers know this seat is alive; write it again if it was pruned."""
        if not self.taken:
            return
        try:
            os.utime(self.path)
        except FileNotFoundError:
            self.take()
        except OSError:
            pass  # a read-only moment of the disk must not crash the app; the next beat retries

    def leave(self) -> None:
        """Remove the seat file (idempotent; a file already gone is fine)."""
        if not self.taken:
            return
        self.taken = False
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass  # readers will see it go stale

    def __enter__(self) -> Seat:
        return self.take()

    def __exit__(self, *exc: object) -> None:
        self.leave()


def read_seat(path: Path, *, now: float | None = None, stale_after: float = STALE_AFTER,
              host: str | None = None, alive: Callable[[int], bool] = pid_alive) -> SeatInfo | None:
    """A seat file as :class:`SeatInfo` (None if it vanished or is unreadable: it is being replaced or junk)."""
    try:
        text = read_regular(path).decode("utf-8")
        mtime = path.stat().st_mtime
        values = _seat_values(parse_toml(text, path))
    except (OSError, UnicodeDecodeError, StoreError):
        return None
    now = time.time() if now is None else now
    stale = now - mtime > stale_after
    if not stale and values["host"] == (host or this_host()):
        stale = not alive(values["pid"])
    return SeatInfo(path=path, heartbeat=mtime, stale=stale, **values)


def _seat_values(data: dict[str, Any]) -> dict[str, Any]:
    """What a reader takes from a seat file's table (a value of the wrong kind is read as none)."""
    role = str(data.get("role", "player"))
    characters = data.get("characters") if isinstance(data.get("characters"), list) else []
    return {"role": role if role in ROLES else "player", "player": str(data.get("player", "")),
            "characters": tuple(str(c) for c in characters),
            "started": data.get("started") if isinstance(data.get("started"), datetime) else None,
            "pid": data.get("pid") if isinstance(data.get("pid"), int) else 0, "host": str(data.get("host", "")),
            "via": str(data.get("via", ""))}


def list_seats(chronicle_dir: Path, *, now: float | None = None, stale_after: float = STALE_AFTER,
               prune: bool = True, alive: Callable[[int], bool] = pid_alive) -> list[SeatInfo]:
    """The live seats on a chronicle (the storyteller first, then players by name); stale files are pruned.

    With ``prune=False`` stale seats are returned too (marked ``stale``) and nothing is removed.
    """
    folder = Path(chronicle_dir) / SEATS_DIR
    try:
        paths = sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
    except OSError:
        return []
    host = this_host()
    seats: list[SeatInfo] = []
    for path in paths:
        info = read_seat(path, now=now, stale_after=stale_after, host=host, alive=alive)
        if info is None:
            continue
        if info.stale and prune:
            try:
                path.unlink()
            except OSError:
                pass
            continue
        seats.append(info)
    return sorted(seats, key=lambda s: (not s.is_storyteller, s.player.casefold(), s.started or datetime.min.replace(
        tzinfo=timezone.utc)))


# -- this process's seat -------------------------------------------------------------------------------

_held: list[Seat] = []


def _leave_all() -> None:
    for seat in list(_held):
        seat.leave()
    _held.clear()


def leave_all_seats() -> None:
    """Leave every seat this process holds, at once (its terminal is gone and it is about to end)."""
    _leave_all()


def _on_hangup(signum: int, _frame: object) -> None:
    """SIGHUP (the SSH connection dropped) or SIGTERM: leave the seats, then die of the signal as before."""
    _leave_all()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


_signals_installed = False


def _install_signal_handlers() -> None:
    """Leave seats on SIGHUP/SIGTERM too (Python skips ``atexit`` when a signal kills it), where nobody
    else handles those signals; only the main thread may set handlers."""
    global _signals_installed
    if _signals_installed:
        return
    _signals_installed = True
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGHUP, signal.SIGTERM):
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, _on_hangup)


def take_seat(chronicle_dir: Path, role: str, *, player: str = "", characters: tuple[str, ...] = ()) -> Seat:
    """Take a seat for this process, removed again at exit (``atexit``, SIGHUP, SIGTERM) even if the caller
    forgets; a SIGKILL or a power cut leaves the file, which readers then find stale."""
    seat = Seat(Path(chronicle_dir), role=role, player=player, characters=tuple(characters)).take()
    if not _signals_installed:
        atexit.register(_leave_all)
        _install_signal_handlers()
    _held.append(seat)
    return seat


def release_seat(seat: Seat) -> None:
    """Leave ``seat`` now (when the app closes a chronicle or exits)."""
    seat.leave()
    if seat in _held:
        _held.remove(seat)
