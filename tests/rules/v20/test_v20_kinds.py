"""V20 kinds of roll: damage and soak cannot botch (their 1s cancel unless the option says not), Virtue rolls."""

from itertools import product

import pytest

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20 import V20Options, judge, roll, roll_odds
from vtm_tui.rules.v20.kinds import KINDS, parse_kind, virtue_for


@pytest.mark.parametrize("kind", ["damage", "soak"])
def test_damage_and_soak_cannot_botch(kind) -> None:
    """docs/rules.md: a damage roll of 1, 3 is no damage dealt, not a botch."""
    result = judge([1, 3], 6, kind=kind)
    assert result.result == "failure" and result.successes == 0 and not result.botched
    assert result.to_dict()["kind"] == kind


@pytest.mark.parametrize("kind", ["damage", "soak"])
def test_damage_and_soak_never_use_the_free_botch(kind) -> None:
    result = judge([1, 3], 6, kind=kind, free_botch=True)
    assert result.result == "failure" and not result.free_botch_consumed
    rolled = roll(2, 6, GivenFaces([1, 1]), kind=kind, options=V20Options(free_botch=True))
    assert not rolled.free_botch_consumed


def test_ones_cancel_on_damage_by_default_and_not_with_the_option() -> None:
    assert judge([8, 7, 1], 6, kind="damage").successes == 1
    assert roll(3, 6, GivenFaces([8, 7, 1]), kind="damage").successes == 1
    spared = roll(3, 6, GivenFaces([8, 7, 1]), kind="damage", options=V20Options(damage_ones_do_not_cancel=True))
    assert spared.successes == 2
    # The option is about damage and soak only: a test's 1s still cancel.
    test = roll(3, 6, GivenFaces([8, 7, 1]), options=V20Options(damage_ones_do_not_cancel=True))
    assert test.successes == 1


def test_a_test_still_botches() -> None:
    assert judge([1, 3], 6).result == "botch"


def test_summary_says_what_a_damage_roll_did() -> None:
    assert judge([1, 3], 6, kind="damage").summary() == "Damage roll: 2 dice vs 6: 3 1 → 0 successes, failure: " \
                                                        "no damage dealt"
    assert judge([9, 8], 6, kind="soak").summary().endswith("2 successes, success: 2 health levels soaked")


@pytest.mark.parametrize("pool", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", [2, 6, 9])
@pytest.mark.parametrize("ones_cancel", [True, False])
def test_damage_odds_match_every_face_through_the_judge(pool, difficulty, ones_cancel) -> None:
    counts = {"success": 0, "failure": 0, "botch": 0}
    nets: dict[int, int] = {}
    for faces in product(range(1, 11), repeat=pool):
        result = judge(faces, difficulty, kind="damage", ones_cancel=ones_cancel)
        counts[result.result] += 1
        nets[result.successes] = nets.get(result.successes, 0) + 1
    odds = roll_odds(pool, difficulty, kind="damage", ones_cancel=ones_cancel)
    assert odds.counts == counts and odds.counts["botch"] == 0
    assert {k: c for k, c in enumerate(odds.net_counts) if c} == nets


def test_willpower_is_not_spent_on_damage_soak_or_virtue_rolls() -> None:
    for kind in ("damage", "soak", "frenzy", "rotschreck", "degeneration"):
        with pytest.raises(RulesError, match="Willpower"):
            judge([7], 6, kind=kind, willpower=True)
        with pytest.raises(RulesError, match="Willpower"):
            roll_odds(1, 6, kind=kind, willpower=True)


def test_kinds_and_virtues() -> None:
    assert list(KINDS) == ["test", "damage", "soak", "frenzy", "rotschreck", "degeneration"]
    assert parse_kind("Rötschreck").id == "rotschreck"
    with pytest.raises(RulesError, match="use one of test, damage"):
        parse_kind("dance")
    assert virtue_for(KINDS["frenzy"], {"Self-Control": 3}) == ("Self-Control", 3)
    assert virtue_for(KINDS["frenzy"], {"Instinct": 2}) == ("Instinct", 2)
    assert virtue_for(KINDS["degeneration"], {"Conviction": 4}) == ("Conviction", 4)
    with pytest.raises(RulesError, match="Courage"):
        virtue_for(KINDS["rotschreck"], {"Self-Control": 3})
