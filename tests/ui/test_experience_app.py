"""Experience in the app, not only on the command line: ``G`` gives it (one character or the coterie, with a
reason), ``N`` buys something new (a ritual refused without Blood Sorcery, an out-of-clan Discipline with the
power its dot brings). Each test presses the keys and asserts on the saved sheets and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_support import character_file, log_entries, make_app, screen_text, sheet_text

from vtm_tui.play import experience as xp
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.award_xp_dialog import AwardXpDialog
from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.new_trait_dialog import NewTraitDialog
from vtm_tui.ui.screens.power_pick_dialog import PowerPickDialog
from vtm_tui.ui.screens.xp_dialog import SpendXpDialog

from test_experience_key import give, status

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)


LISBOA = "lisboa-nocturna"
PLAYERS = ("duarte-moniz", "ines-valadares", "leonor-aires", "tomas-queiroz")


def totals(chronicle: Path, slugs) -> dict[str, int]:
    return {slug: character_file(chronicle, slug).get("experience", {}).get("total", 0) for slug in slugs}


async def test_g_gives_the_whole_coterie_experience_with_a_reason(campaigns):
    chronicle = campaigns / LISBOA
    before = totals(chronicle, (*PLAYERS, "amalia-corte-real"))
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, AwardXpDialog)
        assert "Duarte Moniz only" in screen_text(app) and "the whole coterie (4 player characters)" in screen_text(app)
        await pilot.press("enter")  # no amount yet: named, nothing given
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Experience: give a whole number 1-100" in screen_text(app)
        await pilot.press("3", "enter", *"the harbour story", "enter", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert "Gave 3 experience to" in status(app)
    after = totals(chronicle, (*PLAYERS, "amalia-corte-real"))
    assert after == {slug: before[slug] + (3 if slug in PLAYERS else 0) for slug in before}
    logged = [e for e in log_entries(chronicle, 3) if e["kind"] == "experience"]
    assert len(logged) == 4 and {e["comment"] for e in logged} == {"the harbour story"}


async def test_g_gives_only_the_selected_character_by_default(campaigns):
    chronicle = campaigns / LISBOA
    before = totals(chronicle, PLAYERS)
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("G", "2", "enter", *"a good scene", "enter", "enter")
        await pilot.pause()
    after = totals(chronicle, PLAYERS)
    assert after == {**before, "duarte-moniz": before["duarte-moniz"] + 2}


async def test_n_refuses_a_ritual_without_blood_sorcery_naming_what_is_missing(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 30)
    before = character_file(chronicle, "duarte-moniz")
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("N")
        await pilot.pause()
        assert isinstance(app.screen, NewTraitDialog)
        await pilot.press("down", "down", "down", "enter")  # a trait, a specialty, an advantage, ▶ a ritual
        await pilot.press(*"Ward against Ghouls", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert "a level-1 ritual needs Blood Sorcery 1 (has 0)" in status(app)
    assert character_file(chronicle, "duarte-moniz") == before


async def test_n_buys_an_out_of_clan_discipline_and_asks_for_its_power(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 30)
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("N", "enter", *"Auspex", "enter")  # a trait by name
        await pilot.pause()
        assert isinstance(app.screen, SpendXpDialog)
        assert "Cost: 7 experience (other discipline" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PowerPickDialog)
        text = screen_text(app)
        assert "▶ Heightened Senses" in text and "Sense the Unseen" in text and "Premonition" not in text
        await pilot.press("down", "enter")
        await pilot.pause()
        assert "with Sense the Unseen" in status(app)
    saved = character_file(chronicle, "duarte-moniz")
    assert saved["disciplines"]["Auspex"] == 1 and saved["powers"]["Auspex"] == ["Sense the Unseen"]
    spend = log_entries(chronicle, 3)[-1]
    assert spend["comment"] == "spent 7 on Auspex with the power Sense the Unseen"
    assert spend["change"]["field"] == "disciplines.Auspex"


async def test_escape_on_the_power_list_buys_nothing(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 30)
    before = character_file(chronicle, "duarte-moniz")
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("N", "enter", *"Auspex", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PowerPickDialog)
        await pilot.press("escape")
        await pilot.pause()
    assert character_file(chronicle, "duarte-moniz") == before


async def test_n_buys_a_specialty_and_an_advantage(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Duarte", 30)
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("N", "down", "enter", *"Brawl (Bar fights)", "enter", "enter")
        await pilot.pause()
        await pilot.press("N", "down", "down", "enter", *"Herd", "enter", "enter")
        await pilot.pause()
    saved = character_file(chronicle, "duarte-moniz")
    assert "Bar fights" in saved["specialties"]["Brawl"] and saved["advantages"].get("Herd") == 1
    store = open_chronicle(chronicle)
    assert xp.remaining(store.character("Duarte")) == 4 + 30 - 3 - 3


async def test_a_bought_ritual_shows_on_the_sheet_and_a_level_3_one_is_refused(campaigns):
    chronicle = campaigns / LISBOA
    give(chronicle, "Tomás", 30)  # a Tremere with Blood Sorcery 2, the fourth player character
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "N", "down", "down", "down", "enter", *"Firewalker", "enter")
        await pilot.pause()
        assert "a level-3 ritual needs Blood Sorcery 3 (has 2)" in status(app)
        await pilot.press("N", "down", "down", "down", "enter", *"Truth of", "right", "enter")
        await pilot.pause()
        assert "Truth of Blood (level 2)" in screen_text(app) and "Cost: 6 experience" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Rituals: Truth of Blood (2)" in sheet_text(app)
    saved = character_file(chronicle, "tomas-queiroz")
    assert saved["rituals"] == ["Truth of Blood"] and "Truth of Blood" not in str(saved.get("powers"))
