"""``vtm-tui roll <id>`` and ``odds <id>`` of every registered rule set, made from its declaration.

The declaration is data in the rule set's package (:mod:`vtm_tui.rules.roll_options`: ``OPTIONS`` and
``COMMAND``); this module is the one place that turns it into argparse subcommands and arguments (the roll form
turns the same declaration into its tick boxes). Beyond the declared options, a subcommand takes only the ones every
rule set shares (``--seed``, ``--json``, ``--chronicle``...). What the options mean (rolling, judging, refusals,
odds) is the rule set's ``command_line`` facet (:mod:`vtm_tui.rules.command_line`), reached through
``ruleset_for``; how its answer ends (printed, logged, a character's roll through the play layer) is
:mod:`vtm_tui.commands.ruleset_host`. A new rule set needs no module here.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from vtm_tui.commands.common import (add_chronicle_arguments, add_dice_arguments, add_output_arguments, dice_from_args,
                                     non_negative_int, positive_int)
from vtm_tui.commands.ruleset_host import RuleSetHost, emit_odds, finish_counted
from vtm_tui.errors import VtmError
from vtm_tui.rules.roll_options import RollOption
from vtm_tui.rules.ruleset import ruleset_for


def signed_int(text: str) -> int:
    """argparse type: a whole number, negative allowed (a penalty)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _int_type(option: RollOption) -> Callable[[str], int]:
    base = signed_int if option.low is None else positive_int if option.low >= 1 else non_negative_int

    def convert(text: str) -> int:
        value = base(text)
        if option.high is not None and value > option.high:
            raise argparse.ArgumentTypeError(f"{value} is above {option.high}{option.high_why}")
        return value

    convert.__name__ = option.name  # argparse names the type in "invalid <name> value"
    return convert


def _parsed_type(ruleset: str, option: RollOption) -> Callable[[str], Any]:
    """The rule set's own parser (a ladder name, a size...), loaded when the option is read; its message as is."""

    def convert(text: str) -> Any:
        try:
            return ruleset_for(ruleset).command_line().option(option.parser)(text)
        except VtmError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = option.name
    return convert


def add_declared(parser: argparse.ArgumentParser, ruleset: str, *, odds: bool = False) -> None:
    """Add ``ruleset``'s declared options that have a flag: ``roll <id>``'s, or (``odds``) ``odds <id>``'s."""
    groups: dict[str, Any] = {}
    for option in ruleset_for(ruleset).roll_options():
        if not option.flag or not (option.odds if odds else option.roll):
            continue
        target: Any = parser
        if option.group:
            target = groups.get(option.group) or groups.setdefault(option.group, parser.add_argument_group(option.group))
        kwargs: dict[str, Any] = {"help": option.help, "dest": option.dest}
        if option.metavar:
            kwargs["metavar"] = option.metavar
        if option.required:
            kwargs["required"] = True
        if option.kind == "bool":
            kwargs["action"] = "store_true"
        else:
            if option.kind == "int":
                kwargs["type"] = _int_type(option)
            elif option.kind == "parsed":
                kwargs["type"] = _parsed_type(ruleset, option)
            elif option.kind == "choice":
                kwargs["choices"] = list(option.choices)
            if option.repeat:
                kwargs["action"] = "append"
                kwargs["default"] = []
            elif option.default is not None:
                kwargs["default"] = option.default
        target.add_argument(option.flag, **kwargs)


def add_roll_parser(subparsers: argparse._SubParsersAction, ruleset: str) -> argparse.ArgumentParser:
    """``vtm-tui roll <ruleset>``: its declared options, then the dice, output and chronicle options all share."""
    command = ruleset_for(ruleset).roll_command()
    parser = subparsers.add_parser(ruleset, help=command.help, description=command.roll)
    add_declared(parser, ruleset)
    add_dice_arguments(parser)
    add_output_arguments(parser)
    add_chronicle_arguments(parser)
    parser.set_defaults(func=run_roll)
    return parser


def add_odds_parser(subparsers: argparse._SubParsersAction, ruleset: str) -> argparse.ArgumentParser:
    """``vtm-tui odds <ruleset>``: its declared odds options and the output options."""
    command = ruleset_for(ruleset).roll_command()
    parser = subparsers.add_parser(ruleset, help=command.help, description=command.odds)
    add_declared(parser, ruleset, odds=True)
    add_output_arguments(parser)
    parser.set_defaults(func=run_odds)
    return parser


def run_roll(args: argparse.Namespace) -> int:
    """Roll (or judge typed faces) under ``args.ruleset``: its ``command_line`` facet decides, the host serves it."""
    host = RuleSetHost(args, args.ruleset, lambda: dice_from_args(args))
    return finish_counted(args, args.ruleset, ruleset_for(args.ruleset).command_line().roll(args, host))


def run_odds(args: argparse.Namespace) -> int:
    """The exact odds under ``args.ruleset``, as its ``command_line`` facet computes them."""
    host = RuleSetHost(args, args.ruleset, lambda: dice_from_args(args))
    return emit_odds(args, ruleset_for(args.ruleset).command_line().odds(args, host))
