"""The core catalogue holds every power of the V5 core's Disciplines at levels 1-5, and its rituals and formulas.

Counts per Discipline and level are the core book's; a sample of powers is checked for level, Rouse cost,
pool and amalgam, so a power lost or a level mistyped shows here.
"""

from collections import Counter

import pytest

from vtm_tui.rules.catalogue.v5_powers import (CATALOGUE, amalgam_missing, catalogue_power, powers_to_pick, unmet,
                                               unmet_text)
from vtm_tui.rules.catalogue.v5_rituals import FORMULAS, RITUALS, catalogue_ritual, missing, ritual_entry

#: Discipline → powers at levels 1, 2, 3, 4, 5 (V5 core).
COUNTS = {
    "Animalism": (2, 1, 3, 1, 2),
    "Auspex": (2, 1, 2, 1, 3),
    "Blood Sorcery": (2, 1, 2, 1, 2),
    "Celerity": (2, 1, 2, 2, 2),
    "Dominate": (2, 2, 2, 1, 2),
    "Fortitude": (2, 2, 2, 1, 2),
    "Obfuscate": (2, 1, 2, 2, 2),
    "Potence": (2, 1, 3, 1, 2),
    "Presence": (2, 1, 2, 2, 2),
    "Protean": (2, 1, 2, 1, 2),
}


@pytest.mark.parametrize("discipline", sorted(COUNTS))
def test_every_level_of_every_core_discipline_is_there(discipline):
    counted = Counter(p.level for p in CATALOGUE if p.discipline == discipline)
    assert tuple(counted[level] for level in range(1, 6)) == COUNTS[discipline]


@pytest.mark.parametrize(("discipline", "name", "level", "rouse", "pool", "amalgam"), [
    ("Celerity", "Blink", 3, 1, "Dexterity + Athletics", None),
    ("Celerity", "Lightning Strike", 5, 1, "", None),
    ("Celerity", "Split Second", 5, 1, "", None),
    ("Celerity", "Unerring Aim", 4, 1, "", ("Auspex", 2)),
    ("Blood Sorcery", "Scorpion's Touch", 3, 1, "Strength + Blood Sorcery", None),
    ("Blood Sorcery", "Theft of Vitae", 4, 1, "Wits + Blood Sorcery", None),
    ("Blood Sorcery", "Cauldron of Blood", 5, 1, "Resolve + Blood Sorcery", None),
    ("Dominate", "Dementation", 2, 1, "Manipulation + Dominate", ("Obfuscate", 2)),
    ("Auspex", "Possession", 5, 2, "Resolve + Auspex", ("Dominate", 3)),
    ("Fortitude", "Enduring Beasts", 2, 1, "Stamina + Animalism", ("Animalism", 1)),
    ("Obfuscate", "Conceal", 4, 1, "Intelligence + Obfuscate", ("Auspex", 3)),
    ("Potence", "Spark of Rage", 3, 1, "Manipulation + Potence", ("Presence", 3)),
    ("Presence", "Irresistible Voice", 4, 0, "", ("Dominate", 1)),
    ("Animalism", "Unliving Hive", 3, 0, "", ("Obfuscate", 2)),
    ("Protean", "Mist Form", 5, 1, "", None),
    ("Potence", "Earthshock", 5, 2, "", None),
])
def test_known_powers_carry_level_rouse_pool_and_amalgam(discipline, name, level, rouse, pool, amalgam):
    power = catalogue_power(discipline, name)
    assert power is not None
    assert (power.level, power.rouse, power.pool, power.amalgam) == (level, rouse, pool, amalgam)


def test_names_are_unique_within_a_discipline():
    keys = [(p.discipline, p.name.casefold()) for p in CATALOGUE]
    assert len(keys) == len(set(keys))


def test_an_amalgam_is_met_only_with_the_other_disciplines_dots():
    dementation = catalogue_power("Dominate", "Dementation")
    assert amalgam_missing(dementation, {"Dominate": 2}) == "Obfuscate 2"
    assert amalgam_missing(dementation, {"Dominate": 2, "obfuscate": 2}) == ""
    picked = [p.name for p in powers_to_pick("Dominate", 2, {"Dominate": 2}, {"compel"})]
    assert picked == ["Cloud Memory", "Mesmerize"]


def test_one_rule_of_prerequisites_names_what_is_missing_and_what_is_held():
    voice = catalogue_power("Presence", "Irresistible Voice")
    assert unmet(voice, {"Presence": 4}) == ["Dominate 1 (has 0)"]
    assert unmet(voice, {"presence": 3, "Dominate": 1}) == ["Presence 4 (has 3)"]
    assert unmet_text(voice, {"Presence": 4, "DOMINATE": 1}) == ""
    assert unmet_text(voice, {}) == "Irresistible Voice needs Presence 4 (has 0) and Dominate 1 (has 0)"
    # experience's choices for a new dot are exactly the catalogue's powers that rule passes once the dot is bought
    for dots in range(1, 6):
        held = {"Presence": dots, "Dominate": 1}
        assert {p.name for p in powers_to_pick("Presence", dots, {"Presence": dots - 1, "Dominate": 1}, set())} == {
            p.name for p in CATALOGUE if p.discipline == "Presence" and not unmet(p, held)}


def test_rituals_and_formulas_of_the_core_per_level():
    assert [sum(r.level == level for r in RITUALS) for level in range(1, 6)] == [5, 6, 6, 5, 4]
    assert [sum(f.level == level for f in FORMULAS) for level in range(1, 6)] == [2, 1, 2, 2, 0]
    ward = catalogue_ritual("ritual", "ward AGAINST ghouls")
    assert (ward.level, ward.rouse, ward.pool) == (1, 1, "Intelligence + Blood Sorcery")
    assert catalogue_ritual("formula", "Far Reach").pool == "Intelligence + Thin-Blood Alchemy"
    assert catalogue_ritual("ritual", "Far Reach") is None  # a formula is not a ritual
    assert missing("ritual", 3, 2) == "Blood Sorcery 3" and missing("formula", 1, 1) == ""


def test_an_import_writes_a_core_ritual_bare_and_another_with_its_level():
    assert ritual_entry("ritual", "Firewalker", 3) == "Firewalker"
    assert ritual_entry("ritual", "Firewalker", 2) == {"name": "Firewalker", "level": 2}
    assert ritual_entry("ritual", "Bind the Familiar", 2) == {"name": "Bind the Familiar", "level": 2}
