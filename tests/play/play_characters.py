"""Characters for the play layer's tests, built in code (no files) so each test shows what it needs.

A plain module (not conftest.py) so the tests import it by a name no other folder uses."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from vtm_tui.model.character import Character, new_character

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def v5_vampire(**changes) -> Character:
    """Wits 3, Awareness 2, Dexterity 2, Brawl 4, Presence 2, Hunger 2, BP 1, Composure 2 + Resolve 2."""
    ch = new_character("Inês", "v5")
    sheet = ch.sheet
    sheet.attributes.update(Wits=3, Dexterity=2, Composure=2, Resolve=2, Charisma=4, Stamina=2)
    sheet.skills.update(Awareness=2, Brawl=4, Performance=4)
    sheet.specialties = {"Performance": ["Fado"]}
    sheet.disciplines = {"Presence": 2}
    sheet.hunger, sheet.blood_potency, sheet.humanity = 2, 1, 7
    for key, value in changes.items():
        setattr(sheet, key, value)
    return ch


@pytest.fixture
def vampire() -> Character:
    return v5_vampire()


@pytest.fixture
def mortal() -> Character:
    ch = v5_vampire()
    ch.sheet.creature, ch.sheet.hunger, ch.sheet.blood_potency = "mortal", 0, 0
    return ch


@pytest.fixture
def v20_character() -> Character:
    ch = new_character("Edwin", "v20")
    ch.sheet.attributes.update(Dexterity=3, Wits=2, Strength=4)
    ch.sheet.abilities.update(Stealth=2, Brawl=3)
    ch.sheet.willpower_permanent = ch.sheet.willpower_current = 4
    return ch


@pytest.fixture
def ingenuity_character() -> Character:
    ch = new_character("Bram", "ingenuity")
    ch.sheet.attributes.update(Strength=10, Dexterity=6)
    ch.sheet.skills.update(Combat=8)
    ch.sheet.proficiencies = {"Boat hook": 2}
    return ch
