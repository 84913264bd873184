"""Step dice, the Difficulty ladder and sizes: parsing and the trivial check."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.errors import VtmError
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity import (
    LADDER,
    UNTRAINED,
    Difficulty,
    StepDie,
    difficulty_name,
    is_trivial,
    parse_difficulty,
    parse_die,
    parse_size,
    size_bonus,
)
from vtm_tui.rules.ingenuity.dice import STEP_SIZES, check_luck_face
from vtm_tui.rules.ingenuity.sizes import size_name


@pytest.mark.parametrize("text", ["d6", "D6", "6", " d6 ", 6, StepDie(6)])
def test_die_spellings(text) -> None:
    assert parse_die(text) == StepDie(6)


@pytest.mark.parametrize("text", ["d7", "d20", "d2", "0", "", "six", "dd6", "d-6", 7, True, None, 6.0])
def test_bad_dice_name_value_and_allowed(text) -> None:
    with pytest.raises(RulesError) as err:
        parse_die(text, what="--attribute")
    message = str(err.value)
    assert "--attribute" in message and "d4, d6, d8, d10 or d12" in message
    assert isinstance(err.value, VtmError)


@given(st.text(max_size=8))
def test_die_parser_accepts_exactly_the_step_dice(text: str) -> None:
    cleaned = text.strip().lower().removeprefix("d")
    expected = cleaned.isdigit() and cleaned.isascii() and int(cleaned) in STEP_SIZES
    try:
        die = parse_die(text)
    except RulesError:
        assert not expected
    else:
        assert expected and die.sides == int(cleaned)


def test_die_basics() -> None:
    assert str(StepDie(10)) == "d10"
    assert [StepDie(s).passive for s in STEP_SIZES] == [2, 3, 4, 5, 6]
    assert UNTRAINED == StepDie(4)
    assert StepDie(6).step(1) == StepDie(8) and StepDie(6).step(-1) == StepDie(4)
    with pytest.raises(RulesError, match="d12 cannot move"):
        StepDie(12).step(1)
    with pytest.raises(RulesError, match="d7 is not a step die"):
        StepDie(7)
    assert sorted([StepDie(12), StepDie(4)]) == [StepDie(4), StepDie(12)]


def test_faces_are_checked_against_their_die() -> None:
    assert StepDie(8).check_face(8) == 8
    with pytest.raises(RulesError, match=r"attribute face 9 is not on a d8 \(1-8\)"):
        StepDie(8).check_face(9, "attribute face")
    with pytest.raises(RulesError, match="face 0"):
        StepDie(8).check_face(0)
    with pytest.raises(RulesError, match=r"luck face 21 is not on the d20 luck die \(1-20\)"):
        check_luck_face(21)


def test_the_ladder_of_the_seed() -> None:
    assert LADDER == (
        ("Simple", 4), ("Standard", 6), ("Moderate", 8), ("Challenging", 10), ("Complex", 12),
        ("Demanding", 14), ("Daunting", 16), ("Arduous", 18), ("Ambitious", 20), ("Absurd", 22),
        ("Improbable", 24),
    )  # fmt: skip
    assert difficulty_name(8) == "Moderate" and difficulty_name(9) is None
    assert Difficulty(14).rare and not Difficulty(12).rare
    assert Difficulty(8).label == "Moderate 8" and Difficulty(9).label == "9"


@pytest.mark.parametrize(
    ("text", "value"),
    [("8", 8), (8, 8), ("moderate", 8), ("MODERATE", 8), ("Moderate 8", 8), ("chall", 10), ("improbable", 24),
     ("9", 9), ("30", 30)],
)  # fmt: skip
def test_difficulty_by_name_or_number(text, value) -> None:
    assert parse_difficulty(text).value == value


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("trivial", "needs no test"), ("0", "at least 1"), ("-3", "at least 1"), ("hard", "'hard' is not"),
     ("Simple 8", "Simple is 4, not 8"), ("", "empty"), ("a", "not a number or a ladder name")],
)  # fmt: skip
def test_bad_difficulty(text, fragment) -> None:
    with pytest.raises(RulesError, match=fragment):
        parse_difficulty(text)


def test_trivial_when_the_lowest_result_meets_the_difficulty() -> None:
    # Fabian with sleight +4 cannot roll below 6: Standard (6) is trivial, 7 is not.
    assert is_trivial(6, bonus=4) and is_trivial("Simple", bonus=4)
    assert not is_trivial(7, bonus=4)
    assert is_trivial(2) and not is_trivial(3)


def test_sizes() -> None:
    assert parse_size("medium") == 4 and parse_size("Miniscule") == 1 and parse_size("minuscule") == 1
    assert parse_size("12") == 12 and parse_size("titan") == 12 and size_name(7) == "Gigantic"
    with pytest.raises(RulesError, match="out of range"):
        parse_size(13)
    with pytest.raises(RulesError, match="'gargantuan' is not a size"):
        parse_size("gargantuan")
    with pytest.raises(RulesError, match="'t' is not a size"):  # Tiny, Tremendous, Titanic
        parse_size("t")
    # Ursula (Medium) and the mouse (Miniscule): the mouse gains 3, Ursula nothing.
    assert size_bonus("miniscule", "medium") == 3 and size_bonus("medium", "miniscule") == 0
    assert size_bonus(4, 4) == 0


@given(st.text(max_size=12))
def test_difficulty_and_size_parsers_fail_only_with_rules_errors(text: str) -> None:
    for parse in (parse_difficulty, parse_size):
        try:
            value = parse(text)
        except RulesError as exc:
            assert "\n" not in str(exc)
        else:
            assert (value.value if isinstance(value, Difficulty) else value) >= 1


@given(st.integers(1, 40))
def test_difficulty_numbers_round_trip_through_their_label(value: int) -> None:
    assert parse_difficulty(Difficulty(value).label).value == value
