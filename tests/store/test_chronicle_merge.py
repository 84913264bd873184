"""Three-way merge: one side's change wins, both sides' different changes clash by dotted name."""

import itertools
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vtm_tui.store.merge import three_way_merge


def test_disjoint_changes_and_nested_tables() -> None:
    base = {"hunger": 1, "health": {"superficial": 0, "aggravated": 0}, "notes": "a"}
    ours = {"hunger": 2, "health": {"superficial": 0, "aggravated": 0}, "notes": "a"}
    theirs = {"hunger": 1, "health": {"superficial": 3, "aggravated": 0}, "notes": "a", "new": True}
    merged, clashes = three_way_merge(base, ours, theirs)
    assert clashes == []
    assert merged == {"hunger": 2, "health": {"superficial": 3, "aggravated": 0}, "notes": "a", "new": True}


def test_clash_is_named_by_dotted_key() -> None:
    base = {"health": {"superficial": 0}}
    merged, clashes = three_way_merge(base, {"health": {"superficial": 1}}, {"health": {"superficial": 2}})
    assert clashes == ["health.superficial"]


def test_deletions_and_type_changes() -> None:
    base = {"a": 1, "b": 2}
    merged, clashes = three_way_merge(base, {"a": 1}, {"a": 1, "b": 2})
    assert merged == {"a": 1} and clashes == []
    merged, clashes = three_way_merge(base, {"a": True, "b": 2}, {"a": 1, "b": 3})
    assert merged == {"a": True, "b": 3} and clashes == []
    _, clashes = three_way_merge(base, {"b": 2}, {"a": 5, "b": 2})
    assert clashes == ["a"]  # deleted here, changed there


VALUES = st.recursive(st.integers(0, 3) | st.text(max_size=2), lambda inner: st.dictionaries(
    st.sampled_from("abc"), inner, max_size=3), max_leaves=8)
DOCS = st.dictionaries(st.sampled_from("xyz"), VALUES, max_size=3)


#: A property of the merge, not of its speed: on a busy machine (two cores shared by the whole test suite) a
#: deadline or the too_slow health check failed it for nothing, so both are off for this test; 200 examples still.
UNDER_LOAD = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@UNDER_LOAD
@given(DOCS, DOCS, DOCS)
def test_merge_properties(base: dict, ours: dict, theirs: dict) -> None:
    merged, clashes = three_way_merge(base, ours, theirs)
    if ours == base:
        assert merged == theirs and not clashes
    if theirs == base:
        assert merged == ours and not clashes
    if not clashes:  # nothing either side changed is dropped
        for side in (ours, theirs):
            for key in set(side) | set(base):
                if side.get(key) != base.get(key) and not isinstance(side.get(key), dict):
                    assert merged.get(key) == side.get(key)


def test_merge_properties_hold_on_a_slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock on which every reading is 0.3 s after the last (no real waiting) makes each example look slow,
    as a loaded machine does: the property still passes, with neither a deadline nor a health check failing."""
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * 0.3)
    monkeypatch.setattr(time, "monotonic", lambda: next(ticks) * 0.3)
    fewer = settings(UNDER_LOAD, max_examples=25)  # the same deadline and health checks, a shorter run
    fewer(given(DOCS, DOCS, DOCS)(test_merge_properties.hypothesis.inner_test))()


def test_equal_changes_on_both_sides_still_clash() -> None:
    _, clashes = three_way_merge({"xp": 5}, {"xp": 6}, {"xp": 6})
    assert clashes == ["xp"]
