"""One event of a session's log: a roll with every face, a tracker change, a note.

A log entry is a record a storyteller may need to re-check years later ("did
that botch really happen?"), so it keeps the engine's whole outcome (every die
face) and never changes once written. The store appends entries to
``sessions/NNNN.toml``; this module only knows the data and its validation.

Unknown keys read from a file (a newer version of the tool, a hand edit) are
kept in ``extra`` so that re-writing an entry loses nothing; unknown kinds load
too, for the same reason.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import MISSING, dataclass, field, fields
from datetime import date, datetime, time, timezone
from typing import Any, ClassVar

from vtm_tui.model.errors import InvalidDataError  # the model's own; vtm_tui.store.errors re-exports it
from vtm_tui.rules.base import RULESETS, Outcome

#: Every kind the tool itself writes. Entries of other kinds (from a newer tool) still load.
KINDS = (
    "roll", "check", "rouse", "reroll", "remorse", "frenzy", "contest",
    "damage", "heal", "hunger", "humanity", "stain", "willpower",
    "edit", "note", "conflict", "session_start", "session_end", "scene", "title", "ledger", "experience",
)  # fmt: skip
#: Kinds that are dice rolls (counted as "rolls" in session summaries).
ROLL_KINDS = ("roll", "check", "rouse", "reroll", "remorse", "frenzy", "contest")

#: Key of a comment only the storyteller reads, beside the public ``comment`` (kept in ``extra``: files
#: written before it existed load unchanged). ``vtm_tui.play.visibility`` keeps it from every player.
STORYTELLER_COMMENT = "storyteller_comment"

#: Kinds that are wholly the storyteller's when ``secret``: a secret note, scene marker, session
#: title or ledger change never reaches a player's seat nor a recap made for players.
WHOLLY_SECRET_KINDS = frozenset({"note", "scene", "title", "ledger"})

#: An id goes into the block's end marker line, so it must be one plain word.
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")
DIFFICULTY_RANGE = (0, 100)
#: A whole number a TOML file (and the history index's SQLite columns) can hold: 64 bits, signed.
INT64_RANGE = (-(2**63), 2**63 - 1)

_KNOWN = (
    "id", "time", "session", "kind", "ruleset", "actor", "pool", "difficulty", "secret",
    "result", "margin", "roll", "comment", "ref", "characters", "change",
)  # fmt: skip
#: At most this many names in an entry's ``characters`` (a contest names two; a conflict's undo, the sheets it
#: restored and whoever the undone change concerned).
MAX_CHARACTERS = 50


def new_entry_id() -> str:
    """A 16-hex-digit id, unique across processes without coordination (uuid4)."""
    return uuid.uuid4().hex[:16]


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def drop_none(value: Any) -> Any:
    """``value`` with every ``None`` removed from dicts and lists (TOML has no null)."""
    if isinstance(value, dict):
        return {str(k): drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [drop_none(v) for v in value if v is not None]
    return value


def _fail(where: str, name: str, reason: str) -> InvalidDataError:
    return InvalidDataError(where, name, reason)  # type: ignore[arg-type]


def _check_text(where: str, name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise _fail(where, name, f"must be text, got {type(value).__name__} {value!r}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _fail(where, name, "holds characters that cannot be written as UTF-8") from None
    return value


def _check_int(where: str, name: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, name, f"must be a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low}–{high}" if high is not None else f"{low} or more"
        raise _fail(where, name, f"must be {span}, got {value}")
    if not INT64_RANGE[0] <= value <= INT64_RANGE[1]:
        raise _fail(where, name, f"must fit in 64 bits, as a TOML whole number does, got {value}")
    return value


def _check_dict(where: str, name: str, value: Any) -> dict:
    if not isinstance(value, dict):
        raise _fail(where, name, f"must be a table of keys and values, got {value!r}")
    return value


@dataclass(frozen=True)
class LogEntry:
    """One logged event; see the module docstring. Construct with keywords."""

    id: str
    time: datetime
    session: int
    kind: str
    ruleset: str
    actor: str = ""
    pool: str = ""
    difficulty: int | None = None
    secret: bool = False
    result: str = ""
    margin: int = 0
    roll: dict = field(default_factory=dict)
    comment: str = ""
    ref: str = ""
    #: Every character the entry concerns besides ``actor`` (a contest's defender, those a conflict's undo
    #: restored): the log's character filter finds the entry by any of them. Optional: older files have none.
    characters: tuple[str, ...] = ()
    change: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    KINDS: ClassVar[tuple[str, ...]] = KINDS

    def __post_init__(self) -> None:
        self.validate("log entry")
        for name in ("roll", "change", "extra"):  # TOML has no null: what is written is what is kept
            object.__setattr__(self, name, drop_none(getattr(self, name)))
        object.__setattr__(self, "characters", tuple(self.characters))

    # -- validation ------------------------------------------------------------------------

    def validate(self, where: str) -> None:
        """Raise :class:`InvalidDataError` naming ``where`` and the first bad field."""
        _check_text(where, "id", self.id)
        if not _ID.fullmatch(self.id):
            raise _fail(where, "id", f"must be 1–64 letters, digits, '-' or '_', got {self.id!r}")
        if not isinstance(self.time, datetime):
            raise _fail(where, "time", f"must be a date and time, got {self.time!r}")
        if self.time.tzinfo is None or self.time.utcoffset() is None:
            raise _fail(where, "time", "must carry a time zone (UTC), got a naive date and time")
        _check_int(where, "session", self.session, 1)
        _check_text(where, "kind", self.kind)
        if not _KIND.fullmatch(self.kind):
            raise _fail(where, "kind", f"must be a lower-case word such as {', '.join(KINDS[:4])}, …; got {self.kind!r}")
        if self.ruleset not in RULESETS:
            raise _fail(where, "ruleset", f"must be one of {', '.join(RULESETS)}, got {self.ruleset!r}")
        for name in ("actor", "pool", "result", "comment", "ref"):
            _check_text(where, name, getattr(self, name))
        if self.difficulty is not None:
            _check_int(where, "difficulty", self.difficulty, *DIFFICULTY_RANGE)
        if not isinstance(self.secret, bool):
            raise _fail(where, "secret", f"must be true or false, got {self.secret!r}")
        _check_int(where, "margin", self.margin)
        for name in ("roll", "change", "extra"):
            _check_dict(where, name, getattr(self, name))
        if not isinstance(self.characters, (list, tuple)) or len(self.characters) > MAX_CHARACTERS:
            raise _fail(where, "characters", f"must be a list of at most {MAX_CHARACTERS} names, "
                                             f"got {self.characters!r}")
        for name in self.characters:
            if not _check_text(where, "characters", name).strip() or "\n" in name:
                raise _fail(where, "characters", f"must hold one-line names, got {name!r}")
        clash = sorted(set(self.extra) & {*_KNOWN, "extra"})
        if clash:
            raise _fail(where, "extra", f"repeats the known field(s) {', '.join(clash)}")

    # -- building --------------------------------------------------------------------------

    @classmethod
    def new(cls, kind: str, *, session: int, ruleset: str, now: datetime | None = None, **fields_: Any) -> LogEntry:
        """A fresh entry with a new id and the current UTC time (or ``now``)."""
        return cls(id=new_entry_id(), time=now or utc_now(), session=session, kind=kind, ruleset=ruleset, **fields_)

    @classmethod
    def from_outcome(
        cls,
        outcome: Outcome,
        *,
        session: int,
        actor: str = "",
        pool: str = "",
        difficulty: int | None = None,
        secret: bool = False,
        comment: str = "",
        kind: str = "roll",
        ref: str = "",
        now: datetime | None = None,
    ) -> LogEntry:
        """The entry for a judged roll of any rule set: its result, margin and every face."""
        return cls.new(
            kind,
            session=session,
            ruleset=outcome.ruleset,
            now=now,
            actor=actor,
            pool=pool,
            difficulty=difficulty,
            secret=secret,
            result=outcome.result,
            margin=int(outcome.margin),
            roll=drop_none(outcome.to_dict()),
            comment=comment,
            ref=ref,
        )

    # -- reading and writing ---------------------------------------------------------------

    @property
    def win(self) -> bool | None:
        """Whether the roll was a win (from the engine's outcome), ``None`` for non-rolls."""
        value = self.roll.get("win")
        return value if isinstance(value, bool) else None

    @property
    def storyteller_comment(self) -> str:
        """The storyteller's own words on this entry ("" when none): never shown to a player."""
        value = self.extra.get(STORYTELLER_COMMENT, "")
        return value if isinstance(value, str) else ""

    @property
    def wholly_secret(self) -> bool:
        """Whether the whole entry is hidden from players (a secret note, scene, title or ledger change)."""
        return self.secret and self.kind in WHOLLY_SECRET_KINDS

    @property
    def is_roll(self) -> bool:
        return bool(self.result) or self.kind in ROLL_KINDS

    def to_toml(self) -> dict[str, Any]:
        """Plain data for the file: defaults and ``None`` left out, unknown keys put back."""
        data: dict[str, Any] = {
            "id": self.id,
            "time": self.time.astimezone(timezone.utc),
            "session": self.session,
            "kind": self.kind,
            "ruleset": self.ruleset,
        }
        for item in fields(self)[5:]:
            if item.name == "extra":
                continue
            value = getattr(self, item.name)
            if value is None or value == item.default or (isinstance(value, dict) and not value):
                continue
            data[item.name] = drop_none(value) if isinstance(value, dict) else value
        data.update(drop_none(self.extra))
        return data

    def to_json(self) -> dict[str, Any]:
        """Like :meth:`to_toml` with every field present and the time as ISO 8601 text."""
        data: dict[str, Any] = {item.name: getattr(self, item.name) for item in fields(self) if item.name != "extra"}
        data["time"] = self.time.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
        data.update(_jsonable(self.extra))
        data["roll"] = _jsonable(self.roll)
        data["change"] = _jsonable(self.change)
        data["characters"] = list(self.characters)
        return data

    @classmethod
    def from_toml(cls, data: dict[str, Any], *, where: str) -> LogEntry:
        """An entry from a parsed ``[[entry]]`` table; bad values name ``where`` and the field."""
        if not isinstance(data, dict):
            raise _fail(where, "entry", "must be a table")
        for name in ("id", "time", "session", "kind", "ruleset"):
            if name not in data:
                raise _fail(where, name, "is missing")
        when = data["time"]
        if isinstance(when, datetime) and when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)  # a hand-written local time: read as UTC
        elif isinstance(when, (date, time)) and not isinstance(when, datetime):
            raise _fail(where, "time", f"needs both a date and a time, got {when.isoformat()}")
        values = {name: data[name] for name in _KNOWN if name in data}
        values["time"] = when
        extra = {key: value for key, value in data.items() if key not in _KNOWN}
        entry = cls.__new__(cls)
        for name, default, factory in _DEFAULTS:
            object.__setattr__(entry, name, values[name] if name in values else (factory() if factory else default))
        object.__setattr__(entry, "extra", extra)
        entry.validate(where)
        object.__setattr__(entry, "characters", tuple(entry.characters))
        return entry


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return value


#: (name, default, default factory) of every field, looked up once rather than per entry read.
_DEFAULTS = tuple(
    (item.name, item.default, item.default_factory if item.default_factory is not MISSING else None)
    for item in fields(LogEntry)
)


def change_value_text(value: Any) -> str:
    """One side of a change in words: ``{'superficial': 2, 'aggravated': 1}`` → ``superficial 2 aggravated 1``."""
    if isinstance(value, dict):
        return " ".join(f"{key} {change_value_text(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(change_value_text(item) for item in value)
    return "" if value is None else str(value)


def describe_change(change: dict[str, Any], *, arrow: str = "→") -> str:
    """What an edit, damage or Hunger entry changed, e.g. ``hunger 1→2``, for every view of the log."""
    if not change:
        return ""
    if "section" in change and "action" in change:  # a ledger change: the comment names the entry
        before, after = change.get("before"), change.get("after")
        if change["action"] != "edit" or not isinstance(before, dict) or not isinstance(after, dict):
            return ""
        return ", ".join(f"{key} {change_value_text(before.get(key, '?'))}{arrow}{change_value_text(value)}"
                         for key, value in after.items())
    name = change.get("field", "")
    if name == "sheet" and isinstance(change.get("before"), dict) and isinstance(change.get("after"), dict):
        before, after = change["before"], change["after"]  # a batch from the sheet editor: each changed value
        return ", ".join(f"{key} {change_value_text(before.get(key, '')) or '—'}{arrow}"
                         f"{change_value_text(value) or '—'}" for key, value in after.items())
    before, after = change.get("before"), change.get("after")
    if isinstance(before, dict) and isinstance(after, dict) and name in after:
        # a change that carries its field among others (Remorse: humanity and stains): each one once,
        # "humanity 7→6, stains 2→0", not "humanity humanity 7 stains 2→humanity 6 stains 0"
        return ", ".join(f"{key} {change_value_text(before.get(key, '?'))}{arrow}{change_value_text(value)}"
                         for key, value in after.items())
    if "before" in change or "after" in change:
        before = change_value_text(change.get("before", "?"))
        after = change_value_text(change.get("after", "?"))
        return f"{name} {before}{arrow}{after}".strip()
    return ", ".join(f"{key} {change_value_text(value)}" for key, value in change.items())
