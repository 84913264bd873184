"""The conflict tracker (2) in a V5 chronicle, driven by keys: setting up, three rounds, damage to torpor."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, make_app, screen_text
from textual.widgets import Input

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.add_participant import AddParticipantDialog
from vtm_tui.ui.screens.conflict import ConflictScreen
from vtm_tui.ui.screens.contest_dialog import ContestDialog
from vtm_tui.ui.widgets.turn_order_view import TurnOrderView

# Vicente (Strength 4 + Brawl 4, Hunger 2) attacks Inês (Dexterity 3 + Athletics 1, Hunger 2) each round:
# 4 successes against 0. Once Inês is impaired her pool is 2 dice, both Hunger dice.
pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


HIT = [8, 8, 8, 8, 2, 2]
REGULAR = HIT + [2, 2] + HIT + [2, 2] + HIT
HUNGER = [3, 3, 4, 4] * 3


def rows(app) -> list[str]:
    """The turn-order table's lines under its header, as a person reads them."""
    lines = screen_text(app).splitlines()
    start = next(i for i, line in enumerate(lines) if " Name " in line)
    found = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        found.append(line)
    return found


def flat(app) -> str:
    """The screen's words in one line (a dialog's text wraps; its border is dropped)."""
    return " ".join(screen_text(app).replace("█", " ").split())


async def open_conflict(pilot):
    await pilot.press("2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ConflictScreen)
    return pilot.app.screen


async def add_by_keys(pilot, ticks: list[int], extras: list[str] | None = None):
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, AddParticipantDialog)
    position = 0
    for index in ticks:
        await pilot.press(*["down"] * (index - position), "space")
        position = index
    if extras:
        await pilot.press("tab", "tab")  # past the side, to the extra's name
        for i, text in enumerate(extras):
            if i:
                await pilot.press("tab")
            await pilot.press(*text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def contest(pilot, weapon: str, kind_down: int = 0):
    await pilot.press("c")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, ContestDialog)
    dialog.query_one("#contest-weapon", Input).value = weapon
    if kind_down:
        from textual.widgets import Select

        dialog.query_one("#contest-kind", Select).value = "aggravated"
    await pilot.press("ctrl+r")
    await pilot.pause()
    text = screen_text(pilot.app)
    await pilot.press("escape")
    await pilot.pause()
    return text


async def test_a_full_v5_fight_from_setup_to_torpor(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = make_app(path)
    app.dice = GivenFaces({"regular": list(REGULAR), "hunger": list(HUNGER)})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_conflict(pilot)
        assert "Setting up: 0 participants" in screen_text(app)
        # Inês (2nd) and Vicente Lobo (8th) from the chronicle, then two ghouls on the fly.
        await add_by_keys(pilot, [1, 7])
        await add_by_keys(pilot, [], ["Ghoul", "2", "general 4, attack 5", "4"])
        names = [p.name for p in screen.conflict.ordered()]
        assert names == ["Inês Valadares", "Vicente Lobo", "Ghoul 1", "Ghoul 2"]
        assert screen.conflict.participants[2].extra["pools"] == {"general": 4, "attack": 5}

        await pilot.press("N")
        await pilot.pause()
        assert "Round 1 · ▶ Vicente Lobo acts" in screen_text(app)  # Dexterity 3 + Wits 4 first
        assert rows(app)[0][2:].startswith("▶  Vicente Lobo")

        for round_number in (1, 2, 3):
            text = await contest(pilot, "2", kind_down=1 if round_number == 3 else 0)
            assert "Vicente Lobo wins by 4" in text
            for _ in range(4 if round_number < 3 else 0):
                await pilot.press("n")
                await pilot.pause()
            if round_number < 3:
                assert f"Round {round_number + 1}" in screen_text(app)

        text = screen_text(app)
        assert "out: torpor" in text and "XXXXX" in text
        ines_row = next(r for r in rows(app) if "Inês" in r)
        assert ines_row[2] == "✗"
        # Nobody waits on someone in torpor: Vicente, the ghouls, and round 4.
        seen = []
        for _ in range(3):
            await pilot.press("n")
            await pilot.pause()
            seen.append(screen.conflict.current().name)
        assert "Inês Valadares" not in seen and screen.conflict.round == 4

    store = open_chronicle(path)
    ines = store.character("Inês Valadares").sheet.health
    assert (ines.superficial, ines.aggravated) == (0, 5)
    log = read_session(path, store.chronicle.current_session)
    ours = [e for e in log.entries if e.time == FIXED_NOW]  # the example's own entries are older
    kinds = [e.kind for e in ours]
    assert kinds.count("contest") == 3 and kinds.count("damage") == 3
    damage = [e for e in ours if e.kind == "damage"]
    assert [d.change["after"] for d in damage] == ["///..", "X////", "XXXXX"]


async def test_quitting_mid_round_resumes_at_the_same_turn(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [0, 1, 7])
        await pilot.press("N", "n")
        await pilot.pause()
        current = screen.conflict.current().name
        order = [p.name for p in screen.conflict.ordered()]
    again = make_app(path)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        assert screen.conflict.current().name == current
        assert [p.name for p in screen.conflict.ordered()] == order
        assert f"▶ {current} acts" in screen_text(again)
        assert "Resumed: Round 1" in screen_text(again)


async def test_keys_declare_pass_reorder_take_out_and_undo(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [1, 6, 7])  # Inês, Rita Calado, Vicente
        await pilot.press("N")
        await pilot.pause()
        assert [p.name for p in screen.conflict.ordered()] == ["Vicente Lobo", "Inês Valadares", "Rita Calado"]
        view = screen.query_one(TurnOrderView)
        view.move_cursor(row=2)
        await pilot.press("g")  # Rita: other → close combat (engaged), the first group
        await pilot.pause()
        assert [p.name for p in screen.conflict.ordered()][0] == "Rita Calado"
        assert "engaged" in rows(app)[0]
        await pilot.press("s")  # Rita passes: to the end
        await pilot.pause()
        assert [p.name for p in screen.conflict.ordered()][-1] == "Rita Calado"
        assert "passed" in screen_text(app)
        view.move_cursor(row=2)
        await pilot.press("K")  # manual reorder: up one place
        await pilot.pause()
        assert [p.name for p in screen.conflict.ordered()][1] == "Rita Calado"
        await pilot.press("O")  # Rita taken out
        await pilot.pause()
        assert any(r[2] == "✗" and "Rita" in r for r in rows(app))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not any(r[2] == "✗" for r in rows(app))
        await pilot.press("d")  # one Superficial damage on the selected row, halved for a vampire? Rita is mortal
        await pilot.pause()
        assert "/....." in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        assert "first turn" in screen_text(app)  # refused on the status line, nothing broke


async def test_sides_names_removal_and_ending_the_conflict(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [1, 6, 7])  # Inês, Rita Calado, Vicente
        screen.query_one(TurnOrderView).move_cursor(row=1)  # Rita
        await pilot.press("S")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"coterie", "enter")
        await pilot.pause()
        assert roster_side(screen, "Rita Calado") == "coterie"
        screen.action_title()
        await pilot.pause()
        await pilot.press(*"Alfama", "enter")
        await pilot.pause()
        assert "Alfama · Setting up: 3 participants" in screen_text(app)
        screen.query_one(TurnOrderView).move_cursor(row=2)  # Vicente
        await pilot.press("delete")
        await pilot.pause()
        assert [p.name for p in screen.conflict.ordered()] == ["Inês Valadares", "Rita Calado"]
        assert (path / "conflict.toml").is_file()
        await pilot.press("E")
        await pilot.pause()
        assert "Press E again" in screen_text(app)
        await pilot.press("E")
        await pilot.pause()
        assert "The conflict is over" in screen_text(app)
        assert not (path / "conflict.toml").exists()
        assert any(p.name.startswith("conflict-") for p in (path / "trash").iterdir())


def roster_side(screen, name: str) -> str:
    return next(p.side for p in screen.conflict.participants if p.name == name)
