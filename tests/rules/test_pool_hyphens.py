"""Trait names with a hyphen (V20's Self-Control) in pools: the hyphen between letters is part of the name."""

import pytest

from vtm_tui.model.character import new_character
from vtm_tui.play import make_request
from vtm_tui.play.defaults import expression_from_description, trait_completions
from vtm_tui.rules.pool import PoolError, resolve

TRAITS = {"Self-Control": 4, "Courage": 2, "Wits": 3, "Awareness": 2}


@pytest.mark.parametrize(
    ("text", "traits", "modifier"),
    [
        ("Self-Control", (("Self-Control", 4),), 0),
        ("self-control+1", (("Self-Control", 4),), 1),
        ("Self-Control-1", (("Self-Control", 4),), -1),
        ("self-co", (("Self-Control", 4),), 0),
        ("wits+aw-1", (("Wits", 3), ("Awareness", 2)), -1),
        ("Wits - Awareness", (("Wits", 3), ("Awareness", -2)), 0),
        ("Wits-Awareness", (("Wits", 3), ("Awareness", -2)), 0),  # no such trait: a subtraction
    ],
)
def test_hyphen_between_letters_is_part_of_a_name(text, traits, modifier) -> None:
    resolved = resolve(text, TRAITS)
    assert resolved.traits == traits and resolved.modifier == modifier


def test_a_hyphenated_name_that_is_unknown_is_named() -> None:
    with pytest.raises(PoolError, match="unknown trait 'Self-Esteem'"):
        resolve("Self-Esteem", TRAITS)


def test_v20_virtue_pool_and_completion() -> None:
    ch = new_character("Edwin", "v20")
    ch.sheet.virtues["Self-Control"] = 3
    request = make_request(ch, "Self-Control", difficulty=8)
    assert request.dice == 3 and request.traits == (("Self-Control", 3),)
    assert trait_completions(ch, "self-c") == ["Self-Control"]
    assert expression_from_description("Self-Control 3 + 1") == "Self-Control + 1"
