"""What every rule set's ``roll``/``odds`` command shares, so none of them copies it.

- argument types that refuse negative or non-numeric numbers with a clear message;
- the dice source chosen by ``--seed`` (seeded) or not (system randomness);
- ``--json`` output versus the one human line of :meth:`Outcome.summary`;
- ``--chronicle/--character/--secret/--comment``: a pool typed as trait names is
  resolved against the character's sheet, and the judged roll is appended to the
  chronicle's current session log. That part lives in
  :mod:`vtm_tui.commands.chronicle` (the store layer), imported only when used.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource, SeededDice, SystemDice
from vtm_tui.rules.numbers import read_whole, shorten


def non_negative_int(text: str) -> int:
    """argparse type: a whole number ≥ 0."""
    try:
        value = read_whole(text)
    except VtmError:
        raise argparse.ArgumentTypeError(f"{shorten(text.strip())!r} is not a whole number (at most 6 digits)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; use 0 or more")
    return value


def positive_int(text: str) -> int:
    """argparse type: a whole number ≥ 1."""
    value = non_negative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """``--json`` for every roll and odds command."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def add_dice_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seed`` for every roll command."""
    parser.add_argument("--seed", type=int, help="seed the dice so the roll can be repeated")


def add_chronicle_arguments(parser: argparse.ArgumentParser) -> None:
    """Options that log a roll in a chronicle and take pools from a character's sheet."""
    group = parser.add_argument_group("chronicle")
    group.add_argument("--chronicle", metavar="PATH", help="append the roll to this chronicle's session log")
    group.add_argument("--character", metavar="NAME", help="the character who rolls (pools by trait name)")
    group.add_argument("--secret", action="store_true", help="the Difficulty is hidden from players")
    group.add_argument("--comment", metavar="TEXT", help="a note kept with the logged roll")
    group.add_argument("--st-comment", metavar="TEXT", dest="st_comment",
                       help="a note only the storyteller reads: never shown on a player's seat or export")


def dice_from_args(args: argparse.Namespace) -> DiceSource:
    """Seeded dice when ``--seed`` is given, else fair system dice."""
    seed = getattr(args, "seed", None)
    return SeededDice(seed) if seed is not None else SystemDice()


def pool_from_args(args: argparse.Namespace, text: str, *, option: str = "--pool") -> tuple[int, str]:
    """A pool given as a number, or as trait names from ``--character``'s sheet.

    Returns ``(dice, description)``. A number needs nothing else; an expression
    such as ``"Wits + Awareness"`` needs ``--chronicle`` and ``--character``.
    """
    stripped = text.strip()
    if stripped.lstrip("-").isdecimal():  # not isdigit: int() refuses "²"
        value = read_whole(stripped, option)
        if value < 0:
            raise VtmError(f"{option} {value} is negative; use 0 or more")
        return value, str(value)
    if not getattr(args, "chronicle", None) or not getattr(args, "character", None):
        raise VtmError(f"{option} {text!r}: a pool of trait names needs --chronicle and --character")
    from vtm_tui.commands.chronicle import character_pool

    return character_pool(args.chronicle, args.character, stripped)


def emit(args: argparse.Namespace, data: dict[str, Any], human: str) -> None:
    """Print ``data`` as one JSON object with ``--json``, else the human line."""
    if getattr(args, "json", False):
        json.dump(data, sys.stdout, ensure_ascii=False, sort_keys=True)
        sys.stdout.write("\n")
    else:
        print(human)


#: The options that give faces typed from physical dice (any rule set's): such a logged roll is marked typed.
TYPED_FACE_OPTIONS = ("faces", "hunger_faces", "reroll_faces", "rouse_faces", "luck")


def finish_roll(args: argparse.Namespace, outcome: Outcome, *, pool: str, difficulty: int | None) -> int:
    """Log the roll when ``--chronicle`` is given, then print it; returns the exit status."""
    data = outcome.to_dict()
    if getattr(args, "st_comment", None) and not getattr(args, "chronicle", None):
        raise VtmError("--st-comment is kept in a chronicle's log: give --chronicle PATH (and --character)")
    if getattr(args, "chronicle", None):
        from vtm_tui.commands.chronicle import record_roll

        entry_id = record_roll(
            args.chronicle,
            outcome,
            character=getattr(args, "character", None),
            pool=pool,
            difficulty=difficulty,
            secret=bool(getattr(args, "secret", False)),
            comment=getattr(args, "comment", None) or "",
            storyteller_comment=getattr(args, "st_comment", None) or "",
            typed=any(getattr(args, name, None) is not None for name in TYPED_FACE_OPTIONS),
        )
        data["logged"] = entry_id
    emit(args, data, outcome.summary())
    return 0
