"""Three-way merge: one side's change wins, both sides' different changes clash by dotted name."""

from hypothesis import given, settings
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


@settings(max_examples=200)
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


def test_equal_changes_on_both_sides_still_clash() -> None:
    _, clashes = three_way_merge({"xp": 5}, {"xp": 6}, {"xp": 6})
    assert clashes == ["xp"]
