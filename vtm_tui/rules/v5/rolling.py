"""Rolling a V5 pool: Hunger dice replacing regular dice, automatic wins, taking half.

The dice come from a :class:`~vtm_tui.rules.dice.DiceSource` under two purposes,
``"regular"`` and ``"hunger"``, so a table rolling physical dice can type each
kind in separately and have them judged exactly as rolled.
"""

from __future__ import annotations

from collections.abc import Iterable

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.kinds import RollKind, parse_kind
from vtm_tui.rules.v5.results import MAX_HUNGER, WIN, V5Roll, check_difficulty, judge

REGULAR = "regular"
HUNGER = "hunger"
#: The most dice a V5 pool may roll: far above any sheet (ten dots in two traits and every bonus is under
#: 30), low enough that a typo or a hostile ``Wits + 10000000`` cannot roll for minutes or log megabytes.
MAX_POOL = 99


def check_pool(pool: int, *, what: str = "pool") -> int:
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise RulesError(f"{what} must be a whole number of 0 or more, not {pool!r}")
    if pool > MAX_POOL:
        raise RulesError(f"{what} of {pool:,} dice is more than a V5 pool may roll (at most {MAX_POOL})")
    return pool


def check_hunger(hunger: int) -> int:
    if isinstance(hunger, bool) or not isinstance(hunger, int) or not 0 <= hunger <= MAX_HUNGER:
        raise RulesError(f"Hunger must be a whole number from 0 to {MAX_HUNGER}, not {hunger!r}")
    return hunger


def split_pool(
    pool: int, hunger: int, *, kind: RollKind | str = RollKind.TEST, mortal: bool = False
) -> tuple[int, int, tuple[str, ...]]:
    """``(regular dice, Hunger dice, notes)`` for a pool rolled at all.

    The pool gets its 1-die floor; Hunger dice replace regular ones (all of them
    when Hunger ≥ pool) except for mortals and on kinds that have no Hunger dice,
    where they are dropped with a note saying why.
    """
    kind = parse_kind(kind)
    check_pool(pool)
    check_hunger(hunger)
    notes: list[str] = []
    dice = pool
    if dice < 1:
        dice = 1
        notes.append("a pool that is rolled at all has at least 1 die")
    if hunger and mortal:
        notes.append("mortals and ghouls have no Hunger dice: Hunger ignored")
        hunger = 0
    elif hunger and not kind.has_hunger:
        notes.append(f"no Hunger dice on a {kind.label}: Hunger ignored")
        hunger = 0
    hunger_dice = min(hunger, dice)
    return dice - hunger_dice, hunger_dice, tuple(notes)


def roll(
    pool: int,
    hunger: int,
    difficulty: int,
    dice: DiceSource,
    *,
    kind: RollKind | str = RollKind.TEST,
    mortal: bool = False,
    notes: Iterable[str] = (),
) -> V5Roll:
    """Roll ``pool`` dice with ``hunger`` of them Hunger dice, and judge them.

    Checks are one die and read pass/fail: use :func:`~vtm_tui.rules.v5.checks.check`
    or :func:`~vtm_tui.rules.v5.checks.rouse_check` for them.
    """
    kind = parse_kind(kind)
    if kind.is_check:
        raise RulesError(f"a {kind.label} is one die read pass/fail: use the check, not a pool roll")
    check_difficulty(difficulty)
    regular, hunger_dice, split_notes = split_pool(pool, hunger, kind=kind, mortal=mortal)
    regular_faces = dice.roll(regular, 10, REGULAR)
    hunger_faces = dice.roll(hunger_dice, 10, HUNGER)
    return judge(regular_faces, hunger_faces, difficulty, kind=kind, notes=(*split_notes, *notes))


def automatic_win_refusal(pool: int, difficulty: int, *, kind: RollKind | str = RollKind.TEST) -> str | None:
    """Why the storyteller cannot skip this roll as an automatic win, or ``None`` when they may."""
    kind = parse_kind(kind)
    check_pool(pool)
    check_difficulty(difficulty)
    refusal = kind.automatic_refusal()
    if refusal:
        return refusal
    if difficulty < 1:
        return "an automatic win needs a Difficulty of 1 or more"
    if pool < 2 * difficulty:
        return f"an automatic win needs a pool of at least twice the Difficulty ({2 * difficulty}), not {pool}"
    return None


def automatic_win(pool: int, difficulty: int, *, kind: RollKind | str = RollKind.TEST) -> V5Roll:
    """The storyteller skips the roll: a ``win`` with margin 0, flagged automatic.

    Whether to offer it (never in a conflict round unless the storyteller asks,
    and only when the chronicle's option is on) is the caller's decision; this
    only refuses what the rules never allow.
    """
    kind = parse_kind(kind)
    refusal = automatic_win_refusal(pool, difficulty, kind=kind)
    if refusal:
        raise RulesError(refusal)
    return V5Roll(
        faces=(),
        hunger_faces=(),
        difficulty=difficulty,
        successes=difficulty,
        tens=0,
        result=WIN,
        win=True,
        margin=0,
        shortfall=0,
        win_at_a_cost=False,
        kind=kind,
        automatic=True,
        pool=pool,
    )


def take_half(pool: int, *, kind: RollKind | str = RollKind.TEST) -> int:
    """A storyteller character's fixed successes (or a Difficulty) without rolling: half, rounded down."""
    kind = parse_kind(kind)
    check_pool(pool)
    refusal = kind.taking_half_refusal()
    if refusal:
        raise RulesError(refusal)
    return pool // 2
