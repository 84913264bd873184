"""``vtm-tui roll ingenuity`` and ``vtm-tui odds ingenuity``.

``roll`` rolls an Ingenuity test (or judges faces typed in from physical dice:
``--faces`` for the attribute and skill dice, ``--luck`` for the d20,
``--reroll-faces`` for the advantage/disadvantage re-rolls in the order the
engine asks for them). ``--passive`` decides the test without dice and
``--luck-test`` rolls the luck die alone. ``odds`` prints the exact chance of
success and the distribution of results, luck and re-rolls included.

This module holds the subcommands only (their options are the rule set's declaration,
``rules/ingenuity/roll_options.py``): what they mean (rolling, judging, refusals, odds) is the rule set's
``command_line`` facet (:mod:`vtm_tui.rules.command_line`), reached through ``ruleset_for``.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import add_chronicle_arguments, add_dice_arguments, add_output_arguments, dice_from_args
from vtm_tui.commands.declared import add_declared
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.ruleset import ruleset_for

#: The rule set this subcommand rolls under (``vtm-tui roll ingenuity``).
RULESET = "ingenuity"


def _rules() -> CommandLine:
    """The Ingenuity command line's rules (:mod:`vtm_tui.rules.command_line`), loaded on first use."""
    return ruleset_for(RULESET).command_line()


def add_roll_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "ingenuity",
        help="the Ingenuity system (step dice and a luck die)",
        description="Roll an Ingenuity test, or judge faces typed in from physical dice.",
    )
    add_declared(parser, RULESET)  # every option Ingenuity's roll declares (rules/ingenuity/roll_options.py)
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
    add_declared(parser, RULESET, odds=True)
    add_output_arguments(parser)
    parser.set_defaults(func=run_odds)
    return parser


# --- roll and odds: the rules are the rule set's command_line facet (vtm_tui.rules.command_line) -----


def run_roll(args: argparse.Namespace) -> int:
    return finish_counted(args, RULESET, _rules().roll(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))


def run_odds(args: argparse.Namespace) -> int:
    return emit_odds(args, _rules().odds(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))
