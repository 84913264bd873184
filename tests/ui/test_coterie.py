"""The V5 coterie: the list, the sheet, and editing with keys — each change saved, logged and undoable."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text, sheet_text

from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.widgets.character_list import CharacterList
from vtm_tui.ui.widgets.sheet_view import SheetView

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"


def names(app) -> list[str]:
    return [c.name for c in app.screen.query_one(CharacterList).shown]


async def test_players_first_then_storyteller_characters(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = app.screen.query_one(CharacterList).shown
        kinds = [c.kind for c in shown]
        assert kinds == sorted(kinds, key=lambda k: k != "pc") and kinds[0] == "pc" and kinds[-1] == "spc"
        assert app.screen.selected_character.name == shown[0].name == "Duarte Moniz"
        text = screen_text(app)
        assert "Players" in text and "Storyteller" in text


async def test_typing_filters_the_list_and_escape_clears_it(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"lobo")
        await pilot.pause()
        assert names(app) == ["Vicente Lobo"]
        assert app.screen.selected_character.name == "Vicente Lobo"
        await pilot.press("escape")
        await pilot.pause()
        assert len(names(app)) == 9
        assert app.screen.selected_character.name == "Vicente Lobo"  # the selection stays
        await pilot.press("slash", *"brujah")  # clan matches too
        assert "Duarte Moniz" in names(app)


async def test_moving_in_the_list_shows_that_sheet(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        assert app.screen.selected_character.name == names(app)[1]
        sheet = app.screen.query_one(SheetView)
        assert sheet.character is app.screen.selected_character  # bound, not copied by hand
        assert names(app)[1] in screen_text(app)


async def test_plus_and_minus_change_dots_save_and_log(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab")  # the sheet; the cursor starts on Strength (4)
        assert app.screen.query_one(SheetView).cursor == "attributes.Strength"
        await pilot.press("plus")
        assert character_file(chronicle, "duarte-moniz")["attributes"]["Strength"] == 5
        await pilot.press("plus")  # 5 is the most: refused, nothing written
        assert "stays within 1-5" in screen_text(app)
        await pilot.press("minus", "minus")
        assert character_file(chronicle, "duarte-moniz")["attributes"]["Strength"] == 3
    entries = [e for e in log_entries(chronicle, 3) if e["kind"] == "edit"]
    assert [e["change"] for e in entries[-3:]] == [
        {"field": "attributes.Strength", "before": 4, "after": 5},
        {"field": "attributes.Strength", "before": 5, "after": 4},
        {"field": "attributes.Strength", "before": 4, "after": 3},
    ]
    assert entries[-1]["actor"] == "Duarte Moniz" and entries[-1]["ruleset"] == "v5"


async def test_cursor_moves_down_columns_and_across(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "j", "j")
        sheet = app.screen.query_one(SheetView)
        assert sheet.cursor == "attributes.Stamina"
        await pilot.press("right")
        assert sheet.cursor == "attributes.Composure"
        await pilot.press("left", "left")
        assert app.screen.focused is app.screen.query_one(CharacterList)


async def test_a_trait_key_repaints_the_sheet_without_a_layout(campaigns, monkeypatch):
    """Moving the cursor keeps the sheet's size: the screen is not laid out again for it (half a key's cost)."""
    from textual.screen import Screen

    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        layouts: list[int] = []
        original = Screen._refresh_layout

        def counting(self, *args, **kwargs):
            layouts.append(1)
            return original(self, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", counting)
        await pilot.press("j")
        await pilot.pause()
        assert app.screen.query_one(SheetView).cursor == "attributes.Dexterity"
        assert "▶Dexterity" in screen_text(app) and "▶Strength" not in screen_text(app)  # what is drawn
        assert layouts == []


async def test_damage_heal_and_the_overflow_rule(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = character_file(chronicle, "duarte-moniz")["health"]
        size = character_file(chronicle, "duarte-moniz")["attributes"]["Stamina"] + 3
        await pilot.press("d")
        after = character_file(chronicle, "duarte-moniz")["health"]
        assert after["superficial"] == before["superficial"] + 1
        await pilot.press("D")
        assert character_file(chronicle, "duarte-moniz")["health"]["aggravated"] == before["aggravated"] + 1
        await pilot.press("h")  # heals Superficial first
        healed = character_file(chronicle, "duarte-moniz")["health"]
        assert healed["superficial"] == before["superficial"]
        free = size - healed["superficial"] - healed["aggravated"]
        for _ in range(free):
            await pilot.press("d")
        full = character_file(chronicle, "duarte-moniz")["health"]
        assert full["superficial"] + full["aggravated"] == size and full["aggravated"] == healed["aggravated"]
        assert "Impaired — Health" in sheet_text(app)
        await pilot.press("d")  # Superficial on a full track turns a / into an X
        over = character_file(chronicle, "duarte-moniz")["health"]
        assert over == {"superficial": full["superficial"] - 1, "aggravated": full["aggravated"] + 1}
        for _ in range(size + 2):
            await pilot.press("d")
        assert character_file(chronicle, "duarte-moniz")["health"] == {"superficial": 0, "aggravated": size}
        assert "all Aggravated already" in screen_text(app)
        assert "Health all Aggravated: torpor" in sheet_text(app)
    kinds = [e["kind"] for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert kinds.count("damage") == 2 + free + 1 + full["superficial"] - 1 and kinds.count("heal") == 1


async def test_willpower_damage_when_the_cursor_is_on_willpower(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        sheet = app.screen.query_one(SheetView)
        while sheet.cursor != "willpower":
            await pilot.press("j")
        before = character_file(chronicle, "duarte-moniz")["willpower"]["superficial"]
        await pilot.press("d")
        assert character_file(chronicle, "duarte-moniz")["willpower"]["superficial"] == before + 1


async def test_hunger_stains_and_undo(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        start = character_file(chronicle, "duarte-moniz")
        await pilot.press("right_square_bracket")
        assert character_file(chronicle, "duarte-moniz")["hunger"] == start["hunger"] + 1
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert character_file(chronicle, "duarte-moniz")["hunger"] == start["hunger"] - 1
        await pilot.press("s")
        assert character_file(chronicle, "duarte-moniz")["stains"] == start["stains"] + 1
        await pilot.press("ctrl+z")
        assert character_file(chronicle, "duarte-moniz")["stains"] == start["stains"]
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        assert character_file(chronicle, "duarte-moniz") == start
        await pilot.press("ctrl+z")
        assert "nothing to undo" in screen_text(app)
    entries = log_entries(chronicle, 3)
    undos = [e for e in entries if e.get("comment") == "undo"]
    assert len(undos) == 4
    by_id = {e["id"]: e for e in entries}
    for undo in undos:
        target = by_id[undo["ref"]]
        assert undo["change"]["before"] == target["change"]["after"]
        assert undo["change"]["after"] == target["change"]["before"]


async def test_a_mortal_has_no_hunger(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"rita", "enter")
        await pilot.press("right_square_bracket")
        assert "only vampires have Hunger" in screen_text(app)
        assert "hunger" not in character_file(chronicle, "rita-calado")


async def test_derived_tracks_follow_their_attributes(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        character = app.screen.selected_character
        health = character.sheet.health_size
        await pilot.press("tab", "j", "j")  # Stamina
        await pilot.press("plus")
        assert app.screen.selected_character.sheet.health_size == health + 1
        assert f"/{health + 1} free" in sheet_text(app)
        willpower = app.screen.selected_character.sheet.willpower_size
        await pilot.press("right", "minus")  # Composure
        assert app.screen.selected_character.sheet.willpower_size == willpower - 1


async def test_tab_switches_list_and_sheet_and_never_reaches_the_filter(campaigns):
    """Issue 19: after a, Tab went round to the filter and the storyteller's + presses were typed into it."""
    from textual.widgets import Input

    from vtm_tui.ui.widgets.character_list import CharacterList

    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(4):
            await pilot.press("tab")
            await pilot.pause()
            assert isinstance(app.focused, (SheetView, CharacterList)), app.focused
        await pilot.press("tab", "plus")
        assert app.screen.query_one("#filter", Input).value == ""
        await pilot.press("slash", *"lobo", "enter")  # / still filters
        await pilot.pause()
        assert names(app) == ["Vicente Lobo"]
        await pilot.press("tab", "tab", "tab")
        assert not isinstance(app.focused, Input)


async def test_the_selected_character_carries_a_mark_not_only_a_colour(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lines = [line for line in screen_text(app).splitlines() if "▶" in line[:20]]
        assert len(lines) == 1 and names(app)[0] in lines[0]
        await pilot.press("j")
        await pilot.pause()
        lines = [line for line in screen_text(app).splitlines() if "▶" in line[:20]]
        assert len(lines) == 1 and names(app)[1] in lines[0]


async def test_a_burst_of_moves_then_damage_hurts_the_character_moved_to(campaigns):
    """Issue 19 (16): ``j j d`` arriving together damaged the first character and jumped back to it."""
    from ui_support import press_together

    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first, target = names(app)[0], names(app)[2]
        damage = lambda name: app.chronicle_store.character(name).sheet.health.superficial  # noqa: E731
        before = (damage(first), damage(target))
        await press_together(pilot, "j", "j", "d")
        assert app.screen.selected_character.name == target
        assert app.screen.query_one(CharacterList).highlighted == 3
        assert (damage(first), damage(target)) == (before[0], before[1] + 1)
