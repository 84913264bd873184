"""Pools from traits and modifiers, trait constants, and turn order in a conflict."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.pool import PoolError
from vtm_tui.rules.v5 import (
    ATTRIBUTES,
    SKILLS,
    TRAIT_NAMES,
    Action,
    Category,
    Combatant,
    Group,
    advanced_initiative,
    build_pool,
    category_of,
    damage,
    pass_turn,
    pool_from_expression,
    turn_order,
)

SHEET = {"Strength": 2, "Dexterity": 3, "Wits": 2, "Brawl": 2, "Awareness": 1, "Manipulation": 3, "Persuasion": 0}


def test_trait_constants() -> None:
    assert ATTRIBUTES[Category.PHYSICAL] == ("Strength", "Dexterity", "Stamina")
    assert len(SKILLS[Category.SOCIAL]) == 9 and "Animal Ken" in SKILLS[Category.SOCIAL]
    assert category_of("wits") is Category.MENTAL and category_of("Potence") is None
    assert len(set(TRAIT_NAMES)) == len(TRAIT_NAMES)


def test_pool_with_specialty_and_modifier() -> None:
    pool = build_pool({"Dexterity": 3, "Brawl": 2}, specialties=1, modifier=-1)
    assert pool.dice == 5 and pool.warnings == ()
    assert pool.describe() == "Dexterity 3 + Brawl 2 + 1 specialty − 1 = 5 dice"


def test_missing_skill_adds_nothing_and_floor_is_one() -> None:
    assert build_pool({"Manipulation": 3, "Persuasion": 0}).dice == 3
    pool = build_pool({"Wits": 1}, modifier=-3)
    assert pool.total == -2 and pool.dice == 1 and "below 1 die" in pool.notes[-1]


def test_adhoc_modifiers_beyond_guideline_warn_but_apply() -> None:
    pool = build_pool({"Wits": 2}, modifier=4, difficulty_modifier=-3)
    assert pool.dice == 6 and pool.difficulty(4) == 1
    assert len(pool.warnings) == 2 and "±3" in pool.warnings[0] and "±2" in pool.warnings[1]
    assert build_pool({"Wits": 2}, rule_dice=5).warnings == ()  # specific rules never warn


def test_impairment_hits_the_right_categories() -> None:
    assert build_pool({"Strength": 2, "Brawl": 2}, health_impaired=True).dice == 2
    assert build_pool({"Strength": 2, "Brawl": 2}, willpower_impaired=True).dice == 4
    assert build_pool({"Wits": 2, "Awareness": 3}, willpower_impaired=True).dice == 3
    assert build_pool({"Manipulation": 3, "Brawl": 2}, willpower_impaired=True).dice == 3  # the Attribute decides
    assert build_pool({"Wits": 2}, health_impaired=True).dice == 2


def test_pool_from_expression() -> None:
    pool = pool_from_expression("Dex + brawl + 2", SHEET)
    assert pool.dice == 7 and pool.traits == (("Dexterity", 3), ("Brawl", 2))
    with pytest.raises(PoolError, match="unknown trait 'Firearms'"):
        pool_from_expression("Dexterity + Firearms", SHEET)


@settings(max_examples=80, deadline=None)
@given(dots=st.lists(st.integers(0, 5), min_size=1, max_size=3), modifier=st.integers(-10, 10), specialties=st.integers(0, 3))
def test_pool_is_never_below_one_and_warns_beyond_three(dots, modifier, specialties) -> None:
    pool = build_pool([(f"T{i}", d) for i, d in enumerate(dots)], modifier=modifier, specialties=specialties)
    assert pool.dice == max(1, sum(dots) + modifier + specialties)
    assert bool(pool.warnings) == (abs(modifier) > 3)


def test_bad_pool_input() -> None:
    with pytest.raises(RulesError, match="specialties"):
        build_pool({"Wits": 2}, specialties=-1)


def test_turn_order_groups_then_dex_wits_then_skill() -> None:
    actions = [
        Action("talker", Group.OTHER, 5, 5, 5),
        Action("shooter", Group.RANGED, 2, 2, 3),
        Action("charger", Group.NEW_CLOSE, 4, 4, 1),
        Action("brawler-slow", Group.ENGAGED_CLOSE, 1, 2, 4),
        Action("brawler-fast", Group.ENGAGED_CLOSE, 2, 2, 1),
        Action("sniper", Group.RANGED, 2, 2, 4),
    ]
    assert [a.name for a in turn_order(actions)] == [
        "brawler-fast", "brawler-slow", "sniper", "shooter", "charger", "talker",
    ]


def test_advanced_initiative_tie_breaks() -> None:
    people = [
        Combatant("ghoul", 2, 2, player=False, vampire=False),
        Combatant("elder", 3, 1, player=False, vampire=True),
        Combatant("pc", 2, 2, player=True, vampire=True),
        Combatant("fast", 4, 3),
        Combatant("twin-a", 1, 1),
        Combatant("twin-b", 1, 1),
    ]
    order = advanced_initiative(people, GivenFaces({"initiative": [3, 8]}))
    assert [c.name for c in order] == ["fast", "pc", "elder", "ghoul", "twin-b", "twin-a"]
    assert [c.name for c in pass_turn(order, "pc")][-1] == "pc"
    with pytest.raises(RulesError, match="no combatant named"):
        pass_turn(order, "nobody")


def test_damage_is_margin_plus_weapon() -> None:
    assert damage(2, 3) == 5
    with pytest.raises(RulesError, match="weapon rating"):
        damage(1, -1)
