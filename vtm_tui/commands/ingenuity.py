"""``vtm-tui roll ingenuity`` and ``vtm-tui odds ingenuity``.

``roll`` rolls an Ingenuity test (or judges faces typed in from physical dice:
``--faces`` for the attribute and skill dice, ``--luck`` for the d20,
``--reroll-faces`` for the advantage/disadvantage re-rolls in the order the
engine asks for them). ``--passive`` decides the test without dice and
``--luck-test`` rolls the luck die alone. ``odds`` prints the exact chance of
success and the distribution of results, luck and re-rolls included.

This module holds the options only: what they mean (rolling, judging, refusals, odds) is the rule set's
``command_line`` facet (:mod:`vtm_tui.rules.command_line`), reached through ``ruleset_for``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from vtm_tui.commands.common import (
    add_chronicle_arguments,
    add_dice_arguments,
    add_output_arguments,
    dice_from_args,
    non_negative_int,
)
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ruleset import ruleset_for

#: The rule set this subcommand rolls under (``vtm-tui roll ingenuity``).
RULESET = "ingenuity"


def _rules() -> CommandLine:
    """The Ingenuity command line's rules (:mod:`vtm_tui.rules.command_line`), loaded on first use."""
    return ruleset_for(RULESET).command_line()


def _argument_type(parser: str, name: str) -> Callable[[str], Any]:
    """Wrap the rules' parser ``parser`` (loaded when an option is read) as an argparse type, so its message
    reaches the user as it is."""

    def convert(text: str) -> Any:
        try:
            return _rules().option(parser)(text)
        except RulesError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = name
    return convert


difficulty_value = _argument_type("parse_difficulty", "difficulty")
size_value = _argument_type("parse_size", "size")


def proficiency_bonus(text: str) -> int:
    """argparse type: the one proficiency bonus, 0-4."""
    value = non_negative_int(text)
    if value > _rules().option("max_proficiency"):
        raise argparse.ArgumentTypeError(f"{value} is above {_rules().option('max_proficiency')}: "
                                         "a proficiency adds +1 to +4")
    return value


def sources(text: str) -> int:
    """argparse type: a count of advantage or disadvantage sources."""
    value = non_negative_int(text)
    if value > _rules().option("max_sources"):
        raise argparse.ArgumentTypeError(f"{value} is above {_rules().option('max_sources')} sources")
    return value


def _add_test_arguments(parser: argparse.ArgumentParser, *, attribute_required: bool) -> None:
    named = " (or its name on --character's sheet)" if not attribute_required else ""
    parser.add_argument("--attribute", required=attribute_required, metavar="DIE",
                        help=f"the attribute's die: d4, d6, d8, d10 or d12{named}")  # fmt: skip
    parser.add_argument("--skill", default="d4", metavar="DIE",
                        help=f"the skill's die (default d4: untrained){named}")  # fmt: skip
    parser.add_argument("--bonus", type=proficiency_bonus, default=0, metavar="B",
                        help="one proficiency's bonus, 0-4")  # fmt: skip
    parser.add_argument("--difficulty", type=difficulty_value, metavar="D",
                        help="a number or a ladder name (Simple 4 ... Improbable 24); none: total only")  # fmt: skip
    parser.add_argument("--advantage", type=sources, default=0, metavar="N",
                        help="sources of advantage (pairs with disadvantage cancel)")  # fmt: skip
    parser.add_argument("--disadvantage", type=sources, default=0, metavar="M", help="sources of disadvantage")
    parser.add_argument("--assist", type=non_negative_int, action="append", default=[], metavar="TOTAL",
                        help="a helper's result (repeat for several; only the best bonus counts)")  # fmt: skip
    parser.add_argument("--size", type=size_value, metavar="SIZE",
                        help="this side's size in a contest (1-12 or a name such as Medium)")  # fmt: skip
    parser.add_argument("--opponent-size", type=size_value, metavar="SIZE",
                        help="the other side's size; the smaller side adds the difference")  # fmt: skip
    parser.add_argument("--passive", action="store_true", help="a passive test: half of each die, no luck die")


def add_roll_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "ingenuity",
        help="the Ingenuity system (step dice and a luck die)",
        description="Roll an Ingenuity test, or judge faces typed in from physical dice.",
    )
    _add_test_arguments(parser, attribute_required=False)
    given = parser.add_argument_group("typed-in dice")
    given.add_argument("--faces", metavar="A,S", help="the attribute and skill dice as rolled")
    given.add_argument("--luck", type=non_negative_int, metavar="L", help="the luck die (d20) as rolled")
    given.add_argument("--reroll-faces", metavar="F,...",
                       help="advantage/disadvantage re-rolls as rolled, in the order the engine asks")  # fmt: skip
    given.add_argument("--pick", metavar="DIE,...",
                       help="pick the die for each advantage re-roll by hand: attribute or skill")  # fmt: skip
    luck = parser.add_argument_group("luck test")
    luck.add_argument("--luck-test", action="store_true", help="roll the luck die alone (no attribute or skill)")
    luck.add_argument("--luck-target", type=non_negative_int, default=20, metavar="N",
                      help="the face a luck test needs (default 20)")  # fmt: skip
    add_dice_arguments(parser)
    add_output_arguments(parser)
    add_chronicle_arguments(parser)
    parser.set_defaults(func=run_roll)
    return parser


def add_odds_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "ingenuity",
        help="the Ingenuity system (step dice and a luck die)",
        description="Exact chance of success and of every result, luck and re-rolls included.",
    )
    _add_test_arguments(parser, attribute_required=True)
    add_output_arguments(parser)
    parser.set_defaults(func=run_odds)
    return parser


# --- roll and odds: the rules are the rule set's command_line facet (vtm_tui.rules.command_line) -----


def run_roll(args: argparse.Namespace) -> int:
    return finish_counted(args, RULESET, _rules().roll(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))


def run_odds(args: argparse.Namespace) -> int:
    return emit_odds(args, _rules().odds(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))
