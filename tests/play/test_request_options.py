"""What the command line can ask of a roll beyond the dialog's fields, made by the same play functions:
an automatic win or success, the Rouse on awakening, a V20 retry and typed wounds, and the Ingenuity test's
assist, size, passive and picked re-rolls. Each is refused, by name, where the rule set has no such rule."""

from __future__ import annotations

import pytest
from play_characters import v5_vampire, v20_character, ingenuity_character  # noqa: F401 - fixtures

from vtm_tui.errors import VtmError
from vtm_tui.play import judge_faces, make_request, perform
from vtm_tui.rules.dice import GivenFaces


def test_a_v5_automatic_win_rolls_no_dice():
    request = make_request(v5_vampire(), "Wits + Awareness", difficulty=2, automatic=True)
    outcome = perform(request, GivenFaces({}))
    assert outcome.automatic and outcome.result == "win" and request.description == "Wits 3 + Awareness 2"
    with pytest.raises(VtmError, match="automatic"):
        judge_faces(request, "7 7 7 | 7 7")
    with pytest.raises(VtmError, match="option automatic_win is off"):
        make_request(v5_vampire(), "Wits + Awareness", difficulty=2, automatic=True, options={"automatic_win": False})


def test_the_rouse_on_awakening_is_made_at_hunger_5():
    starving = v5_vampire(hunger=5)
    with pytest.raises(VtmError, match="cannot rouse"):
        make_request(starving, kind="rouse")
    request = make_request(starving, kind="rouse", awakening=True)
    outcome = judge_faces(request, "3")
    assert request.description == "Rouse check on awakening" and outcome.result == "fail"
    with pytest.raises(VtmError, match="awakening: only a Rouse"):
        make_request(starving, "Wits + Awareness", awakening=True)


def test_a_v20_retry_and_typed_wounds(v20_character):  # noqa: F811 - fixture
    request = make_request(v20_character, "Dexterity + Brawl", difficulty=6, attempt=3, wounds=2)
    assert (request.dice, request.difficulty, request.description) == (4, 8, "Dexterity 3 + Brawl 3 - 2 wounds")
    outcome = perform(request, GivenFaces([8, 8, 1, 2]))
    assert (outcome.difficulty, outcome.attempt, outcome.result) == (8, 3, "success")
    assert judge_faces(request, "8 8 1 2").to_dict() == outcome.to_dict()
    with pytest.raises(VtmError, match="impossible"):
        make_request(v20_character, "Dexterity + Brawl", difficulty=9, attempt=3)
    automatic = perform(make_request(v20_character, "Dexterity + Brawl", difficulty=5, automatic=True), GivenFaces([]))
    assert automatic.automatic and automatic.result == "success"


def test_ingenuity_assist_size_and_passive(ingenuity_character):  # noqa: F811 - fixture
    request = make_request(ingenuity_character, "Strength + Combat", difficulty="8", assist_bonus=2, size_bonus=1,
                           passive=True)
    assert request.description == "passive Strength d10 + Combat d8 + assist 2 + size 1"
    outcome = perform(request, GivenFaces({}))
    assert outcome.total == 5 + 4 + 2 + 1 and outcome.result == "success"
    with pytest.raises(VtmError, match="passive test rolls no dice"):
        judge_faces(request, "3 4 11")
    picked = make_request(ingenuity_character, "Strength + Combat", modifier=1, picks=("skill",))
    assert judge_faces(picked, "9 2 10 7").to_dict()["faces"]["skill"] == 7


@pytest.mark.parametrize("options, named", [
    ({"assist_bonus": 1}, "assist bonus"), ({"passive": True}, "passive test"), ({"attempt": 2}, "attempt"),
    ({"wounds": 1}, "wounds"), ({"awakening": True}, "awakening"),
])
def test_a_rule_the_rule_set_lacks_is_refused_by_name(options, named, v20_character, ingenuity_character):  # noqa: F811
    character = ingenuity_character if named in ("attempt", "wounds", "awakening") else v5_vampire()
    with pytest.raises(VtmError, match=f"^{named}: not a rule of "):
        make_request(character, "Strength + Combat", **options)
    with pytest.raises(VtmError, match="^automatic: not a rule of Ingenuity"):
        make_request(ingenuity_character, "Strength + Combat", automatic=True)
