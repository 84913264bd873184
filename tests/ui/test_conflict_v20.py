"""The conflict tracker in a V20 chronicle: initiative ties, declarations then actions, split pools, damage."""

from __future__ import annotations

import pytest
from ui_support import make_app, screen_text
from textual.widgets import Select, Static
from test_conflict_v5 import add_by_keys, flat, open_conflict, rows

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.ui.screens.contest_dialog import ContestDialog
from vtm_tui.ui.widgets.turn_order_view import TurnOrderView

# Initiative in join order: Edwin 5 + d5, Margaret 5 + d5 (tied), Silas 6 + d5 − 1 (Injured), Honoria 6 + d2.
pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


INITIATIVE = [5, 5, 5, 2]
REGULAR = (
    [8, 9, 2, 3] + [2, 3]  # Edwin's first action: 6 − 2 = 4 dice, 2 successes; Honoria's 2 dice, none
    + [6, 7, 2, 2, 2] + [2, 2, 2]  # damage: Strength 4 + 1 extra success; Honoria soaks with Stamina 3
    + [1, 1, 1] + [2]  # Edwin's second action: 6 − 3 = 3 dice; Honoria, Hurt now, 1 die; a tie at 0
)


async def test_a_v20_round_with_initiative_ties_and_split_pools(campaigns):
    app = make_app(campaigns / "the-iron-vigil")
    app.dice = GivenFaces({"initiative": list(INITIATIVE), "regular": list(REGULAR)})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [0, 1, 2, 3])
        await pilot.press("N")
        await pilot.pause()
        text = screen_text(app)
        assert "Round 1 · declarations (lowest first) · ▶ Lady Honoria Vell declares" in text
        table = rows(app)
        assert [next(n for n in ("Silas", "Edwin", "Margaret", "Honoria") if n in r) for r in table] == \
            ["Silas", "Edwin", "Margaret", "Honoria"]
        assert "10 (d5)" in table[0] and "=10 (d5)" in table[1] and "=10 (d5)" in table[2]
        assert "8 (d2)" in table[3]

        screen.query_one(TurnOrderView).move_cursor(row=1)
        await pilot.press("m")  # Edwin: two actions
        await pilot.pause()
        assert "2 actions" in rows(app)[1]
        for expected in ("Margaret Thorne declares", "Edwin Hallam declares", "Silas Crane declares",
                         "Silas Crane acts", "Edwin Hallam acts"):
            await pilot.press("n")
            await pilot.pause()
            assert expected in screen_text(app)

        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ContestDialog)
        await pilot.pause()
        preview = dialog.query_one("#attack-preview", Static)
        assert str(preview.content) == "4 dice: Dexterity 3 + Brawl 3 − 2 split"
        kind = dialog.query_one("#contest-kind", Select)
        assert kind.value == "bashing"  # a punch, unless told otherwise (issue 19)
        kind.value = "lethal"  # brass knuckles with spikes
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "2 lethal levels to Lady Honoria Vell" in flat(app)
        assert str(preview.content) == "3 dice: Dexterity 3 + Brawl 3 − 3 split"
        await pilot.press("ctrl+r")  # the second action
        await pilot.pause()
        assert "Tie: nothing is resolved." in flat(app)
        assert "taken them all" in str(preview.content)
        await pilot.press("escape")
        await pilot.pause()
        honoria = next(r for r in rows(app) if "Honoria" in r)
        assert "XX....." in honoria and "Hurt −1" in honoria
        assert screen.conflict.state["used"] == {"Edwin Hallam": 2}
    app.dice.check_used()
