"""V20 pools: two Traits at most, solo Traits alone, wound penalties, Difficulty range."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.pool import PoolError
from vtm_tui.rules.v20 import (
    ABILITIES,
    ATTRIBUTES,
    KNOWLEDGES,
    SKILLS,
    TALENTS,
    V20Pool,
    build_pool,
    check_dice,
    check_difficulty,
    check_traits,
    is_solo_trait,
    resolve_pool,
)

VERONICA = {"Perception": 2, "Finance": 4, "Strength": 1, "Willpower": 5, "Humanity": 7, "Courage": 3}


def test_seed_veronica_perception_plus_finance_is_six_dice() -> None:
    pool = resolve_pool("Perception + Finance", VERONICA)
    assert pool.dice == 6 and pool.traits == (("Perception", 2), ("Finance", 4))
    assert pool.describe() == "Perception 2 + Finance 4 = 6"


def test_seed_attribute_alone() -> None:
    """'there's no skill that will help Veronica heft a small safe ... only the Attribute'."""
    assert resolve_pool("str", VERONICA).dice == 1


def test_seed_no_more_than_two_traits() -> None:
    with pytest.raises(PoolError, match="3 Traits .*at most two"):
        resolve_pool("Perception + Finance + Strength", VERONICA)


@pytest.mark.parametrize("solo", ["Willpower", "Humanity", "Courage"])
def test_seed_ten_max_trait_rolled_alone(solo: str) -> None:
    assert resolve_pool(solo, VERONICA).dice == VERONICA[solo]
    with pytest.raises(PoolError, match=f"{solo} is rolled alone"):
        resolve_pool(f"{solo} + Finance", VERONICA)


def test_modifier_does_not_count_as_a_trait() -> None:
    assert resolve_pool("Perception + Finance + 2", VERONICA).dice == 8
    assert resolve_pool("Perception + Finance - 3", VERONICA).describe() == "Perception 2 + Finance 4 - 3 = 3"


def test_subtracting_a_trait_is_refused() -> None:
    with pytest.raises(PoolError, match="cannot be subtracted"):
        resolve_pool("Finance - Perception", VERONICA)


def test_wound_penalty_comes_off_the_pool_down_to_zero() -> None:
    assert resolve_pool("Perception + Finance", VERONICA, wound_penalty=2).dice == 4
    pool = build_pool(("Dexterity", 2), ("Stealth", 1), wound_penalty=5)
    assert pool.dice == 0 and pool.describe() == "Dexterity 2 + Stealth 1 - 5 (wounds) = 0"
    with pytest.raises(RulesError, match="wound penalty -1"):
        V20Pool((("Wits", 2),), wound_penalty=-1)


def test_unknown_trait_names_the_trait() -> None:
    with pytest.raises(PoolError, match="unknown trait 'Occult'"):
        resolve_pool("Perception + Occult", VERONICA)


def test_paths_and_virtues_are_solo() -> None:
    for name in ("Willpower", "humanity", "Path of Caine", "Road of Kings", "Self-Control", "Conviction"):
        assert is_solo_trait(name), name
    for name in ("Wits", "Finance", "Potence"):
        assert not is_solo_trait(name), name
    check_traits([("Path of Caine", 6)])
    with pytest.raises(PoolError):
        check_traits([("Wits", 2), ("Path of Caine", 6)])


def test_trait_lists() -> None:
    assert len(ATTRIBUTES) == 9 and len(TALENTS) == len(SKILLS) == len(KNOWLEDGES) == 10
    assert len(set(ABILITIES)) == 30
    assert {"Finance", "Stealth", "Etiquette", "Computer"} <= set(ABILITIES)  # the seed's examples
    assert {"Perception", "Dexterity", "Wits", "Strength"} <= set(ATTRIBUTES)


@pytest.mark.parametrize("value", [2, 6, 10])
def test_difficulty_accepted(value: int) -> None:
    assert check_difficulty(value) == value


@pytest.mark.parametrize("value", [1, 11, 0, -6, None, 6.0, "7"])
def test_difficulty_refused_with_range(value) -> None:
    with pytest.raises(RulesError, match="2.10|2 to 10"):
        check_difficulty(value, what="--difficulty")


def test_dice_range() -> None:
    assert check_dice(0) == 0 and check_dice(99) == 99
    with pytest.raises(RulesError, match="pool 100 is out of range: 0-99"):
        check_dice(100)
    with pytest.raises(RulesError, match="pool -1"):
        check_dice(-1)


@settings(max_examples=100)
@given(st.lists(st.sampled_from(list(ATTRIBUTES + ABILITIES)), min_size=1, max_size=4, unique=True),
       st.integers(0, 5))
def test_pools_of_ordinary_traits(names: list[str], dots: int) -> None:
    sheet = {name: dots for name in names}
    text = " + ".join(names)
    if len(names) <= 2:
        assert resolve_pool(text, sheet).dice == dots * len(names)
    else:
        with pytest.raises(PoolError, match="at most two"):
            resolve_pool(text, sheet)


@pytest.mark.parametrize("text", ["Perception + ²", "²", "Finance - ³"])
def test_superscript_digits_are_refused_not_crashed(text: str) -> None:
    """'²'.isdigit() is True but int('²') fails: the shared parser must say so, not crash."""
    with pytest.raises(PoolError, match="not a whole number"):
        resolve_pool(text, VERONICA)
