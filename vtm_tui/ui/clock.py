"""An injectable clock: the app asks ``app.clock()`` for "now", never the system.

Tests and snapshots pass a fixed clock so that anything showing or logging a
time is reproducible; the real app uses :func:`system_clock`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

#: A callable returning a timezone-aware UTC datetime.
Clock = Callable[[], datetime]


def system_clock() -> datetime:
    """Now, timezone-aware UTC, to the second (what the files store)."""
    return datetime.now(timezone.utc).replace(microsecond=0)


def fixed_clock(when: datetime) -> Clock:
    """A clock that always answers ``when`` (made UTC-aware if it is naive)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)

    def clock() -> datetime:
        return when

    return clock
