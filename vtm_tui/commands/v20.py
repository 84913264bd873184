"""``vtm-tui roll v20`` and ``vtm-tui odds v20``: the Revised / V20 rules from a shell.

``roll`` rolls a pool (or judges faces typed in from physical dice) against a
Difficulty, with specialty, Willpower, wounds, trying again, the automatic
success and the free botch; ``odds`` prints the exact chance of each result,
the distribution of net successes, for an extended action the chance to reach
the target within a number of rolls, and for a resisted action the chance of
each side winning. With ``--chronicle``, a roll follows that chronicle's house
rules and its session's free botch. Bad input raises a VtmError, which
the CLI prints on one line with exit status 2.

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
    positive_int,
)
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.rules.command_line import CommandLine
from vtm_tui.rules.ruleset import ruleset_for

#: The rule set this subcommand rolls under (``vtm-tui roll v20``).
RULESET = "v20"


def _rules() -> CommandLine:
    """The V20 command line's rules (:mod:`vtm_tui.rules.command_line`), loaded on first use."""
    return ruleset_for(RULESET).command_line()


def whole_number(text: str) -> int:
    """argparse type: any whole number (range checks are the engine's, with its message)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--difficulty", type=whole_number, default=_rules().option("default_difficulty"), metavar="D",
        help="target number for each die, 2-10 (default 6)",
    )
    parser.add_argument("--specialty", action="store_true", help="a specialty applies: a 10 counts two successes")
    parser.add_argument("--willpower", action="store_true", help="spend Willpower: one success 1s cannot cancel")
    parser.add_argument("--wounds", type=non_negative_int, metavar="N",
                        help="dice lost to the wound penalty (Hurt 1, Wounded 2, Crippled 5); "
                             "with --character, the sheet's health levels unless this is given")
    parser.add_argument("--modifier", type=whole_number, default=0, metavar="N", help="ad-hoc dice added or removed")
    parser.add_argument("--attempt", type=positive_int, default=1, metavar="N",
                        help="trying again: attempt N is Difficulty +N-1 (impossible above 10)")
    parser.add_argument("--no-specialty-doubling", action="store_true",
                        help="house rule: a specialty 10 counts one success only")
    parser.add_argument("--free-botch", action="store_true",
                        help="house rule: this session's free botch is unused, so a botch counts as a failure "
                             "(with --chronicle, the chronicle's option and session log decide unless this is given)")
    add_output_arguments(parser)


def add_roll_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "v20",
        help="Vampire: The Masquerade Revised / 20th anniversary",
        description="Roll a V20 pool, or judge faces rolled on physical dice.",
    )
    parser.add_argument("--pool",
                        help="dice to roll: a number, or trait names with --chronicle and --character "
                             "(frenzy, rotschreck, degeneration: the character's Virtue unless given)")
    parser.add_argument("--kind", choices=list(_rules().option("kinds")), default=_rules().option("default_kind"),
                        help="test (default); damage and soak (cannot botch); frenzy (Self-Control or Instinct), "
                             "rotschreck (Courage), degeneration (Conscience or Conviction: a failure costs a dot "
                             "of Humanity/Path, applied with --chronicle and --character)")
    _add_common_arguments(parser)
    parser.add_argument("--ones-do-not-cancel", action="store_true",
                        help="house rule: 1s do not cancel successes on damage and soak rolls "
                             "(with --chronicle, its damage_ones_do_not_cancel option unless this is given)")
    parser.add_argument("--faces", metavar="F,F,...", help="judge these d10 faces instead of rolling (0 means 10)")
    parser.add_argument("--automatic", action="store_true",
                        help="take an automatic (marginal) success without rolling: pool must reach the Difficulty")
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
    parser.add_argument("--pool", type=non_negative_int, required=True, metavar="N", help="dice in the pool")
    parser.add_argument("--kind", choices=list(_rules().option("kinds")), default=_rules().option("default_kind"),
                        help="test (default); damage and soak cannot botch; frenzy, rotschreck, degeneration")
    _add_common_arguments(parser)
    parser.add_argument("--ones-do-not-cancel", action="store_true",
                        help="house rule: 1s do not cancel successes on damage and soak rolls")
    parser.add_argument("--extended-target", type=positive_int, metavar="T",
                        help="extended action: successes needed (with --rolls)")
    parser.add_argument("--rolls", type=positive_int, metavar="N", help="extended action: rolls allowed")
    parser.add_argument("--botch", choices=_rules().option("extended_botch_rules"),
                        default=_rules().option("default_extended_botch_rule"),
                        help="extended action: a botch restarts the tally (default) or fails it")
    parser.add_argument("--against", type=non_negative_int, metavar="N",
                        help="resisted action: the opponent's pool")
    parser.add_argument("--against-difficulty", type=whole_number, metavar="D",
                        help="resisted action: the opponent's Difficulty (default: --difficulty)")
    parser.set_defaults(func=run_odds)
    return parser


# --- roll and odds: the rules are the rule set's command_line facet (vtm_tui.rules.command_line) -----


def run_roll(args: argparse.Namespace) -> int:
    return finish_counted(args, RULESET, _rules().roll(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))


def run_odds(args: argparse.Namespace) -> int:
    return emit_odds(args, _rules().odds(args, RuleSetHost(args, RULESET, lambda: dice_from_args(args))))
