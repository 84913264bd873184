"""``vtm-tui roll v5`` and ``vtm-tui odds v5``.

``roll`` rolls a pool (or judges faces typed in from physical dice) for every
kind of V5 roll — tests, tracker rolls, Remorse, Frenzy, checks and Rouse
checks — and can apply a Willpower re-roll after it. ``odds`` prints the exact
chance of each result, with and without each re-roll strategy.

This module holds the options only: what they mean (rolling, judging, refusals, odds) is the rule set's
``command_line`` facet (:mod:`vtm_tui.rules.command_line`), reached through ``ruleset_for``.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import (
    add_chronicle_arguments,
    add_dice_arguments,
    add_output_arguments,
    dice_from_args,
    non_negative_int,
)
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.ruleset import ruleset_for

#: The rule set this subcommand rolls under (``vtm-tui roll v5``).
RULESET = "v5"


def _rules() -> CommandLine:
    """The V5 command line's rules (:mod:`vtm_tui.rules.command_line`), loaded on first use."""
    return ruleset_for(RULESET).command_line()


def hunger_value(text: str) -> int:
    """argparse type: Hunger 0-5."""
    value = non_negative_int(text)
    max_hunger = _rules().option("max_hunger")
    if value > max_hunger:
        raise argparse.ArgumentTypeError(f"{value} is above {max_hunger}: Hunger is 0-{max_hunger}")
    return value


def signed_int(text: str) -> int:
    """argparse type: a whole number, negative allowed (a penalty)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _add_pool_arguments(parser: argparse.ArgumentParser, *, pool_help: str) -> None:
    parser.add_argument("--pool", help=pool_help)
    parser.add_argument("--hunger", type=hunger_value,
                        help="current Hunger, 0-5 (default: --character's sheet, else 0)")
    parser.add_argument(
        "--difficulty", type=non_negative_int, help="successes needed (default 0: no Difficulty, any success wins)"
    )
    parser.add_argument("--mortal", action="store_true", help="a mortal or ghoul: no Hunger dice")
    parser.add_argument("--specialty", type=non_negative_int, default=0, metavar="N", help="applicable specialties (+1 die each)")
    parser.add_argument("--modifier", type=signed_int, default=0, metavar="N", help="ad-hoc dice modifier (warned beyond ±3)")
    parser.add_argument(
        "--difficulty-modifier", type=signed_int, default=0, metavar="N", help="ad-hoc Difficulty modifier (warned beyond ±2)"
    )


def add_roll_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "v5",
        help="Vampire: The Masquerade 5th edition",
        description="Roll a V5 pool, or judge faces typed in from physical dice (0 on the die reads as 10).",
    )
    _add_pool_arguments(parser, pool_help="dice, or trait names with --chronicle/--character (e.g. 'Wits + Awareness')")
    parser.add_argument(
        "--kind", choices=list(_rules().option("kinds")), default=_rules().option("default_kind"),
        help="test (default), tracker (Willpower/Humanity roll), remorse, frenzy, check, rouse",
    )
    parser.add_argument("--faces", metavar="A,B,...", help="the regular dice as rolled (a check's die or dice)")
    parser.add_argument("--hunger-faces", metavar="C,...", help="the Hunger dice as rolled")
    parser.add_argument(
        "--reroll", metavar="STRATEGY|POSITIONS",
        help=f"spend Willpower after the roll: {', '.join(_rules().option('reroll_strategies'))}, or regular dice by position (e.g. 1,3)",
    )
    parser.add_argument("--reroll-faces", metavar="A,...", help="the re-rolled dice as rolled (with --faces)")
    parser.add_argument("--automatic", action="store_true", help="take the automatic win (pool ≥ 2 × Difficulty)")
    rouse = parser.add_argument_group("rouse checks")
    rouse.add_argument("--rouse-reroll", action="store_true", help="a power grants a re-roll: two dice, keep the better")
    rouse.add_argument("--forced", action="store_true", help="a Rouse the vampire cannot refuse (allowed at Hunger 5)")
    rouse.add_argument("--awakening", action="store_true", help="the Rouse on awakening (at Hunger 5, failure is torpor)")
    tracked = parser.add_argument_group("remorse and frenzy")
    tracked.add_argument("--humanity", type=non_negative_int, help="Humanity (remorse; frenzy with --willpower)")
    tracked.add_argument("--stains", type=non_negative_int, default=0, help="stains (remorse)")
    tracked.add_argument("--willpower", type=non_negative_int, help="undamaged Willpower (frenzy pool with --humanity)")
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
    _add_pool_arguments(parser, pool_help="dice in the pool (1-30 is the usual range)")
    add_output_arguments(parser)
    parser.set_defaults(func=run_odds)
    return parser


# --- roll and odds: the rules are the rule set's command_line facet (vtm_tui.rules.command_line) -----


def run_roll(args: argparse.Namespace) -> int:
    return finish_counted(args, RULESET, _rules().roll(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))


def run_odds(args: argparse.Namespace) -> int:
    return emit_odds(args, _rules().odds(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))
