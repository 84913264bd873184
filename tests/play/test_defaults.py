"""The pool the dialog opens with, and completion while typing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from play_characters import NOW, vampire, v20_character, ingenuity_character  # noqa: F401 - fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play import (
    default_pool,
    expression_from_description,
    find_last_pool,
    last_pool,
    last_pool_in_text,
    strongest_pool,
    trait_completions,
)
from vtm_tui.store.chronicle_store import open_chronicle

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def test_strongest_pool_per_rule_set(vampire, v20_character, ingenuity_character):
    assert strongest_pool(vampire) == "Charisma + Brawl"
    assert strongest_pool(v20_character) == "Strength + Brawl"
    assert strongest_pool(ingenuity_character) == "Strength + Combat"


@pytest.mark.parametrize("described, expression", [
    ("Wits 3 + Awareness 2", "Wits + Awareness"),
    ("Wits 3 + Awareness 2 - 1", "Wits + Awareness - 1"),
    ("Charisma 4 + Performance 4 + specialty (Fado) - 2 impaired", "Charisma + Performance"),
    ("Manipulation 3 + Dominate 1 + 1 Blood Potency power bonus", "Manipulation + Dominate"),
    ("Strength d12 + Combat d10 + 3", "Strength + Combat + 3"),
    ("Animal Ken 2 + Wits 3", "Animal Ken + Wits"),
    ("Rouse check", ""),
])
def test_expression_from_description(described, expression):
    assert expression_from_description(described) == expression


def test_default_pool_prefers_the_last_pool_that_still_resolves(vampire):
    assert default_pool(vampire, "v5", "Wits 3 + Awareness 2") == "Wits + Awareness"
    assert default_pool(vampire, "v5", "Wits 3 + Obfuscate 2") == "Charisma + Brawl"
    assert default_pool(vampire, "v5", None) == "Charisma + Brawl"


def test_last_pool_reads_the_newest_plain_roll(vampire):
    def entry(kind, actor, pool):
        return LogEntry.new(kind, session=1, ruleset="v5", now=NOW, actor=actor, pool=pool)

    entries = [entry("roll", "Inês", "Wits 3 + Awareness 2"), entry("rouse", "Inês", "Rouse check"),
               entry("roll", "Duarte", "Strength 4 + Brawl 3")]
    assert last_pool(entries, "Inês") == "Wits 3 + Awareness 2"
    assert last_pool(entries, "Nobody") is None


def test_find_last_pool_in_the_example_logs(tmp_path):
    shutil.copytree(EXAMPLES / "lisboa-nocturna", tmp_path / "c")
    store = open_chronicle(tmp_path / "c")
    ines = store.character("ines")
    found = find_last_pool(store.path, store.chronicle.current_session, ines.name)
    assert found == "Manipulation 3 + Subterfuge 2"
    assert default_pool(ines, "v5", found) == "Manipulation + Subterfuge"
    assert find_last_pool(store.path, store.chronicle.current_session, "Nobody at all") is None


def test_trait_completions(vampire, ingenuity_character):
    assert trait_completions(vampire, "wits+aw") == ["wits+Awareness"]
    assert trait_completions(vampire, "Wits + Aw") == ["Wits + Awareness"]
    assert trait_completions(vampire, "st") == ["Stamina", "Stealth", "Streetwise", "Strength"]
    assert trait_completions(vampire, "wits + ") == []
    assert trait_completions(vampire, "wits + 2") == []
    assert trait_completions(ingenuity_character, "Strength + Combat + bo") == ["Strength + Combat + Boat hook"]


@settings(max_examples=100)
@given(st.text(alphabet="abcdefwitsawrn +-0123", max_size=20))
def test_completions_extend_what_was_typed_with_a_real_trait(text):
    from play_characters import v5_vampire

    character = v5_vampire()
    for completion in trait_completions(character, text):
        assert completion.casefold().startswith(text.rstrip().casefold())
        last = completion.replace("-", "+").split("+")[-1].strip()
        assert last in character.traits()


def test_last_pool_in_text_reads_blocks_newest_first():
    text = '''[session]
number = 1

[[entry]]
kind = "roll"
actor = "Inês"
pool = "Wits 3 + Awareness 2"
# end entry a

[[entry]]
kind = "roll"
actor = "Duarte"
pool = "Strength 4 + Brawl 3"

[[entry]]
kind="rouse"
actor="Inês"
pool="Rouse check"
'''
    assert last_pool_in_text(text, "Inês") == "Wits 3 + Awareness 2"
    assert last_pool_in_text(text, "Duarte") == "Strength 4 + Brawl 3"
    assert last_pool_in_text(text, "Nobody") is None
