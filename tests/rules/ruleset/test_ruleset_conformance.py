"""Every registered RuleSet provides every capability the protocol declares, of the declared type.

A new rule set is one package plus one registry line; this test is what tells its author what is missing
(an attribute, a method, a value of the wrong shape) before a screen or a command finds out.
"""

from __future__ import annotations

import importlib
import inspect
import types
import typing
from collections.abc import Mapping

import pytest

from vtm_tui.rules.conflict_round import ConflictRound
from vtm_tui.rules.importing import FORMATS
from vtm_tui.rules.ruleset import RuleSet, registered, ruleset_for, short_title
from vtm_tui.rules.sheet_edits import SheetEdits
from vtm_tui.rules.sheet_spec import EntryPage, Section

#: What the protocol declares: data attributes (annotated) and methods (functions in its body).
ANNOTATED = typing.get_type_hints(RuleSet)
METHODS = sorted(name for name, value in vars(RuleSet).items()
                 if isinstance(value, types.FunctionType) and not name.startswith("_"))


def conforms(value: object, hint: object) -> bool:
    """Whether ``value`` has the shape ``hint`` says (``tuple[str, ...]``, ``Mapping[str, str]``, ``bool``...)."""
    origin = typing.get_origin(hint)
    if origin is None:
        return isinstance(value, hint) and (hint is bool or not isinstance(value, bool))  # type: ignore[arg-type]
    if origin in (types.UnionType, typing.Union):
        return any(conforms(value, arg) for arg in typing.get_args(hint))
    if not isinstance(value, origin):
        return False
    args = typing.get_args(hint)
    if origin is tuple and args and args[-1] is Ellipsis:
        return all(conforms(item, args[0]) for item in value)  # type: ignore[attr-defined]
    if origin is tuple:
        return len(value) == len(args) and all(conforms(i, a) for i, a in zip(value, args))  # type: ignore[arg-type]
    if origin in (Mapping, dict) or (isinstance(origin, type) and issubclass(origin, Mapping)):
        return all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())  # type: ignore[attr-defined]
    return True


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_provides_every_capability(ruleset_id: str) -> None:
    rules = ruleset_for(ruleset_id)
    assert isinstance(rules, RuleSet) and rules.id == ruleset_id
    wrong = [f"{name}: {getattr(rules, name, '<missing>')!r} is not {hint}" for name, hint in ANNOTATED.items()
             if not conforms(getattr(rules, name, None), hint)]
    missing = [name for name in METHODS if not callable(getattr(rules, name, None))]
    assert not wrong and not missing, "\n".join(wrong + [f"{name}(): missing" for name in missing])


@pytest.mark.parametrize("ruleset_id", registered())
def test_the_tables_answer(ruleset_id: str) -> None:
    """The capabilities that were tables keyed by rule-set id answer with usable values."""
    rules = ruleset_for(ruleset_id)
    assert next(iter(rules.roll_kinds())) == "test" and "test" not in rules.listed_kinds()
    assert rules.tracker_fields() and all(isinstance(name, str) for name in rules.tracker_fields())
    assert rules.experience().COSTS and callable(rules.experience().cost)
    assert all(isinstance(section, Section) for section in rules.sheet_sections({}))
    low, high = rules.difficulty_range
    assert low <= rules.default_difficulty <= high and all(low <= value <= high for _, value in rules.difficulty_ladder)
    assert rules.damage_kinds and set(rules.damage_kind_by_word.values()) <= set(rules.damage_kinds)
    assert rules.headline_result in rules.result_order and set(rules.messy_results) <= set(rules.result_order)
    assert short_title(ruleset_id) and rules.entry_page("no such page") is None
    for fmt, module in rules.import_formats().items():
        converter = importlib.import_module(module)
        assert callable(converter.detect) and callable(converter.convert) and FORMATS[fmt] == (module, ruleset_id)


#: What the conflict facet declares: its methods, and the parameters each takes (callers pass them by name).
CONFLICT_METHODS = {name: list(inspect.signature(value).parameters) for name, value in vars(ConflictRound).items()
                    if isinstance(value, types.FunctionType) and not name.startswith("_")}


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_has_a_conflict_facet_with_every_method(ruleset_id: str) -> None:
    """``ruleset_for(id).conflict_round()`` answers everything the conflict layer and its screens ask."""
    facet = ruleset_for(ruleset_id).conflict_round()
    assert isinstance(facet, ConflictRound)
    wrong = [f"{name}{tuple(params)}" for name, params in CONFLICT_METHODS.items()
             if list(inspect.signature(getattr(facet, name)).parameters) != params[1:]]
    assert not wrong, f"{type(facet).__name__}: these differ from the protocol's parameters: {wrong}"
    hints = facet.key_hints()
    assert hints[0] == "n/p turn" and "N round" in hints and "c contest" in hints
    assert ruleset_for(ruleset_id).conflict_round() is facet  # one facet per rule set, loaded once


def test_the_conflict_facet_check_sees_a_missing_method() -> None:
    """The facet check can fail: an object lacking a method is not a ConflictRound."""
    assert len(CONFLICT_METHODS) > 15
    assert not isinstance(types.SimpleNamespace(start_round=lambda *a: None), ConflictRound)


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_says_what_a_sheet_edit_does(ruleset_id: str) -> None:
    """The ``sheet_edits`` facet: every package's same-named module provides every method of the protocol, and
    its Health track takes the damage the d/D/x keys mark."""
    edits = ruleset_for(ruleset_id).sheet_edits()
    assert isinstance(edits, SheetEdits)
    field = ruleset_for(ruleset_id).sheet_damage_field
    assert {edits.damage_severity(field, key) for key in range(3)} <= set(edits.severities(field))


def test_only_v5_has_a_page_of_entries() -> None:
    assert isinstance(ruleset_for("v5").entry_page("powers"), EntryPage)
    assert ruleset_for("v20").entry_page("powers") is None


def test_the_check_finds_a_capability_of_the_wrong_shape() -> None:
    """The shape check above can fail: a string where a tuple of strings belongs, a bool for an int."""
    assert not conforms("lethal", tuple[str, ...]) and not conforms(True, int)
    assert not conforms(("a", 1), tuple[str, ...]) and not conforms({"brawl": 1}, Mapping[str, str])
    assert conforms((("Hard", 5),), tuple[tuple[str, int], ...]) and conforms(None, int | None)
