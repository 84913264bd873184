"""``vtm-tui roll ingenuity`` and ``vtm-tui odds ingenuity``.

``roll`` rolls an Ingenuity test (or judges faces typed in from physical dice:
``--faces`` for the attribute and skill dice, ``--luck`` for the d20,
``--reroll-faces`` for the advantage/disadvantage re-rolls in the order the
engine asks for them). ``--passive`` decides the test without dice and
``--luck-test`` rolls the luck die alone. ``odds`` prints the exact chance of
success and the distribution of results, luck and re-rolls included.
"""

from __future__ import annotations

import argparse
import re

from vtm_tui.commands.common import (
    add_chronicle_arguments,
    add_dice_arguments,
    add_output_arguments,
    dice_from_args,
    emit,
    finish_roll,
    non_negative_int,
)
from vtm_tui.errors import VtmError
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.advantage import MAX_SOURCES, RerollFaceError
from vtm_tui.rules.ingenuity.contests import best_assist
from vtm_tui.rules.ingenuity.dice import LUCK_SIDES, StepDie, check_luck_face, parse_die
from vtm_tui.rules.ingenuity.difficulty import Difficulty, parse_difficulty
from vtm_tui.rules.ingenuity.exact_odds import odds
from vtm_tui.rules.ingenuity.results import IngenuityOutcome
from vtm_tui.rules.ingenuity.rolling import MAX_PROFICIENCY, judge, judge_luck, luck_test, roll
from vtm_tui.rules.ingenuity.sizes import parse_size, size_bonus
from vtm_tui.rules.ruleset import ruleset_for


def _argument_type(parse, name: str):
    """Wrap a rules parser as an argparse type, so its message reaches the user as it is."""

    def convert(text: str):
        try:
            return parse(text)
        except RulesError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = name
    return convert


difficulty_value = _argument_type(parse_difficulty, "difficulty")
size_value = _argument_type(parse_size, "size")


def proficiency_bonus(text: str) -> int:
    """argparse type: the one proficiency bonus, 0-4."""
    value = non_negative_int(text)
    if value > MAX_PROFICIENCY:
        raise argparse.ArgumentTypeError(f"{value} is above {MAX_PROFICIENCY}: a proficiency adds +1 to +4")
    return value


def sources(text: str) -> int:
    """argparse type: a count of advantage or disadvantage sources."""
    value = non_negative_int(text)
    if value > MAX_SOURCES:
        raise argparse.ArgumentTypeError(f"{value} is above {MAX_SOURCES} sources")
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


# --- shared ------------------------------------------------------------------------------------------

_LOOKS_LIKE_A_DIE = re.compile(r"\s*[dD]?\s*[0-9]+\s*")


def _die(args: argparse.Namespace, option: str, text: str) -> tuple[StepDie, str]:
    """A die typed as ``d8``, or a trait name looked up on ``--character``'s sheet: (die, description)."""
    if _LOOKS_LIKE_A_DIE.fullmatch(text):
        try:
            die = parse_die(text, what="die")
        except RulesError as exc:
            raise VtmError(f"{option}: {exc}") from None
        return die, str(die)
    if not getattr(args, "chronicle", None) or not getattr(args, "character", None):
        raise VtmError(
            f"{option} {text.strip()!r}: give a die (d4, d6, d8, d10 or d12); "
            "a trait name needs --chronicle and --character"
        )
    from vtm_tui.commands.chronicle import find_character
    from vtm_tui.rules.pool import match_trait

    _, character = find_character(args.chronicle, args.character)
    if not ruleset_for(character.ruleset).traits_are_die_sizes:  # its traits are read as dice below
        raise VtmError(f"{option}: {character.name} is a {character.ruleset} character, not an Ingenuity one")
    traits = character.traits()
    try:
        name = match_trait(text, traits)
        die = parse_die(traits[name], what=f"{character.name}'s {name}")
    except RulesError as exc:
        raise VtmError(f"{option} {text.strip()!r} for {character.name}: {exc}") from None
    return die, f"{name} {die}"


def _dice(args: argparse.Namespace) -> tuple[StepDie, StepDie, str]:
    """The attribute and skill dice, and how to describe the pool in the log."""
    attribute, first = _die(args, "--attribute", args.attribute)
    skill, second = _die(args, "--skill", args.skill)
    return attribute, skill, f"{first} + {second}"


def _flat_bonuses(args: argparse.Namespace) -> tuple[int, int]:
    """The assist bonus (best helper) and the size bonus (the smaller side's difference)."""
    assist = best_assist(args.assist)
    if (args.size is None) != (args.opponent_size is None):
        given = "--size" if args.size is not None else "--opponent-size"
        missing = "--opponent-size" if args.size is not None else "--size"
        raise VtmError(f"{given} needs {missing}: the size bonus is the difference between the two")
    size = 0 if args.size is None else size_bonus(args.size, args.opponent_size)
    return assist, size


def _difficulty(args: argparse.Namespace) -> int | None:
    level: Difficulty | None = args.difficulty
    return None if level is None else level.value


# --- roll ---------------------------------------------------------------------------------------------


def _int_list(text: str, option: str) -> list[int]:
    values = []
    for token in text.replace(",", " ").split():
        try:
            values.append(int(token))
        except ValueError:
            raise VtmError(f"{option}: {token!r} is not a whole number") from None
    return values


def _typed_faces(args: argparse.Namespace, attribute: StepDie, skill: StepDie) -> tuple[int, int] | None:
    """``--faces`` checked against the dice, or None when rolling."""
    if args.faces is None:
        for option, value in (("--luck", args.luck), ("--reroll-faces", args.reroll_faces)):
            if value is not None:
                raise VtmError(f"{option}: only with --faces (typed-in dice)")
        return None
    if args.passive:
        raise VtmError("--faces: a passive test rolls no dice")
    faces = _int_list(args.faces, "--faces")
    if len(faces) != 2:
        raise VtmError(f"--faces: expected 2 faces (attribute, skill), got {len(faces)}")
    for face, die, which in ((faces[0], attribute, "attribute"), (faces[1], skill, "skill")):
        if not 1 <= face <= die.sides:
            raise VtmError(f"--faces: {which} face {face} is not on a {die} (1-{die.sides})")
    if args.luck is None:
        raise VtmError("--faces needs --luck: the face of the d20 luck die")
    if not 1 <= args.luck <= LUCK_SIDES:
        raise VtmError(f"--luck: face {args.luck} is not on the d20 luck die (1-20)")
    return faces[0], faces[1]


def _run_luck_test(args: argparse.Namespace) -> int:
    for option in ("attribute", "faces", "reroll_faces", "pick"):
        if getattr(args, option) is not None:
            raise VtmError(f"--luck-test rolls the luck die alone: drop --{option.replace('_', '-')}")
    if args.luck_target < 1 or args.luck_target > LUCK_SIDES:
        raise VtmError(f"--luck-target {args.luck_target} is out of range (1-20)")
    if args.luck is not None:
        check_luck_face(args.luck, "--luck: face")
        outcome = judge_luck(args.luck, target=args.luck_target)
    else:
        outcome = luck_test(dice_from_args(args), target=args.luck_target)
    return finish_roll(args, outcome, pool="luck die", difficulty=args.luck_target)


def _from_sheet(args: argparse.Namespace) -> bool:
    """Whether this is ``--character``'s own test of two traits by name, made as the app's roll dialog makes it
    (one path). Dice typed as sizes (``d8``) are the storyteller's count and stay with the counted roll."""
    if not (getattr(args, "chronicle", None) and getattr(args, "character", None)):
        return False
    return not any(_LOOKS_LIKE_A_DIE.fullmatch(text) for text in (args.attribute, args.skill))


def _roll_from_sheet(args: argparse.Namespace, attribute: StepDie, skill: StepDie, picks: list[str] | None) -> int:
    """The character's test through the play layer (:mod:`vtm_tui.commands.sheet_roll`): the request is built
    from the sheet, rolled or judged and logged by the same functions as the roll dialog's."""
    from vtm_tui.commands.sheet_roll import roll_for_character

    faces = _typed_faces(args, attribute, skill)  # checked here, so a miscount names its option
    text = None
    if faces is not None:
        rerolls = [] if args.reroll_faces is None else _int_list(args.reroll_faces, "--reroll-faces")
        text = " ".join(str(face) for face in (*faces, args.luck, *rerolls))
    assist, size = _flat_bonuses(args)
    pool = f"{args.attribute.strip()} + {args.skill.strip()}" + (f" + {args.bonus}" if args.bonus else "")
    return roll_for_character(args, "ingenuity", pool, faces=text, modifier=args.advantage - args.disadvantage,
                              difficulty=_difficulty(args), assist_bonus=assist, size_bonus=size,
                              passive=args.passive, picks=tuple(picks or ()))


def run_roll(args: argparse.Namespace) -> int:
    if args.luck_test:
        return _run_luck_test(args)
    if args.attribute is None:
        raise VtmError("--attribute is required (the attribute's die, e.g. d6), or use --luck-test")
    if args.luck_target != 20:
        raise VtmError("--luck-target: only with --luck-test")
    attribute, skill, described = _dice(args)
    picks = None if args.pick is None else [p for p in args.pick.replace(",", " ").split()]
    if _from_sheet(args):
        return _roll_from_sheet(args, attribute, skill, picks)
    faces = _typed_faces(args, attribute, skill)
    assist, size = _flat_bonuses(args)
    common = dict(
        bonus=args.bonus, difficulty=args.difficulty, advantage=args.advantage,
        disadvantage=args.disadvantage, assist_bonus=assist, size_bonus=size, picks=picks,
    )  # fmt: skip
    outcome: IngenuityOutcome
    if faces is None:
        outcome = roll(attribute, skill, dice_from_args(args), passive=args.passive, **common)
    else:
        rerolls = [] if args.reroll_faces is None else _int_list(args.reroll_faces, "--reroll-faces")
        try:
            outcome = judge(attribute, skill, faces[0], faces[1], args.luck, reroll_faces=rerolls, **common)
        except RerollFaceError as exc:
            raise VtmError(f"--reroll-faces: {exc}") from None
    pool = described + "".join(
        f" + {label}{n}" for label, n in (("", args.bonus), ("assist ", assist), ("size ", size)) if n
    )
    return finish_roll(args, outcome, pool=("passive " if args.passive else "") + pool, difficulty=_difficulty(args))


# --- odds ---------------------------------------------------------------------------------------------


def run_odds(args: argparse.Namespace) -> int:
    attribute, skill, _ = _dice(args)
    assist, size = _flat_bonuses(args)
    report = odds(
        attribute, skill, bonus=args.bonus, difficulty=args.difficulty,
        advantage=args.advantage, disadvantage=args.disadvantage,
        assist_bonus=assist, size_bonus=size, passive=args.passive,
    )  # fmt: skip
    emit(args, report.to_dict(), report.summary() + "\n" + report.table())
    return 0
