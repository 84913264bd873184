"""The V5 command line's rules: ``vtm-tui roll v5`` and ``vtm-tui odds v5`` (the ``command_line`` facet).

Every kind of V5 roll from plain values — tests, tracker rolls, Remorse, Frenzy, checks and Rouse checks —
rolled or judged from typed faces, with a Willpower re-roll after it; a character's roll of trait names handed
back for the play layer; the exact odds with and without each re-roll strategy. The argparse definitions and
the printing stay in :mod:`vtm_tui.commands.declared` (see :mod:`vtm_tui.rules.command_line`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.command_line import CommandHost, CountedRoll, OddsReport, SheetRoll, option_value
from vtm_tui.rules.dice import DiceSource, GivenFaces, parse_faces
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.v5.checks import HUNGER_FRENZY_DIFFICULTY, check, judge_check, rouse_check, rouse_refusal
from vtm_tui.rules.v5.exact_odds import OddsReport as V5OddsReport
from vtm_tui.rules.v5.exact_odds import odds_report
from vtm_tui.rules.v5.frenzy import FrenzyResult, frenzy_pool
from vtm_tui.rules.v5.humanity import Humanity, remorse, remorse_pool
from vtm_tui.rules.v5.kinds import RollKind
from vtm_tui.rules.v5.pools import build_pool
from vtm_tui.rules.v5.reroll import (
    REROLL_PURPOSE,
    STRATEGIES,
    RerollResult,
    check_picked,
    check_strategy,
    reroll,
    reroll_refusal,
    select,
)
from vtm_tui.rules.v5.results import MAX_HUNGER, RESULTS, V5Roll
from vtm_tui.rules.v5.rolling import HUNGER, REGULAR, automatic_win, roll, split_pool

#: What the options of ``roll v5`` / ``odds v5`` are built from (:meth:`V5CommandLine.option`).
OPTIONS: dict[str, Any] = {
    "max_hunger": MAX_HUNGER,
    "kinds": tuple(kind.value for kind in RollKind),
    "default_kind": RollKind.TEST.value,
    "reroll_strategies": tuple(STRATEGIES),
}


# --- roll -------------------------------------------------------------------------------------------


def _faces(text: str | None, option: str) -> list[int] | None:
    return None if text is None else parse_faces(text, sides=10, what=option)


def _expect_count(option: str, faces: list[int], expected: int, why: str) -> None:
    if len(faces) != expected:
        raise VtmError(f"{option}: expected {expected} face{'s' if expected != 1 else ''} ({why}), got {len(faces)}")


def _given_dice(args: Any, host: CommandHost, regular: int | None, hunger: int, why: str) -> DiceSource:
    """Typed-in faces when ``--faces``/``--hunger-faces`` are given (counts checked), else real dice."""
    faces = _faces(args.faces, "--faces")
    hunger_faces = _faces(args.hunger_faces, "--hunger-faces")
    reroll_faces = _faces(args.reroll_faces, "--reroll-faces")
    if faces is None and hunger_faces is None:
        if reroll_faces is not None:
            raise VtmError("--reroll-faces: only with --faces (typed-in dice)")
        return host.dice()
    faces = faces or []
    hunger_faces = hunger_faces or []
    if regular is not None:
        _expect_count("--faces", faces, regular, why)
    _expect_count("--hunger-faces", hunger_faces, hunger, why)
    return GivenFaces({REGULAR: faces, HUNGER: hunger_faces, REROLL_PURPOSE: reroll_faces or []})


def _pool(args: Any, host: CommandHost) -> tuple[int, str, tuple[str, ...]]:
    """Dice, description and notes from --pool and the modifiers (or the kind's own pool)."""
    kind = RollKind(args.kind)
    if kind is RollKind.REMORSE:
        if args.humanity is None:
            raise VtmError("--kind remorse needs --humanity (and --stains): the pool is 10 − Humanity − stains")
        if args.pool is not None:
            raise VtmError("--pool: not used with --kind remorse; the pool is 10 − Humanity − stains")
        dice = remorse_pool(Humanity(args.humanity, args.stains))
        return dice, f"Remorse {dice}", ()
    if kind is RollKind.FRENZY and args.willpower is not None:
        if args.humanity is None or args.pool is not None:
            raise VtmError("--willpower: give it with --humanity (and no --pool) for the frenzy pool")
        dice = frenzy_pool(args.willpower, args.humanity)
        return dice, f"Willpower {args.willpower} + Humanity {args.humanity} // 3", ()
    if args.pool is None:
        raise VtmError(f"--pool: required for a {kind.label}")
    value, description = host.pool(args.pool)
    pool = build_pool(
        [(description, value)],
        specialties=args.specialty,
        modifier=args.modifier,
        difficulty_modifier=args.difficulty_modifier,
    )
    return pool.dice, description, pool.notes


def _reroll_choice(text: str) -> str | list[int]:
    """A strategy name, or dice positions counted from 1 (``"1,3"``) turned into indices."""
    if not any(ch.isdigit() for ch in text):
        return check_strategy(text)
    indices = []
    for token in text.replace(",", " ").split():
        if not token.isdigit() or int(token) < 1:
            raise VtmError(f"--reroll: {token!r} is not a die position (1 is the first regular die)")
        indices.append(int(token) - 1)
    return indices


def _run_check(args: Any, host: CommandHost, kind: RollKind) -> Outcome:
    if args.reroll:
        raise VtmError(f"--reroll: {kind.reroll_refusal()}")
    if args.hunger_faces:
        raise VtmError(f"--hunger-faces: a {kind.label} has no Hunger dice")
    count = 2 if args.rouse_reroll else 1
    why = "a check is one die" if count == 1 else "a re-rolled check is two dice, keep the better"
    faces = _faces(args.faces, "--faces")
    if faces is not None:
        _expect_count("--faces", faces, count, why)
    if kind is RollKind.CHECK:
        return judge_check(faces) if faces is not None else check(host.dice(), reroll=args.rouse_reroll)
    voluntary = not (args.forced or args.awakening)
    refusal = rouse_refusal(args.hunger, voluntary=voluntary, awakening=args.awakening)
    if refusal:
        raise VtmError(f"{refusal} (use --forced for a Rouse the vampire cannot refuse)")
    dice = GivenFaces({REGULAR: faces}) if faces is not None else host.dice()
    return rouse_check(args.hunger, dice, reroll=args.rouse_reroll, voluntary=voluntary, awakening=args.awakening)


def _apply_reroll(args: Any, first: V5Roll, dice: DiceSource) -> RerollResult:
    """The Willpower re-roll asked for by ``--reroll``, checking typed-in re-roll faces."""
    refusal = reroll_refusal(first)
    if refusal:
        raise VtmError(f"--reroll: {refusal}")
    choice = _reroll_choice(args.reroll)
    if not isinstance(choice, str):
        try:
            check_picked(first, choice)
        except VtmError as exc:
            raise VtmError(f"--reroll: {exc}") from None
    if isinstance(dice, GivenFaces):
        wanted = len(select(first, choice).indices) if isinstance(choice, str) else len(choice)
        given = len(dice.remaining().get(REROLL_PURPOSE, []))
        if given != wanted:
            raise VtmError(
                f"--reroll-faces: expected {wanted} face{'s' if wanted != 1 else ''} "
                f"({args.reroll} re-rolls {wanted} of {first.dice_text()}), got {given}"
            )
    return reroll(first, choice, dice)


def _sheet_hunger(args: Any, host: CommandHost) -> None:
    """Take Hunger (and whether the roller is a vampire at all) from ``--character``'s sheet
    unless given: the storyteller should not have to retype what the chronicle knows."""
    if args.hunger is not None:
        return
    args.hunger = 0
    if getattr(args, "chronicle", None) and getattr(args, "character", None):
        character = host.character()
        sheet = character.sheet
        if getattr(sheet, "is_vampire", True) is False:
            args.mortal = True
        else:
            args.hunger = int(getattr(sheet, "hunger", 0))


def _from_sheet(args: Any, kind: RollKind) -> bool:
    """Whether this is ``--character``'s own roll, made exactly as the app's roll dialog makes it (one path):
    a pool of trait names (an automatic win too), or a kind whose pool the sheet gives (the Rouse on awakening
    too). A counted pool (a number), a typed Humanity or Willpower stay with the counted roll below, logged
    through :mod:`vtm_tui.play.counted`."""
    on_sheet = bool(getattr(args, "chronicle", None) and getattr(args, "character", None))
    for asked, flag in ((args.blood_surge, "--blood-surge"), (args.power, "--power"),
                        (args.rouse_faces, "--rouse-faces")):
        if asked is not None and asked is not False:
            if not on_sheet:
                raise VtmError(f"{flag}: only with --chronicle and --character (a Rouse check on the sheet)")
            if kind is not RollKind.TEST:
                raise VtmError(f"{flag}: only with --kind test")
            if args.pool is not None and args.pool.strip().lstrip("-").isdecimal():
                raise VtmError(f"{flag}: the pool is the sheet's trait names, not a count of dice")
            return True
    if not on_sheet:
        return False
    counted = (args.humanity, args.willpower)
    if any(value is not None for value in counted):
        return False
    if args.reroll and kind not in (RollKind.TEST, RollKind.TRACKER):  # a re-roll of Remorse/Frenzy stays counted
        return False
    if kind in (RollKind.TEST, RollKind.TRACKER):
        return args.pool is not None and not args.pool.strip().lstrip("-").isdecimal()
    return args.pool is None and args.hunger is None and not args.mortal


def _typed_hunger(args: Any) -> Callable[[RollRequest], RollRequest] | None:
    """``--hunger``/``--mortal`` on a pool from the sheet: the typed Hunger replaces the sheet's in the request."""
    if args.hunger is None and not args.mortal:
        return None

    def adjust(request: RollRequest) -> RollRequest:
        if args.mortal:
            return replace(request, hunger=0, mortal=True)
        return replace(request, hunger=min(args.hunger, request.dice) if request.kind == "test" else 0)

    return adjust


def _roll_from_sheet(args: Any, kind: RollKind) -> SheetRoll:
    """The character's roll, for the play layer (:mod:`vtm_tui.commands.sheet_roll`), its options checked."""
    if args.reroll_faces is not None and not args.reroll:
        raise VtmError("--reroll-faces: only with --reroll")
    if args.reroll_faces is not None and args.faces is None and args.hunger_faces is None:
        raise VtmError("--reroll-faces: only with --faces (typed-in dice)")
    faces = None
    if args.faces is not None or args.hunger_faces is not None:
        if kind in (RollKind.TEST, RollKind.TRACKER):
            faces = f"{args.faces or ''} | {args.hunger_faces or ''}"
        elif args.hunger_faces is not None:
            raise VtmError(f"--hunger-faces: a {kind.label} has no Hunger dice")
        else:
            faces = args.faces
    if args.specialty > 1:
        raise VtmError(f"--specialty {args.specialty}: a pool from {args.character}'s sheet takes one specialty")
    if args.automatic and (args.faces or args.hunger_faces or args.reroll):
        raise VtmError("--automatic: an automatic win rolls no dice (drop --faces/--reroll)")
    if args.awakening and kind is not RollKind.ROUSE:
        raise VtmError("--awakening: only with --kind rouse (the Rouse check on awakening)")
    play_kind = "test" if kind is RollKind.TRACKER else kind.value  # the pool's traits say if it is a tracker roll
    return SheetRoll(args.pool or "", dict(
        kind=play_kind, faces=faces, modifier=args.modifier,
        difficulty=args.difficulty, difficulty_modifier=args.difficulty_modifier,
        specialty="command line" if args.specialty else "", voluntary=not args.forced,
        rouse_reroll=args.rouse_reroll, adjust=_typed_hunger(args), follow_up=_sheet_reroll(args, kind),
        automatic=args.automatic, awakening=args.awakening, surge=args.blood_surge, rouse_faces=args.rouse_faces,
        power=args.power,
    ))


def _sheet_reroll(args: Any, kind: RollKind) -> Callable[[Outcome, DiceSource], Outcome] | None:
    """``--reroll`` after a roll from the sheet: the counted roll's checks, then play's Willpower re-roll."""
    if not args.reroll:
        return None

    def follow_up(first: Outcome, dice: DiceSource) -> Outcome:
        assert isinstance(first, V5Roll)  # a test or tracker roll (see _from_sheet)
        if args.reroll_faces is not None:
            dice = GivenFaces({REROLL_PURPOSE: _faces(args.reroll_faces, "--reroll-faces") or []})
        return _apply_reroll(args, first, dice)  # refusals and a miscount of typed faces, named by option

    return follow_up


def run_roll(args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
    """``vtm-tui roll v5``: a character's roll for the play layer, or a counted roll judged here."""
    if _from_sheet(args, RollKind(args.kind)):
        return _roll_from_sheet(args, RollKind(args.kind))
    _sheet_hunger(args, host)
    kind = RollKind(args.kind)
    if kind.is_check:
        return CountedRoll(_run_check(args, host, kind), pool="1", difficulty=None)
    dice_count, description, notes = _pool(args, host)
    difficulty = args.difficulty
    if difficulty is None:
        difficulty = HUNGER_FRENZY_DIFFICULTY if kind is RollKind.FRENZY else 0
        if kind is RollKind.FRENZY:
            notes += (f"no --difficulty: Difficulty {difficulty} (hunger frenzy) assumed",)
    difficulty = max(0, difficulty + args.difficulty_modifier)
    if kind is RollKind.REMORSE:
        difficulty = 1  # any success clears the stains
    if args.automatic:
        if args.faces or args.hunger_faces or args.reroll:
            raise VtmError("--automatic: an automatic win rolls no dice (drop --faces/--reroll)")
        outcome: Outcome = automatic_win(dice_count, difficulty, kind=kind)
        return CountedRoll(outcome, pool=description, difficulty=difficulty, notes=notes)
    regular, hunger, split_notes = split_pool(dice_count, args.hunger, kind=kind, mortal=args.mortal)
    dice = _given_dice(args, host, regular, hunger, f"pool {regular + hunger}, {hunger} of them Hunger")
    if kind is RollKind.REMORSE:
        result = remorse(Humanity(args.humanity, args.stains), dice)
        first, outcome = result.roll, result
    else:
        first = roll(dice_count, hunger, difficulty, dice, kind=kind, mortal=args.mortal, notes=notes)
        outcome = FrenzyResult(first) if kind is RollKind.FRENZY else first
    notes += split_notes
    if args.reroll:
        outcome = _apply_reroll(args, first, dice)
    elif args.reroll_faces:
        raise VtmError("--reroll-faces: only with --reroll")
    return CountedRoll(outcome, pool=description, difficulty=difficulty, notes=notes)


# --- odds -------------------------------------------------------------------------------------------

_COLUMNS = (("no re-roll", None),) + tuple(
    (label, name)
    for label, name in zip(("failures", "criticals", "avoid messy", "risky avoid"), STRATEGIES)
)


def odds_table(report: V5OddsReport) -> str:
    """A short table: one row per result, one column per strategy (80 columns)."""
    base = report.base
    head = f"{base.pool} {'die' if base.pool == 1 else 'dice'}"
    if base.hunger:
        head += f" ({base.hunger} Hunger)"
    head += f" vs {base.difficulty}" if base.difficulty else " (no Difficulty)"
    columns = [report.base] + [report.strategies[name] for _, name in _COLUMNS[1:]]
    lines = [f"V5 odds, {head}: win {base.p_win:.2%}, expected successes {base.expected_successes:.2f}"]
    lines.append(f"{'':<17}" + "".join(f"{label:>12}" for label, _ in _COLUMNS))
    for result in RESULTS:
        lines.append(f"{result.replace('_', ' '):<17}" + "".join(f"{o[result]:>12.2%}" for o in columns))
    lines.append(f"{'chance to win':<17}" + "".join(f"{o.p_win:>12.2%}" for o in columns))
    lines.append(f"{'exp. successes':<17}" + "".join(f"{o.expected_successes:>12.2f}" for o in columns))
    lines.append(f"best Willpower re-roll for a win: {report.best_strategy()}")
    return "\n".join(lines)


def run_odds(args: Any, host: CommandHost) -> OddsReport:
    """``vtm-tui odds v5``: every result's chance, with and without each Willpower re-roll strategy."""
    args.hunger = args.hunger or 0
    if args.pool is None:
        raise VtmError("--pool: required (the dice in the pool)")
    value = host.count(args.pool, "--pool")
    pool = build_pool(
        [("pool", value)], specialties=args.specialty, modifier=args.modifier, difficulty_modifier=args.difficulty_modifier
    )
    difficulty = max(0, (args.difficulty or 0) + args.difficulty_modifier)
    report = odds_report(pool.dice, 0 if args.mortal else args.hunger, difficulty)
    return OddsReport(report.to_dict(), odds_table(report), notes=tuple(pool.warnings))


class V5CommandLine:
    """The V5 :class:`~vtm_tui.rules.command_line.CommandLine`."""

    def option(self, name: str) -> Any:
        return option_value(OPTIONS, name, "V5")

    def roll(self, args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
        return run_roll(args, host)

    def odds(self, args: Any, host: CommandHost) -> OddsReport:
        return run_odds(args, host)


COMMAND_LINE = V5CommandLine()
