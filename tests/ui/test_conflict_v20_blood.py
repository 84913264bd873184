"""b in a V20 conflict spends blood; past the generation's blood per turn it is refused."""

from __future__ import annotations

import pytest
from test_conflict_v5 import add_by_keys, flat, open_conflict
from ui_support import character_file, make_app, sheet_text

from vtm_tui.rules.dice import GivenFaces

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

async def test_b_spends_blood_and_is_refused_past_the_limit_per_turn(campaigns):
    path = campaigns / "the-iron-vigil"
    app = make_app(path)
    app.dice = GivenFaces({"initiative": [5, 5]})
    async with app.run_test(size=(80, 24)) as pilot:
        await open_conflict(pilot)
        await add_by_keys(pilot, [0])  # Edwin Hallam: generation 11, 1 blood per turn, 9 in his pool
        await pilot.press("N")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert "Edwin Hallam: blood 9 → 8, 1 of 1 this turn" in flat(app)
        await pilot.press("b")
        await pilot.pause()
        assert "Edwin Hallam already spent 1 of 1 blood this turn (generation 11): 1 more refused" in flat(app)
    assert character_file(path, "edwin-hallam")["blood"]["current"] == 8


async def test_blood_spent_with_the_sheet_key_counts_in_the_conflicts_turn(campaigns):
    """] on the coterie during the round counts: b then refuses; and after b, ] is refused on the sheet."""
    path = campaigns / "the-iron-vigil"
    app = make_app(path)
    app.dice = GivenFaces({"initiative": [5, 5, 5, 5]})
    async with app.run_test(size=(120, 30)) as pilot:  # the coterie's status line shows it whole
        await open_conflict(pilot)
        await add_by_keys(pilot, [0])  # Edwin Hallam: generation 11, 1 blood per turn, 9 in his pool
        await pilot.press("N")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert "Edwin Hallam" in sheet_text(app)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert character_file(path, "edwin-hallam")["blood"]["current"] == 8
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert "Edwin Hallam already spent 1 of 1 blood this turn (generation 11)" in flat(app)
        assert character_file(path, "edwin-hallam")["blood"]["current"] == 8
        await pilot.press("N")  # the next round: the count starts again
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert "Edwin Hallam: blood 8 → 7, 1 of 1 this turn" in flat(app)
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert "Edwin Hallam already spent 1 of 1 blood this turn (generation 11): 1 more refused" in flat(app)
    assert character_file(path, "edwin-hallam")["blood"]["current"] == 7
