"""A roll answering the storyteller's request with another pool says so (``asked_pool = "…"``).

A player answers a request (``a`` on a seat) with the pool pre-filled, and may change it (a specialty, a
trait the storyteller forgot, or ``+ 5``). The answer's entry then keeps the pool that was asked, in its
``extra`` (written as a top-level key of its ``[[entry]]``), so the storyteller's log line, its detail and
``vtm-tui log`` show that the pool was changed and from what.
"""

from __future__ import annotations

from dataclasses import replace

from vtm_tui.model.log_entry import LogEntry

#: The entry key: the pool the storyteller asked for, on an answer rolled with another one.
ASKED_POOL = "asked_pool"


def mark_changed_pool(entry: LogEntry, asked: str) -> LogEntry:
    """``entry`` marked as rolled with another pool than the ``asked`` one."""
    return replace(entry, extra={**entry.extra, ASKED_POOL: asked})


def changed_from(entry: LogEntry) -> str:
    """The pool the storyteller asked for when this answer rolled another one, else ``""``."""
    asked = entry.extra.get(ASKED_POOL)
    return asked if isinstance(asked, str) else ""
