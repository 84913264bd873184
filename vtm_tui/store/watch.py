"""What changed in a chronicle folder, as it happens: one watcher per folder per process, many subscribers.

Every screen that shows what other seats write (the log, a player's seat) used to re-read its files on a
half-second timer: another seat's roll showed 0.3 s later on average, and forty idle seats on a server woke
eighty times a second for nothing. Here the kernel says when a file changed (inotify on Linux, through the
small ``inotify_simple`` library) and a thread blocked on it wakes only then, so an idle seat costs no CPU.
Where notifications are unavailable (another system, the library missing, the per-user inotify limit of the
server reached) the same thread polls the files' sizes and times instead, every :data:`POLL_SECONDS`.

What is watched: ``chronicle.toml``, ``conflict.toml``, ``ledger.toml`` and the files in ``sessions/``,
``characters/`` and ``.seats/`` (:data:`WATCHED_FILES`, :data:`WATCHED_DIRS`). Subscribers are told which
files changed (paths relative to the chronicle folder, ``sessions/0003.toml``) and keep their own re-reading
logic: a notice only says "look now".

Why inotify by hand rather than the ``watchfiles`` library: watchfiles' Rust loop sleeps one ``step`` at a
time and takes the interpreter lock after each to look for events, so an idle app wakes every step (a watcher
alone: 0.19 % of a core at a 20 ms step, 0.09 % at its default 50 ms, against 0.001 % blocked in ``select``
here), and a change is told one or two steps after it happened. On the server benchmark (``python -m benchmarks
server``, both watchers in turn in the same run, four pairs) another seat saw a roll 20–35 ms later at the
median in every pair, and an idle app spent more CPU in three pairs of four (the same in the fourth).

Two ways to listen, both fed by the one thread: :meth:`ChronicleWatcher.listen` calls a function on the
watcher's thread; :meth:`ChronicleWatcher.subscribe` is an async iterator for an event loop (the UI's worker),
which gathers notices that arrive while the subscriber is busy into one batch, so a slow screen never queues
a backlog of re-reads.
"""

from __future__ import annotations

import asyncio
import os
import select
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

#: Files at the top of the chronicle folder whose changes are reported.
WATCHED_FILES = ("chronicle.toml", "conflict.toml", "ledger.toml")
#: Folders whose files' changes are reported (created later is fine: they are picked up when they appear).
WATCHED_DIRS = ("sessions", "characters", ".seats")
#: How often the fallback looks at the files when the system cannot notify.
POLL_SECONDS = 0.5


@dataclass(frozen=True)
class Changes:
    """Files of one chronicle that changed since the last notice (relative POSIX paths)."""

    paths: frozenset[str]

    def touches(self, *prefixes: str) -> bool:
        """True when a changed path is one of ``prefixes`` or lies in one of them (``"sessions"``)."""
        return any(path == p or path.startswith(p.rstrip("/") + "/") for path in self.paths for p in prefixes)


Listener = Callable[[Changes], None]


def _relevant(relative: str) -> bool:
    head, _, rest = relative.partition("/")
    return (not rest and head in WATCHED_FILES) or (head in WATCHED_DIRS)


# -- the notifier backends -----------------------------------------------------------------------------

class _Backend:
    """Blocks in :meth:`wait` until something changed (or ``stop`` is set), then says what."""

    name = ""

    def wait(self, stop: threading.Event) -> set[str]:
        raise NotImplementedError

    def close(self) -> None:
        pass


class _InotifyBackend(_Backend):
    """Linux inotify: a watch on the folder and one on each watched sub-folder; wakes only on events."""

    name = "inotify"

    def __init__(self, folder: Path) -> None:
        from inotify_simple import INotify, flags  # Linux only; ImportError/OSError select the fallback

        self.folder = folder
        self.flags = flags
        self.mask = (flags.MODIFY | flags.CLOSE_WRITE | flags.CREATE | flags.DELETE | flags.MOVED_TO
                     | flags.MOVED_FROM | flags.ATTRIB)
        self.inotify = INotify()
        self.wake_r, self.wake_w = os.pipe()  # written by interrupt(): the blocked select returns
        self.closing = threading.Lock()
        self.closed = False
        self.dirs: dict[int, str] = {}
        try:
            self.dirs[self.inotify.add_watch(folder, self.mask | flags.DELETE_SELF | flags.MOVE_SELF)] = ""
            for name in WATCHED_DIRS:
                self._add_dir(name)
        except OSError:
            self.close()
            raise

    def _add_dir(self, name: str) -> set[str]:
        """Watch the folder ``name``; returns the files already in it."""
        try:
            self.dirs[self.inotify.add_watch(self.folder / name, self.mask)] = name
            return {f"{name}/{entry}" for entry in os.listdir(self.folder / name)}
        except (FileNotFoundError, NotADirectoryError):
            return set()  # not there yet: the folder's own watch sees it created

    def wait(self, stop: threading.Event) -> set[str]:
        while not stop.is_set():
            ready, _, _ = select.select([self.inotify.fileno(), self.wake_r], [], [])
            if self.wake_r in ready:
                return set()
            changed: set[str] = set()
            for event in self.inotify.read(timeout=0):
                if event.mask & self.flags.Q_OVERFLOW:  # too many at once: say everything may have changed
                    return {*WATCHED_FILES, *WATCHED_DIRS}
                where = self.dirs.get(event.wd)
                if where is None:
                    continue
                if where == "" and event.name in WATCHED_DIRS and event.mask & self.flags.ISDIR:
                    changed |= self._add_dir(event.name)  # files made before its watch was in place
                relative = f"{where}/{event.name}" if where else event.name
                if relative and _relevant(relative):
                    changed.add(relative)
            if changed:
                return changed
        return set()

    def close(self) -> None:
        with self.closing:
            if self.closed:
                return
            self.closed = True
            for fd in (self.wake_w, self.wake_r):
                try:
                    os.close(fd)
                except OSError:
                    pass
            self.inotify.close()

    def interrupt(self) -> None:
        with self.closing:  # never write to a closed descriptor's number: another file may have it by now
            if not self.closed:
                try:
                    os.write(self.wake_w, b"x")
                except OSError:
                    pass


class _PollingBackend(_Backend):
    """No notifications: compare every watched file's size, time and inode every ``seconds``."""

    name = "polling"

    def __init__(self, folder: Path, seconds: float = POLL_SECONDS) -> None:
        self.folder = folder
        self.seconds = seconds
        self.seen = self._look()

    def _look(self) -> dict[str, tuple[int, int, int]]:
        found: dict[str, tuple[int, int, int]] = {}

        def stat(relative: str) -> None:
            try:
                st = os.stat(self.folder / relative)
            except OSError:
                return
            found[relative] = (st.st_mtime_ns, st.st_size, st.st_ino)

        for name in WATCHED_FILES:
            stat(name)
        for name in WATCHED_DIRS:
            try:
                entries = os.listdir(self.folder / name)
            except OSError:
                continue
            for entry in entries:
                stat(f"{name}/{entry}")
        return found

    def wait(self, stop: threading.Event) -> set[str]:
        while not stop.wait(self.seconds):
            now = self._look()
            changed = {p for p in now.keys() | self.seen.keys() if now.get(p) != self.seen.get(p)}
            self.seen = now
            if changed:
                return changed
        return set()


def _open_backend(folder: Path, backend: str) -> _Backend:
    if backend in ("auto", "inotify"):
        try:
            return _InotifyBackend(folder)
        except (ImportError, OSError, AttributeError):
            if backend == "inotify":
                raise
    return _PollingBackend(folder)


# -- the watcher -----------------------------------------------------------------------------------------

class ChronicleWatcher:
    """One thread watching one chronicle folder; it runs while anyone listens."""

    def __init__(self, folder: Path, *, backend: str = "auto") -> None:
        self.folder = Path(folder)
        self.backend_choice = backend
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._backend: _Backend | None = None

    @property
    def backend(self) -> str:
        """``inotify`` or ``polling`` once running (``""`` before)."""
        return self._backend.name if self._backend is not None else ""

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` (on the watcher's thread) for every change; returns the function that stops it.

        The watching is in place when this returns: a change made afterwards is reported.
        """
        with self._lock:
            self._listeners.append(listener)
            if self._thread is None:
                self._start()
        return lambda: self._unlisten(listener)

    def _unlisten(self, listener: Listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)
            if not self._listeners and self._thread is not None:
                self._halt()

    def _start(self) -> None:
        self._stop = threading.Event()
        self._backend = _open_backend(self.folder, self.backend_choice)
        thread = threading.Thread(target=self._run, args=(self._stop, self._backend),
                                  name=f"watch {self.folder.name}", daemon=True)
        self._thread = thread
        thread.start()

    def _halt(self) -> None:
        self._stop.set()
        backend = self._backend
        if isinstance(backend, _InotifyBackend):
            backend.interrupt()
        self._thread = None

    def _run(self, stop: threading.Event, backend: _Backend) -> None:
        try:
            while not stop.is_set():
                try:
                    changed = backend.wait(stop)
                except OSError:  # the notifier failed: keep telling, by looking at the files
                    backend.close()
                    backend = self._backend = _PollingBackend(self.folder)
                    changed = {*WATCHED_FILES, *WATCHED_DIRS}  # what changed meanwhile is unknown: look at all
                if not changed or stop.is_set():
                    continue
                notice = Changes(frozenset(changed))
                with self._lock:
                    listeners = list(self._listeners)
                for listener in listeners:
                    try:
                        listener(notice)
                    except Exception:  # noqa: BLE001 - one listener's failure must not deafen the others
                        pass
        finally:
            backend.close()

    def close(self) -> None:
        """Stop watching whoever still listens (the app is closing)."""
        with self._lock:
            self._listeners.clear()
            if self._thread is not None:
                self._halt()

    def subscribe(self) -> Subscription:
        """Changes as they come, for the running event loop, in an ``async for``.

        The watching is in place when this returns (call it before the first read, and nothing written in
        between is missed); the notices of a busy moment come as one batch. :meth:`Subscription.close`, or
        leaving the loop, ends it.
        """
        return Subscription(self)


class Subscription:
    """An async iterator of :class:`Changes` for one event loop (see :meth:`ChronicleWatcher.subscribe`)."""

    def __init__(self, watcher: ChronicleWatcher) -> None:
        self._loop = asyncio.get_running_loop()
        self._pending: set[str] = set()
        self._ready = asyncio.Event()
        self._stop = watcher.listen(self._from_thread)

    def _from_thread(self, changes: Changes) -> None:
        try:
            self._loop.call_soon_threadsafe(self._arrive, changes.paths)
        except RuntimeError:  # the loop has closed
            pass

    def _arrive(self, paths: frozenset[str]) -> None:
        self._pending.update(paths)
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[Changes]:
        return self

    async def __anext__(self) -> Changes:
        try:
            await self._ready.wait()
        except BaseException:
            self.close()
            raise
        self._ready.clear()
        batch = Changes(frozenset(self._pending))
        self._pending.clear()
        return batch

    def close(self) -> None:
        self._stop()


_watchers: dict[Path, ChronicleWatcher] = {}
_watchers_lock = threading.Lock()


def watcher_for(folder: Path) -> ChronicleWatcher:
    """The process's one watcher of ``folder`` (every screen and seat of this process shares it)."""
    key = Path(os.path.realpath(folder))
    with _watchers_lock:
        watcher = _watchers.get(key)
        if watcher is None:
            watcher = _watchers[key] = ChronicleWatcher(key)
        return watcher
