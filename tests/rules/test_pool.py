"""The pool expression parser shared by every rule set."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.rules.pool import PoolError, complete_trait, match_trait, parse_pool, resolve

TRAITS = {
    "Strength": 3, "Dexterity": 2, "Wits": 3, "Awareness": 2, "Brawl": 4,
    "Animal Ken": 1, "Athletics": 2, "Composure": 2,
}


def test_simple_sum() -> None:
    pool = resolve("Strength + Brawl + 2", TRAITS)
    assert pool.traits == (("Strength", 3), ("Brawl", 4))
    assert pool.modifier == 2
    assert pool.total == 9


def test_no_spaces_and_minus() -> None:
    pool = resolve("Wits+Awareness-1", TRAITS)
    assert pool.total == 4
    assert pool.describe() == "Wits 3 + Awareness 2 - 1"


def test_case_insensitive_prefixes() -> None:
    assert resolve("wits+aw", TRAITS).traits == (("Wits", 3), ("Awareness", 2))
    assert resolve("STR + animal   ken", TRAITS).total == 4


def test_exact_name_beats_prefix() -> None:
    assert match_trait("wits", {"Wits": 1, "Witsend": 2}) == "Wits"


def test_unknown_trait_named() -> None:
    with pytest.raises(PoolError, match="unknown trait 'Occult'"):
        resolve("Intelligence + Occult", {"Intelligence": 2})


def test_ambiguous_trait_named() -> None:
    with pytest.raises(PoolError, match="'a' is ambiguous: it could be Animal Ken, Athletics, Awareness"):
        resolve("Wits + a", TRAITS)


@pytest.mark.parametrize("text", ["", "   ", "Wits +", "Wits Awareness 2 2x", "+ -"])
def test_nonsense_is_refused(text: str) -> None:
    with pytest.raises(PoolError):
        resolve(text, TRAITS)


def test_plain_number_pool() -> None:
    pool = resolve("5", {})
    assert pool.total == 5 and pool.traits == ()


def test_completion() -> None:
    assert complete_trait("a", TRAITS) == ["Animal Ken", "Athletics", "Awareness"]
    assert complete_trait("", {"b": 1, "A": 1}) == ["A", "b"]


names = st.sampled_from(sorted(TRAITS))
terms = st.tuples(st.sampled_from(["+", "-"]), st.one_of(names, st.integers(0, 9).map(str)))


@given(names, st.lists(terms, max_size=6), st.sampled_from(["", " ", "  "]))
def test_any_well_formed_expression_sums_correctly(first, rest, space) -> None:
    text = first + "".join(f"{space}{sign}{space}{term}" for sign, term in rest)
    expected = TRAITS[first]
    for sign, term in rest:
        value = int(term) if term.isdigit() else TRAITS[term]
        expected += value if sign == "+" else -value
    assert resolve(text, TRAITS).total == expected
    # A hyphen typed between two letters joins a name (Self-Control); resolve splits it again when no trait has it.
    previous = [first] + [term for _, term in rest]
    joined = sum(1 for before, (sign, term) in zip(previous, rest)
                 if not space and sign == "-" and before[-1].isalpha() and term[0].isalpha())
    assert len(parse_pool(text).terms) == 1 + len(rest) - joined


@given(st.text(max_size=30))
def test_parser_never_crashes(text: str) -> None:
    try:
        resolve(text, TRAITS)
    except PoolError as exc:
        assert str(exc)
