"""Assists, contests, sizes, passive values, defences and resources."""

import pytest

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity import (
    ATTRIBUTES,
    MUNDANE_SKILLS,
    SKILLS,
    SUPERNATURAL_SKILLS,
    ContestSeries,
    Stats,
    assist_bonus,
    attribute_name,
    best_assist,
    constitution,
    contest_difficulty,
    judge,
    passive_test,
    passive_value,
    reflexes,
    resources,
    size_bonus,
    skill_name,
    symmetric_contest,
    willpower,
)


@pytest.mark.parametrize(
    ("total", "bonus"),
    [(2, 0), (3, 0), (4, 1), (7, 1), (8, 2), (11, 2), (12, 3), (15, 3), (16, 4), (30, 4)],
)
def test_assist_thresholds(total: int, bonus: int) -> None:
    assert assist_bonus(total) == bonus


def test_only_the_highest_assist_counts() -> None:
    helpers = [judge("d6", "d6", 2, 3, 1), judge("d8", "d6", 6, 3, 1), 4]  # 5 → +1, 9 → +2, 4 → +1
    assert best_assist(helpers) == 2 and best_assist([]) == 0
    out = judge("d6", "d6", 3, 3, 1, difficulty=8, assist_bonus=best_assist(helpers))
    assert out.total == 8 and out.win


def test_markos_sneaks_against_the_guards_search() -> None:
    # The guards' result sets Markos' Difficulty: an ordinary test that meets-or-beats.
    guards = judge("d8", "d8", 4, 5, 3)
    markos = judge("d10", "d8", 6, 3, 12, difficulty=contest_difficulty(guards))
    assert guards.total == 9 and markos.difficulty.value == 9 and markos.win
    assert not judge("d10", "d8", 5, 3, 12, difficulty=contest_difficulty(guards)).win


def test_arnold_beats_siegmund_at_arm_wrestling() -> None:
    arnold = judge("d8", "d6", 6, 5, 4)
    siegmund = judge("d8", "d6", 5, 3, 4)
    contest = symmetric_contest(arnold, siegmund, first_name="Arnold", second_name="Siegmund")
    assert (arnold.total, siegmund.total) == (11, 8)
    assert (contest.result, contest.winner, contest.margin, contest.win) == ("success", "Arnold", 3, True)
    assert contest.summary() == "contest Arnold 11 vs Siegmund 8: Arnold wins"
    assert isinstance(contest, Outcome) and contest.to_dict()["result"] == "success"


def test_a_tie_must_be_exceeded_and_resolves_nothing() -> None:
    contest = symmetric_contest(9, 9, first_name="Arnold", second_name="Siegmund")
    assert (contest.result, contest.win, contest.winner) == ("tie", False, None)
    assert contest.summary().endswith("tie, nothing resolved")
    lost = symmetric_contest(7, 9)
    assert (lost.result, lost.winner, lost.margin) == ("failure", "second", 0)
    with pytest.raises(RulesError, match="different names"):
        symmetric_contest(1, 2, first_name="x", second_name="x")


def test_best_of_three_ignores_ties() -> None:
    series = ContestSeries(3)
    for first, second in [(10, 8), (7, 7), (6, 9)]:
        series = series.record(symmetric_contest(first, second))
    assert (series.first_wins, series.second_wins, series.ties, series.finished) == (1, 1, 1, False)
    series = series.record(symmetric_contest(12, 5))
    assert series.finished and series.winner == "first" and series.score() == "2-1 (best of 3, 1 tie), won by the first side"
    with pytest.raises(RulesError, match="already won"):
        series.record(symmetric_contest(1, 2))


def test_best_of_five_needs_three() -> None:
    series = ContestSeries(5)
    for _ in range(2):
        series = series.record(symmetric_contest(2, 9))
    assert not series.finished and series.needed == 3
    series = series.record(symmetric_contest(2, 9))
    assert series.winner == "second"
    with pytest.raises(RulesError, match="odd number"):
        ContestSeries(4)


def test_ursula_catches_the_mouse() -> None:
    # Ursula (Medium 4) against the mouse (Miniscule 1): the mouse's roll counts 3 more.
    mouse = judge("d8", "d6", 4, 3, 9, size_bonus=size_bonus("miniscule", "medium"))
    ursula = judge("d6", "d6", 5, 4, 2, size_bonus=size_bonus("medium", "miniscule"))
    assert (mouse.total, ursula.total) == (10, 9)
    assert symmetric_contest(ursula, mouse, first_name="Ursula", second_name="mouse").winner == "mouse"
    assert "size 3" in mouse.summary()


def test_siegmund_punches_against_arnolds_evasion() -> None:
    # Arnold: Resolve d6 (3) + Dexterity d8 (4) + Dodge +1 → evasion 8; Siegmund's 8 meets it.
    evasion = reflexes("d6", "d8", dodge=1)
    assert evasion == 8
    assert judge("d8", "d6", 5, 3, 2, difficulty=evasion).win
    assert not judge("d8", "d6", 4, 3, 2, difficulty=evasion).win


def test_passive_perception_spots_the_creature_in_the_bush() -> None:
    sheet = Stats.from_mapping(
        {"STR": "d6", "dex": "d8", "Intellect": "d10", "resolve": "d6"},
        {"perception": "d8"},
        {"Keen Eyes": 1},
    )
    assert sheet.passive("int", "perc", "keen eyes") == 5 + 4 + 1
    assert passive_test(sheet.attribute("Intellect"), sheet.skill("Perception"), bonus=1, difficulty=10).win


def test_passive_values_and_defences() -> None:
    assert [passive_value(d) for d in ("d4", "d6", "d8", "d10", "d12")] == [2, 3, 4, 5, 6]
    assert constitution("d8", "d12") == 10 and willpower("d4", "d6") == 5 and reflexes("d4", "d4") == 4
    with pytest.raises(RulesError, match="dodge proficiency 5"):
        reflexes("d4", "d4", dodge=5)


def test_resources_follow_the_largest_faces() -> None:
    res = resources("d8", "d6", "d12", "d4", fate=2)
    assert (res.health, res.stamina, res.focus, res.endurance, res.fate) == (14, 12, 18, 10, 2)
    assert res.to_dict()["health"] == 14
    with pytest.raises(RulesError, match="fate -1"):
        resources("d8", "d6", "d12", "d4", fate=-1)


def test_sheet_values() -> None:
    sheet = Stats.from_mapping({"str": 8, "dex": "d6", "int": "d4", "res": "d10"}, {"Combat": "d8"}, {"dodge": 2}, fate=1)
    assert sheet.skill("combat").sides == 8 and sheet.skill("Taming").sides == 4  # untrained
    assert sheet.reflexes == 5 + 3 + 2 and sheet.constitution == 5 + 4 and sheet.willpower == 5 + 2
    assert sheet.resources.health == 14 and sheet.resources.endurance == 16 and sheet.resources.fate == 1
    assert sheet.proficiency("Sleight") == 0
    with pytest.raises(RulesError, match="lacks attributes Intellect, Resolve"):
        Stats.from_mapping({"str": "d6", "dex": "d6"})
    with pytest.raises(RulesError, match="skill 'cooking'"):
        Stats.from_mapping({"str": 6, "dex": 6, "int": 6, "res": 6}, {"cooking": "d6"})


def test_trait_names() -> None:
    assert ATTRIBUTES == ("Strength", "Dexterity", "Intellect", "Resolve")
    assert len(MUNDANE_SKILLS) == 10 and len(SUPERNATURAL_SKILLS) == 7 and len(SKILLS) == 17
    assert "Handling" in MUNDANE_SKILLS and "Ki" in SUPERNATURAL_SKILLS
    assert attribute_name("DEX") == "Dexterity" and attribute_name("intel") == "Intellect"
    assert skill_name("wiz") == "Wizardry" and skill_name("KI") == "Ki"
    with pytest.raises(RulesError, match="attribute 'charm'"):
        attribute_name("charm")
    with pytest.raises(RulesError, match="ambiguous"):
        skill_name("c")  # Charisma, Combat, Craft, Communion
