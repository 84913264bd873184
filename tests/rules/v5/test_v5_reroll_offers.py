"""A Willpower re-roll strategy is offered only when it can change the result for the better (docs/rules.md).

What docs/rules.md promises, checked by enumerating every class of re-rolled face through the engine:
``avoid_messy`` (and ``risky_avoid_messy``) selects dice exactly when some re-roll of them leaves a win
that is not messy; ``maximize_criticals`` exactly when some re-roll of its dice gains a success (it
never can with one 6-9 and no new pair of tens); ``reroll_failures`` whenever a regular die shows 1-5. The exact odds follow the same choice.
"""

from itertools import product

import pytest
from brute_v5 import brute_odds
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules import GivenFaces
from vtm_tui.rules.v5 import RESULTS, STRATEGIES, helpful_strategies, judge, odds, reroll, select

#: One face per class of a re-rolled d10: a failure, a plain success, a ten.
CLASSES = (3, 7, 10)


def reachable(first, indices):
    """Every judged roll a re-roll of the regular dice at ``indices`` can give (one face per class)."""
    for combo in product(CLASSES, repeat=len(indices)):
        faces = list(first.faces)
        for index, face in zip(indices, combo):
            faces[index] = face
        yield judge(faces, first.hunger_faces, first.difficulty)


def test_avoid_messy_with_four_regular_tens_is_not_offered() -> None:
    """Re-rolling three of four tens leaves a ten beside the Hunger ten: messy for certain, five successes lost."""
    first = judge([10, 10, 10, 10, 1], [10], 4)
    assert first.result == "messy_critical"
    for strategy in ("avoid_messy", "risky_avoid_messy"):
        selection = select(first, strategy)
        assert not selection and "cannot be undone: 4 regular tens, only 3 can be re-rolled" in selection.reason
    done = reroll(first, "avoid_messy", GivenFaces({"reroll": []}))
    assert done.willpower_damage == 0 and done.after is first
    assert done.selection.reason.endswith("; reroll_failures or maximize_criticals could help")


def test_avoid_messy_short_of_the_difficulty_without_the_pair_bonus_is_not_offered() -> None:
    first = judge([10, 10, 7], [10], 6)  # 4 successes + 2 for the pair = 6: a messy win
    assert first.result == "messy_critical"
    selection = select(first, "avoid_messy")  # at best 7, 7, 7 and the Hunger ten: 4 < 6
    assert not selection and selection.reason.endswith("without the tens' pair bonus the roll cannot win")


def test_maximize_criticals_without_a_reachable_critical_is_not_offered() -> None:
    """Pool 1, Difficulty 1, a 9: a certain win would become a coin toss."""
    first = judge([9], (), 1)
    selection = select(first, "maximize_criticals")
    assert not selection and "no critical can be reached" in selection.reason
    assert helpful_strategies(first) == ()
    done = reroll(first, "maximize_criticals", GivenFaces({"reroll": []}))
    assert done.after is first and done.willpower_damage == 0
    assert done.selection.reason.endswith("no strategy helps")


def test_maximize_criticals_is_offered_when_one_die_can_pair_a_hunger_ten_or_is_a_failure() -> None:
    assert select(judge([9], [10], 1), "maximize_criticals").indices == (0,)
    assert select(judge([10, 10, 3], (), 5), "maximize_criticals").indices == (2,)
    assert not select(judge([10, 10, 8], (), 5), "maximize_criticals")


REGULAR = st.lists(st.integers(1, 10), min_size=1, max_size=6)
HUNGER = st.lists(st.integers(1, 10), max_size=3)


@settings(max_examples=400, deadline=None)
@given(regular=REGULAR, hunger=HUNGER, difficulty=st.integers(0, 9))
def test_offered_exactly_when_the_result_can_change_for_the_better(regular, hunger, difficulty) -> None:
    first = judge(regular, hunger, difficulty)
    for strategy in STRATEGIES:
        selection = select(first, strategy)
        if strategy == "reroll_failures":
            assert bool(selection) == any(face <= 5 for face in regular)
            continue
        if strategy == "maximize_criticals":
            candidates = [i for i, face in enumerate(first.faces) if face != 10]
            candidates.sort(key=lambda i: (first.faces[i] > 5, first.faces[i], i))
            better = any(after.successes > first.successes for after in reachable(first, candidates[:3]))
        else:
            messy_with_one = first.result == "messy_critical" and first.hunger_faces.count(10) == 1
            tens = [i for i, face in enumerate(first.faces) if face == 10][:3]
            fill = [i for i, face in sorted(enumerate(first.faces), key=lambda p: (p[1], p[0])) if face <= 5]
            picks = tens + (fill[: 3 - len(tens)] if strategy == "risky_avoid_messy" else [])
            better = messy_with_one and any(after.result == "win" for after in reachable(first, picks))
        assert bool(selection) == better, (strategy, selection.reason)


@pytest.mark.parametrize(("pool", "hunger", "difficulties"), [(5, 1, range(0, 9)), (6, 2, (2, 5, 6, 7))])
@pytest.mark.parametrize("strategy", ("maximize_criticals", "avoid_messy", "risky_avoid_messy"))
def test_exact_odds_follow_the_offer_against_brute_force(pool, hunger, difficulties, strategy) -> None:
    """Four regular tens beside a Hunger ten are possible, and the Difficulties where a pair bonus decides."""
    for difficulty in difficulties:
        exact, expected = brute_odds(pool, hunger, difficulty, strategy)
        computed = odds(pool, hunger, difficulty, strategy)
        for name in RESULTS:
            assert computed[name] == pytest.approx(float(exact[name]), abs=1e-12), (difficulty, name)
        assert computed.expected_successes == pytest.approx(float(expected), abs=1e-12)
