"""Rolling a V20 pool: dice from a source, then :func:`judge`; or no roll at all.

This is the one place that turns the house-rule options and the table's state
(free botch already used this session? which attempt is this?) into the plain
arguments of the pure judge, so the app, the command line and the tests agree.
"""

from __future__ import annotations

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v20.options import DEFAULT_OPTIONS, V20Options, ones_cancel
from vtm_tui.rules.v20.pools import DEFAULT_DIFFICULTY, V20Pool, check_dice, check_difficulty
from vtm_tui.rules.v20.results import V20Result, judge
from vtm_tui.rules.v20.retry import retry_difficulty

PURPOSE = "regular"


def pool_dice(pool: int | V20Pool) -> int:
    """The dice count of a pool given as a number or as a :class:`V20Pool`."""
    return check_dice(pool.dice if isinstance(pool, V20Pool) else pool)


def can_succeed_automatically(pool: int | V20Pool, difficulty: int) -> bool:
    """docs/rules.md: an automatic success is allowed when the pool is at least the Difficulty."""
    return pool_dice(pool) >= check_difficulty(difficulty)


def automatic_success(
    pool: int | V20Pool,
    difficulty: int = DEFAULT_DIFFICULTY,
    *,
    options: V20Options = DEFAULT_OPTIONS,
    attempt: int = 1,
) -> V20Result:
    """A marginal success without a roll; refused when the pool is below the Difficulty.

    The storyteller decides that the task is not in combat or under stress; the
    engine checks the numbers and the chronicle's option.
    """
    dice = pool_dice(pool)
    effective = retry_difficulty(difficulty, attempt)
    if not options.automatic_success:
        raise RulesError("automatic success is switched off for this chronicle (v20 option automatic_success)")
    if dice < effective:
        raise RulesError(
            f"no automatic success: the pool ({dice} dice) is below the Difficulty ({effective})"
        )
    return V20Result(
        result="success",
        successes=1,
        raw_successes=0,
        ones=0,
        faces=(),
        difficulty=effective,
        automatic=True,
        attempt=attempt,
        pool=dice,
    )


def roll(
    pool: int | V20Pool,
    difficulty: int,
    dice: DiceSource,
    *,
    specialty: bool = False,
    willpower: bool = False,
    options: V20Options = DEFAULT_OPTIONS,
    free_botch_used: bool = False,
    attempt: int = 1,
    kind: str = "test",
) -> V20Result:
    """Roll ``pool`` d10s against ``difficulty`` and judge them.

    - ``kind``: a :data:`~vtm_tui.rules.v20.kinds.KINDS` id; damage and soak rolls
      cannot botch, and the options decide whether their 1s cancel successes.

    - ``options``: the chronicle's house rules (specialty doubling, free botch).
    - ``free_botch_used``: whether this session's free botch is already spent;
      it matters only when ``options.free_botch`` is on. The result's
      ``free_botch_consumed`` tells the caller to mark it spent.
    - ``attempt``: 1 for a first try; trying again raises the Difficulty by
      ``attempt − 1`` and refuses a Difficulty above 10 before any die is rolled.
    """
    count = pool_dice(pool)
    effective = retry_difficulty(difficulty, attempt)
    faces = dice.roll(count, 10, PURPOSE)
    return judge(
        faces,
        effective,
        specialty=specialty,
        willpower=willpower,
        specialty_doubles=options.specialty_doubles,
        free_botch=options.free_botch and not free_botch_used,
        attempt=attempt,
        kind=kind,
        ones_cancel=ones_cancel(options, kind),
    )
