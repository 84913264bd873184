"""Making a test: attribute die + skill die + one proficiency + luck, judged against a Difficulty.

:func:`judge` is pure — every face is given, so a table with physical dice, a
log being re-checked and the unit tests all get the same answer. :func:`roll`
draws the faces from a :class:`~vtm_tui.rules.dice.DiceSource` by purpose
(``attribute``, ``skill``, ``luck``, then ``reroll`` one at a time, because which
die is re-rolled depends on the faces already showing) and hands them to the
same rules. :func:`passive_test` uses half of each die and no luck die;
:func:`luck_test` is the d20 alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.advantage import Draw, RerollFaceError, apply_rerolls, net_advantage
from vtm_tui.rules.ingenuity.dice import LUCK_SIDES, StepDie, check_luck_face, check_range, parse_die
from vtm_tui.rules.ingenuity.difficulty import Difficulty, as_difficulty
from vtm_tui.rules.ingenuity.results import (
    FAILURE,
    LUCK_BONUS,
    LUCKY_FACE,
    RULESET,
    ROLLED,
    SUCCESS,
    IngenuityOutcome,
)

#: At most one proficiency adds to a test, worth +1 to +4.
MAX_PROFICIENCY = 4
#: The best assist bonus (a helper reaching 16).
MAX_ASSIST = 4
#: The largest size difference: Titanic 12 against Miniscule 1.
MAX_SIZE_BONUS = 11

DieLike = StepDie | str | int
DifficultyLike = Difficulty | str | int | None


def _verdict(total: int, difficulty: Difficulty | None) -> str:
    if difficulty is None:
        return ROLLED
    return SUCCESS if total >= difficulty.value else FAILURE


def check_bonuses(bonus: int, assist_bonus: int, size_bonus: int) -> None:
    """One proficiency 0-4, an assist 0-4, a size difference 0-11: anything else is a typo."""
    check_range(bonus, 0, MAX_PROFICIENCY, "proficiency bonus")
    check_range(assist_bonus, 0, MAX_ASSIST, "assist bonus")
    check_range(size_bonus, 0, MAX_SIZE_BONUS, "size bonus")


def judge(
    attribute_die: DieLike,
    skill_die: DieLike,
    attribute_face: int,
    skill_face: int,
    luck_face: int,
    *,
    bonus: int = 0,
    difficulty: DifficultyLike = None,
    advantage: int = 0,
    disadvantage: int = 0,
    reroll_faces: Sequence[int] = (),
    picks: Sequence[str] | None = None,
    assist_bonus: int = 0,
    size_bonus: int = 0,
) -> IngenuityOutcome:
    """Judge a test from given faces; ``reroll_faces`` feed the advantage/disadvantage re-rolls in order.

    Raises :class:`RulesError` for a face off its die, a bonus out of range, too
    few re-roll faces for the re-rolls the rules call for, or faces left over.
    """
    attribute = parse_die(attribute_die, what="attribute die")
    skill = parse_die(skill_die, what="skill die")
    attribute.check_face(attribute_face, "attribute face")
    skill.check_face(skill_face, "skill face")
    check_luck_face(luck_face)
    queue = list(reroll_faces)
    used = 0

    def draw(sides: int, die: str, number: int) -> int:
        nonlocal used
        if used >= len(queue):
            raise RerollFaceError(
                f"re-roll {number} (the {die} d{sides}) needs a face, but only {len(queue)} "
                f"re-roll face{'s were' if len(queue) != 1 else ' was'} given"
            )
        used += 1
        return queue[used - 1]

    outcome = _resolve(
        attribute, skill, (attribute_face, skill_face), luck_face, draw,
        bonus=bonus, difficulty=difficulty, advantage=advantage, disadvantage=disadvantage,
        picks=picks, assist_bonus=assist_bonus, size_bonus=size_bonus,
    )  # fmt: skip
    if used < len(queue):
        left = ",".join(map(str, queue[used:]))
        raise RerollFaceError(
            f"{len(queue)} re-roll faces given but only {used} re-roll{'s' if used != 1 else ''} "
            f"were made; left over: {left}"
        )
    return outcome


def roll(
    attribute: DieLike,
    skill: DieLike,
    dice: DiceSource,
    *,
    bonus: int = 0,
    difficulty: DifficultyLike = None,
    advantage: int = 0,
    disadvantage: int = 0,
    passive: bool = False,
    assist_bonus: int = 0,
    size_bonus: int = 0,
    picks: Sequence[str] | None = None,
) -> IngenuityOutcome:
    """Roll a test with ``dice``; ``passive=True`` rolls nothing (see :func:`passive_test`)."""
    attribute_die = parse_die(attribute, what="attribute die")
    skill_die = parse_die(skill, what="skill die")
    if passive:
        if advantage or disadvantage or picks:
            raise RulesError("a passive test rolls no dice, so advantage and disadvantage do not apply")
        return passive_test(
            attribute_die, skill_die, bonus=bonus, difficulty=difficulty,
            assist_bonus=assist_bonus, size_bonus=size_bonus,
        )  # fmt: skip
    check_bonuses(bonus, assist_bonus, size_bonus)
    net_advantage(advantage, disadvantage)
    as_difficulty(difficulty)
    (attribute_face,) = dice.roll(1, attribute_die.sides, "attribute")
    (skill_face,) = dice.roll(1, skill_die.sides, "skill")
    (luck_face,) = dice.roll(1, LUCK_SIDES, "luck")

    def draw(sides: int, die: str, number: int) -> int:
        return dice.roll(1, sides, "reroll")[0]

    return _resolve(
        attribute_die, skill_die, (attribute_face, skill_face), luck_face, draw,
        bonus=bonus, difficulty=difficulty, advantage=advantage, disadvantage=disadvantage,
        picks=picks, assist_bonus=assist_bonus, size_bonus=size_bonus,
    )  # fmt: skip


def _resolve(
    attribute: StepDie,
    skill: StepDie,
    faces: tuple[int, int],
    luck_face: int,
    draw: Draw,
    *,
    bonus: int,
    difficulty: DifficultyLike,
    advantage: int,
    disadvantage: int,
    picks: Sequence[str] | None,
    assist_bonus: int,
    size_bonus: int,
) -> IngenuityOutcome:
    """The rules proper, shared by :func:`judge` and :func:`roll`."""
    check_bonuses(bonus, assist_bonus, size_bonus)
    level = as_difficulty(difficulty)
    net = net_advantage(advantage, disadvantage)
    kept, rerolls = apply_rerolls((attribute, skill), faces, net, draw, picks)
    luck = LUCK_BONUS if luck_face == LUCKY_FACE else 0
    total = kept[0] + kept[1] + bonus + luck + assist_bonus + size_bonus
    return IngenuityOutcome(
        attribute=attribute,
        skill=skill,
        rolled_faces=faces,
        faces=kept,
        luck_face=luck_face,
        total=total,
        result=_verdict(total, level),
        bonus=bonus,
        assist_bonus=assist_bonus,
        size_bonus=size_bonus,
        difficulty=level,
        advantage=advantage,
        disadvantage=disadvantage,
        rerolls=rerolls,
    )


def passive_test(
    attribute: DieLike,
    skill: DieLike,
    *,
    bonus: int = 0,
    difficulty: DifficultyLike = None,
    assist_bonus: int = 0,
    size_bonus: int = 0,
) -> IngenuityOutcome:
    """A test decided without rolling: each die counts its passive value (half its size), no luck die.

    The game master compares the party's passive Perception with a hidden
    creature's Difficulty rather than asking for a roll that gives it away.
    """
    attribute_die = parse_die(attribute, what="attribute die")
    skill_die = parse_die(skill, what="skill die")
    check_bonuses(bonus, assist_bonus, size_bonus)
    level = as_difficulty(difficulty)
    faces = (attribute_die.passive, skill_die.passive)
    total = faces[0] + faces[1] + bonus + assist_bonus + size_bonus
    return IngenuityOutcome(
        attribute=attribute_die,
        skill=skill_die,
        rolled_faces=faces,
        faces=faces,
        luck_face=None,
        total=total,
        result=_verdict(total, level),
        bonus=bonus,
        assist_bonus=assist_bonus,
        size_bonus=size_bonus,
        difficulty=level,
        passive=True,
    )


@dataclass(frozen=True)
class LuckOutcome:
    """A luck test: the d20 alone. Success when the face meets ``target`` (default 20: luck itself)."""

    face: int
    target: int = LUCKY_FACE
    ruleset: str = RULESET

    @property
    def result(self) -> str:
        return SUCCESS if self.face >= self.target else FAILURE

    @property
    def win(self) -> bool:
        return self.result == SUCCESS

    @property
    def margin(self) -> int:
        return self.face - self.target if self.win else 0

    @property
    def lucky(self) -> bool:
        return self.face == LUCKY_FACE

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": "luck test",
            "result": self.result,
            "win": self.win,
            "margin": self.margin,
            "lucky": self.lucky,
            "target": self.target,
            "total": self.face,
            "faces": {"luck": self.face},
        }

    def summary(self) -> str:
        return f"luck test (d20 vs {self.target}): {self.face}, {self.result}"


def judge_luck(face: int, *, target: int = LUCKY_FACE) -> LuckOutcome:
    """Judge a typed-in luck die. ``target`` lets a storyteller ask for, say, 11+ (even odds)."""
    check_luck_face(face)
    check_range(target, 1, LUCK_SIDES, "luck test target")
    return LuckOutcome(face, target)


def luck_test(dice: DiceSource, *, target: int = LUCKY_FACE) -> LuckOutcome:
    """When only luck decides: roll the luck die on its own (docs/rules.md)."""
    check_range(target, 1, LUCK_SIDES, "luck test target")
    (face,) = dice.roll(1, LUCK_SIDES, "luck")
    return judge_luck(face, target=target)
