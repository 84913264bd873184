"""Issue 19: on the conflict screen a key has one meaning, and the row the keys act on shows without colour."""

from __future__ import annotations

import pytest
from test_conflict_v5 import add_by_keys, open_conflict, rows
from ui_support import make_app, press_together

from vtm_tui.ui.screens.picker import PickerScreen
from vtm_tui.ui.widgets.turn_order_view import TurnOrderView

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

async def test_o_goes_back_to_the_chronicle_list_and_takes_nobody_out(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [1, 6])
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert not any(p.out for p in screen.conflict.participants)


async def test_the_cursor_row_carries_an_arrow_that_d_acts_on(campaigns):
    path = campaigns / "lisboa-nocturna"
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [1, 6, 7])  # Inês, Rita Calado, Vicente
        marked = [r for r in rows(app) if r[1] == "→"]
        assert len(marked) == 1
        await pilot.press("end")
        await pilot.pause()
        last = rows(app)[-1]
        assert last[1] == "→" and [r[1] for r in rows(app)].count("→") == 1
        name = screen.query_one(TurnOrderView).selected_name
        assert name is not None and name.split()[0] in last
        await pilot.press("O")
        await pilot.pause()
        assert [p.name for p in screen.conflict.participants if p.out] == [name]
        await pilot.press("home")
        await pilot.pause()
        assert rows(app)[0][1] == "→"
        first = screen.query_one(TurnOrderView).selected_name
        await pilot.press("d")
        await pilot.pause()
        hurt = [c.name for c in screen.store.characters if c.sheet.health.superficial and c.name in
                {p.name for p in screen.conflict.participants}]
        assert first in hurt


async def test_enter_on_the_list_or_a_box_adds_what_is_ticked(campaigns):
    """Issue 19: Enter on the list unticked the last fighter ticked ("ctrl+s or Enter: add")."""
    from vtm_tui.ui.screens.add_participant import AddParticipantDialog

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AddParticipantDialog)
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert len(screen.conflict.participants) == 2
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("space", "tab", "tab", *"Ghoul", "tab", "tab", "tab", "tab", "space")  # Vampire ticked
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, AddParticipantDialog)
        assert any(p.extra.get("vampire") or "Ghoul" in p.name for p in screen.conflict.participants)


async def test_keys_sent_together_tick_every_row_they_meant(campaigns):
    """Issue 19 (16): a burst (SSH, typeahead) ticked only the last row; keys are pressed without a pause."""
    from vtm_tui.ui.screens.add_participant import AddParticipantDialog
    from vtm_tui.ui.widgets.mark_checkbox import MarkSelectionList

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_conflict(pilot)
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AddParticipantDialog)
        await press_together(pilot, "space", "down", "space", "down", "space")
        await pilot.pause()
        chosen = dialog.query_one(MarkSelectionList).selected
        assert len(chosen) == 3


async def test_the_contest_dialog_defaults_follow_the_pools(campaigns):
    """Issue 19 (8): a declared shot offered Strength + Brawl; "Both strike" was ticked against a dodge."""
    from textual.widgets import Input

    from vtm_tui.ui.screens.contest_dialog import ContestDialog
    from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await add_by_keys(pilot, [6, 7])  # Rita Calado, Vicente Lobo
        view = screen.query_one(TurnOrderView)
        view.move_cursor(row=[p.name for p in screen.conflict.ordered()].index("Rita Calado"))
        while "ranged" not in next(r for r in rows(app) if "Rita" in r):
            await pilot.press("g")
            await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ContestDialog)
        assert dialog.query_one("#contest-attack", Input).value == "Dexterity + Firearms"
        both = dialog.query_one("#contest-both", MarkCheckbox)
        assert dialog.query_one("#contest-defence", Input).value == "Dexterity + Athletics" and not both.value
        dialog.query_one("#contest-defence", Input).value = "Strength + Brawl"
        await pilot.pause()
        assert both.value


async def test_extras_without_a_name_are_refused_not_dropped(campaigns):
    """Issue 19 (9): ticking characters and "How many: 2" with no name added no extras and said nothing."""
    from vtm_tui.ui.screens.add_participant import AddParticipantDialog

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_conflict(pilot)
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        await pilot.press("space", "tab", "tab", "tab", "2", "ctrl+s")  # ticked, side, name (empty), how many
        await pilot.pause()
        assert app.screen is dialog and isinstance(dialog, AddParticipantDialog)
        assert "need a name" in str(dialog.query_one("#add-error").content)
        assert screen.conflict.participants == []
        await pilot.press("shift+tab", *"Ghoul", "ctrl+s")
        await pilot.pause()
        assert sorted(p.name for p in screen.conflict.participants) == ["Duarte Moniz", "Ghoul 1", "Ghoul 2"]


async def test_the_row_space_acts_on_is_marked_in_the_add_list(campaigns):
    from ui_support import screen_text

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_conflict(pilot)
        await pilot.press("a", "down")
        await pilot.pause()
        marked = [line for line in screen_text(app).splitlines() if "▌ ▶ " in line]
        assert len(marked) == 1 and "Inês Valadares" in marked[0]
