"""V20 kinds of roll in the app: a degeneration roll costs a dot of Humanity, frenzy from the coterie's f key."""

from __future__ import annotations

import pytest
from test_roll_dialog import app_for, entries, open_for, screen_text, set_field, sheet

from vtm_tui.ui.widgets.roll_result import RollResult

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

async def test_a_failed_degeneration_roll_costs_a_dot_of_humanity_and_logs_it(campaigns):
    path = campaigns / "the-iron-vigil"
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "edwin-hallam", kind="degeneration")
        await set_field(pilot, dialog, "difficulty", "7")
        assert "Conscience 3 = 3 dice vs" in screen_text(app)
        assert "Spend Willpower" not in screen_text(app)  # never on a Virtue roll
        await set_field(pilot, dialog, "faces", "1 4 6")
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "Degeneration: one dot of Humanity (or Path) lost" in text
        assert "Humanity 6 → 5 (degeneration)" in text
    entry = entries(path, session=1)[-1]
    assert entry.roll["kind"] == "degeneration" and entry.result == "botch"
    assert entry.change == {"field": "path_rating", "before": 6, "after": 5}
    assert sheet(path, "edwin-hallam").sheet.path_rating == 5


async def test_f_on_a_v20_character_opens_a_frenzy_roll_on_self_control(campaigns):
    path = campaigns / "the-iron-vigil"
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        text = screen_text(app)
        assert "Frenzy test" in text and "Self-Control" in text
        await set_field(pilot, app.screen, "faces", " ".join(["8"] * app.screen.request.dice))
        app.screen.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "Frenzy resisted" in app.screen.query_one(RollResult).describe()
    entry = entries(path, session=1)[-1]
    assert entry.kind == "frenzy" and entry.roll["kind"] == "frenzy" and entry.result == "success"


async def test_v20_frenzy_and_rotschreck_offer_the_cores_provocations_and_degeneration_starts_at_8(campaigns):
    path = campaigns / "the-iron-vigil"
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "edwin-hallam", kind="frenzy")
        assert "Provocations: Smell of blood (hungry) 3" in " ".join(screen_text(app).split())
        await set_field(pilot, dialog, "difficulty", "malicious taunts")
        await set_field(pilot, dialog, "faces", "4 6")  # Self-Control 2
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        dialog = await open_for(app, pilot, "edwin-hallam", kind="rotschreck")
        assert "Provocations: Lighting a cigarette 3" in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await pilot.pause()
        dialog = await open_for(app, pilot, "edwin-hallam", kind="degeneration")
        assert dialog.query_one("#difficulty").value == "8"  # the V20 core's Conscience roll
    frenzy = [e for e in entries(path, session=1) if e.kind == "frenzy"]
    assert [(e.difficulty, e.result) for e in frenzy] == [(4, "success")]
