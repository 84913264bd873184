"""Filters over a chronicle's log, as data: what the chips show, what the index is asked.

One :class:`LogFilter` is applied two ways with the same meaning: to entries
already in memory (the current session, :meth:`LogFilter.matches`) and to all
history through the SQLite index (:meth:`LogFilter.query_kwargs` for
:meth:`vtm_tui.store.index.HistoryIndex.query`). A test holds the two to the
same answers.

Values of one kind are alternatives (Inês *or* Vicente); kinds of filter
combine (Inês, messy criticals, in September). Each value is one chip, removed
on its own (:meth:`LogFilter.without`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any, Protocol

from vtm_tui.errors import VtmError
from vtm_tui.review.lines import outcome_name
from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.ruleset import ruleset_for

#: The one-key "what went wrong in a way that matters" filter: V5 messy criticals and bestial failures, V20 botches.
MESSY_RESULTS = ("messy_critical", "bestial_failure", "botch")


def messy_results(ruleset: str | None) -> tuple[str, ...]:
    """The results :data:`MESSY_RESULTS` means for one rule set (its RuleSet's ``messy_results``; all of them
    when the rule set is not known or has none of its own)."""
    if ruleset not in RULESETS:
        return MESSY_RESULTS
    return ruleset_for(ruleset).messy_results or MESSY_RESULTS


class FilterError(VtmError):
    """A filter value a storyteller typed that cannot be used (a bad date, an empty search)."""


class Filterable(Protocol):
    """What both a full :class:`LogEntry` and an index row offer."""

    time: datetime
    actor: str
    kind: str
    ruleset: str
    result: str
    pool: str
    comment: str
    characters: tuple[str, ...]  # the other characters it concerns (a contest's defender); () in older files


@dataclass(frozen=True)
class Chip:
    """One shown filter value: ``key`` names it for removal, ``label`` is what the storyteller reads."""

    key: str
    label: str


@dataclass(frozen=True)
class LogFilter:
    """Every filter in force; the empty filter lets everything through."""

    actors: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    ruleset: str | None = None
    since: date | None = None  # first day shown (inclusive), in the display zone
    until: date | None = None  # last day shown (inclusive), in the display zone
    text: str = ""
    tz: tzinfo | None = field(default=None, compare=False)  # the zone the days are read in (None: local)

    # -- building ---------------------------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return not (self.actors or self.kinds or self.results or self.ruleset or self.since or self.until
                    or self.text.strip())

    def with_actor(self, name: str) -> LogFilter:
        return self if name in self.actors else replace(self, actors=(*self.actors, name))

    def with_kind(self, kind: str) -> LogFilter:
        return self if kind in self.kinds else replace(self, kinds=(*self.kinds, kind))

    def with_results(self, *results: str) -> LogFilter:
        added = tuple(r for r in results if r not in self.results)
        return replace(self, results=(*self.results, *added)) if added else self

    def with_ruleset(self, ruleset: str | None) -> LogFilter:
        return replace(self, ruleset=ruleset)

    def with_text(self, text: str) -> LogFilter:
        return replace(self, text=" ".join(text.split()))

    def with_dates(self, since: date | None, until: date | None) -> LogFilter:
        if since and until and until < since:
            raise FilterError(f"date: the last day {until.isoformat()} is before the first {since.isoformat()}")
        return replace(self, since=since, until=until)

    def with_date_text(self, text: str) -> LogFilter:
        """A day (``2026-09-12``), a range (``2026-09-12..2026-10-03``, either end may be left open), or ""."""
        since, until = parse_dates(text)
        return self.with_dates(since, until)

    # -- chips ------------------------------------------------------------------------------------

    def chips(self) -> list[Chip]:
        """One chip per value, in the order a storyteller reads them."""
        chips = [Chip(f"actor:{name}", name) for name in self.actors]
        chips += [Chip(f"kind:{kind}", f"kind: {kind}") for kind in self.kinds]
        chips += [Chip(f"result:{result}", outcome_name(result)) for result in self.results]
        if self.ruleset:
            chips.append(Chip("ruleset", f"rules: {self.ruleset}"))
        if self.since or self.until:
            chips.append(Chip("date", f"date: {date_text(self.since, self.until)}"))
        if self.text.strip():
            chips.append(Chip("text", f"“{self.text.strip()}”"))
        return chips

    def without(self, key: str) -> LogFilter:
        """This filter less the chip ``key`` (an unknown key changes nothing)."""
        kind, _, value = key.partition(":")
        if kind == "actor":
            return replace(self, actors=tuple(a for a in self.actors if a != value))
        if kind == "kind":
            return replace(self, kinds=tuple(k for k in self.kinds if k != value))
        if kind == "result":
            return replace(self, results=tuple(r for r in self.results if r != value))
        if kind == "ruleset":
            return replace(self, ruleset=None)
        if kind == "date":
            return replace(self, since=None, until=None)
        if kind == "text":
            return replace(self, text="")
        return self

    # -- applying ---------------------------------------------------------------------------------

    def bounds(self) -> tuple[datetime | None, datetime | None]:
        """The date range as aware datetimes: ``since`` inclusive, ``until`` exclusive (the next midnight)."""
        zone = self.tz if self.tz is not None else datetime.now().astimezone().tzinfo
        start = datetime.combine(self.since, time(0), zone) if self.since else None
        end = datetime.combine(self.until + timedelta(days=1), time(0), zone) if self.until else None
        return start, end

    def matches(self, entry: Filterable) -> bool:
        """Whether ``entry`` passes, exactly as the index would answer."""
        if self.actors:  # the actor, or any character the entry also concerns (a contest's defender)
            wanted = {a.casefold() for a in self.actors}
            if entry.actor.casefold() not in wanted and not wanted.intersection(c.casefold() for c in entry.characters):
                return False
        if self.kinds and entry.kind not in self.kinds:
            return False
        if self.results and entry.result not in self.results:
            return False
        if self.ruleset and entry.ruleset != self.ruleset:
            return False
        if self.since or self.until:
            start, end = self.bounds()
            if (start and entry.time < start) or (end and entry.time >= end):
                return False
        words = self.text.casefold().split()
        if words:
            haystack = search_text(entry)
            return all(word in haystack for word in words)
        return True

    def query_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``HistoryIndex.query`` meaning the same as :meth:`matches`."""
        kwargs: dict[str, Any] = {}
        if self.actors:
            kwargs["actor"] = list(self.actors)
        if self.kinds:
            kwargs["kinds"] = list(self.kinds)
        if self.results:
            kwargs["results"] = list(self.results)
        if self.ruleset:
            kwargs["ruleset"] = self.ruleset
        start, end = self.bounds() if (self.since or self.until) else (None, None)
        if start:
            kwargs["since"] = start
        if end:
            kwargs["until"] = end
        if self.text.strip():
            kwargs["text"] = self.text
        return kwargs


def search_text(entry: Filterable) -> str:
    """What a text search looks through: actor, pool, comment, kind, result and any change, case-folded."""
    change = getattr(entry, "change", None) or {}
    changed = " ".join(f"{k} {v}" for k, v in change.items())
    return "\n".join((entry.actor, entry.pool, entry.comment, entry.kind, entry.result, changed)).casefold()


def _day(text: str, where: str) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise FilterError(f"date: {where} {text!r} is not a day written YYYY-MM-DD (e.g. 2026-09-12)") from None


def parse_dates(text: str) -> tuple[date | None, date | None]:
    """``2026-09-12`` (that day), ``2026-09-12..2026-10-03``, ``2026-09-12..`` or ``..2026-10-03``; "" for none."""
    text = text.strip()
    if ".." in text:
        first, _, last = text.partition("..")
        since, until = _day(first, "the first day"), _day(last, "the last day")
        if since is None and until is None:
            raise FilterError("date: give at least one day around '..' (YYYY-MM-DD..YYYY-MM-DD)")
    else:
        since = until = _day(text, "the day")
    if since and until and until < since:
        raise FilterError(f"date: the last day {until.isoformat()} is before the first {since.isoformat()}")
    return since, until


def date_text(since: date | None, until: date | None) -> str:
    """The chip's words for a date range (the inverse of :func:`parse_dates`)."""
    if since and until and since == until:
        return since.isoformat()
    return f"{since.isoformat() if since else ''}..{until.isoformat() if until else ''}"


__all__ = ["MESSY_RESULTS", "Chip", "FilterError", "LogFilter", "date_text", "messy_results", "parse_dates",
           "search_text"]
