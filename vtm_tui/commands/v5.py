"""``vtm-tui roll v5`` and ``vtm-tui odds v5``.

``roll`` rolls a pool (or judges faces typed in from physical dice) for every
kind of V5 roll — tests, tracker rolls, Remorse, Frenzy, checks and Rouse
checks — and can apply a Willpower re-roll after it. ``odds`` prints the exact
chance of each result, with and without each re-roll strategy.

This module holds the subcommands only (their options are the rule set's declaration,
``rules/v5/roll_options.py``): what they mean (rolling, judging, refusals, odds) is the rule set's
``command_line`` facet (:mod:`vtm_tui.rules.command_line`), reached through ``ruleset_for``.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import add_chronicle_arguments, add_dice_arguments, add_output_arguments, dice_from_args
from vtm_tui.commands.declared import add_declared
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.ruleset import ruleset_for

#: The rule set this subcommand rolls under (``vtm-tui roll v5``).
RULESET = "v5"


def _rules() -> CommandLine:
    """The V5 command line's rules (:mod:`vtm_tui.rules.command_line`), loaded on first use."""
    return ruleset_for(RULESET).command_line()


def add_roll_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "v5",
        help="Vampire: The Masquerade 5th edition",
        description="Roll a V5 pool, or judge faces typed in from physical dice (0 on the die reads as 10).",
    )
    add_declared(parser, RULESET)  # every option V5's roll declares (rules/v5/roll_options.py)
    add_dice_arguments(parser)
    add_output_arguments(parser)
    add_chronicle_arguments(parser)
    parser.set_defaults(func=run_roll)
    return parser


def add_odds_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "v5",
        help="Vampire: The Masquerade 5th edition",
        description="Exact odds of each V5 result, with and without each Willpower re-roll strategy.",
    )
    add_declared(parser, RULESET, odds=True)
    parser.set_defaults(func=run_odds)
    add_output_arguments(parser)
    return parser


# --- roll and odds: the rules are the rule set's command_line facet (vtm_tui.rules.command_line) -----


def run_roll(args: argparse.Namespace) -> int:
    return finish_counted(args, RULESET, _rules().roll(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))


def run_odds(args: argparse.Namespace) -> int:
    return emit_odds(args, _rules().odds(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))
