"""Guided creation (c on the coterie): pages by keys, budgets shown, warnings never block, one logged add."""

from __future__ import annotations

import pytest
from ui_support import FIXED_NOW, character_file, log_entries, make_app, screen_text

from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.creation_wizard import CreationWizard

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"


async def test_a_v5_vampire_by_the_book_in_few_keys_is_saved_once_and_logged_once(campaigns):
    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CreationWizard)
        await pilot.press(*"Ana Luz", "enter", *"Rita", "pagedown")
        await pilot.press(*"Street medic", "pagedown")
        await pilot.press("down", "enter")  # Brujah
        await pilot.press("down", "enter")  # Neonate
        for key in "43332222":
            await pilot.press(key, "down")
        await pilot.pause()
        assert "Attribute dots: 22/22 (0 left)" in screen_text(app)
        await pilot.press("pagedown", "down", "enter")  # Balanced
        await pilot.press("pagedown", *"Brawl: Grappling", "enter")  # skill dots skipped: a warning
        await pilot.press("pagedown", "enter")  # Alleycat
        await pilot.press(*"Potence 2", "enter", *"Presence 1", "enter", *"Celerity 1", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Discipline dots: 4/4 (0 left)" in text
        await pilot.press("ctrl+s")  # warnings (skills unspent, flaws) never block
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    data = character_file(chronicle, "ana-luz")
    assert (data["kind"], data["player"], data["concept"], data["clan"], data["predator"]) == (
        "pc", "Rita", "Street medic", "Brujah", "Alleycat")
    assert (data["generation"], data["blood_potency"], data["humanity"]) == (13, 1, 6)
    assert data["attributes"]["Strength"] == 4 and data["attributes"]["Resolve"] == 1
    assert data["disciplines"] == {"Potence": 2, "Presence": 1, "Celerity": 1}
    # Alleycat's grants are written on: its first specialty, its three dots of Contacts
    assert data["specialties"] == {"Brawl": ["Grappling"], "Intimidation": ["Stickups"]}
    assert data["advantages"] == {"Contacts": 3}
    entries = [e for e in log_entries(chronicle, 3) if e["time"] == FIXED_NOW]
    assert [(e["change"]["field"], e["change"]["after"]) for e in entries] == [("character", "Ana Luz")]


async def test_esc_never_discards_typed_work_without_asking(campaigns):
    """The issue's keys: c, a name, PgDn, a concept, then Esc, Esc, Esc: the character is still there."""
    from vtm_tui.ui.screens.confirm_discard import ConfirmDiscard

    chronicle = campaigns / LISBOA
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"Zeca", "pagedown", *"Fisherman", "escape", "escape", "escape")
        await pilot.pause()
        wizard = app.screen
        assert isinstance(wizard, CreationWizard) and wizard.page == 0
        assert wizard.identity["name"] == "Zeca" and "Fisherman" in str(wizard.doc)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDiscard) and "Discard Zeca?" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    assert not (chronicle / "characters" / "zeca.toml").exists()


async def test_esc_on_an_untouched_wizard_just_leaves(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "escape")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)


async def test_saving_without_a_name_returns_to_the_first_page_and_says_so(campaigns):
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "pagedown", "pagedown", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CreationWizard) and app.screen.page == 0
        assert "A character needs a name." in screen_text(app)


async def test_v20_and_ingenuity_wizards_count_their_own_budgets(campaigns):
    app = make_app(campaigns / "the-iron-vigil")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert "Freebie points: 0/15 (15 left)" in screen_text(app)
    app = make_app(campaigns / "lanterns-of-saltmarsh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"Wren", "pagedown", "pagedown")
        assert "Good attributes (d6): 0/2 (2 left) — 4 weak (d4)" in screen_text(app)  # all weak to begin with
        assert "⚠ Attributes" not in screen_text(app)
        await pilot.press("down", "down", "+", "down", "+")  # Intellect and Resolve d4 → d6: two good, two weak
        await pilot.pause()
        assert "Good attributes (d6): 2/2 (0 left) — 2 weak (d4)" in screen_text(app)
        await pilot.press("pagedown", "enter")  # Toughness: +4 Endurance
        await pilot.press("ctrl+s")
        await pilot.pause()
    data = character_file(campaigns / "lanterns-of-saltmarsh", "wren")
    assert data["attributes"] == {"Strength": "d4", "Dexterity": "d4", "Intellect": "d6", "Resolve": "d6"}
    assert data["resources"]["Endurance"] == {"current": 16, "max": 16}  # 6 + d6 + Toughness 4


async def test_a_choice_message_from_the_page_just_left_neither_breaks_nor_sets_the_next_page(campaigns):
    from textual.widgets import OptionList
    from textual.widgets.option_list import Option

    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"Ana", "pagedown", "pagedown", "down", "enter", "down", "enter")
        await pilot.pause()
        wizard = app.screen
        assert wizard.step.id == "attributes" and wizard.choices == {"clan": "Brujah", "age": "Neonate"}
        childe = Option("Childe", id="Childe")
        stale = OptionList(childe, id="create-choice")  # the age page's list, now gone
        wizard.on_option_list_option_highlighted(OptionList.OptionHighlighted(stale, childe, 0))
        await pilot.pause()
        assert wizard.step.id == "attributes" and wizard.choices["age"] == "Neonate"


async def test_tab_on_the_powers_page_completes_as_the_page_says(campaigns):
    """"Tab completes" on the powers page: Tab takes the completion shown and keeps the focus; the letters typed
    next go on in the field. A second Tab, with nothing more to complete, moves on."""
    app = make_app(campaigns / LISBOA)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"Ana")
        wizard = app.screen
        while wizard.step.id != "disciplines":
            await pilot.press("pagedown")
        await pilot.press(*"Potence 2", "enter")
        while wizard.step.id != "powers":
            await pilot.press("pagedown")
        await pilot.pause()
        field = wizard.query_one("#create-entry")
        assert "Tab completes" in screen_text(app) and app.focused is field
        await pilot.press(*"potence: l", "tab")
        assert app.focused is field and field.value.startswith("Potence: Lethal Body")
        await pilot.press("tab")
        assert app.focused is not field
