"""The chronicle watcher: notices of what changed, from inotify or from the polling fallback."""

from __future__ import annotations

import asyncio
import importlib.util
import queue
import sys
from pathlib import Path

import pytest

from vtm_tui.store import watch
from vtm_tui.store.watch import ChronicleWatcher, Changes, watcher_for

WAIT = 10  # seconds: how long a test waits for a notice before it fails (never a measure of speed)
linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux") or importlib.util.find_spec("inotify_simple") is None,
    reason="inotify is Linux's, through inotify_simple (a dependency: pip install -e . brings it)",
)


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    (tmp_path / "chronicle.toml").write_text('name = "t"\n', encoding="utf-8")
    (tmp_path / "characters").mkdir()
    return tmp_path


def _listen(watcher: ChronicleWatcher) -> tuple[queue.Queue[Changes], object]:
    notices: queue.Queue[Changes] = queue.Queue()
    stop = watcher.listen(notices.put)
    return notices, stop


def _until(notices: queue.Queue[Changes], path: str) -> set[str]:
    """Every path seen up to and including the notice that names ``path``."""
    seen: set[str] = set()
    while path not in seen:
        seen |= notices.get(timeout=WAIT).paths
    return seen


@pytest.mark.parametrize("backend", [pytest.param("inotify", marks=linux_only), "polling"])
def test_a_new_session_file_and_an_append_are_reported(chronicle: Path, backend: str, monkeypatch) -> None:
    monkeypatch.setattr(watch, "POLL_SECONDS", 0.02)
    monkeypatch.setattr(watch._PollingBackend.__init__, "__defaults__", (0.02,))
    watcher = ChronicleWatcher(chronicle, backend=backend)
    notices, stop = _listen(watcher)
    try:
        assert watcher.backend == backend
        (chronicle / "sessions").mkdir()  # not there when the watching began
        (chronicle / "sessions" / "0001.toml").write_text("[[entry]]\n", encoding="utf-8")
        _until(notices, "sessions/0001.toml")
        with open(chronicle / "sessions" / "0001.toml", "a", encoding="utf-8") as log:
            log.write("[[entry]]\n")
        assert "sessions/0001.toml" in _until(notices, "sessions/0001.toml")
        (chronicle / "characters" / "ana.toml").write_text("x = 1\n", encoding="utf-8")
        _until(notices, "characters/ana.toml")
    finally:
        stop()


@linux_only
def test_files_outside_the_watched_set_are_not_reported(chronicle: Path) -> None:
    watcher = ChronicleWatcher(chronicle, backend="inotify")
    notices, stop = _listen(watcher)
    try:
        (chronicle / "export.csv").write_text("a,b\n", encoding="utf-8")
        (chronicle / "ledger.toml").write_text("", encoding="utf-8")
        seen = _until(notices, "ledger.toml")
        assert "export.csv" not in seen
    finally:
        stop()


def test_without_notifications_the_watcher_polls(chronicle: Path, monkeypatch) -> None:
    """inotify refused (no such system, or the per-user limit reached): the same notices, by polling."""
    def refuse(self, folder):  # noqa: ANN001
        raise OSError(24, "inotify instance limit reached")

    monkeypatch.setattr(watch._InotifyBackend, "__init__", refuse)
    monkeypatch.setattr(watch._PollingBackend.__init__, "__defaults__", (0.02,))
    watcher = ChronicleWatcher(chronicle)
    notices, stop = _listen(watcher)
    try:
        assert watcher.backend == "polling"
        (chronicle / "conflict.toml").write_text("round = 1\n", encoding="utf-8")
        _until(notices, "conflict.toml")
    finally:
        stop()


@pytest.mark.parametrize("backend", [pytest.param("inotify", marks=linux_only), "polling"])
def test_the_thread_ends_with_the_last_listener(chronicle: Path, backend: str) -> None:
    watcher = ChronicleWatcher(chronicle, backend=backend)
    first = watcher.listen(lambda changes: None)
    second = watcher.listen(lambda changes: None)
    thread = watcher._thread
    assert thread is not None and thread.is_alive()
    first()
    assert thread.is_alive()  # someone still listens
    second()
    thread.join(WAIT)
    assert not thread.is_alive()


def test_one_watcher_per_folder_per_process(chronicle: Path) -> None:
    assert watcher_for(chronicle) is watcher_for(chronicle / "." )


def test_changes_touches_a_file_or_a_folder() -> None:
    changes = Changes(frozenset({"sessions/0002.toml", "chronicle.toml"}))
    assert changes.touches("sessions") and changes.touches("chronicle.toml")
    assert not changes.touches("characters", "ledger.toml", "session")


def test_subscribers_on_an_event_loop_get_batches(chronicle: Path) -> None:
    watcher = ChronicleWatcher(chronicle)

    async def follow() -> set[str]:
        changes = watcher.subscribe()  # watching from here on
        (chronicle / "ledger.toml").write_text("", encoding="utf-8")
        seen = (await asyncio.wait_for(anext(changes), WAIT)).paths
        changes.close()
        return seen

    assert "ledger.toml" in asyncio.run(follow())
    assert watcher._thread is None  # closing it ended the watching


def test_a_cancelled_subscriber_stops_listening(chronicle: Path) -> None:
    watcher = ChronicleWatcher(chronicle)

    async def follow() -> None:
        async for _changes in watcher.subscribe():
            pass

    async def main() -> None:
        task = asyncio.ensure_future(follow())
        while not task.done() and watcher._thread is None:  # the subscriber's first step starts the watching
            await asyncio.sleep(0)
        assert watcher._thread is not None
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert watcher._thread is None and watcher._listeners == []


@linux_only
def test_a_failing_notifier_gives_way_to_polling(chronicle: Path, monkeypatch) -> None:
    def fail(self, stop):  # noqa: ANN001 - e.g. the inotify descriptor went bad
        raise OSError(9, "Bad file descriptor")

    monkeypatch.setattr(watch._InotifyBackend, "wait", fail)
    monkeypatch.setattr(watch._PollingBackend.__init__, "__defaults__", (0.02,))
    watcher = ChronicleWatcher(chronicle, backend="inotify")
    notices, stop = _listen(watcher)
    try:
        _until(notices, "ledger.toml")  # at the switch: look at everything, what changed meanwhile is unknown
        assert watcher.backend == "polling"
        (chronicle / "characters" / "ana.toml").write_text("x = 1\n", encoding="utf-8")
        _until(notices, "characters/ana.toml")
    finally:
        stop()
