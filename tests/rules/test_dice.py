"""Dice sources: fair, seeded and typed-in faces."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.rules.dice import DiceSource, GivenFaces, SeededDice, SystemDice, parse_faces
from vtm_tui.rules.errors import DiceError


def test_sources_satisfy_the_protocol() -> None:
    for source in (SystemDice(), SeededDice(1), GivenFaces([1])):
        assert isinstance(source, DiceSource)


@given(st.integers(0, 40), st.sampled_from([4, 6, 8, 10, 12, 20]))
def test_system_dice_stay_on_the_die(count: int, sides: int) -> None:
    faces = SystemDice().roll(count, sides)
    assert len(faces) == count and all(1 <= f <= sides for f in faces)


def test_seeded_dice_repeat() -> None:
    assert SeededDice(7).roll(20, 10) == SeededDice(7).roll(20, 10)
    assert SeededDice(7).roll(20, 10) != SeededDice(8).roll(20, 10)


def test_seeded_dice_cover_every_face() -> None:
    assert set(SeededDice(3).roll(500, 10)) == set(range(1, 11))


def test_given_faces_in_order_per_purpose() -> None:
    dice = GivenFaces({"regular": [7, 3, 2], "hunger": [10]})
    assert dice.roll(2, 10, "regular") == [7, 3]
    assert dice.roll(1, 10, "hunger") == [10]
    assert dice.remaining() == {"regular": [2]}
    with pytest.raises(DiceError, match="1 regular face \\(2\\)"):
        dice.check_used()
    assert dice.roll(1, 10, "regular") == [2]
    dice.check_used()


def test_given_faces_shared_queue() -> None:
    dice = GivenFaces([3, 4, 20])
    assert dice.roll(2, 6, "attribute") == [3, 4]
    assert dice.roll(1, 20, "luck") == [20]


def test_given_faces_too_few() -> None:
    with pytest.raises(DiceError, match="3 regular dice are rolled but only 2 regular faces remain"):
        GivenFaces({"regular": [1, 2]}).roll(3, 10, "regular")


def test_given_faces_missing_purpose() -> None:
    with pytest.raises(DiceError, match="no hunger dice faces were given"):
        GivenFaces({"regular": [1]}).roll(1, 10, "hunger")


def test_given_face_off_the_die() -> None:
    with pytest.raises(DiceError, match="face 7 is not on a d6"):
        GivenFaces([7]).roll(1, 6)


@pytest.mark.parametrize("count, sides", [(-1, 10), (1, 1)])
def test_bad_requests(count: int, sides: int) -> None:
    with pytest.raises(DiceError):
        SeededDice(1).roll(count, sides)


def test_parse_faces() -> None:
    assert parse_faces("10,7, 3 0", sides=10) == [10, 7, 3, 10]
    with pytest.raises(DiceError, match="--faces: face 11 is not on a d10"):
        parse_faces("11", sides=10, what="--faces")
    with pytest.raises(DiceError, match="'x' is not a whole number"):
        parse_faces("1,x", sides=10)
    with pytest.raises(DiceError, match="face 0 is not on a d6"):
        parse_faces("0", sides=6)


@given(st.lists(st.integers(1, 10), max_size=30))
def test_parse_faces_round_trip(faces: list[int]) -> None:
    assert parse_faces(",".join(map(str, faces)), sides=10) == faces
