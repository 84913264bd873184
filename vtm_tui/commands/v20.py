"""``vtm-tui roll v20`` and ``vtm-tui odds v20``: the Revised / V20 rules from a shell.

``roll`` rolls a pool (or judges faces typed in from physical dice) against a
Difficulty, with specialty, Willpower, wounds, trying again, the automatic
success and the free botch; ``odds`` prints the exact chance of each result,
the distribution of net successes, for an extended action the chance to reach
the target within a number of rolls, and for a resisted action the chance of
each side winning. With ``--chronicle``, a roll follows that chronicle's house
rules and its session's free botch. Bad input raises a VtmError, which
the CLI prints on one line with exit status 2.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from vtm_tui.commands.common import (
    add_chronicle_arguments,
    add_dice_arguments,
    add_output_arguments,
    dice_from_args,
    emit,
    finish_roll,
    non_negative_int,
    pool_from_args,
    positive_int,
)
from vtm_tui.errors import VtmError
from vtm_tui.rules.dice import GivenFaces, parse_faces
from vtm_tui.rules.errors import DiceError
from vtm_tui.rules.v20.kinds import KINDS, V20Kind, parse_kind
from vtm_tui.rules.v20.exact_odds import V20Odds, extended_odds, roll_odds
from vtm_tui.rules.v20.odds_contest import resisted_odds
from vtm_tui.rules.v20.options import EXTENDED_BOTCH_RULES, V20Options, ones_cancel
from vtm_tui.rules.v20.pools import DEFAULT_DIFFICULTY, check_dice, check_difficulty
from vtm_tui.rules.v20.retry import ImpossibleTask, retry_difficulty
from vtm_tui.rules.v20.rolling import automatic_success, roll
from vtm_tui.rules.ruleset import ruleset_for


def whole_number(text: str) -> int:
    """argparse type: any whole number (range checks are the engine's, with its message)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--difficulty", type=whole_number, default=DEFAULT_DIFFICULTY, metavar="D",
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
    parser.add_argument("--kind", choices=list(KINDS), default="test",
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
    parser.add_argument("--kind", choices=list(KINDS), default="test",
                        help="test (default); damage and soak cannot botch; frenzy, rotschreck, degeneration")
    _add_common_arguments(parser)
    parser.add_argument("--ones-do-not-cancel", action="store_true",
                        help="house rule: 1s do not cancel successes on damage and soak rolls")
    parser.add_argument("--extended-target", type=positive_int, metavar="T",
                        help="extended action: successes needed (with --rolls)")
    parser.add_argument("--rolls", type=positive_int, metavar="N", help="extended action: rolls allowed")
    parser.add_argument("--botch", choices=EXTENDED_BOTCH_RULES, default="restart",
                        help="extended action: a botch restarts the tally (default) or fails it")
    parser.add_argument("--against", type=non_negative_int, metavar="N",
                        help="resisted action: the opponent's pool")
    parser.add_argument("--against-difficulty", type=whole_number, metavar="D",
                        help="resisted action: the opponent's Difficulty (default: --difficulty)")
    parser.set_defaults(func=run_odds)
    return parser


def _options(args: argparse.Namespace) -> V20Options:
    """The options given on the command line (no chronicle): defaults, changed by the flags."""
    return V20Options(free_botch=args.free_botch, specialty_doubles=not args.no_specialty_doubling,
                      damage_ones_do_not_cancel=bool(getattr(args, "ones_do_not_cancel", False)))


def chronicle_rules(path: str) -> tuple[V20Options, bool]:
    """A V20 chronicle's house rules, and whether its open session already forgave a botch.

    The free botch is spent by the first logged roll whose ``free_botch_consumed``
    is true in the current session; a chronicle with no open session starts one
    when the roll is logged, so its free botch is unused.
    """
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.store.session_log import read_session

    store = open_chronicle(path)
    chronicle = store.chronicle
    if not ruleset_for(chronicle.ruleset).has_free_botch:
        raise VtmError(f"{store.path} plays {chronicle.ruleset}, not v20: roll with 'vtm-tui roll {chronicle.ruleset}'")
    options = V20Options.from_dict(chronicle.options, strict=False)
    used = False
    if options.free_botch and chronicle.session_open and chronicle.current_session:
        log = read_session(store.path, chronicle.current_session, recover=False)
        used = any(entry.roll.get("free_botch_consumed") for entry in log.entries)
    return options, used


def _house_rules(args: argparse.Namespace) -> tuple[V20Options, bool]:
    """Options and free-botch state: the chronicle's when logging to one; the flags always win."""
    if not getattr(args, "chronicle", None):
        return _options(args), False
    options, used = chronicle_rules(args.chronicle)
    if args.no_specialty_doubling:
        options = replace(options, specialty_doubles=False)
    if args.free_botch:
        options, used = replace(options, free_botch=True), False
    if getattr(args, "ones_do_not_cancel", False):
        options = replace(options, damage_ones_do_not_cancel=True)
    return options, used


def _dice_after_penalties(base: int, args: argparse.Namespace) -> int:
    return check_dice(max(0, base + args.modifier - args.wounds), what="--pool (after --modifier and --wounds)")


def _adjustments(args: argparse.Namespace) -> str:
    """`` + 1 - 2 wounds``: what the modifier and the wounds did to the pool ("" for nothing)."""
    text = ""
    if args.modifier:
        text += f" {'+' if args.modifier > 0 else '-'} {abs(args.modifier)}"
    if args.wounds:
        text += f" - {args.wounds} wounds"
    return text


def _pool(args: argparse.Namespace) -> tuple[int, str]:
    """``(dice before modifier and wounds, description)`` of a counted pool (a character's pool of trait names
    goes through :func:`_roll_from_sheet`)."""
    dice, description = pool_from_args(args, args.pool.strip())
    return check_dice(dice, what="--pool"), description


def _difficulty(args: argparse.Namespace) -> int:
    """The Difficulty after trying again; the errors name the options."""
    check_difficulty(args.difficulty, what="--difficulty")
    try:
        return retry_difficulty(args.difficulty, args.attempt)
    except ImpossibleTask as exc:
        raise ImpossibleTask(f"--attempt {args.attempt}: {exc}") from None


def run_roll(args: argparse.Namespace) -> int:
    kind = parse_kind(args.kind)
    if kind.virtue_roll and args.chronicle and args.character:
        return _run_virtue(args, kind)
    if _from_sheet(args):
        return _roll_from_sheet(args, kind)
    if args.pool is None:
        why = "the Virtue's dots, or --chronicle and --character" if kind.virtue_roll else "the dice to roll"
        raise VtmError(f"--pool: required for a {kind.label} ({why})")
    if kind.id != "test" and args.automatic:
        raise VtmError(f"--automatic: an automatic success is for tests, not a {kind.label}")
    if args.willpower and kind.willpower_refusal():
        raise VtmError(f"--willpower: {kind.willpower_refusal()}")
    base, description = _pool(args)
    args.wounds = args.wounds or 0
    dice = _dice_after_penalties(base, args)
    difficulty = _difficulty(args)
    options, free_botch_used = _house_rules(args)
    if args.automatic:
        if args.faces is not None:
            raise VtmError("--automatic takes no --faces: an automatic success is not rolled")
        if args.willpower:
            raise VtmError("--automatic with --willpower: an automatic success needs no Willpower")
        outcome = automatic_success(dice, args.difficulty, options=options, attempt=args.attempt)
    else:
        if args.faces is not None:
            faces = parse_faces(args.faces, sides=10, what="--faces")
            if len(faces) != dice:
                why = f" ({base}{_adjustments(args)})" if args.modifier or args.wounds else ""
                raise DiceError(
                    f"--faces gives {len(faces)} face{'s' if len(faces) != 1 else ''} "
                    f"but the pool is {dice} {'die' if dice == 1 else 'dice'}{why}"
                )
            source = GivenFaces(faces)
        else:
            source = dice_from_args(args)
        outcome = roll(
            dice, args.difficulty, source, specialty=args.specialty, willpower=args.willpower,
            options=options, free_botch_used=free_botch_used, attempt=args.attempt, kind=kind.id,
        )
    return finish_roll(args, outcome, pool=description + _adjustments(args), difficulty=difficulty)


def _from_sheet(args: argparse.Namespace) -> bool:
    """Whether this is ``--character``'s own roll of trait names, made exactly as the app's roll dialog makes it
    (one path): typed wounds, a retry, an automatic success and house rules given as flags go into the request.
    A counted pool (a number) is the storyteller's and is logged through :mod:`vtm_tui.play.counted`."""
    if not (args.chronicle and args.character and args.pool is not None):
        return False
    return not args.pool.strip().lstrip("-").isdecimal()


def _flag_rules(args: argparse.Namespace) -> dict[str, bool]:
    """The house rules the flags set over the chronicle's options (the flags always win)."""
    rules: dict[str, bool] = {}
    if args.no_specialty_doubling:
        rules["specialty_doubles"] = False
    if args.free_botch:
        rules["free_botch"] = True
    if getattr(args, "ones_do_not_cancel", False):
        rules["damage_ones_do_not_cancel"] = True
    return rules


def _roll_from_sheet(args: argparse.Namespace, kind: V20Kind) -> int:
    """The character's roll through the play layer (:mod:`vtm_tui.commands.sheet_roll`)."""
    from vtm_tui.commands.sheet_roll import roll_for_character

    _difficulty(args)  # a bad Difficulty or an impossible retry, named by its option
    if args.automatic:
        if kind.id != "test":
            raise VtmError(f"--automatic: an automatic success is for tests, not a {kind.label}")
        if args.faces is not None:
            raise VtmError("--automatic takes no --faces: an automatic success is not rolled")
        if args.willpower:
            raise VtmError("--automatic with --willpower: an automatic success needs no Willpower")
    faces = None if args.faces is None else args.faces.replace(",", " ")
    return roll_for_character(args, "v20", args.pool, kind=kind.id, faces=faces, modifier=args.modifier,
                              difficulty=args.difficulty, specialty="command line" if args.specialty else "",
                              willpower=args.willpower, automatic=args.automatic, attempt=args.attempt,
                              wounds=args.wounds, house_rules=_flag_rules(args), free_botch_unused=args.free_botch)


def _run_virtue(args: argparse.Namespace, kind: V20Kind) -> int:
    """A Virtue roll for a chronicle's character, through the play layer the app uses
    (:mod:`vtm_tui.commands.sheet_roll`): the sheet's Virtue, the chronicle's rules, the roll logged and what it
    costs (degeneration: a dot of Humanity/Path) saved."""
    from vtm_tui.commands.sheet_roll import roll_for_character

    if args.willpower:
        raise VtmError(f"--willpower: {kind.willpower_refusal()}")
    if args.automatic:
        raise VtmError(f"--automatic: an automatic success is for tests, not a {kind.label}")
    if args.pool is not None:
        raise VtmError(f"--pool: a {kind.label} rolls {args.character}'s {' or '.join(kind.virtues)} from the "
                       "sheet; give --pool only without --character")
    _difficulty(args)  # a bad Difficulty or an impossible retry, named by its option
    faces = None if args.faces is None else args.faces.replace(",", " ")
    return roll_for_character(args, "v20", "", kind=kind.id, faces=faces, modifier=args.modifier,
                              difficulty=args.difficulty, attempt=args.attempt, house_rules=_flag_rules(args),
                              free_botch_unused=args.free_botch)


#: Net-success counts rarer than this are left out of the human table (the JSON has them all).
SHOWN = 0.00005


def _percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def odds_lines(odds: V20Odds) -> list[str]:
    """The human table: results, net successes, and the mean."""
    flags = [word for flag, word in ((odds.specialty, "specialty"), (odds.willpower, "Willpower")) if flag]
    head = f"{odds.pool} {'die' if odds.pool == 1 else 'dice'} vs {odds.difficulty}"
    head += (", " + ", ".join(flags)) if flags else ""
    outcomes = "  ".join(f"{name} {_percent(float(p))}" for name, p in odds.outcomes.items())
    shown = {k: float(p) for k, p in odds.net_successes.items() if p >= SHOWN}
    nets = " | ".join(f"{k}: {_percent(p)}" for k, p in shown.items())
    if len(shown) < len(odds.net_successes):
        nets += " (others below 0.01%)"
    return [
        f"{head}: {outcomes}",
        f"net successes: {nets}",
        f"p_win {_percent(float(odds.p_win))}, mean {float(odds.mean):.2f} successes",
    ]


def run_odds(args: argparse.Namespace) -> int:
    args.wounds = args.wounds or 0
    dice = _dice_after_penalties(check_dice(args.pool, what="--pool"), args)
    difficulty = _difficulty(args)
    if (args.extended_target is None) != (args.rolls is None):
        raise VtmError("--extended-target and --rolls go together: the successes needed and the rolls allowed")
    odds = roll_odds(
        dice, difficulty, specialty=args.specialty, willpower=args.willpower,
        specialty_doubles=not args.no_specialty_doubling, free_botch=args.free_botch,
        kind=args.kind, ones_cancel=ones_cancel(_options(args), args.kind),
    )
    data = odds.to_dict()
    data["attempt"] = args.attempt
    lines = odds_lines(odds)
    if args.extended_target is not None:
        extended = extended_odds(
            dice, difficulty, args.extended_target, args.rolls, specialty=args.specialty,
            willpower=args.willpower, specialty_doubles=not args.no_specialty_doubling, botch_rule=args.botch,
        )
        data["extended"] = extended.to_dict()
        verb = "restarts the tally" if args.botch == "restart" else "fails the action"
        line = (f"extended: {args.extended_target} successes within {args.rolls} "
                f"roll{'s' if args.rolls != 1 else ''} (a botch {verb}): {_percent(extended.p_reach)}")
        if args.botch == "fail":
            line += f", failed by a botch {_percent(extended.p_failed)}"
        lines.append(line)
    if args.against is not None:
        lines.append(_resisted(args, odds, data))
    elif args.against_difficulty is not None:
        raise VtmError("--against-difficulty needs --against: the opponent's pool")
    emit(args, data, "\n".join(lines))
    return 0


def _resisted(args: argparse.Namespace, odds: V20Odds, data: dict) -> str:
    """Add the resisted odds to ``data``; return the human line."""
    pool = check_dice(args.against, what="--against")
    against_difficulty = args.difficulty if args.against_difficulty is None else args.against_difficulty
    check_difficulty(against_difficulty, what="--against-difficulty")
    contest = resisted_odds(odds, roll_odds(pool, against_difficulty))
    data["resisted"] = contest.to_dict()
    return (f"resisted by {pool} {'die' if pool == 1 else 'dice'} vs {against_difficulty}: "
            f"actor wins {_percent(float(contest.p_actor))}, tie {_percent(float(contest.p_tie))}, "
            f"opponent wins {_percent(float(contest.p_opponent))}")
