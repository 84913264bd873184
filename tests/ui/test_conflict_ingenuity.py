"""The conflict tracker in an Ingenuity chronicle: a surprise round, a contest that costs Health, team picks."""

from __future__ import annotations

import pytest
from ui_support import make_app, screen_text
from test_conflict_v5 import add_by_keys, flat, open_conflict, rows

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.ui.screens.contest_dialog import ContestDialog
from vtm_tui.ui.widgets.turn_order_view import TurnOrderView

# The Drowned Man (Strength d12 + Combat d10) against Bram (Dexterity d6 + Agility d4, +1 for being smaller).
pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


FACES = {"attribute": [12, 2], "skill": [9, 1], "luck": [5, 5]}


async def test_an_ingenuity_surprise_round(campaigns):
    app = make_app(campaigns / "lanterns-of-saltmarsh")
    app.dice = GivenFaces({k: list(v) for k, v in FACES.items()})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [0, 1, 2, 3])  # the coterie joins first, then the Drowned Man
        view = screen.query_one(TurnOrderView)
        view.move_cursor(row=3)
        await pilot.press("z")  # the Drowned Man's side springs a surprise
        await pilot.pause()
        assert "Surprise round · ▶ The Drowned Man acts · opposition picks" in screen_text(app)
        assert all("surprised" in r for r in rows(app)[:3])

        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContestDialog)
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.pause()
        assert "The Drowned Man wins by 17: 17 Health to Bram Cole [Health 12/16 → Health 0/16], down." in flat(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "out: down" in next(r for r in rows(app) if "Bram" in r)

        await pilot.press("n")  # the surprise round is over; round 1, the coterie (which joined first) picks
        await pilot.pause()
        assert "Round 1 · ▶ Sister Maud Fenwick acts · coterie picks" in screen_text(app)
        view.move_cursor(row=2)
        await pilot.press("enter")  # the coterie picks Wren instead
        await pilot.pause()
        assert "▶ Wren Alder acts" in screen_text(app)
        for expected in ("The Drowned Man acts", "Sister Maud Fenwick acts", "Round 2"):
            await pilot.press("n")
            await pilot.pause()
            assert expected in screen_text(app)
    app.dice.check_used()
