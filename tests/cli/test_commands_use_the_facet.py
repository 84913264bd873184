"""The command line's per-rule-set verbs reach the rules only through ``ruleset_for(id).command_line()``.

``vtm-tui roll|odds v5|v20|ingenuity`` keep their own options (the presentation), but rolling, judging typed
faces, odds and refusals are the rule set's: no module of ``vtm_tui/commands`` imports an engine or picks a rule
set by a chain of capability flags, and the facet answers without the command line around it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from vtm_tui.cli import build_command_parser
from vtm_tui.errors import VtmError
from vtm_tui.rules.command_line import CountedRoll, OddsReport, SheetRoll
from vtm_tui.rules.dice import GivenFaces, SeededDice
from vtm_tui.rules.ruleset import ruleset_for

COMMANDS = Path(__file__).resolve().parents[2] / "vtm_tui" / "commands"
ENGINE = re.compile(r"vtm_tui\.rules\.(v5|v20|ingenuity)\b")
FLAGS = re.compile(r"\b(has_hunger|rolls_sized_dice|willpower_buys_success|has_free_botch)\b")


@pytest.mark.parametrize("path", sorted(COMMANDS.glob("*.py")), ids=lambda path: path.name)
def test_no_command_module_imports_an_engine_or_tests_the_roll_flags(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not ENGINE.search(text), f"commands/{path.name} names an engine: ask ruleset_for(id).command_line()"
    assert not FLAGS.search(text), f"commands/{path.name} picks a rule set by its flags: ask the facet"


class Host:
    """A CommandHost without a chronicle: the dice given, pools counted, no sheet to read."""

    def __init__(self, dice: Any, character: Any = None) -> None:
        self._dice = dice
        self._character = character

    def dice(self) -> Any:
        return self._dice

    def pool(self, text: str, option: str = "--pool") -> tuple[int, str]:
        return int(text), text.strip()

    def count(self, text: str, option: str) -> int:
        return int(text)

    def character(self) -> Any:
        assert self._character is not None, "a counted roll reads no sheet"
        return self._character

    def chronicle_options(self) -> Mapping[str, Any]:
        raise AssertionError("a roll without --chronicle reads no chronicle")

    def free_botch_used(self) -> bool:
        raise AssertionError("a roll without --chronicle reads no log")


def _args(*argv: str) -> Any:
    return build_command_parser().parse_args(list(argv))


@pytest.mark.parametrize(("argv", "faces", "summary"), [
    (("roll", "v5", "--pool", "3", "--hunger", "1"), {"regular": [6, 2], "hunger": [10]}, "2 successes"),
    (("roll", "v20", "--pool", "3", "--difficulty", "7"), [8, 1, 9], "1 success"),
    (("roll", "ingenuity", "--attribute", "d8", "--skill", "d6", "--difficulty", "8"), [5, 4, 11], "→ 9"),
])
def test_a_counted_roll_is_judged_by_the_facet_alone(argv: tuple[str, ...], faces: Any, summary: str) -> None:
    args = _args(*argv)
    result = ruleset_for(args.ruleset).command_line().roll(args, Host(GivenFaces(faces)))
    assert isinstance(result, CountedRoll)
    assert result.outcome.ruleset == args.ruleset and summary in result.outcome.summary()


@pytest.mark.parametrize("argv", [
    ("roll", "v5", "--pool", "Wits + Awareness", "--chronicle", "C", "--character", "Ana"),
    ("roll", "v20", "--pool", "Wits + Alertness", "--chronicle", "C", "--character", "Ana"),
    ("roll", "ingenuity", "--attribute", "Strength", "--skill", "Combat", "--chronicle", "C", "--character", "Ana"),
])
def test_a_characters_roll_of_trait_names_is_handed_to_the_play_layer(argv: tuple[str, ...]) -> None:
    args = _args(*argv)
    ana = SimpleNamespace(name="Ana", ruleset=args.ruleset, traits=lambda: {"Strength": "d10", "Combat": "d8"})
    result = ruleset_for(args.ruleset).command_line().roll(args, Host(SeededDice(1), ana))
    assert isinstance(result, SheetRoll) and "+" in result.pool


@pytest.mark.parametrize("argv", [("odds", "v5", "--pool", "4", "--hunger", "2"), ("odds", "v20", "--pool", "4"),
                                  ("odds", "ingenuity", "--attribute", "d8", "--skill", "d6")])
def test_odds_come_from_the_facet(argv: tuple[str, ...]) -> None:
    args = _args(*argv)
    report = ruleset_for(args.ruleset).command_line().odds(args, Host(SeededDice(1)))
    assert isinstance(report, OddsReport) and report.data and report.text


def test_a_refusal_names_the_option() -> None:
    args = _args("roll", "v5", "--pool", "3", "--reroll", "1", "--faces", "1,2,3")
    with pytest.raises(VtmError, match="--reroll"):
        ruleset_for("v5").command_line().roll(args, Host(SeededDice(1)))
