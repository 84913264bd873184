"""The V20 command line's rules: ``vtm-tui roll v20`` and ``vtm-tui odds v20`` (the ``command_line`` facet).

A pool from plain values rolled (or judged from typed faces) against a Difficulty, with specialty, Willpower,
wounds, trying again, the automatic success and the free botch, under the chronicle's house rules when it logs to
one; a character's roll of trait names (and a Virtue roll) handed back for the play layer; the exact odds of a
roll, of an extended action and of a resisted action. The argparse definitions and the printing stay in
:mod:`vtm_tui.commands.declared` (see :mod:`vtm_tui.rules.command_line`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.command_line import CommandHost, CountedRoll, OddsReport, SheetRoll, option_value
from vtm_tui.rules.dice import GivenFaces, parse_faces
from vtm_tui.rules.errors import DiceError
from vtm_tui.rules.v20.exact_odds import V20Odds, extended_odds, roll_odds
from vtm_tui.rules.v20.kinds import KINDS, V20Kind, parse_kind
from vtm_tui.rules.v20.odds_contest import resisted_odds
from vtm_tui.rules.v20.options import EXTENDED_BOTCH_RULES, V20Options, ones_cancel
from vtm_tui.rules.v20.pools import DEFAULT_DIFFICULTY, check_dice, check_difficulty
from vtm_tui.rules.v20.retry import ImpossibleTask, retry_difficulty
from vtm_tui.rules.v20.rolling import automatic_success, roll

#: What the options of ``roll v20`` / ``odds v20`` are built from (:meth:`V20CommandLine.option`).
OPTIONS: dict[str, Any] = {
    "default_difficulty": DEFAULT_DIFFICULTY,
    "kinds": tuple(KINDS),
    "default_kind": "test",
    "extended_botch_rules": tuple(EXTENDED_BOTCH_RULES),
    "default_extended_botch_rule": "restart",
}


def _options(args: Any) -> V20Options:
    """The options given on the command line (no chronicle): defaults, changed by the flags."""
    return V20Options(free_botch=args.free_botch, specialty_doubles=not args.no_specialty_doubling,
                      damage_ones_do_not_cancel=bool(getattr(args, "ones_do_not_cancel", False)))


def chronicle_rules(host: CommandHost) -> tuple[V20Options, bool]:
    """``--chronicle``'s house rules, and whether its open session already forgave a botch (the host reads the
    session log only when the chronicle has the free botch at all)."""
    options = V20Options.from_dict(host.chronicle_options(), strict=False)
    used = bool(options.free_botch and host.free_botch_used())
    return options, used


def _house_rules(args: Any, host: CommandHost) -> tuple[V20Options, bool]:
    """Options and free-botch state: the chronicle's when logging to one; the flags always win."""
    if not getattr(args, "chronicle", None):
        return _options(args), False
    options, used = chronicle_rules(host)
    if args.no_specialty_doubling:
        options = replace(options, specialty_doubles=False)
    if args.free_botch:
        options, used = replace(options, free_botch=True), False
    if getattr(args, "ones_do_not_cancel", False):
        options = replace(options, damage_ones_do_not_cancel=True)
    return options, used


def _dice_after_penalties(base: int, args: Any) -> int:
    return check_dice(max(0, base + args.modifier - args.wounds), what="--pool (after --modifier and --wounds)")


def _adjustments(args: Any) -> str:
    """`` + 1 - 2 wounds``: what the modifier and the wounds did to the pool ("" for nothing)."""
    text = ""
    if args.modifier:
        text += f" {'+' if args.modifier > 0 else '-'} {abs(args.modifier)}"
    if args.wounds:
        text += f" - {args.wounds} wounds"
    return text


def _pool(args: Any, host: CommandHost) -> tuple[int, str]:
    """``(dice before modifier and wounds, description)`` of a counted pool (a character's pool of trait names
    goes through :func:`_roll_from_sheet`)."""
    dice, description = host.pool(args.pool.strip())
    return check_dice(dice, what="--pool"), description


def _difficulty(args: Any) -> int:
    """The Difficulty after trying again; the errors name the options. None given: the kind's own (a
    degeneration roll's 8), else 6, as the roll dialog starts with."""
    if args.difficulty is None:
        kind = getattr(args, "kind", None) or getattr(args, "odds_kind", None) or "test"
        args.difficulty = parse_kind(kind).difficulty or DEFAULT_DIFFICULTY
    check_difficulty(args.difficulty, what="--difficulty")
    try:
        return retry_difficulty(args.difficulty, args.attempt)
    except ImpossibleTask as exc:
        raise ImpossibleTask(f"--attempt {args.attempt}: {exc}") from None


def run_roll(args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
    """``vtm-tui roll v20``: a character's roll for the play layer, or a counted roll judged here."""
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
    base, description = _pool(args, host)
    args.wounds = args.wounds or 0
    dice = _dice_after_penalties(base, args)
    difficulty = _difficulty(args)
    options, free_botch_used = _house_rules(args, host)
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
            source = host.dice()
        outcome = roll(
            dice, args.difficulty, source, specialty=args.specialty, willpower=args.willpower,
            options=options, free_botch_used=free_botch_used, attempt=args.attempt, kind=kind.id,
        )
    return CountedRoll(outcome, pool=description + _adjustments(args), difficulty=difficulty)


def _from_sheet(args: Any) -> bool:
    """Whether this is ``--character``'s own roll of trait names, made exactly as the app's roll dialog makes it
    (one path): typed wounds, a retry, an automatic success and house rules given as flags go into the request.
    A counted pool (a number) is the storyteller's and is logged through :mod:`vtm_tui.play.counted`."""
    if not (args.chronicle and args.character and args.pool is not None):
        return False
    return not args.pool.strip().lstrip("-").isdecimal()


def _flag_rules(args: Any) -> dict[str, bool]:
    """The house rules the flags set over the chronicle's options (the flags always win)."""
    rules: dict[str, bool] = {}
    if args.no_specialty_doubling:
        rules["specialty_doubles"] = False
    if args.free_botch:
        rules["free_botch"] = True
    if getattr(args, "ones_do_not_cancel", False):
        rules["damage_ones_do_not_cancel"] = True
    return rules


def _roll_from_sheet(args: Any, kind: V20Kind) -> SheetRoll:
    """The character's roll, for the play layer (:mod:`vtm_tui.commands.sheet_roll`), its options checked."""

    _difficulty(args)  # a bad Difficulty or an impossible retry, named by its option
    if args.automatic:
        if kind.id != "test":
            raise VtmError(f"--automatic: an automatic success is for tests, not a {kind.label}")
        if args.faces is not None:
            raise VtmError("--automatic takes no --faces: an automatic success is not rolled")
        if args.willpower:
            raise VtmError("--automatic with --willpower: an automatic success needs no Willpower")
    faces = None if args.faces is None else args.faces.replace(",", " ")
    return SheetRoll(args.pool, dict(kind=kind.id, faces=faces, modifier=args.modifier,
                                     difficulty=args.difficulty, specialty="command line" if args.specialty else "",
                                     willpower=args.willpower, automatic=args.automatic, attempt=args.attempt,
                                     wounds=args.wounds, house_rules=_flag_rules(args),
                                     free_botch_unused=args.free_botch))


def _run_virtue(args: Any, kind: V20Kind) -> SheetRoll:
    """A Virtue roll for a chronicle's character, through the play layer the app uses
    (:mod:`vtm_tui.commands.sheet_roll`): the sheet's Virtue, the chronicle's rules, the roll logged and what it
    costs (degeneration: a dot of Humanity/Path) saved."""
    if args.willpower:
        raise VtmError(f"--willpower: {kind.willpower_refusal()}")
    if args.automatic:
        raise VtmError(f"--automatic: an automatic success is for tests, not a {kind.label}")
    if args.pool is not None:
        raise VtmError(f"--pool: a {kind.label} rolls {args.character}'s {' or '.join(kind.virtues)} from the "
                       "sheet; give --pool only without --character")
    _difficulty(args)  # a bad Difficulty or an impossible retry, named by its option
    faces = None if args.faces is None else args.faces.replace(",", " ")
    return SheetRoll("", dict(kind=kind.id, faces=faces, modifier=args.modifier,
                              difficulty=args.difficulty, attempt=args.attempt, house_rules=_flag_rules(args),
                              free_botch_unused=args.free_botch))


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


def run_odds(args: Any, host: CommandHost) -> OddsReport:
    """``vtm-tui odds v20``: a roll's results and net successes, an extended action, a resisted action."""
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
    return OddsReport(data, "\n".join(lines))


def _resisted(args: Any, odds: V20Odds, data: dict) -> str:
    """Add the resisted odds to ``data``; return the human line."""
    pool = check_dice(args.against, what="--against")
    against_difficulty = args.difficulty if args.against_difficulty is None else args.against_difficulty
    check_difficulty(against_difficulty, what="--against-difficulty")
    contest = resisted_odds(odds, roll_odds(pool, against_difficulty))
    data["resisted"] = contest.to_dict()
    return (f"resisted by {pool} {'die' if pool == 1 else 'dice'} vs {against_difficulty}: "
            f"actor wins {_percent(float(contest.p_actor))}, tie {_percent(float(contest.p_tie))}, "
            f"opponent wins {_percent(float(contest.p_opponent))}")


class V20CommandLine:
    """The V20 :class:`~vtm_tui.rules.command_line.CommandLine`."""

    def option(self, name: str) -> Any:
        return option_value(OPTIONS, name, "V20")

    def roll(self, args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
        return run_roll(args, host)

    def odds(self, args: Any, host: CommandHost) -> OddsReport:
        return run_odds(args, host)


COMMAND_LINE = V20CommandLine()
