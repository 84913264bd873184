"""The rows of the history index as Python values: hits, sync reports, and times as integers.

Times are stored as microseconds since 1970 (UTC) so that SQLite compares and
sorts them as numbers; :func:`micros` and :func:`moment` convert both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


@dataclass(frozen=True)
class IndexedEntry:
    """The searchable part of one logged entry, and where the whole entry sits in its file."""

    session: int
    seq: int  # position in its session, from 0
    id: str
    time: datetime
    actor: str
    kind: str
    ruleset: str
    result: str
    margin: int
    pool: str
    comment: str
    secret: bool
    difficulty: int | None
    offset: int  # byte offset of the block's "[[entry]]" line, -1 if unknown (hand-written file)
    length: int


@dataclass(frozen=True)
class SyncReport:
    """What one check of the files against the index did."""

    files: int  # session files present
    updated: int  # files (re)indexed, fully or just their new bytes
    entries_added: int
    problems: tuple[str, ...]  # one message per session file that could not be indexed
    seconds: float


def micros(moment: datetime) -> int:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return (moment - _EPOCH) // timedelta(microseconds=1)


def moment(micros: int | None) -> datetime | None:
    return None if micros is None else _EPOCH + timedelta(microseconds=micros)
