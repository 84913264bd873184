"""Open requests kept up to date batch by batch are the ones a whole read of the session finds."""

from __future__ import annotations

from datetime import datetime, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.requests import CANCEL_KIND, OpenRequests, open_requests, request_entry

WHEN = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)
ACTORS = ("Inês Valadares", "Duarte Moniz", "inês valadares")

#: (what, actor index, which earlier request it answers)
STEPS = st.lists(st.tuples(st.sampled_from(["ask", "roll", "cancel", "note"]), st.integers(0, 2),
                           st.integers(0, 9)), max_size=25)


def _session(steps: list[tuple[str, int, int]]) -> list[LogEntry]:
    entries: list[LogEntry] = []
    asked: list[str] = []
    for number, (what, actor, which) in enumerate(steps):
        ref = asked[which % len(asked)] if asked else ""
        if what == "ask":
            entry = request_entry(session=1, ruleset="v5", actor=ACTORS[actor], pool="Wits + Awareness", now=WHEN)
            asked.append(entry.id)
        elif what == "cancel":
            entry = LogEntry.new(CANCEL_KIND, session=1, ruleset="v5", now=WHEN, actor=ACTORS[actor], ref=ref)
        elif what == "roll":
            entry = LogEntry.new("roll", session=1, ruleset="v5", now=WHEN, actor=ACTORS[actor], ref=ref,
                                 result="success")
        else:
            entry = LogEntry.new("note", session=1, ruleset="v5", now=WHEN, comment=f"n{number}")
        entries.append(entry)
    return entries


def _reference(entries: list[LogEntry], actors: list[str] | None) -> list:
    """The rule as it was written before (one pass over the whole session, filtering as it reads)."""
    from vtm_tui.store.requests import REQUEST_KIND, RollAsk, answers

    wanted = None if actors is None else {name.casefold() for name in actors}
    pending = {}
    for entry in entries:
        if entry.kind == REQUEST_KIND:
            if wanted is None or entry.actor.casefold() in wanted:
                pending[entry.id] = RollAsk.from_entry(entry)
        elif closed := answers(entry):
            pending.pop(closed, None)
    return list(pending.values())


@settings(max_examples=200, deadline=None)
@given(STEPS, st.lists(st.integers(0, 25), max_size=4), st.sampled_from([None, ["Inês Valadares"], []]))
def test_batches_give_what_the_whole_session_gives(steps, cuts, actors) -> None:
    entries = _session(steps)
    tracked = OpenRequests()
    start = 0
    for cut in sorted(cuts) + [len(entries)]:
        tracked.add(entries[start:max(start, cut)])
        start = max(start, cut)
    assert tracked.open(actors) == open_requests(entries, actors) == _reference(entries, actors)
