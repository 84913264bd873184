"""A character's experience history: what was awarded and what it was spent on.

Every sheet keeps ``[experience]`` with ``total`` and ``spent``; awards and
spends made with the tool also add one ``[[experience.history]]`` row each
(time, amount — positive for an award, negative for a spend — and a note), so
the sheet can show where the experience went without reading every session's
log. The log keeps the same events as entries of kind ``experience``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from vtm_tui.model.validation import Reader

#: Longest note kept with an award or spend (a reason typed by the storyteller).
NOTE_LIMIT = 200


@dataclass(frozen=True)
class XpEvent:
    """One award (``amount`` > 0) or spend (``amount`` < 0)."""

    time: datetime
    amount: int
    note: str = ""

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"time": self.time.astimezone(timezone.utc), "amount": self.amount}
        if self.note:
            doc["note"] = self.note
        return doc


def read_history(xp: Reader) -> list[XpEvent]:
    """``experience.history`` of a sheet (absent in older files: an empty history)."""
    events: list[XpEvent] = []
    for row in xp.table_list("history"):
        when = row.datetime("time")
        if when is None:
            raise row.error("time", "is missing; every experience row needs its date and time")
        events.append(XpEvent(when, row.int("amount", 0, -10_000, 10_000), row.str("note")))
    return events


def history_toml(total: int, spent: int, history: list[XpEvent]) -> dict[str, Any]:
    doc: dict[str, Any] = {"total": total, "spent": spent}
    if history:
        doc["history"] = [event.to_toml() for event in history]
    return doc
