"""A screen hears what changed in its chronicle folder, as it changes (no timer).

The store's watcher (:mod:`vtm_tui.store.watch`, one per folder per process) says which files changed; a
task on the app's event loop calls the screen's function with them, on the app's thread, between two
messages, just as a timer's callback is called.

Why a call and not a posted message: a message handled by a screen that a dialog covers made Textual paint
the whole terminal again (measured on a player's seat: the Enter of a roll sent 9.9 KB instead of 3.6 KB,
because the seat's own log entry arrives while the roll dialog is up). Why a plain asyncio task rather than
a Textual worker: a worker that never finishes made every ``app.workers.wait_for_complete()`` (tests,
benchmarks: "wait until the screen has read everything") wait forever. The screen stops it when it unmounts
(:meth:`Following.stop`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.store.watch import Changes, watcher_for


class Following:
    """The task that carries one screen's notices; :meth:`stop` it when the screen goes."""

    def __init__(self, task: asyncio.Task[None]) -> None:
        self.task = task

    def stop(self) -> None:
        self.task.cancel()


def follow_chronicle(folder: Path, on_change: Callable[[Changes], object], *wanted: str) -> Following:
    """Call ``on_change`` whenever a file in ``wanted`` (``"sessions"``, ``"chronicle.toml"``) changes.

    Call it from the app's event loop, before the screen's first read: the watching is in place when this
    returns, so nothing written between that read and the first notice is missed. A failing call is dropped
    (the next change calls again); ``on_change`` is expected to catch what it can explain.
    """
    changes = watcher_for(folder).subscribe()

    async def follow() -> None:
        try:
            async for batch in changes:
                if batch.touches(*wanted):
                    try:
                        on_change(batch)
                    except Exception:  # noqa: BLE001 - a traceback must never reach a seat's terminal
                        pass
        finally:
            changes.close()

    return Following(asyncio.create_task(follow(), name=f"watch {Path(folder).name}"))


def show_chronicle_file(app: Any, changes: Changes) -> None:
    """The header follows a session another login started or ended: when ``changes`` name ``chronicle.toml``,
    the store reads it again (read only, :meth:`~vtm_tui.store.chronicle_store.ChronicleStore.reread_chronicle`)
    and the app publishes it. The log screen and a seat call it from their notices; the coterie reloads all."""
    store = app.chronicle_store
    if store is None or not changes.touches("chronicle.toml"):
        return
    try:
        if store.reread_chronicle():
            app.publish_chronicle()
    except VtmError:
        pass  # being written by hand this moment: the next notice reads it again
