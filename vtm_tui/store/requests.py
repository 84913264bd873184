"""The storyteller asks a player for a roll: a ``request`` entry in the session log, answered by ``ref``.

Why a log entry and not a file of its own: the session log is already the
append-only, locked, fsynced channel every seat polls twice a second
(:func:`~vtm_tui.store.session_log.read_new_entries`), so a request reaches the
player's seat by the same path as a roll, survives a crash or a reconnect, and
stays in the record ("the storyteller asked Inês for Manipulation + Subterfuge
at 21:04"). Nothing is ever rewritten:

- the storyteller appends ``kind = "request"`` with the character (``actor``),
  the pool as typed (``pool``), ``difficulty``, ``secret``, a prompt
  (``comment``) and the roll's kind in ``roll_kind`` (``test``, ``rouse``, …);
- the player's roll that answers it carries ``ref = <request id>``;
- the storyteller withdraws one with a ``request_cancel`` entry whose ``ref``
  names it.

A request is open while neither has been logged. The Difficulty of a secret
request is in the file (the player's seat must judge the roll against it) but
:mod:`vtm_tui.play.visibility` keeps it off the player's screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from vtm_tui.errors import VtmError
from vtm_tui.model.limits import MAX_PROMPT, check_text
from vtm_tui.model.log_entry import ROLL_KINDS, LogEntry
from vtm_tui.rules.kind_spec import KindSpec
from vtm_tui.rules.pool import MAX_POOL_TEXT
from vtm_tui.rules.ruleset import ruleset_for

REQUEST_KIND = "request"
CANCEL_KIND = "request_cancel"


def request_kinds(ruleset: str) -> Mapping[str, KindSpec]:
    """The roll kinds a storyteller may ask for in a chronicle of ``ruleset``: every kind its rule set declares
    (the ordinary test first)."""
    return ruleset_for(ruleset).roll_kind_specs()


@dataclass(frozen=True)
class RollAsk:
    """One open (or answered) request for a roll, as read back from the log."""

    id: str
    session: int
    time: datetime
    actor: str
    pool: str
    difficulty: int | None = None
    secret: bool = False
    prompt: str = ""
    roll_kind: str = "test"

    @classmethod
    def from_entry(cls, entry: LogEntry) -> RollAsk:
        kinds = request_kinds(entry.ruleset)
        kind = entry.extra.get("roll_kind")
        return cls(id=entry.id, session=entry.session, time=entry.time, actor=entry.actor, pool=entry.pool,
                   difficulty=entry.difficulty, secret=entry.secret, prompt=entry.comment,
                   roll_kind=kind if kind in kinds else next(iter(kinds)))

    def describe(self, *, show_secret: bool = False) -> str:
        """``Inês Valadares: Manipulation + Subterfuge vs 3``; a secret Difficulty reads ``vs ?`` unless shown."""
        text = f"{self.actor}: {self.pool or self.roll_kind}"
        if self.difficulty is not None:
            text += f" vs {self.difficulty}" if (show_secret or not self.secret) else " vs ?"
            if self.secret and show_secret:
                text += " (secret)"
        if self.prompt:
            text += f" — {self.prompt}"
        return text


def request_entry(
    *,
    session: int,
    ruleset: str,
    actor: str,
    pool: str,
    difficulty: int | None = None,
    secret: bool = False,
    prompt: str = "",
    roll_kind: str = "test",
    now: datetime | None = None,
) -> LogEntry:
    """The log entry of a storyteller's request; bad input raises :class:`VtmError` naming the field."""
    if not actor.strip():
        raise VtmError("a roll request needs a character; the character is empty")
    check_text(prompt, "The prompt", MAX_PROMPT)
    check_text(pool, "The pool", MAX_POOL_TEXT)
    kinds = request_kinds(ruleset)
    if roll_kind not in kinds:
        raise VtmError(f"roll kind {roll_kind!r} is unknown; use one of {', '.join(kinds)}")
    ordinary = kinds[roll_kind].ordinary  # the ordinary test: a pool to type, and no roll_kind in the entry
    if ordinary and not pool.strip():
        raise VtmError("a roll request needs a pool (e.g. 'Wits + Awareness'); the pool is empty")
    extra = {} if ordinary else {"roll_kind": roll_kind}
    return LogEntry.new(REQUEST_KIND, session=session, ruleset=ruleset, now=now, actor=actor.strip(),
                        pool=pool.strip(), difficulty=difficulty, secret=secret, comment=prompt.strip(),
                        extra=extra)


def cancel_entry(ask: RollAsk, *, ruleset: str, now: datetime | None = None) -> LogEntry:
    """The entry that withdraws ``ask`` (its ``ref`` names the request)."""
    return LogEntry.new(CANCEL_KIND, session=ask.session, ruleset=ruleset, now=now, actor=ask.actor, ref=ask.id)


def answers(entry: LogEntry) -> str:
    """The request id ``entry`` closes (a roll made for it, or a cancellation), else ""."""
    if entry.ref and (entry.kind == CANCEL_KIND or entry.kind in ROLL_KINDS or entry.result):
        return entry.ref
    return ""


class OpenRequests:
    """The requests still open in a session, brought up to date one batch of new entries at a time.

    A player's seat hears every roll of the table; reading the whole session again for each of them (to find
    the requests still open) was work that grew with the session, on every seat, for every roll.
    """

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._pending: dict[str, RollAsk] = {}
        self.add(entries)

    def add(self, entries: Iterable[LogEntry]) -> None:
        """Take ``entries`` (newer than any given before) into account."""
        pending = self._pending
        for entry in entries:
            if entry.kind == REQUEST_KIND:
                pending[entry.id] = RollAsk.from_entry(entry)
            elif closed := answers(entry):
                pending.pop(closed, None)

    def open(self, actors: Iterable[str] | None = None) -> list[RollAsk]:
        """The open requests, oldest first; only for ``actors`` when given."""
        if actors is None:
            return list(self._pending.values())
        wanted = {name.casefold() for name in actors}
        return [ask for ask in self._pending.values() if ask.actor.casefold() in wanted]


def open_requests(entries: Iterable[LogEntry], actors: Iterable[str] | None = None) -> list[RollAsk]:
    """Requests in ``entries`` not yet answered or withdrawn, oldest first; only for ``actors`` when given."""
    return OpenRequests(entries).open(actors)


def ask_for_roll(chronicle_dir: Path, entry: LogEntry) -> None:
    """Append a request (locked, fsynced) to its session's log, where every seat polls."""
    from vtm_tui.store.session_log import append_entry

    if entry.kind not in (REQUEST_KIND, CANCEL_KIND):
        raise VtmError(f"ask_for_roll appends requests, not {entry.kind!r} entries")
    append_entry(Path(chronicle_dir), entry)
