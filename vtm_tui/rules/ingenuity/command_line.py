"""The Ingenuity command line's rules: ``vtm-tui roll ingenuity`` and ``odds ingenuity`` (the ``command_line`` facet).

A test of an attribute die and a skill die from plain values (``d8``), rolled or judged from typed faces (the
attribute and skill dice, the luck d20, the advantage/disadvantage re-rolls in the order the engine asks), a
passive test, a luck test; a character's test of two traits by name handed back for the play layer; the exact
chance of success and of every result. The argparse definitions and the printing stay in
:mod:`vtm_tui.commands.declared` (see :mod:`vtm_tui.rules.command_line`).
"""

from __future__ import annotations

import re
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.command_line import CommandHost, CountedRoll, OddsReport, SheetRoll, option_value
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.advantage import MAX_SOURCES, RerollFaceError
from vtm_tui.rules.ingenuity.contests import best_assist
from vtm_tui.rules.ingenuity.dice import LUCK_SIDES, StepDie, check_luck_face, parse_die
from vtm_tui.rules.ingenuity.difficulty import Difficulty, parse_difficulty
from vtm_tui.rules.ingenuity.exact_odds import odds
from vtm_tui.rules.ingenuity.results import IngenuityOutcome
from vtm_tui.rules.ingenuity.rolling import MAX_PROFICIENCY, judge, judge_luck, luck_test, roll
from vtm_tui.rules.ingenuity.sizes import parse_size, size_bonus
from vtm_tui.rules.pool import match_trait

#: What the options of ``roll ingenuity`` / ``odds ingenuity`` are built from (:meth:`IngenuityCommandLine.option`):
#: the parsers raise :class:`~vtm_tui.rules.errors.RulesError` with the message the user reads.
OPTIONS: dict[str, Any] = {
    "parse_difficulty": parse_difficulty,
    "parse_size": parse_size,
    "max_proficiency": MAX_PROFICIENCY,
    "max_sources": MAX_SOURCES,
}


# --- shared ------------------------------------------------------------------------------------------

_LOOKS_LIKE_A_DIE = re.compile(r"\s*[dD]?\s*[0-9]+\s*")


def _die(args: Any, host: CommandHost, option: str, text: str) -> tuple[StepDie, str]:
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
    character = host.character()
    if character.ruleset != "ingenuity":  # its traits are read as dice below
        raise VtmError(f"{option}: {character.name} is a {character.ruleset} character, not an Ingenuity one")
    traits = character.traits()
    try:
        name = match_trait(text, traits)
        die = parse_die(traits[name], what=f"{character.name}'s {name}")
    except RulesError as exc:
        raise VtmError(f"{option} {text.strip()!r} for {character.name}: {exc}") from None
    return die, f"{name} {die}"


def _dice(args: Any, host: CommandHost) -> tuple[StepDie, StepDie, str]:
    """The attribute and skill dice, and how to describe the pool in the log."""
    attribute, first = _die(args, host, "--attribute", args.attribute)
    skill, second = _die(args, host, "--skill", args.skill)
    return attribute, skill, f"{first} + {second}"


def _flat_bonuses(args: Any) -> tuple[int, int]:
    """The assist bonus (best helper) and the size bonus (the smaller side's difference)."""
    assist = best_assist(args.assist)
    if (args.size is None) != (args.opponent_size is None):
        given = "--size" if args.size is not None else "--opponent-size"
        missing = "--opponent-size" if args.size is not None else "--size"
        raise VtmError(f"{given} needs {missing}: the size bonus is the difference between the two")
    size = 0 if args.size is None else size_bonus(args.size, args.opponent_size)
    return assist, size


def _difficulty(args: Any) -> int | None:
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


def _typed_faces(args: Any, attribute: StepDie, skill: StepDie) -> tuple[int, int] | None:
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


def _run_luck_test(args: Any, host: CommandHost) -> CountedRoll:
    for option in ("attribute", "faces", "reroll_faces", "pick"):
        if getattr(args, option) is not None:
            raise VtmError(f"--luck-test rolls the luck die alone: drop --{option.replace('_', '-')}")
    if args.luck_target < 1 or args.luck_target > LUCK_SIDES:
        raise VtmError(f"--luck-target {args.luck_target} is out of range (1-20)")
    if args.luck is not None:
        check_luck_face(args.luck, "--luck: face")
        outcome = judge_luck(args.luck, target=args.luck_target)
    else:
        outcome = luck_test(host.dice(), target=args.luck_target)
    return CountedRoll(outcome, pool="luck die", difficulty=args.luck_target)


def _from_sheet(args: Any) -> bool:
    """Whether this is ``--character``'s own test of two traits by name, made as the app's roll dialog makes it
    (one path). Dice typed as sizes (``d8``) are the storyteller's count and stay with the counted roll."""
    if not (getattr(args, "chronicle", None) and getattr(args, "character", None)):
        return False
    return not any(_LOOKS_LIKE_A_DIE.fullmatch(text) for text in (args.attribute, args.skill))


def _roll_from_sheet(args: Any, attribute: StepDie, skill: StepDie, picks: list[str] | None) -> SheetRoll:
    """The character's test for the play layer (:mod:`vtm_tui.commands.sheet_roll`): the request is built
    from the sheet, rolled or judged and logged by the same functions as the roll dialog's."""

    faces = _typed_faces(args, attribute, skill)  # checked here, so a miscount names its option
    text = None
    if faces is not None:
        rerolls = [] if args.reroll_faces is None else _int_list(args.reroll_faces, "--reroll-faces")
        text = " ".join(str(face) for face in (*faces, args.luck, *rerolls))
    assist, size = _flat_bonuses(args)
    pool = f"{args.attribute.strip()} + {args.skill.strip()}" + (f" + {args.bonus}" if args.bonus else "")
    return SheetRoll(pool, dict(faces=text, modifier=args.advantage - args.disadvantage,
                                difficulty=_difficulty(args), assist_bonus=assist, size_bonus=size,
                                passive=args.passive, picks=tuple(picks or ())))


def run_roll(args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
    """``vtm-tui roll ingenuity``: a character's test for the play layer, or a test judged here."""
    if args.luck_test:
        return _run_luck_test(args, host)
    if args.attribute is None:
        raise VtmError("--attribute is required (the attribute's die, e.g. d6), or use --luck-test")
    if args.luck_target != 20:
        raise VtmError("--luck-target: only with --luck-test")
    attribute, skill, described = _dice(args, host)
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
        outcome = roll(attribute, skill, host.dice(), passive=args.passive, **common)
    else:
        rerolls = [] if args.reroll_faces is None else _int_list(args.reroll_faces, "--reroll-faces")
        try:
            outcome = judge(attribute, skill, faces[0], faces[1], args.luck, reroll_faces=rerolls, **common)
        except RerollFaceError as exc:
            raise VtmError(f"--reroll-faces: {exc}") from None
    pool = described + "".join(
        f" + {label}{n}" for label, n in (("", args.bonus), ("assist ", assist), ("size ", size)) if n
    )
    return CountedRoll(outcome, pool=("passive " if args.passive else "") + pool, difficulty=_difficulty(args))


# --- odds ---------------------------------------------------------------------------------------------


def run_odds(args: Any, host: CommandHost) -> OddsReport:
    """``vtm-tui odds ingenuity``: the chance of success and of every result, luck and re-rolls included."""
    attribute, skill, _ = _dice(args, host)
    assist, size = _flat_bonuses(args)
    report = odds(
        attribute, skill, bonus=args.bonus, difficulty=args.difficulty,
        advantage=args.advantage, disadvantage=args.disadvantage,
        assist_bonus=assist, size_bonus=size, passive=args.passive,
    )  # fmt: skip
    return OddsReport(report.to_dict(), report.summary() + "\n" + report.table())


class IngenuityCommandLine:
    """The Ingenuity :class:`~vtm_tui.rules.command_line.CommandLine`."""

    def option(self, name: str) -> Any:
        return option_value(OPTIONS, name, "Ingenuity")

    def roll(self, args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
        return run_roll(args, host)

    def odds(self, args: Any, host: CommandHost) -> OddsReport:
        return run_odds(args, host)


COMMAND_LINE = IngenuityCommandLine()
