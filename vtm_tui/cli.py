"""The ``vtm-tui`` command: the app by default, plus ``roll``, ``odds`` and the chronicle verbs.

Textual is imported only when the app is opened, so ``vtm-tui roll`` answers as
fast as Python starts. Bad input exits with status 2 and a single line on
stderr (argparse's usage block is suppressed), never a traceback; an unexpected
error exits with status 1 and one line naming a report in the user log folder
(:mod:`vtm_tui.crash`).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, NoReturn

from vtm_tui import __version__
from vtm_tui.errors import VtmError
from vtm_tui.terminal_text import guarded

if TYPE_CHECKING:
    import argparse

#: The verb modules under ``vtm_tui.commands``; each has ``register(subparsers)`` (``roll``/``odds`` are
#: :mod:`vtm_tui.commands.declared`, one subcommand per registered rule set).
VERB_COMMANDS: tuple[str, ...] = ("new", "session", "log", "serve", "ask", "note", "ledger", "blood", "xp", "import_",
                                   "export", "sheet")


#: How to open the app, said by ``vtm-tui --help`` as well as by the app's own parser (a newcomer's first look).
APP_USAGE = "vtm-tui [PATH] [--campaigns DIR] [--player NAME] [--seed N]\n       vtm-tui COMMAND [options]"
APP_HELP = """Run Vampire: The Masquerade sessions.

Open the app (keys: ? on any screen):
  vtm-tui                  pick a chronicle from the campaigns folder: --campaigns DIR,
                           else $VTM_TUI_CAMPAIGNS, else ./campaigns, else the user data folder
  vtm-tui PATH             open the chronicle folder PATH
  --campaigns DIR          the folder of chronicles to pick from
  --player NAME            a player's seat: only the characters whose player field is NAME
                           (for an SSH forced command)
  --seed N                 seed the dice (repeatable sessions, demos)

Commands for scripts (each has --help):"""


@functools.cache
def _one_line_parser() -> type[argparse.ArgumentParser]:
    """The parser class (argparse is imported here: opening the app with plain arguments never needs it)."""
    import argparse

    class OneLineParser(argparse.ArgumentParser):
        """An ArgumentParser whose errors are one line on stderr and exit status 2."""

        #: An error quoting a 5,000-character argument is cut to this many characters.
        MAX_MESSAGE = 300

        def error(self, message: str) -> NoReturn:
            message = " ".join(message.split())
            if len(message) > self.MAX_MESSAGE:
                message = message[: self.MAX_MESSAGE - 1] + "…"
            self.exit(2, f"{self.prog}: error: {message}\n")

    return OneLineParser


def _load_command_module(name: str):
    """Import the verb module ``vtm_tui.commands.<name>``; one not built yet is simply absent."""
    module_name = f"vtm_tui.commands.{name}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise


def build_command_parser() -> argparse.ArgumentParser:
    """The parser for the sub-commands (everything except opening the app)."""
    import argparse

    parser = _one_line_parser()(prog="vtm-tui", usage=APP_USAGE, description=APP_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"vtm-tui {__version__}")
    verbs = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, prog="vtm-tui")
    roll = verbs.add_parser("roll", help="roll (or judge typed faces) under a rule set")
    odds = verbs.add_parser("odds", help="exact odds of each result under a rule set")
    roll_sets = roll.add_subparsers(dest="ruleset", metavar="RULESET", required=True)
    odds_sets = odds.add_subparsers(dest="ruleset", metavar="RULESET", required=True)
    from vtm_tui.commands import declared  # one generic subcommand per registered rule set, from its declaration
    from vtm_tui.rules.base import RULESETS

    for ruleset in RULESETS:
        declared.add_roll_parser(roll_sets, ruleset)
        declared.add_odds_parser(odds_sets, ruleset)
    for name in VERB_COMMANDS:
        module = _load_command_module(name)
        if module is not None:
            module.register(verbs)
    return parser


def build_app_parser() -> argparse.ArgumentParser:
    """The parser for opening the app: ``vtm-tui [PATH] [options]``."""
    parser = _one_line_parser()(
        prog="vtm-tui",
        usage=APP_USAGE,
        description="Open the storyteller's app; see 'vtm-tui --help' for everything, 'vtm-tui roll --help' "
                    "and friends for scripts.",
        epilog="commands: roll, odds, " + ", ".join(v.rstrip("_") for v in VERB_COMMANDS) if VERB_COMMANDS else None,
    )
    parser.add_argument("path", nargs="?", help="a chronicle folder (default: pick one)")
    parser.add_argument("--campaigns", metavar="DIR", help="the folder of chronicles to pick from")
    parser.add_argument("--player", metavar="NAME", help="open a player's seat: the characters whose player is NAME")
    parser.add_argument("--seed", metavar="N", type=int, help="seed the dice (repeatable sessions, demos)")
    parser.add_argument("--version", action="version", version=f"vtm-tui {__version__}")
    return parser


#: The app's options that take a value, and the attribute each sets (as :func:`build_app_parser` names them).
APP_OPTIONS = {"--campaigns": "campaigns", "--player": "player", "--seed": "seed"}


def parse_app_args(argv: Sequence[str]) -> SimpleNamespace | None:
    """What :func:`build_app_parser` makes of ``argv`` when it is plain (at most one PATH, each option once
    with a value, ``--seed`` in digits), without argparse; None for anything else, which argparse then parses
    and explains (help, version, mistakes, abbreviations). Building that parser and importing argparse were
    about 2 % of the app's start on a terminal (``python -m benchmarks startup``)."""
    found: dict[str, object] = {"path": None, "campaigns": None, "player": None, "seed": None}
    given: set[str] = set()
    tokens = list(argv)
    while tokens:
        token = tokens.pop(0)
        option, equals, value = token.partition("=")
        if not token.startswith("-"):
            name, value = "path", token
        elif option in APP_OPTIONS and equals:
            name = APP_OPTIONS[option]
        elif token in APP_OPTIONS and tokens and not tokens[0].startswith("-"):
            name, value = APP_OPTIONS[token], tokens.pop(0)
        else:
            return None
        if name in given or not value:
            return None
        if name == "seed":
            if not (value.isascii() and value.isdigit()):
                return None
            found[name] = int(value)
        else:
            found[name] = value
        given.add(name)
    return SimpleNamespace(**found)


def _is_command(argv: Sequence[str]) -> bool:
    return bool(argv) and argv[0] in {"roll", "odds", "-h", "--help", *(v.rstrip("_") for v in VERB_COMMANDS)}


def run_app(args: argparse.Namespace | SimpleNamespace) -> int:
    """Open the Textual app (imported here so scripts never pay for Textual).

    The cyclic garbage collector is off until the first screen is painted (the app turns it back on
    and freezes what start-up built): importing Textual and building the first screen allocate so many
    long-lived objects that its full passes took 70-100 ms of a start of about 700 ms.
    """
    import gc

    gc.disable()
    try:
        from vtm_tui.ui.app import run

        return run(args)
    finally:
        gc.enable()


def _use_example_copies(args: argparse.Namespace) -> None:
    """A verb given a vtm-tui checkout's example works on the same copy the app opens (see store.examples)."""
    for field in ("path", "chronicle"):
        value = getattr(args, field, None)
        if not isinstance(value, str) or not value:
            continue
        from vtm_tui.store.examples import redirect

        moved = redirect(value, None)
        if moved is not None and moved.path is not None:
            print(f"vtm-tui: {moved.notice}", file=sys.stderr)
            setattr(args, field, str(moved.path))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``vtm-tui`` script and ``python -m vtm_tui``.

    Whatever it prints goes through :mod:`vtm_tui.terminal_text` (a name holding an escape sequence is written
    as ``\\u001b...``, never obeyed); the app draws through its own filter and Textual's own streams."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = guarded(sys.stdout), guarded(sys.stderr)
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    finally:
        sys.stdout, sys.stderr = streams


def _main(args_list: list[str]) -> int:
    try:
        if _is_command(args_list):
            args = build_command_parser().parse_args(args_list)
            _use_example_copies(args)
            return int(args.func(args) or 0)
        return run_app(parse_app_args(args_list) or build_app_parser().parse_args(args_list))
    except VtmError as exc:
        print(f"vtm-tui: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"vtm-tui: error: {exc.strerror or exc} ({exc.filename or 'file'})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - anything else is a bug: a report file, one line, no traceback
        from vtm_tui.crash import report_crash

        print(report_crash(exc), file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
