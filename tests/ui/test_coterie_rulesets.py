"""V20 and Ingenuity sheets: their own tracks and edits, saved and logged like V5's."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text, sheet_text

from vtm_tui.ui.widgets.sheet_view import SheetView

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


VIGIL = "the-iron-vigil"
SALTMARSH = "lanterns-of-saltmarsh"


async def goto(pilot, app, field: str) -> None:
    sheet = app.screen.query_one(SheetView)
    if app.screen.focused is not sheet:
        await pilot.press("tab")
    fields = [slot.field for slot in sheet.sheet_layout.slots]
    assert field in fields, f"no slot {field}"
    while sheet.cursor != field:
        await pilot.press("j" if fields.index(field) > fields.index(sheet.cursor) else "k")


async def test_v20_sheet_shows_its_own_traits(campaigns):
    app = make_app(campaigns / VIGIL)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = sheet_text(app)
        for wanted in ("Talents", "Knowledges", "Virtues", "Blood pool", "Health", "Bruised 0", "Crippled -5",
                       "generation 11"):
            assert wanted in text


async def test_v20_health_levels_blood_and_willpower(campaigns):
    chronicle = campaigns / VIGIL
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        start = character_file(chronicle, "edwin-hallam")
        await pilot.press("d", "D", "x")  # bashing, lethal, aggravated on the health track
        health = character_file(chronicle, "edwin-hallam")["health"]
        assert health == {"bashing": start["health"]["bashing"] + 1, "lethal": start["health"]["lethal"] + 1,
                          "aggravated": start["health"]["aggravated"] + 1}
        assert "Injured: -1 dice" in sheet_text(app) or "dice to every pool" in sheet_text(app)
        await pilot.press("h")
        assert character_file(chronicle, "edwin-hallam")["health"]["bashing"] == start["health"]["bashing"]
        await pilot.press("right_square_bracket")  # spends a blood point
        assert character_file(chronicle, "edwin-hallam")["blood"]["current"] == start["blood"]["current"] - 1
        await goto(pilot, app, "willpower_current")
        await pilot.press("d")  # spends a Willpower point
        wp = character_file(chronicle, "edwin-hallam")["willpower"]
        assert wp["current"] == start["willpower"]["current"] - 1
        await goto(pilot, app, "willpower_permanent")
        for _ in range(12):
            await pilot.press("minus")
        assert character_file(chronicle, "edwin-hallam")["willpower"]["permanent"] == 1
        assert character_file(chronicle, "edwin-hallam")["willpower"]["current"] <= 1  # follows at once
        assert "stays within 1-10" in screen_text(app)
    kinds = [e["kind"] for e in log_entries(chronicle, 1) if e["time"] == FIXED_NOW]
    assert kinds[:6] == ["damage", "damage", "damage", "heal", "hunger", "willpower"]


async def test_v20_generation_caps_traits(campaigns):
    chronicle = campaigns / VIGIL
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        cap = app.screen.selected_character.sheet.trait_max
        await pilot.press("tab")
        for _ in range(cap + 1):
            await pilot.press("plus")
        assert character_file(chronicle, "edwin-hallam")["attributes"]["Strength"] == cap
        assert f"stays within 1-{cap}" in screen_text(app)


async def test_ingenuity_dice_step_and_resources(campaigns):
    chronicle = campaigns / SALTMARSH
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.selected_character.name == "Bram Cole"
        start = character_file(chronicle, "bram-cole")
        await pilot.press("tab", "plus")  # Strength d10 → d12
        assert character_file(chronicle, "bram-cole")["attributes"]["Strength"] == "d12"
        await pilot.press("plus")
        assert "stays within d4-d12" in screen_text(app)
        await pilot.press("d", "d")
        health = character_file(chronicle, "bram-cole")["resources"]["Health"]["current"]
        assert health == start["resources"]["Health"]["current"] - 2
        await pilot.press("h")
        assert character_file(chronicle, "bram-cole")["resources"]["Health"]["current"] == health + 1
        await goto(pilot, app, "skills.Agility")  # untrained d4 → d6 writes the skill down
        await pilot.press("plus")
        assert character_file(chronicle, "bram-cole")["skills"]["Agility"] == "d6"
        await pilot.press("right_square_bracket")
        assert "Ingenuity has no Hunger" in screen_text(app)
    kinds = [e["kind"] for e in log_entries(chronicle, 1) if e["time"] == FIXED_NOW]
    assert kinds == ["edit", "damage", "damage", "heal", "edit"]


async def test_hints_and_long_names_fit_the_rule_set(campaigns):
    """Issue 19 (11): V20 and Ingenuity sheets hinted "]/[ Hunger"; "Grasp of the tide" was cut to "...tid"."""
    app = make_app(campaigns / SALTMARSH)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        assert "+/- die size" in screen_text(app) and "]/[ Hunger" not in screen_text(app)
        while app.screen.selected_character.name != "The Drowned Man":
            await pilot.press("j")
        await pilot.pause()
        assert "Grasp of the tide +3" in " ".join(sheet_text(app).split())
    app = make_app(campaigns / VIGIL)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "]/[ blood" in screen_text(app) and "]/[ Hunger" not in screen_text(app)
