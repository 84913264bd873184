"""Properties of the conflict core: pools read back as written, and a round visits everyone able exactly once."""

from __future__ import annotations

import string

import pytest
from conflict_support import NOW
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.context import ConflictError, Table
from vtm_tui.rules.dice import GivenFaces

NAMES = st.text(alphabet=string.ascii_lowercase + " ", min_size=1, max_size=12).map(lambda s: " ".join(s.split()))
POOLS = st.dictionaries(NAMES.filter(bool), st.integers(0, 30), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(POOLS, st.booleans())
def test_pools_read_back_as_written(pools, dice):
    assert roster.parse_pools(roster.format_pools(pools, rating=(lambda v: f"d{v}") if dice else str)) == pools


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_pools_text_is_read_or_refused_with_a_message(text):
    try:
        pools = roster.parse_pools(text)
    except ConflictError as exc:
        assert "pool" in str(exc)
    else:
        assert all(isinstance(v, int) and v >= 0 for v in pools.values())


@pytest.mark.parametrize("text, message", [("attack", "a name and a number"), ("a 1, A 2", "given twice")])
def test_bad_pools_say_what_is_wrong(text, message):
    with pytest.raises(ConflictError, match=message):
        roster.parse_pools(text)


def _extras_conflict(speeds, out):
    table = Table.build("v5", 1, NOW)
    conflict = tracker.new_conflict()
    for i, speed in enumerate(speeds):
        conflict = roster.add_extras(conflict, table, f"Mook {i}", 1, pools={"general": 3, "initiative": speed},
                                     side="a" if i % 2 else "b").conflict
    for i in out:
        if i < len(speeds):
            conflict = roster.take_out(conflict, table, f"Mook {i}", "fled").conflict
    return conflict, table


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=1, max_size=8), st.sets(st.integers(0, 7), max_size=4))
def test_a_v5_round_gives_every_able_participant_exactly_one_turn(speeds, out):
    conflict, table = _extras_conflict(speeds, out)
    able = {f"Mook {i}" for i in range(len(speeds)) if i not in out}
    conflict = tracker.next_round(conflict, table, GivenFaces([])).conflict
    if not able:
        assert tracker.actor(conflict, table) is None
        return
    seen = []
    while conflict.round == 1:
        seen.append(tracker.actor(conflict, table).name)
        conflict = tracker.next_turn(conflict, table, GivenFaces([])).conflict
    assert sorted(seen) == sorted(able)
    speed = {f"Mook {i}": s for i, s in enumerate(speeds)}
    assert [speed[n] for n in seen] == sorted((speed[n] for n in seen), reverse=True)  # faster first
