"""The roll dialog driven with keys: each flow asserts on the appended log entries and the saved sheets."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.model.character import Character
from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.odds_chart import OddsChart
from vtm_tui.ui.widgets.roll_fields import RollFields
from vtm_tui.ui.widgets.roll_result import RollResult

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

FIXED_NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def screen_text(app: VtmApp) -> str:
    """What a person would read on the screen (the top screen's widgets), as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def app_for(path: Path, dice=None) -> VtmApp:
    return VtmApp(path=path, dice=dice or SeededDice(7), clock=fixed_clock(FIXED_NOW), keymap={})


def entries(path: Path, session: int = 3):
    """Entries from ``session`` on: the example's session 3 has ended; the set-up started session 4."""
    found = []
    while (path / "sessions" / f"{session:04d}.toml").is_file():
        found.extend(read_session(path, session, recover=False).entries)
        session += 1
    return found


def sheet(path: Path, name: str) -> Character:
    return open_chronicle(path).character(name)


async def open_for(app: VtmApp, pilot, name: str, **kwargs) -> RollDialog:
    character = app.chronicle_store.character(name)
    dialog = RollDialog(character, **kwargs)
    app.push_screen(dialog)
    await pilot.pause()
    return dialog


async def set_field(pilot, dialog: RollDialog, field: str, value: str) -> None:
    dialog.query_one(f"#{field}").value = value
    await pilot.pause()


async def test_r_then_enter_rolls_the_default_pool_and_logs_it(campaigns):
    path = campaigns / "lisboa-nocturna"
    before = len(entries(path))
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        selected = app.screen.selected_character
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert dialog.query_one("#pool").value == "Dexterity + Athletics"  # Duarte's last pool in the log
        assert dialog.query_one(OddsChart).describe().startswith("win ")
        await pilot.press("enter")
        await pilot.pause()
        result = dialog.query_one(RollResult)
        assert result.display and "→" in result.describe()
        logged = entries(path)
        assert len(logged) == before + 1
        entry = logged[-1]
        assert (entry.kind, entry.actor, entry.pool, entry.session) == ("roll", selected.name,
                                                                         "Dexterity 2 + Athletics 2", 4)
        assert entry.time == FIXED_NOW and entry.result in result.describe().replace(" ", "_")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    assert app.return_value is None


async def test_typed_faces_judge_a_messy_critical(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = app_for(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "wits + awareness")
        await set_field(pilot, dialog, "difficulty", "3")
        dialog.query_one("#faces").focus()
        await pilot.press(*"10 7 3 | 10 4", "enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "[10] [7] [3] ⟨10⟩ ⟨4⟩" in text
        assert "messy critical, margin 2" in text
        entry = entries(path)[-1]
        assert entry.result == "messy_critical" and entry.roll["hunger_faces"] == [10, 4]
        assert entry.difficulty == 3 and entry.actor == "Inês Valadares"


async def test_willpower_reroll_with_a_strategy_saves_the_damage(campaigns):
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [7, 3, 2], "hunger": [4, 5], "reroll": [8, 10]})
    app = app_for(path, dice)
    willpower_before = sheet(path, "ines").sheet.willpower.superficial
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        await set_field(pilot, dialog, "difficulty", "3")
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "failure, shortfall 2" in text and "[c] Win at a cost?" in text
        assert "[1] re-roll failures (2 3; 1 Willpower): win 25.0%" in text
        await pilot.press("1")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "[7] [10] [8]" in text and "→ win" in text
        assert "Willpower re-roll 2 3 → 8 10" in text
    first, reroll = entries(path)[-2:]
    assert (first.kind, reroll.kind, reroll.ref) == ("roll", "reroll", first.id)
    assert reroll.change["field"] == "willpower"
    assert sheet(path, "ines").sheet.willpower.superficial == willpower_before + 1


async def test_reroll_by_hand_and_cost_note(campaigns):
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [7, 3, 2], "hunger": [4, 5], "reroll": [6]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        await set_field(pilot, dialog, "difficulty", "3")
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("p", "4")  # a Hunger die: refused, nothing picked
        await pilot.pause()
        assert "not a regular die" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert "Picked 1: win 0.0%" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("c")  # still a shortfall after the re-roll: take the goal at a cost
        await pilot.pause()
        note = entries(path)[-1]
        assert note.kind == "note" and "win at a cost" in note.comment
    roll, reroll, note = entries(path)[-3:]
    assert reroll.kind == "reroll" and reroll.ref == roll.id and note.ref == reroll.id
    assert reroll.roll["reroll"]["indices"] == [1] and reroll.roll["reroll"]["new_faces"] == [6]


async def test_rouse_check_follow_up_raises_hunger(campaigns):
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [7, 7, 7, 3], "hunger": [4, 5]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "Hunger 2 → 3" in text and "Saved: Hunger 2 → 3" in text
        await pilot.press("escape")
        await pilot.pause()
        coterie = app.screen
        assert isinstance(coterie, CoterieScreen)
        assert "Inês Valadares H3" in screen_text(app)  # the coterie follows the saved sheet
    rouse = entries(path)[-1]
    assert (rouse.kind, rouse.change) == ("rouse", {"field": "hunger", "before": 2, "after": 3})
    assert sheet(path, "ines").sheet.hunger == 3


async def test_blood_surge_rolls_a_rouse_first(campaigns):
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [9, 7, 7, 3, 6, 2], "hunger": [4, 5]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        dialog.query_one("#surge").value = True
        await pilot.pause()
        assert "+2 Blood Surge" in screen_text(app)
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
    rouse, roll = entries(path)[-2:]
    assert rouse.kind == "rouse" and rouse.comment == "Blood Surge" and rouse.result == "pass"
    assert roll.roll["pool"] == 7 and "Blood Surge" in roll.pool


async def test_bad_pool_shows_an_inline_error_and_rolls_nothing(campaigns):
    path = campaigns / "lisboa-nocturna"
    before = len(entries(path))
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        pool = dialog.query_one("#pool")
        pool.focus()
        pool.value = ""
        await pilot.press(*"wits + xyz")
        await pilot.pause()
        assert "⚠ Pool: unknown trait 'xyz'" in screen_text(app)
        assert dialog.query_one(OddsChart).view is None
        await pilot.press("enter")
        await pilot.pause()
        assert not dialog.query_one(RollResult).display
        await set_field(pilot, dialog, "faces", "1 2")
        await set_field(pilot, dialog, "pool", "Wits")
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "Faces: expected 3 faces: 1 regular | 2 Hunger" in screen_text(app)
    assert len(entries(path)) == before


async def test_pool_completion_with_right_arrow_and_tab(campaigns):
    app = app_for(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        pool = dialog.query_one("#pool")
        pool.focus()
        pool.value = ""
        await pilot.press(*"wits+aw")
        await pilot.pause(0.2)
        await pilot.press("right")
        assert pool.value == "wits+Awareness"
        await pilot.press(*"+st")
        await pilot.pause(0.2)
        await pilot.press("tab")
        assert pool.value == "wits+Awareness+Stamina"
        await pilot.press("tab")
        assert app.focused is not pool


async def test_frenzy_and_remorse_constructors(campaigns):
    path = campaigns / "lisboa-nocturna"
    dice = GivenFaces({"regular": [10, 10, 2, 2, 2, 2, 3]})
    app = app_for(path, dice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ines = app.chronicle_store.character("ines")
        app.push_screen(RollDialog.for_frenzy(ines))
        await pilot.pause()
        assert "Frenzy: Willpower" in screen_text(app) and "vs Challenging 4" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Resisted at no cost" in app.screen.query_one(RollResult).describe()
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(RollDialog.for_remorse(app.chronicle_store.character("ines")))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "Remorse failed: Humanity 7 → 6" in app.screen.query_one(RollResult).describe()
    frenzy, remorse = entries(path)[-2:]
    assert (frenzy.kind, frenzy.difficulty, remorse.kind) == ("frenzy", 4, "remorse")
    saved = sheet(path, "ines").sheet
    assert (saved.humanity, saved.stains) == (6, 0)


async def test_v20_and_ingenuity_roll(campaigns):
    vigil = campaigns / "the-iron-vigil"
    app = app_for(vigil, GivenFaces([10, 8, 3, 1, 1, 6, 7]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        store = app.chronicle_store
        dialog = await open_for(app, pilot, store.characters[0].name)
        await set_field(pilot, dialog, "pool", "Dexterity + Brawl")
        await set_field(pilot, dialog, "faces", "10 8 3 1 1 6")
        assert "Ladder: Trivially easy 2 · Standard 6" in screen_text(app)
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "success" in dialog.query_one(RollResult).describe()
    saltmarsh = campaigns / "lanterns-of-saltmarsh"
    app = app_for(saltmarsh, GivenFaces({"attribute": [9], "skill": [5], "luck": [20]}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "bram")
        await set_field(pilot, dialog, "pool", "Strength + Combat")
        await set_field(pilot, dialog, "difficulty", "challenging")
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "total 18 → success, margin 8" in text and "Lucky" in text
    entry = entries(saltmarsh, 1)[-1]
    assert entry.actor == "Bram Cole" and entry.difficulty == 10 and entry.roll["total"] == 18


async def test_coterie_keys_open_frenzy_remorse_and_rouse(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = app_for(path, GivenFaces({"regular": [8, 2]}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down")  # Inês, who has stains
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog) and app.screen.kind == "remorse"
        await pilot.press("enter")
        await pilot.pause()
        assert "Remorse: stains cleared, Humanity stays 7" in app.screen.query_one(RollResult).describe()
        await pilot.press("escape", "u")
        await pilot.pause()
        assert app.screen.kind == "rouse"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape", "f")
        await pilot.pause()
        assert app.screen.kind == "frenzy"
        await pilot.press("escape")
    remorse, rouse = entries(path)[-2:]
    assert (remorse.kind, rouse.kind, rouse.change["after"]) == ("remorse", "rouse", 3)
    assert sheet(path, "ines").sheet.stains == 0


async def test_typed_faces_reroll_asks_for_the_new_faces(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits + Awareness")
        await set_field(pilot, dialog, "difficulty", "3")
        await set_field(pilot, dialog, "faces", "7 3 2 4 5")
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert app.focused.id == "reroll-faces"
        await pilot.press(*"9", "enter")  # one face for two dice: refused, nothing logged
        await pilot.pause()
        assert "Re-rolled faces: expected 2, got 1" in screen_text(app)
        app.focused.value = ""
        await pilot.press(*"9 0", "enter")
        await pilot.pause()
        assert "[7] [10] [9]" in dialog.query_one(RollResult).describe(), screen_text(app)
    roll, reroll = entries(path)[-2:]
    assert reroll.kind == "reroll" and reroll.ref == roll.id and reroll.roll["reroll"]["new_faces"] == [9, 10]


async def test_add_a_trait_from_the_list_and_resize_small(campaigns):
    app = app_for(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines")
        await set_field(pilot, dialog, "pool", "Wits")
        dialog.query_one("#add-trait").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"Awa", "enter")
        await pilot.pause()
        assert dialog.query_one("#pool").value == "Wits + Awareness"
        assert dialog.query_one(RollFields).at == "pool"  # the form's own cursor (no focus change: issue 18)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.query_one(RollResult).display
        await pilot.resize_terminal(100, 30)
        await pilot.pause()


async def test_ingenuity_advantage_shows_the_reroll(campaigns):
    saltmarsh = campaigns / "lanterns-of-saltmarsh"
    app = app_for(saltmarsh, GivenFaces({"attribute": [2], "skill": [5], "luck": [7], "reroll": [9]}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "bram")
        await set_field(pilot, dialog, "pool", "Strength + Combat")
        await set_field(pilot, dialog, "modifier", "1")
        assert "Strength d10 + Combat d8, advantage 1 vs" in screen_text(app)
        dialog.query_one("#pool").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "re-rolled:" in text and "total 14" in text


async def test_forced_rouse_at_hunger_five_owes_a_hunger_frenzy(campaigns):
    path = campaigns / "lisboa-nocturna"
    store = open_chronicle(path)
    ines = store.character("ines")
    ines.sheet.hunger = 5
    store.save_character(ines)
    app = app_for(path, GivenFaces({"regular": [3, 9, 9, 9, 9, 9, 9]}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_for(app, pilot, "ines", kind="rouse")
        assert "at Hunger 5 a vampire cannot rouse the blood voluntarily" in screen_text(app)
        dialog.query_one("#forced").value = True
        await pilot.pause()
        dialog.query_one("#faces").focus()
        await pilot.press("enter")
        await pilot.pause()
        text = dialog.query_one(RollResult).describe()
        assert "[f] Failed at Hunger 5: hunger frenzy test at Difficulty 4" in text
        await pilot.press("f")
        await pilot.pause()
        assert "Resisted" in dialog.query_one(RollResult).describe()
    rouse, frenzy = entries(path)[-2:]
    assert (rouse.kind, frenzy.kind, frenzy.difficulty, frenzy.ref) == ("rouse", "frenzy", 4, rouse.id)
