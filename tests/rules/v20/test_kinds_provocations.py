"""V20 frenzy and Rötschreck are rolled against the core's provocations; degeneration's Difficulty is 8."""

from __future__ import annotations

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.rules.ladders import read_ladder
from vtm_tui.rules.v20.kinds import FRENZY, ROTSCHRECK, parse_kind


@pytest.mark.parametrize(("kind", "typed", "difficulty"), [
    ("frenzy", "malicious taunts", 4), ("frenzy", "loved", 7), ("frenzy", "outright humiliation", 8),
    ("frenzy", "smell", 3), ("rotschreck", "bonfire", 6), ("rotschreck", "direct sunlight", 8),
    ("rotschreck", "trapped", 9), ("frenzy", "", 6), ("degeneration", "", 8), ("rotschreck", "standard", 6),
])
def test_a_provocation_is_typed_by_name(kind, typed, difficulty):
    rules = parse_kind(kind)
    assert read_ladder("v20", typed, rungs=rules.provocations, default=rules.difficulty) == difficulty


def test_an_unknown_provocation_names_the_ones_there_are():
    with pytest.raises(VtmError, match="Malicious taunts 4"):
        read_ladder("v20", "rude gesture", rungs=FRENZY.provocations)
    assert len(FRENZY.provocations) == 9 and len(ROTSCHRECK.provocations) == 7
