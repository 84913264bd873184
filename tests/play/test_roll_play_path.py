"""The play layer's roll path goes through the rule set's roll facet and nowhere else.

The same request, roll, typed faces, odds, follow-ups and sheet change for every rule set, with no engine
imported by play/ and no chain of capability flags re-deriving which rule set it is.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_characters import NOW, ingenuity_character, v20_character, vampire

from vtm_tui.errors import VtmError
from vtm_tui.play import apply, faces_hint, follow_ups, judge_faces, make_request, odds, perform, willpower_reroll
from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import FollowUp, OddsView

PLAY = Path(__file__).resolve().parents[2] / "vtm_tui" / "play"
ROLL_FILES = ("perform.py", "request.py", "odds_view.py", "follow_ups.py", "apply.py", "ladders.py",
              "request_options.py")
ENGINE = re.compile(r"vtm_tui\.rules\.(v5|v20|ingenuity)\b")
FLAGS = re.compile(r"\b(has_hunger|rolls_sized_dice|willpower_buys_success)\b")

FIXTURES = (vampire, v20_character, ingenuity_character)  #: imported so request.getfixturevalue finds them
POOLS = {"vampire": "Wits + Awareness", "v20_character": "Dexterity + Stealth",
         "ingenuity_character": "Strength + Combat"}


@pytest.mark.parametrize("name", ROLL_FILES)
def test_the_roll_path_in_play_imports_no_engine_and_tests_no_flags(name: str) -> None:
    text = (PLAY / name).read_text(encoding="utf-8")
    assert not ENGINE.search(text), f"play/{name} imports an engine: ask ruleset_for(id).roll_play()"
    assert not FLAGS.search(text), f"play/{name} picks a rule set by its flags: ask the roll facet"


@pytest.mark.parametrize("fixture", POOLS)
def test_one_path_for_every_rule_set(fixture: str, request: pytest.FixtureRequest) -> None:
    character = request.getfixturevalue(fixture)
    roll = make_request(character, POOLS[fixture], difficulty=6)
    assert isinstance(roll, RollRequest) and roll.ruleset == character.ruleset and roll.dice >= 1
    view = odds(roll)
    assert isinstance(view, OddsView) and sum(p for _, p in view.rows) == pytest.approx(1)
    outcome = perform(roll, SeededDice(15))
    assert outcome.ruleset == character.ruleset
    assert all(isinstance(item, FollowUp) for item in follow_ups(outcome, roll, character))
    applied = apply(character, roll, outcome, session=1, now=NOW)
    assert applied.entries[0].ruleset == character.ruleset and applied.character is character  # nothing spent
    assert faces_hint(roll)


@pytest.mark.parametrize("fixture", ["v20_character", "ingenuity_character"])
def test_a_willpower_reroll_where_the_rule_set_has_none_says_so(fixture: str, request: pytest.FixtureRequest) -> None:
    character = request.getfixturevalue(fixture)
    roll = make_request(character, POOLS[fixture], difficulty=6)
    faces = "3 3 10" if roll.attribute_die else " ".join(["6"] * roll.dice)  # sized dice, or a pool of d10s
    outcome = judge_faces(roll, faces)
    with pytest.raises(VtmError, match="a Willpower re-roll: not a rule of"):
        willpower_reroll(outcome, "reroll_failures", GivenFaces({"reroll": [8]}))
