"""b in a V20 conflict spends blood; past the generation's blood per turn it warns (and still spends)."""

from __future__ import annotations

from test_conflict_v5 import add_by_keys, flat, open_conflict
from ui_support import character_file, make_app

from vtm_tui.rules.dice import GivenFaces


async def test_b_spends_blood_and_warns_past_the_limit_per_turn(campaigns):
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
        assert "⚠ Edwin Hallam has spent 2 blood this turn: beyond the 1 per turn that generation 11 allows" \
            in flat(app)
    assert character_file(path, "edwin-hallam")["blood"]["current"] == 7
