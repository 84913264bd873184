"""A ritual's or formula's Rouse check is a Discipline Rouse check of the ritual's level (docs/rules.md, V5 Blood
Potency): Blood Potency re-rolls it (two dice, the better kept) when that level is within its re-roll."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from vtm_tui.model.character import Character, new_character
from vtm_tui.play.blood import find_power, use_power
from vtm_tui.rules.dice import GivenFaces

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _sorcerer(potency: int) -> Character:
    doc = new_character("Ana", "v5").to_toml()
    doc.update(blood_potency=potency, hunger=1, generation=10, disciplines={"Blood Sorcery": 3},
               rituals=["Ward against Ghouls", {"name": "Second Rite", "level": 2}, {"name": "Third Rite", "level": 3}])
    return Character.from_toml(doc, where="ana.toml")


@pytest.mark.parametrize(("potency", "ritual", "rerolled"), [
    (0, "Ritual: Ward against Ghouls", False),  # Blood Potency 0 re-rolls nothing
    (1, "Ritual: Ward against Ghouls", True),  # level 1 within "re-roll ≤ 1"
    (1, "Ritual: Second Rite", False),
    (3, "Ritual: Second Rite", True),  # "re-roll ≤ 2"
    (3, "Ritual: Third Rite", False),
])
def test_blood_potency_rerolls_a_rituals_rouse_check_by_the_rituals_level(potency, ritual, rerolled):
    character = _sorcerer(potency)
    power = find_power(character, ritual)
    faces = GivenFaces([3, 8])  # a re-roll takes the second die and keeps the better; a plain check leaves it
    done = use_power(character, power, faces, session=1, now=NOW)
    assert faces.remaining() == ({} if rerolled else {"": [8]})
    check = done.entries[0].roll
    assert check["faces"] == ([3, 8] if rerolled else [3])
    assert (check["result"], done.character.sheet.hunger) == (("pass", 1) if rerolled else ("fail", 2))
