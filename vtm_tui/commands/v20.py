"""``vtm-tui roll v20`` and ``vtm-tui odds v20``: the Revised / V20 rules from a shell.

``roll`` rolls a pool (or judges faces typed in from physical dice) against a
Difficulty, with specialty, Willpower, wounds, trying again, the automatic
success and the free botch; ``odds`` prints the exact chance of each result,
the distribution of net successes, for an extended action the chance to reach
the target within a number of rolls, and for a resisted action the chance of
each side winning. With ``--chronicle``, a roll follows that chronicle's house
rules and its session's free botch. Bad input raises a VtmError, which
the CLI prints on one line with exit status 2.

This module holds the subcommands only (their options are the rule set's declaration,
``rules/v20/roll_options.py``): what they mean (rolling, judging, refusals, odds) is the rule set's
``command_line`` facet (:mod:`vtm_tui.rules.command_line`), reached through ``ruleset_for``.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import add_chronicle_arguments, add_dice_arguments, add_output_arguments, dice_from_args
from vtm_tui.commands.declared import add_declared
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.ruleset import ruleset_for

#: The rule set this subcommand rolls under (``vtm-tui roll v20``).
RULESET = "v20"


def _rules() -> CommandLine:
    """The V20 command line's rules (:mod:`vtm_tui.rules.command_line`), loaded on first use."""
    return ruleset_for(RULESET).command_line()


def add_roll_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "v20",
        help="Vampire: The Masquerade Revised / 20th anniversary",
        description="Roll a V20 pool, or judge faces rolled on physical dice.",
    )
    add_declared(parser, RULESET)  # every option V20's roll declares (rules/v20/roll_options.py)
    add_output_arguments(parser)
    add_dice_arguments(parser)
    add_chronicle_arguments(parser)
    parser.set_defaults(func=run_roll)
    return parser


def add_odds_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "v20",
        help="Vampire: The Masquerade Revised / 20th anniversary",
        description="Exact odds of a V20 roll, and of an extended action.",
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
