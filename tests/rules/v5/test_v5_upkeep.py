"""Upkeep rules with given faces: a power's Rouse checks, awakening, slaking, hunting, compulsions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.compulsions import clan_compulsion, general_compulsion
from vtm_tui.rules.v5.hunting import hunting_pools, judge_resonance, predator_type, roll_resonance
from vtm_tui.rules.catalogue.v5_powers import CATALOGUE, PowerInfo, catalogue_for, catalogue_power, parse_rouse
from vtm_tui.rules.v5.upkeep import FEEDING_PENALTY, awaken, judge_awaken, judge_power_rouse, power_rouse, slake

MESMERIZE = catalogue_power("Dominate", "Mesmerize")
MAJESTY = catalogue_power("presence", "majesty")
ARMS = catalogue_power("Oblivion", "Arms of Ahriman")


def test_catalogue_has_level_one_and_two_of_every_core_discipline() -> None:
    core = ("Animalism", "Auspex", "Blood Sorcery", "Celerity", "Dominate", "Fortitude", "Obfuscate",
            "Potence", "Presence", "Protean")
    for discipline in core:
        levels = {p.level for p in CATALOGUE if p.discipline == discipline}
        assert {1, 2} <= levels, discipline
    assert MESMERIZE is not None and (MESMERIZE.level, MESMERIZE.rouse) == (2, 1)
    assert MESMERIZE.pool == "Manipulation + Dominate"
    assert [p.name for p in catalogue_for("Dominate", 1)] == ["Cloud Memory", "Compel"]


def test_rouse_cost_free_reads_as_zero_and_bad_values_are_refused() -> None:
    assert parse_rouse("Free") == 0 and parse_rouse(2) == 2
    for bad in (-1, 6, "two", True):
        with pytest.raises(RulesError):
            parse_rouse(bad)


def test_blood_potency_rerolls_a_low_level_power_and_keeps_the_better_die() -> None:
    # BP 1 re-rolls level 1 only: Mesmerize (level 2) is one die, which fails
    plain = judge_power_rouse(MESMERIZE, [3], 2, 1)
    assert not plain.reroll and plain.hunger_after == 3
    # BP 3 re-rolls up to level 2: two dice, 3 and 7, keep 7 → pass
    kept = judge_power_rouse(MESMERIZE, [3, 7], 2, 3)
    assert kept.reroll and kept.win and kept.hunger_after == 2
    with pytest.raises(RulesError):
        judge_power_rouse(MESMERIZE, [3], 2, 3)  # the re-roll needs two faces


def test_a_power_costing_two_makes_two_checks_in_turn() -> None:
    result = power_rouse(MAJESTY, 3, 0, GivenFaces([2, 4]))
    assert [c.hunger_before for c in result.checks] == [3, 4]
    assert result.hunger_after == 5 and result.result == "fail"
    assert "2 Rouse" in result.summary()


def test_a_power_is_refused_at_hunger_5_but_its_second_check_there_is_forced() -> None:
    with pytest.raises(RulesError, match="Hunger 5"):
        power_rouse(MAJESTY, 5, 0, GivenFaces([7, 7]))
    result = judge_power_rouse(MAJESTY, [1, 2], 4, 0)
    assert result.hunger_after == 5
    assert result.checks[1].voluntary is False and result.consequence


def test_a_ghoul_takes_aggravated_damage_instead_of_rousing_and_a_mortal_has_no_powers() -> None:
    result = power_rouse(MAJESTY, 0, 0, GivenFaces([]), creature="ghoul")
    assert result.aggravated == 2 and not result.checks
    with pytest.raises(RulesError):
        power_rouse(MESMERIZE, 0, 0, GivenFaces([5]), creature="mortal")


def test_oblivion_stains_only_with_the_option_and_only_on_a_1_or_10() -> None:
    assert judge_power_rouse(ARMS, [10], 1, 0, oblivion_stains=True).stains == 1
    assert judge_power_rouse(ARMS, [1], 1, 0, oblivion_stains=True).stains == 1
    assert judge_power_rouse(ARMS, [7], 1, 0, oblivion_stains=True).stains == 0
    assert judge_power_rouse(ARMS, [10], 1, 0).stains == 0
    assert judge_power_rouse(MESMERIZE, [10], 1, 0, oblivion_stains=True).stains == 0


def test_a_free_power_rolls_nothing() -> None:
    awe = catalogue_power("Presence", "Awe")
    result = power_rouse(awe, 5, 0, GivenFaces([]))
    assert not result.checks and result.hunger_after == 5 and result.win


def test_awakening_rouses_and_restores_the_higher_of_composure_and_resolve() -> None:
    night = awaken(2, 3, 4, GivenFaces([4]))
    assert night.rouse.hunger_after == 3 and night.willpower_recovered == 4
    torpor = judge_awaken([2], 5, 2, 2)
    assert torpor.rouse.torpor
    ghoul = awaken(0, 2, 3, GivenFaces([]), creature="ghoul")
    assert ghoul.rouse is None and ghoul.willpower_recovered == 3


@pytest.mark.parametrize(("hunger", "amount", "bp", "source", "killed", "after"), [
    (4, 2, 0, "human", False, 2),
    (3, 5, 0, "human", False, 1),    # never below 1 without a kill
    (3, 5, 0, "human", True, 0),     # a kill reaches 0
    (4, 2, 2, "animal", False, 3),   # BP 2: half
    (4, 2, 3, "bagged", False, 4),   # BP 3: nothing from bagged blood
    (4, 2, 4, "human", False, 3),    # BP 4: 1 less per human
    (4, 5, 5, "human", False, 2),    # BP 5: not below 2 without a kill
    (5, 5, 7, "human", False, 2),    # BP 7: 2 less, not below 2 (V5 core p.216)
    (5, 5, 8, "human", False, 3),    # BP 8: 2 less, not below 3
    (5, 5, 10, "human", True, 3),    # BP 10: 3 less even with a kill
    (1, 3, 8, "human", False, 1),    # slaking never raises Hunger
])
def test_slake_applies_the_blood_potency_feeding_penalty(hunger, amount, bp, source, killed, after) -> None:
    assert slake(hunger, amount, bp, source=source, killed=killed).hunger_after == after


# V5 core p.216, the Blood Potency table's "Feeding Penalty" column, as the book words each row: animal and
# bagged blood slake (full / half / none), Hunger less slaked per human, and "must drain and kill a human to
# reduce Hunger below" N (1 where the book names no floor: only a kill reaches Hunger 0).
FEEDING_PENALTY_P216 = {
    0: ("full", 0, 1), 1: ("full", 0, 1), 2: ("half", 0, 1), 3: ("none", 0, 1), 4: ("none", 1, 1),
    5: ("none", 1, 2), 6: ("none", 2, 2), 7: ("none", 2, 2), 8: ("none", 2, 3), 9: ("none", 2, 3),
    10: ("none", 3, 3),
}


@pytest.mark.parametrize("bp", range(11))
def test_the_feeding_penalty_row_by_row(bp) -> None:
    animal, human_less, floor = FEEDING_PENALTY_P216[bp]
    assert FEEDING_PENALTY[bp] == (animal, human_less, floor)
    assert slake(5, 5, bp).hunger_after == max(5 - (5 - human_less), floor)
    assert slake(5, 4, bp, source="animal").hunger_after == {"full": 1, "half": 3, "none": 5}[animal]


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 10), st.sampled_from(["human", "animal", "bagged"]),
       st.booleans())
def test_slake_never_raises_hunger_nor_slakes_more_than_asked(hunger, amount, bp, source, killed) -> None:
    result = slake(hunger, amount, bp, source=source, killed=killed)
    assert hunger - amount <= result.hunger_after <= hunger


def test_slake_refuses_bad_input() -> None:
    with pytest.raises(RulesError):
        slake(3, 6, 0)
    with pytest.raises(RulesError):
        slake(3, 1, 0, source="rat")


def test_predator_types_give_their_printed_pools() -> None:
    assert hunting_pools("alleycat") == ("Strength + Brawl", "Wits + Streetwise")
    assert hunting_pools("Scene  Queen") == ("Manipulation + Persuasion",)
    assert hunting_pools("Blood Leech") == () and predator_type("Blood Leech") == "Blood Leech"
    assert predator_type("Bat") is None


@pytest.mark.parametrize(("temperament", "face", "text"), [
    ([3], 9, "no Resonance"),
    ([6], 1, "Phlegmatic (fleeting)"),
    ([9, 4], 5, "Melancholy (intense)"),
    ([10, 9], 8, "Choleric (acute, dyscrasia)"),
    ([8], 10, "Sanguine (fleeting)"),
])
def test_resonance_from_given_faces(temperament, face, text) -> None:
    assert judge_resonance(temperament, face).text() == text


def test_resonance_rolls_a_second_temperament_die_only_when_intense() -> None:
    assert roll_resonance(GivenFaces([10, 9, 2])).text() == "Phlegmatic (acute, dyscrasia)"
    assert roll_resonance(GivenFaces([7, 2])).temperament_faces == (7,)
    with pytest.raises(RulesError):
        judge_resonance([9], 3)


def test_compulsion_tables() -> None:
    assert [general_compulsion(f).name for f in (1, 3, 4, 6, 7, 8, 9, 10)] == [
        "Hunger", "Hunger", "Dominance", "Dominance", "Harm", "Harm", "Paranoia", "Paranoia"]
    assert clan_compulsion("ventrue").name == "Arrogance"
    assert clan_compulsion("The Ministry").name == "Transgression"
    assert clan_compulsion("Caitiff") is None
    assert "−2 dice" in general_compulsion(2).text()


def test_power_info_validates_level_and_cost() -> None:
    with pytest.raises(RulesError):
        PowerInfo("X", "Dominate", 6)
    assert PowerInfo("X", "Dominate", 2, 2, "Wits + Dominate").describe() == "X (Dominate 2, 2 Rouse, Wits + Dominate)"


@given(st.integers(0, 4), st.integers(0, 10), st.lists(st.integers(1, 10), min_size=4, max_size=4))
def test_each_failed_check_of_a_power_raises_hunger_by_one_up_to_5(hunger, bp, faces) -> None:
    per = 2 if MAJESTY.level <= (blood_potency_reroll(bp) or 0) else 1
    result = judge_power_rouse(MAJESTY, faces[: 2 * per], hunger, bp)
    fails = sum(1 for c in result.checks if not c.win)
    assert result.hunger_after == min(5, hunger + fails)
    assert all(len(c.check.faces) == per for c in result.checks)


def blood_potency_reroll(bp: int) -> int | None:
    from vtm_tui.rules.v5.blood import blood_potency

    return blood_potency(bp).rouse_reroll
