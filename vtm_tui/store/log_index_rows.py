"""The rows of the history index as Python values: hits, sync reports, rows, per-session sums, times as integers.

Times are stored as microseconds since 1970 (UTC) so that SQLite compares and
sorts them as numbers; :func:`micros` and :func:`moment` convert both ways.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from vtm_tui.model.log_entry import ROLL_KINDS

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

#: One row of the index's ``entries`` table: (session, seq, id, time in µs, actor, actor key, kind, ruleset,
#: result, margin, pool, comment, secret, difficulty, offset, length, search text, characters, characters key).
Row = tuple[int, int, str, int, str, str, str, str, str, int, str, str, int, "int | None", int, int, str, str, str]


def characters_columns(names: tuple[str, ...] | list[str]) -> tuple[str, str]:
    """An entry's ``characters`` as the index keeps them: the names, and their case-folded key, each wrapped in
    newlines (``"\\nInês\\nDuarte\\n"``) so ``instr(key, "\\n" || name || "\\n")`` finds a whole name; ``''``
    for none. Names are one line (LogEntry refuses others)."""
    if not names:
        return "", ""
    text = "\n" + "\n".join(names) + "\n"
    return text, text.casefold()


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
    characters: tuple[str, ...] = ()  # every character the entry concerns besides the actor (LogEntry's)


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


def effective_title(header_title: str, rows: list[Row]) -> str:
    """As :func:`~vtm_tui.store.session_log.effective_title`, from index rows: the newest title entry's text."""
    for row in reversed(rows):
        if row[6] == "title" and row[11]:
            return row[11]
    return header_title


def summarize(rows: list[Row], count: int, rolls: int, actors: str, ended: int | None, last: int | None) -> tuple:
    """(entries, rolls, actors as JSON, ended, last time) of a session after adding ``rows``."""
    if not rows:
        return count, rolls, actors, ended, last
    names = list(dict.fromkeys([*json.loads(actors), *[row[4] for row in rows if row[4]]]))  # first appearance
    newest = max(row[3] for row in rows)
    last = newest if last is None else max(last, newest)
    ends = [row[3] for row in rows if row[6] == "session_end"]
    if ends:
        ended = max(ends) if ended is None else max(ended, *ends)
    rolls += sum(1 for row in rows if row[8] or row[6] in ROLL_KINDS)
    return count + len(rows), rolls, json.dumps(names, ensure_ascii=False), ended, last
