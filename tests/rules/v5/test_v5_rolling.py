"""Rolling pools: Hunger dice replacing regular dice, dropped Hunger, the floor, automatic wins, taking half."""

import pytest

from vtm_tui.rules import GivenFaces, SeededDice
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v5 import RollKind, automatic_win, automatic_win_refusal, roll, split_pool, take_half


def given(regular, hunger=()):
    return GivenFaces({"regular": list(regular), "hunger": list(hunger)})


def test_hunger_dice_replace_regular_dice() -> None:
    result = roll(5, 2, 2, given([7, 3, 1], [10, 2]))
    assert result.faces == (7, 3, 1) and result.hunger_faces == (10, 2)
    assert result.pool == 5 and result.successes == 2 and result.result == "win"


def test_hunger_above_the_pool_makes_every_die_hunger() -> None:
    result = roll(2, 4, 1, given([], [1, 3]))
    assert result.faces == () and result.hunger_faces == (1, 3)
    assert result.result == "bestial_failure"


@pytest.mark.parametrize("kind", [RollKind.TRACKER, RollKind.REMORSE, RollKind.FRENZY])
def test_no_hunger_dice_on_tracker_remorse_and_frenzy(kind) -> None:
    result = roll(3, 2, 1, given([6, 2, 1]), kind=kind)
    assert result.hunger_faces == () and result.kind is kind
    assert any("no Hunger dice" in note for note in result.notes)


def test_mortals_have_no_hunger_dice() -> None:
    regular, hunger, notes = split_pool(4, 3, mortal=True)
    assert (regular, hunger) == (4, 0) and "mortals" in notes[0]


def test_pool_floor_is_one_die() -> None:
    result = roll(0, 0, 1, given([8]))
    assert result.pool == 1 and result.win and "at least 1 die" in result.notes[0]
    assert split_pool(0, 3) == (0, 1, ("a pool that is rolled at all has at least 1 die",))


def test_seeded_rolls_repeat() -> None:
    assert roll(8, 2, 3, SeededDice(9)) == roll(8, 2, 3, SeededDice(9))


def test_bad_requests() -> None:
    with pytest.raises(RulesError, match="Hunger must be"):
        roll(5, 6, 1, SeededDice(1))
    with pytest.raises(RulesError, match="pool must be"):
        roll(-1, 0, 1, SeededDice(1))
    with pytest.raises(RulesError, match="Rouse check is one die"):
        roll(1, 0, 1, SeededDice(1), kind="rouse")
    with pytest.raises(DiceError, match="hunger"):
        roll(3, 2, 1, given([7]))  # the Hunger faces were not typed


def test_automatic_win() -> None:
    result = automatic_win(6, 3)
    assert (result.result, result.win, result.margin, result.automatic) == ("win", True, 0, True)
    assert result.summary() == "6 dice vs 3: automatic win, margin 0"
    assert "twice the Difficulty (8)" in automatic_win_refusal(7, 4)
    assert automatic_win_refusal(4, 0) == "an automatic win needs a Difficulty of 1 or more"
    assert "never an automatic win" in automatic_win_refusal(4, 1, kind="check")
    with pytest.raises(RulesError, match="twice"):
        automatic_win(5, 3)


def test_take_half() -> None:
    assert take_half(7) == 3 and take_half(1) == 0
    with pytest.raises(RulesError, match="taking half never applies"):
        take_half(4, kind=RollKind.ROUSE)
