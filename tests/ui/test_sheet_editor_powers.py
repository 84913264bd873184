"""The sheet editor's V5 powers page: add a catalogue power and one's own, remove one, saved as one change."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text, sheet_text

from vtm_tui.play.exporting import to_markdown
from vtm_tui.store.chronicle_store import open_chronicle

from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.sheet_editor import SheetEditor

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"
OWN = {"name": "Irresistible Voice", "level": 1, "rouse": 0, "pool": "Charisma + Presence"}


async def test_powers_added_with_keys_and_one_removed_are_one_log_entry_and_one_undo(campaigns):
    chronicle = campaigns / LISBOA
    before = character_file(chronicle, "duarte-moniz")
    assert before["powers"] == {"Potence": ["Lethal Body", "Prowess"], "Celerity": ["Rapid Reflexes"],
                                "Presence": ["Daunt"]}
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e", *["pagedown"] * 5)
        await pilot.pause()
        assert isinstance(app.screen, SheetEditor)
        assert "Discipline powers" in screen_text(app)
        await pilot.press(*"Cel", "right", "enter")  # completion: Celerity's one power left at 1 dot
        await pilot.press(*"Presence: Irresistible Voice; 1; free; Charisma + Presence", "enter")
        await pilot.pause()
        assert "⚠ Irresistible Voice needs Dominate 1 (has 0)" in screen_text(app)  # its own level, the amalgam
        await pilot.press("tab", "home", "delete")  # the first line: Potence: Lethal Body
        await pilot.pause()
        assert "3 changes (ctrl+s saves them as one)" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        after = character_file(chronicle, "duarte-moniz")
        assert after["powers"] == {"Potence": ["Prowess"], "Celerity": ["Rapid Reflexes", "Cat's Grace"],
                                   "Presence": ["Daunt", OWN]}
        await pilot.press("ctrl+z")
        await pilot.pause()
    assert character_file(chronicle, "duarte-moniz") == before
    entries = [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert len(entries) == 2
    batch, undo = entries
    assert batch["change"]["field"] == "sheet"
    assert batch["change"]["after"] == {"powers.Potence": ["Prowess"],
                                        "powers.Celerity": ["Rapid Reflexes", "Cat's Grace"],
                                        "powers.Presence": ["Daunt", OWN]}
    assert undo["comment"] == "undo" and undo["change"]["after"] == batch["change"]["before"]


async def test_a_power_past_its_prerequisites_is_granted_and_said_on_the_page_the_sheet_and_the_print(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e", *["pagedown"] * 5)
        await pilot.pause()
        assert "Discipline powers" in screen_text(app) and "⚠" not in screen_text(app)
        await pilot.press(*"Potence: Earthshock", "enter")  # Potence 5: Duarte has 2 dots
        await pilot.pause()
        assert "⚠ Earthshock needs Potence 5 (has 2)" in screen_text(app)
        await pilot.press("tab", "home", "down", "down", "delete")  # Potence: Earthshock, the third line
        await pilot.pause()
        assert "⚠" not in screen_text(app)
        await pilot.press("shift+tab", *"Potence: Earthshock", "enter", "ctrl+s")  # granted all the same
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert character_file(chronicle, "duarte-moniz")["powers"]["Potence"] == ["Lethal Body", "Prowess",
                                                                                  "Earthshock"]
        assert "⚠ Earthshock needs Potence 5 (has 2)" in sheet_text(app)
    store = open_chronicle(chronicle)
    printed = to_markdown(store.character("Duarte Moniz"), store.chronicle)
    assert "| ⚠ Warning | Earthshock needs Potence 5 (has 2) |" in printed


async def test_guided_creation_picks_a_power_per_dot_after_the_disciplines(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"Ana Luz", *["pagedown"] * 9, *"Potence 2", "enter", "pagedown")
        await pilot.pause()
        assert "Step 11 of 14: Discipline powers" in screen_text(app)
        await pilot.press(*"Potence: Pro", "right", "enter", *"Potence: Fist; 1; 0", "enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    data = character_file(chronicle, "ana-luz")
    assert data["powers"] == {"Potence": ["Prowess", {"name": "Fist", "level": 1, "rouse": 0}]}
