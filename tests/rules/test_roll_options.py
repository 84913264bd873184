"""One declaration per rule set: ``vtm-tui roll <id>``'s options and the roll form's boxes are made from it."""

from __future__ import annotations

import argparse
from dataclasses import replace

import pytest

from vtm_tui.cli import build_command_parser
from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.roll_options import OPTION_KINDS, ROLL_OPTION_FIELDS, RollOption, RollOptions, form_ticks
from vtm_tui.rules.ruleset import ruleset_for

#: Options every rule set's roll shares, added by the command line itself (not a rule set's to declare).
SHARED = {"-h", "--help", "--seed", "--json", "--chronicle", "--character", "--secret", "--comment", "--st-comment"}


def _subcommand(verb: str, ruleset: str) -> argparse.ArgumentParser:
    parser = build_command_parser()
    verbs = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    sets = next(action for action in verbs.choices[verb]._actions if isinstance(action, argparse._SubParsersAction))
    return sets.choices[ruleset]


def _flags(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_flag_of_roll_and_odds_is_the_rule_sets_declaration(ruleset: str) -> None:
    declared = ruleset_for(ruleset).roll_options()
    assert declared and all(item.kind in OPTION_KINDS for item in declared)
    for verb, wanted in (("roll", lambda item: item.roll), ("odds", lambda item: item.odds)):
        flags = _flags(_subcommand(verb, ruleset)) - SHARED
        assert flags == {item.flag for item in declared if item.flag and wanted(item)}, verb


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_form_box_sets_a_field_of_the_one_typed_value(ruleset: str) -> None:
    for item in ruleset_for(ruleset).roll_options():
        if item.label:
            assert item.kind == "bool" and item.name in ROLL_OPTION_FIELDS, item


def test_the_form_shows_the_declared_boxes_of_its_kind() -> None:
    v5 = ruleset_for("v5").roll_options()
    assert [item.field_id for item in form_ticks(v5, "test", vampire=True)] == ["surge"]
    assert form_ticks(v5, "test", vampire=False) == ()  # a mortal has no Blood Surge
    assert [item.field_id for item in form_ticks(v5, "rouse", vampire=True)] == ["forced", "rouse-reroll"]
    assert [item.field_id for item in form_ticks(ruleset_for("v20").roll_options(), "test", vampire=True)] == [
        "willpower"]
    assert form_ticks(ruleset_for("v20").roll_options(), "soak", vampire=True) == ()


def test_one_new_declared_option_reaches_the_command_line_and_the_form(monkeypatch) -> None:
    """Declared once, an option is a flag of ``roll v5`` and a box of V5's form, with nothing else to write."""
    rules = ruleset_for("v5")
    extra = RollOption("passive", "bool", "a test that rolls no dice", flag="--quiet-test", label="Quiet",
                       kinds=("test",))
    declared = rules.roll_options() + (extra,)
    monkeypatch.setattr(type(rules), "roll_options", lambda self: declared)
    assert "--quiet-test" in _flags(_subcommand("roll", "v5"))
    assert "--quiet-test" not in _flags(_subcommand("odds", "v5"))
    assert [item.field_id for item in form_ticks(rules.roll_options(), "test", vampire=False)] == ["passive"]


def test_the_typed_value_is_what_make_request_took_as_keywords() -> None:
    assert ROLL_OPTION_FIELDS[:2] == ("pool", "kind")
    assert {"surge", "voluntary", "rouse_reroll", "willpower", "wounds", "picks"} <= set(ROLL_OPTION_FIELDS)
    assert replace(RollOptions(), surge=True) == RollOptions(surge=True)
