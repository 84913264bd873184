"""A screen hears what changed in its chronicle folder, as it changes (no timer).

The store's watcher (:mod:`vtm_tui.store.watch`, one per folder per process) says which files changed; a
task on the app's event loop turns its notices into :class:`ChronicleChanged` messages, so the screen re-reads
in its own message queue, in order with the keys pressed.

A plain asyncio task rather than a Textual worker: a worker that never finishes made every
``app.workers.wait_for_complete()`` (tests, benchmarks: "wait until the screen has read everything") wait
forever. The screen stops it when it unmounts (:meth:`Following.stop`); a screen that forgets loses nothing
but a task cancelled when the app's loop closes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.message import Message
from textual.screen import Screen

from vtm_tui.store.watch import Changes, watcher_for


class ChronicleChanged(Message, bubble=False):
    """Files of the chronicle changed (``changes.paths``, relative to its folder): look again."""

    def __init__(self, changes: Changes) -> None:
        super().__init__()
        self.changes = changes


class Following:
    """The task that carries one screen's notices; :meth:`stop` it when the screen goes."""

    def __init__(self, task: asyncio.Task[None]) -> None:
        self.task = task

    def stop(self) -> None:
        self.task.cancel()


def follow_chronicle(screen: Screen, folder: Path, *wanted: str) -> Following:
    """Post :class:`ChronicleChanged` to ``screen`` whenever a file in ``wanted`` changes (``"sessions"``).

    Call it before the screen's first read: the watching is in place when this returns, so nothing written
    between that read and the first notice is missed.
    """
    changes = watcher_for(folder).subscribe()

    async def follow() -> None:
        try:
            async for batch in changes:
                if batch.touches(*wanted):
                    screen.post_message(ChronicleChanged(batch))
        finally:
            changes.close()

    return Following(asyncio.create_task(follow(), name=f"watch {Path(folder).name}"))
