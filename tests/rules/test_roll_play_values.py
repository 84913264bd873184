"""The roll path asks the rule set for values, not for flags to branch on: the form's modifier label, its
specialty choice and its trait ratings, the request dialog's headline, the result page's count (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.ruleset import ruleset_for

UI = Path(__file__).resolve().parents[2] / "vtm_tui" / "ui"
#: Flags that meant "is this Ingenuity" where a roll is made: the roll form and the request dialog ask for values.
IS_INGENUITY = ("has_proficiencies", "rolls_sized_dice", "traits_are_die_sizes", "judges_total")


class Sheet:
    specialties = {"Larceny": ["Lockpicking"], "Brawl": ["Grappling"]}
    proficiencies = {"Archery": 2}


@pytest.mark.parametrize(("ruleset", "label", "prompt", "rating", "offered"), [
    ("v5", "± dice", "no specialty", "3", (("Lockpicking (Larceny)", "Lockpicking"),)),
    ("v20", "± dice", "no specialty", "3", (("Lockpicking (Larceny)", "Lockpicking"),)),
    ("ingenuity", "± adv.", "no proficiency", "d3", (("Archery +2", "Archery"),)),
])
def test_each_rule_set_gives_the_forms_values(ruleset, label, prompt, rating, offered) -> None:
    play = ruleset_for(ruleset).roll_play()
    request = RollRequest(ruleset=ruleset, actor="A", pool_text="Dexterity + Larceny",
                          traits=(("Dexterity", 3), ("Larceny", 2)))
    assert (play.modifier_label, play.specialty_prompt, play.rating_text(3)) == (label, prompt, rating)
    assert play.specialty_choices(Sheet(), request) == offered


@pytest.mark.parametrize("path", ["widgets/roll_form.py", "widgets/roll_result.py", "screens/player_request.py"])
def test_the_roll_form_and_the_request_dialog_ask_no_is_ingenuity_flag(path) -> None:
    text = (UI / path).read_text(encoding="utf-8")
    assert not [flag for flag in IS_INGENUITY if f".{flag}" in text]


def test_the_result_page_counts_what_each_rule_set_judges() -> None:
    from vtm_tui.rules.dice import GivenFaces
    from vtm_tui.rules.v5.checks import judge_check

    v5, ingenuity = ruleset_for("v5").roll_play(), ruleset_for("ingenuity").roll_play()
    request = RollRequest(ruleset="v5", actor="A", pool_text="3", dice=3, hunger=1, difficulty=2, description="3")
    assert v5.count_text(v5.perform(request, GivenFaces({"regular": [6, 10], "hunger": [3]}))) == "2 successes"
    assert v5.count_text(judge_check([7])) == "kept 7"

    class Total:
        total = 14

    assert ingenuity.count_text(Total()) == "total 14"
