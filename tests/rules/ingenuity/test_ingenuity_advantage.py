"""Advantage and disadvantage: counting, the re-roll choice, its tie-breaks, the faces kept."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity import (
    choose_advantage_die,
    choose_disadvantage_die,
    judge,
    net_advantage,
    reroll_gain,
    reroll_loss,
)
from vtm_tui.rules.ingenuity.advantage import RerollFaceError
from vtm_tui.rules.ingenuity.dice import STEP_SIZES

SIZES = st.sampled_from(STEP_SIZES)


def test_pairs_cancel() -> None:
    assert net_advantage(3, 1) == 2 and net_advantage(1, 3) == -2 and net_advantage(2, 2) == 0
    with pytest.raises(RulesError, match="advantage -1"):
        net_advantage(-1, 0)


@given(SIZES, st.data())
def test_gain_formula_is_the_expected_gain(sides: int, data) -> None:
    face = data.draw(st.integers(1, sides))
    expected = Fraction(sum(max(face, x) for x in range(1, sides + 1)), sides) - face
    assert reroll_gain(sides, face) == expected
    assert reroll_loss(sides, face) == face - Fraction(sum(min(face, x) for x in range(1, sides + 1)), sides)


@given(SIZES, SIZES, st.data())
def test_advantage_picks_the_best_expected_gain(sa: int, sb: int, data) -> None:
    fa, fb = data.draw(st.integers(1, sa)), data.draw(st.integers(1, sb))
    ga, gb = reroll_gain(sa, fa), reroll_gain(sb, fb)
    choice = choose_advantage_die((sa, sb), (fa, fb))
    if ga == gb == 0:
        assert choice is None
    elif ga >= gb:
        assert choice == 0
    else:
        assert choice == 1


def test_advantage_prefers_a_big_die_in_the_middle_to_a_small_die_low() -> None:
    # d12 showing 6: gain 6·7/24 = 1.75; d6 showing 2: gain 4·5/12 = 1.67 — the d12 is re-rolled
    # even though the d6 shows the lower face.
    assert reroll_gain(12, 6) == Fraction(7, 4) and reroll_gain(6, 2) == Fraction(5, 3)
    assert choose_advantage_die((6, 12), (2, 6)) == 1


def test_equal_gains_reroll_the_attribute_die() -> None:
    assert choose_advantage_die((8, 8), (3, 3)) == 0
    # d4 showing 1 and d10 showing 5 both gain 1.5: still the attribute die, whichever it is.
    assert reroll_gain(4, 1) == reroll_gain(10, 5) == Fraction(3, 2)
    assert choose_advantage_die((10, 4), (5, 1)) == 0
    assert choose_advantage_die((4, 10), (1, 5)) == 0


def test_disadvantage_rerolls_the_highest_face_and_ties_the_larger_die() -> None:
    assert choose_disadvantage_die((6, 12), (5, 3)) == 0
    assert choose_disadvantage_die((6, 12), (3, 5)) == 1
    assert choose_disadvantage_die((12, 6), (4, 4)) == 0  # equal faces: the larger die
    assert choose_disadvantage_die((6, 12), (4, 4)) == 1
    assert choose_disadvantage_die((8, 8), (4, 4)) == 0  # equal dice: the attribute die
    assert choose_disadvantage_die((8, 8), (1, 1)) is None


def test_advantage_keeps_the_better_face() -> None:
    out = judge("d8", "d6", 2, 5, 7, advantage=1, reroll_faces=[6], difficulty=10)
    assert out.faces == (6, 5) and out.total == 11 and out.win
    (reroll,) = out.rerolls
    assert (reroll.die, reroll.sides, reroll.replaced, reroll.rolled, reroll.kept, reroll.discarded) == (
        "attribute", 8, 2, 6, 6, 2,
    )  # fmt: skip
    worse = judge("d8", "d6", 2, 5, 7, advantage=1, reroll_faces=[1])
    assert worse.faces == (2, 5) and worse.rerolls[0].kept == 2 and not worse.rerolls[0].took_new


def test_disadvantage_keeps_the_worse_face() -> None:
    out = judge("d8", "d6", 7, 5, 7, disadvantage=1, reroll_faces=[3], difficulty=10)
    assert out.faces == (3, 5) and out.total == 8 and not out.win
    assert out.rerolls[0].kind == "disadvantage" and out.rerolls[0].discarded == 7
    better = judge("d8", "d6", 7, 5, 7, disadvantage=1, reroll_faces=[8])
    assert better.faces == (7, 5)


def test_three_advantages_on_two_dice_reroll_a_die_again() -> None:
    # d10/d10 on 1 and 2: re-roll the 1 (gain 4.5) → 3; now 3 and 2: re-roll the 2 → 4;
    # now 3 and 4: re-roll the 3 again → 9.
    out = judge("d10", "d10", 1, 2, 5, advantage=3, reroll_faces=[3, 4, 9])
    assert [(r.die, r.replaced, r.kept) for r in out.rerolls] == [
        ("attribute", 1, 3), ("skill", 2, 4), ("attribute", 3, 9),
    ]  # fmt: skip
    assert out.faces == (9, 4) and out.total == 13


def test_two_disadvantages_each_hit_the_current_highest() -> None:
    out = judge("d6", "d8", 5, 7, 5, disadvantage=2, reroll_faces=[6, 2])
    # 7 on the d8 → 6 kept (worse); now 5 and 6: the d8's 6 again → 2.
    assert [(r.die, r.replaced, r.kept) for r in out.rerolls] == [("skill", 7, 6), ("skill", 6, 2)]
    assert out.faces == (5, 2)


def test_pointless_rerolls_are_not_rolled() -> None:
    top = judge("d6", "d6", 6, 6, 5, advantage=2)
    assert top.rerolls == () and top.total == 12
    bottom = judge("d6", "d6", 1, 1, 5, disadvantage=1)
    assert bottom.rerolls == () and bottom.total == 2
    # One die at its maximum: the other is re-rolled, and then, at 6 too, nothing more.
    out = judge("d6", "d6", 6, 2, 5, advantage=3, reroll_faces=[6])
    assert len(out.rerolls) == 1 and out.faces == (6, 6)


def test_cancelled_sources_reroll_nothing() -> None:
    out = judge("d6", "d6", 2, 2, 1, advantage=2, disadvantage=2)
    assert out.rerolls == () and out.net_advantage == 0
    assert "advantage 2, disadvantage 2 (net +0)" in out.summary()


def test_the_luck_die_is_never_rerolled() -> None:
    out = judge("d4", "d4", 4, 4, 1, advantage=3)
    assert out.luck_face == 1 and out.rerolls == ()


def test_a_person_may_pick_the_die() -> None:
    # The engine would re-roll the d12 (gain 1.75 against 1.67); the player picks the d6 by hand.
    out = judge("d6", "d12", 2, 6, 1, advantage=2, picks=["attribute"], reroll_faces=[5, 11])
    assert [(r.die, r.picked) for r in out.rerolls] == [("attribute", True), ("skill", False)]
    assert out.faces == (5, 11)
    assert judge("d6", "d12", 2, 6, 1, advantage=1, picks=["sk"], reroll_faces=[3]).faces == (2, 6)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"advantage": 1, "picks": ["attribute", "skill"]}, "2 re-roll picks given but only 1"),
        ({"disadvantage": 1, "picks": ["skill"]}, "picks need advantage"),
        ({"advantage": 1, "picks": ["luck"]}, "'luck' is not 'attribute' or 'skill'"),
    ],
)
def test_bad_picks(kwargs, fragment) -> None:
    with pytest.raises(RulesError, match=fragment):
        judge("d6", "d6", 2, 2, 1, reroll_faces=[3, 3], **kwargs)


def test_reroll_faces_must_match_the_rerolls_made() -> None:
    with pytest.raises(RerollFaceError, match=r"re-roll 2 \(the skill d6\) needs a face, but only 1 re-roll face was given"):
        judge("d6", "d6", 1, 2, 1, advantage=2, reroll_faces=[3])
    with pytest.raises(RerollFaceError, match="3 re-roll faces given but only 2 re-rolls were made; left over: 5"):
        judge("d6", "d6", 1, 2, 1, advantage=2, reroll_faces=[3, 4, 5])
    with pytest.raises(RerollFaceError, match=r"re-roll face 9 for the attribute die is not on a d6 \(1-6\)"):
        judge("d6", "d6", 1, 2, 1, advantage=1, reroll_faces=[9])


@given(SIZES, SIZES, st.data(), st.integers(1, 3))
def test_advantage_never_lowers_and_disadvantage_never_raises_the_dice(sa, sb, data, count) -> None:
    fa, fb = data.draw(st.integers(1, sa)), data.draw(st.integers(1, sb))
    rerolls = data.draw(st.lists(st.integers(1, 4), min_size=count, max_size=count))  # on every die
    up = judge(sa, sb, fa, fb, 1, advantage=count, reroll_faces=rerolls[: _made(sa, sb, fa, fb, count, rerolls, 1)])
    down = judge(
        sa, sb, fa, fb, 1, disadvantage=count, reroll_faces=rerolls[: _made(sa, sb, fa, fb, count, rerolls, -1)]
    )
    assert up.total >= fa + fb >= down.total


def _made(sa, sb, fa, fb, count, rerolls, sign) -> int:
    """How many re-roll faces the engine will take (it skips re-rolls that cannot matter)."""
    from vtm_tui.rules.ingenuity.advantage import apply_rerolls
    from vtm_tui.rules.ingenuity.dice import StepDie

    taken = []

    def draw(sides, die, number):
        taken.append(number)
        return rerolls[number - 1]

    apply_rerolls((StepDie(sa), StepDie(sb)), (fa, fb), sign * count, draw)
    return len(taken)
