"""Reading V5 dice: successes, pairs of tens, and the one result of a roll.

:func:`judge` is pure: the same faces, Difficulty and kind always give the same
:class:`V5Roll`. Everything that rolls (``roll``, the re-roll, Remorse, Frenzy)
ends here, so the seven-step order of docs/rules.md lives in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v5.kinds import RollKind, parse_kind

# The result names of docs/rules.md, in the order the rules decide them.
MESSY_CRITICAL = "messy_critical"
CRITICAL_WIN = "critical_win"
WIN = "win"
BESTIAL_FAILURE = "bestial_failure"
TOTAL_FAILURE = "total_failure"
FAILURE = "failure"
#: Every result a single roll can have, winning ones first.
RESULTS: tuple[str, ...] = (MESSY_CRITICAL, CRITICAL_WIN, WIN, BESTIAL_FAILURE, TOTAL_FAILURE, FAILURE)
WINNING_RESULTS = frozenset({MESSY_CRITICAL, CRITICAL_WIN, WIN})
#: A contest with equal successes.
TIE = "tie"

MAX_HUNGER = 5


def count_successes(faces: Iterable[int]) -> tuple[int, int]:
    """``(successes, tens)``: 6+ is a success and every pair of tens adds two more."""
    values = list(faces)
    tens = sum(1 for face in values if face == 10)
    return sum(1 for face in values if face >= 6) + 2 * (tens // 2), tens


def check_difficulty(difficulty: int, *, what: str = "Difficulty") -> int:
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or difficulty < 0:
        raise RulesError(f"{what} must be a whole number of 0 or more, not {difficulty!r}")
    return difficulty


def _check_faces(faces: Iterable[int], what: str) -> tuple[int, ...]:
    values = tuple(faces)
    for face in values:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise DiceError(f"{what}: face {face!r} is not on a d10 (1-10)")
    return values


@dataclass(frozen=True)
class V5Roll:
    """A judged V5 roll (satisfies :class:`vtm_tui.rules.base.Outcome`).

    ``faces`` are the regular dice and ``hunger_faces`` the Hunger dice, each in
    the order rolled. ``margin`` is successes − Difficulty on a win (0 on an
    automatic win and on any failure); ``shortfall`` is how many successes a
    failure missed by. ``notes`` carry what a storyteller should be told (a
    floor applied, Hunger dice dropped, a modifier beyond the guideline).
    """

    faces: tuple[int, ...]
    hunger_faces: tuple[int, ...]
    difficulty: int
    successes: int
    tens: int
    result: str
    win: bool
    margin: int
    shortfall: int
    win_at_a_cost: bool
    kind: RollKind = RollKind.TEST
    automatic: bool = False
    rerolled: bool = False
    pool: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)
    ruleset: str = "v5"

    @property
    def hunger(self) -> int:
        return len(self.hunger_faces)

    @property
    def critical(self) -> bool:
        return self.result in (CRITICAL_WIN, MESSY_CRITICAL)

    @property
    def all_faces(self) -> tuple[int, ...]:
        """Regular then Hunger faces: the positions a by-hand re-roll refers to."""
        return self.faces + self.hunger_faces

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": self.kind.value,
            "result": self.result,
            "win": self.win,
            "successes": self.successes,
            "margin": self.margin,
            "shortfall": self.shortfall,
            "difficulty": self.difficulty,
            "pool": self.pool,
            "hunger": self.hunger,
            "faces": list(self.faces),
            "hunger_faces": list(self.hunger_faces),
            "tens": self.tens,
            "critical": self.critical,
            "win_at_a_cost": self.win_at_a_cost,
            "automatic": self.automatic,
            "rerolled": self.rerolled,
            "notes": list(self.notes),
        }

    def dice_text(self) -> str:
        """``7 3 2 1 | 10 4``: Hunger dice after the bar, so no colour is needed."""
        regular = " ".join(map(str, self.faces))
        if not self.hunger_faces:
            return regular
        hunger = " ".join(map(str, self.hunger_faces))
        return f"{regular} | {hunger}" if regular else f"| {hunger}"

    def head_text(self) -> str:
        """``6 dice (2 Hunger) vs 3``, prefixed by the kind when it is not a plain test."""
        dice = f"{self.pool} {'die' if self.pool == 1 else 'dice'}"
        if self.hunger:
            dice += f" ({self.hunger} Hunger)"
        against = f"vs {self.difficulty}" if self.difficulty else "(no Difficulty)"
        prefix = "" if self.kind is RollKind.TEST else f"{self.kind.label.capitalize()}: "
        return f"{prefix}{dice} {against}"

    def outcome_text(self) -> str:
        """``3 successes, win, margin 0`` (the part after the arrow)."""
        if self.automatic:
            return f"automatic win, margin {self.margin}"
        text = f"{self.successes} success{'' if self.successes == 1 else 'es'}, {self.result.replace('_', ' ')}"
        if self.win:
            return f"{text}, margin {self.margin}"
        text += f", shortfall {self.shortfall}"
        return text + (", win at a cost possible" if self.win_at_a_cost else "")

    def summary(self) -> str:
        if self.automatic:
            return f"{self.head_text()}: {self.outcome_text()}"
        return f"{self.head_text()}: {self.dice_text()} → {self.outcome_text()}"


def judge(
    regular_faces: Iterable[int],
    hunger_faces: Iterable[int] = (),
    difficulty: int = 0,
    *,
    kind: RollKind | str = RollKind.TEST,
    rerolled: bool = False,
    notes: Iterable[str] = (),
) -> V5Roll:
    """Judge faces exactly as docs/rules.md decides (the seven steps, in order).

    Difficulty 0 means "no Difficulty set": one success wins. Hunger faces on a
    kind that has no Hunger dice are refused, since a caller that passed them
    has miscounted the pool.
    """
    kind = parse_kind(kind)
    difficulty = check_difficulty(difficulty)
    regular = _check_faces(regular_faces, "regular faces")
    hunger = _check_faces(hunger_faces, "hunger faces")
    if hunger and not kind.has_hunger:
        raise DiceError(f"a {kind.label} has no Hunger dice, but {len(hunger)} Hunger faces were given")
    if len(hunger) > MAX_HUNGER:
        raise DiceError(f"at most {MAX_HUNGER} Hunger dice, not {len(hunger)}")
    if not regular and not hunger:
        raise DiceError("a roll needs at least one die")
    successes, tens = count_successes(regular + hunger)
    need = max(difficulty, 1)
    win = successes >= need
    if win:
        if tens >= 2 and 10 in hunger:
            result = MESSY_CRITICAL
        elif tens >= 2:
            result = CRITICAL_WIN
        else:
            result = WIN
    elif 1 in hunger:
        result = BESTIAL_FAILURE
    elif successes == 0:
        result = TOTAL_FAILURE
    else:
        result = FAILURE
    return V5Roll(
        faces=regular,
        hunger_faces=hunger,
        difficulty=difficulty,
        successes=successes,
        tens=tens,
        result=result,
        win=win,
        margin=successes - difficulty if win else 0,
        shortfall=0 if win else need - successes,
        win_at_a_cost=not win and successes >= 1,
        kind=kind,
        rerolled=rerolled,
        pool=len(regular) + len(hunger),
        notes=tuple(notes),
    )


class WrapsRoll:
    """A result that wraps one judged roll (``self.roll``) and reads as it: the Outcome fields
    ``ruleset``, ``result``, ``win`` and ``margin`` are the roll's, whatever the wrapper adds."""

    ruleset = "v5"
    roll: V5Roll

    @property
    def result(self) -> str:
        return self.roll.result

    @property
    def win(self) -> bool:
        return self.roll.win

    @property
    def margin(self) -> int:
        return self.roll.margin

