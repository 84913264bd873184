"""Issue 14, finding 4: two logins could break the chronicle. Inês has 4 of 5 Superficial; the storyteller presses
``x`` and Marta ``d`` at once: the field-by-field merge wrote ``superficial = 5, aggravated = 1``, which the loader
refused, and every seat and the CLI stopped. Saves now merge tracks by the rule set's own rules (as if the two
changes came one after the other: theirs, on disk first, then ours) or refuse; never a file the loader refuses."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seat_support import chronicle_copy

from vtm_tui.rules.seat import reconcile
from vtm_tui.rules.v5.trackers import Tracker
from vtm_tui.rules.v20.health import HealthLevels
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import ConflictError
from vtm_tui.store.sheet_merge import merge_sheet
from vtm_tui.play import sheet_edits


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    return chronicle_copy(tmp_path)


def _health(chronicle: Path) -> tuple[int, int]:
    doc = tomllib.loads((chronicle / "characters" / "ines-valadares.toml").read_text(encoding="utf-8"))
    return doc["health"]["superficial"], doc["health"]["aggravated"]


def _two_logins_at_four_superficial(chronicle: Path):  # noqa: ANN202
    setup = open_chronicle(chronicle)
    ines = setup.character("ines")
    assert ines.sheet.health_size == 5
    ines.sheet.health.superficial, ines.sheet.health.aggravated = 4, 0
    setup.save_character(ines)
    return open_chronicle(chronicle), open_chronicle(chronicle)  # the storyteller's, Marta's


def test_aggravated_here_and_superficial_there_make_a_valid_track(lisboa: Path) -> None:
    storyteller, marta = _two_logins_at_four_superficial(lisboa)
    marta.save_character(sheet_edits.damage(marta.character("ines"), "health", "superficial").character)
    saved = storyteller.save_character(
        sheet_edits.damage(storyteller.character("ines"), "health", "aggravated").character)
    # Marta's Superficial filled the track ({5, 0}); the storyteller's Aggravated then replaces one: {4, 1}.
    assert _health(lisboa) == (4, 1) == (saved.sheet.health.superficial, saved.sheet.health.aggravated)
    assert open_chronicle(lisboa).character("ines")  # every seat can still open the chronicle


def test_the_other_order_follows_the_rules_too(lisboa: Path) -> None:
    storyteller, marta = _two_logins_at_four_superficial(lisboa)
    storyteller.save_character(
        sheet_edits.damage(storyteller.character("ines"), "health", "aggravated").character)
    marta.save_character(sheet_edits.damage(marta.character("ines"), "health", "superficial").character)
    # {4, 1} is full; Superficial on a full track turns a box Aggravated: {3, 2}.
    assert _health(lisboa) == (3, 2)


def test_two_hunger_raises_both_count_and_the_cap_is_refused(lisboa: Path) -> None:
    first, second = open_chronicle(lisboa), open_chronicle(lisboa)
    hunger = first.character("ines").sheet.hunger
    first.save_character(sheet_edits.hunger(first.character("ines"), 1).character)
    second.save_character(sheet_edits.hunger(second.character("ines"), 1).character)
    assert open_chronicle(lisboa).character("ines").sheet.hunger == hunger + 2


def test_a_merge_the_loader_would_refuse_is_refused_and_nothing_written(lisboa: Path) -> None:
    storyteller, marta = _two_logins_at_four_superficial(lisboa)
    marta.save_character(sheet_edits.damage(marta.character("ines"), "health", "superficial").character)
    on_disk = (lisboa / "characters" / "ines-valadares.toml").read_text(encoding="utf-8")
    ines = storyteller.character("ines")
    slot = sheet_edits.Slot("attributes.Stamina", "Stamina", "dots", 1, 5)
    lowered = sheet_edits.step(ines, slot, -1).character  # Health 4 boxes: 4 Superficial still fit here
    with pytest.raises(ConflictError, match="would not make a valid file"):
        storyteller.save_character(lowered)  # ... but not with Marta's fifth
    assert (lisboa / "characters" / "ines-valadares.toml").read_text(encoding="utf-8") == on_disk
    assert open_chronicle(lisboa).character("ines")


# -- the rule, as a property: merged == applied one after the other -------------------------------------------
V5_MOVES = {
    "superficial": lambda t: t.take_superficial(1),
    "aggravated": lambda t: t.take_aggravated(1),
    "heal superficial": lambda t: t.heal_superficial(1),
    "heal aggravated": lambda t: t.heal_aggravated(1),
}


def _v5_doc(track: Tracker) -> dict:
    return {"attributes": {"Stamina": track.size - 3, "Composure": 2, "Resolve": 2},
            "health": {"superficial": track.superficial, "aggravated": track.aggravated}}


@st.composite
def v5_tracks(draw) -> Tracker:  # noqa: ANN001
    size = draw(st.integers(4, 8))
    aggravated = draw(st.integers(0, size))
    return Tracker(size, draw(st.integers(0, size - aggravated)), aggravated)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(v5_tracks(), st.sampled_from(sorted(V5_MOVES)), st.sampled_from(sorted(V5_MOVES)))
def test_v5_tracks_merge_as_the_two_moves_one_after_the_other(base: Tracker, mine: str, theirs_move: str) -> None:
    ours, theirs = V5_MOVES[mine](base), V5_MOVES[theirs_move](base)
    merged, clashes = merge_sheet(_v5_doc(base), _v5_doc(ours), _v5_doc(theirs), ruleset="v5")
    expected = V5_MOVES[mine](theirs) if ours != base else theirs
    both = ours != base and theirs != base
    other_reading = {V5_MOVES[m](theirs) for m in V5_MOVES if V5_MOVES[m](base) == ours}
    if both and (expected == theirs or len(other_reading) > 1):
        # The second move does nothing there (nothing to heal, all Aggravated), or the change reads two ways
        # (on a full track / turned X by Superficial or Aggravated damage) that differ there: refused.
        assert clashes == ["health"]
        return
    assert not clashes
    assert (merged["health"]["superficial"], merged["health"]["aggravated"]) == (
        expected.superficial, expected.aggravated)
    assert sum(merged["health"].values()) <= base.size


V20_KINDS = ("bashing", "lethal", "aggravated")


def _v20_doc(levels: HealthLevels) -> dict:
    return {"health": {kind: levels.count(kind) for kind in V20_KINDS}}


@settings(max_examples=200)
@given(st.lists(st.sampled_from(V20_KINDS), max_size=7), st.sampled_from(V20_KINDS), st.sampled_from(V20_KINDS))
def test_v20_health_merges_by_the_engines_upgrade_rule(boxes: list[str], mine: str, theirs_kind: str) -> None:
    base = HealthLevels(tuple(boxes))
    ours, theirs = base.damage(mine), base.damage(theirs_kind)
    if ours.beyond or theirs.beyond:
        return  # past the track: torpor or death, never a sheet's state
    forced, refused = reconcile("v20", _v20_doc(base), _v20_doc(ours), _v20_doc(theirs))
    expected = theirs.damage(mine)
    if expected.beyond:
        assert refused == ["health"]
        return
    assert {path[1]: value for path, value in forced.items()} == _v20_doc(expected)["health"]


def test_v5_merge_sizes_health_with_resilience() -> None:
    """Two logins each mark 1 Superficial on Marta's Health, 5 of 7 boxes already Superficial (Stamina 3 + 3 +
    Fortitude 1 with Resilience): the merge fills the seventh box; on 6 boxes it would turn one Aggravated."""
    def doc(superficial: int) -> dict:
        return {"attributes": {"Stamina": 3, "Composure": 2, "Resolve": 2}, "disciplines": {"Fortitude": 1},
                "powers": {"Fortitude": ["Resilience"]}, "health": {"superficial": superficial, "aggravated": 0}}

    forced, refused = reconcile("v5", doc(5), doc(6), doc(6))
    assert not refused and (forced[("health", "superficial")], forced[("health", "aggravated")]) == (7, 0)
