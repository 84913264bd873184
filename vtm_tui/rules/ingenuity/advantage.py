"""Advantage and disadvantage: which die is re-rolled, and what is kept.

docs/rules.md: sources are counted and cancel in pairs. Each remaining advantage
re-rolls one attribute or skill die and keeps the better face; each remaining
disadvantage re-rolls the die showing the highest face and keeps the worse. The
luck die is never re-rolled.

Choices the rules leave open, decided here (and mirrored exactly by the odds):

- **Advantage** re-rolls the die whose re-roll has the best expected gain on the
  faces showing *now*: for a d``s`` showing ``f`` that is
  ``E[max(f, X)] - f = (s - f)(s - f + 1) / (2s)``, computed exactly with
  fractions. A d12 showing 6 (gain 1.75) beats a d6 showing 2 (gain 1.67).
  Equal gains re-roll the **attribute** die. With net advantage 2 or more each
  re-roll is chosen afresh on the current faces, so one die may be re-rolled
  again (three advantages, two dice). A person may pick dice by hand instead.
- When neither re-roll could change anything (both dice show their maximum), the
  advantage is not rolled at all: a player at the table would not pick the dice up.
- **Disadvantage** re-rolls the die showing the highest face. Equal faces re-roll
  the **larger** die — the player's choice, and the larger die loses less on
  average (``f - E[min(f, X)] = f(f - 1) / (2s)``); equal dice: the attribute die.
  When the highest face is 1 nothing can get worse and no die is re-rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.ingenuity.dice import StepDie, check_range
from vtm_tui.rules.pool import PoolError, match_trait

ATTRIBUTE = "attribute"
SKILL = "skill"
#: The two re-rollable dice of a test, in the order the engine lists them.
DIE_NAMES: tuple[str, str] = (ATTRIBUTE, SKILL)
ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"
#: The most sources of either kind the engine accepts: far beyond any table, still bounded.
MAX_SOURCES = 20


class RerollFaceError(DiceError):
    """Typed-in re-roll faces that do not fit the re-rolls the rules call for (too few, too many, off the die)."""


def net_advantage(advantage: int = 0, disadvantage: int = 0) -> int:
    """Sources cancel in pairs: positive is advantage left over, negative disadvantage."""
    check_range(advantage, 0, MAX_SOURCES, "advantage")
    check_range(disadvantage, 0, MAX_SOURCES, "disadvantage")
    return advantage - disadvantage


def reroll_gain(sides: int, face: int) -> Fraction:
    """Expected gain of re-rolling a d``sides`` showing ``face`` and keeping the better."""
    above = sides - face
    return Fraction(above * (above + 1), 2 * sides)


def reroll_loss(sides: int, face: int) -> Fraction:
    """Expected loss of re-rolling a d``sides`` showing ``face`` and keeping the worse."""
    return Fraction(face * (face - 1), 2 * sides)


def choose_advantage_die(sides: tuple[int, int], faces: tuple[int, int]) -> int | None:
    """Index (0 attribute, 1 skill) of the die to re-roll for advantage, None if pointless.

    Compares :func:`reroll_gain` exactly, in integers (cross-multiplied), because
    the odds call this for every face pair and fractions would cost the budget.
    """
    above0, above1 = sides[0] - faces[0], sides[1] - faces[1]
    gain0 = above0 * (above0 + 1) * sides[1]  # both gains scaled by 2·s0·s1
    gain1 = above1 * (above1 + 1) * sides[0]
    if gain0 == gain1 == 0:
        return None
    return 0 if gain0 >= gain1 else 1


def choose_disadvantage_die(sides: tuple[int, int], faces: tuple[int, int]) -> int | None:
    """Index of the die to re-roll for disadvantage (highest face), None if pointless."""
    if max(faces) == 1:
        return None
    if faces[0] != faces[1]:
        return 0 if faces[0] > faces[1] else 1
    return 1 if sides[1] > sides[0] else 0


@dataclass(frozen=True)
class Reroll:
    """One re-roll: which die, what it showed, what came up, and which face stayed."""

    kind: str  # "advantage" or "disadvantage"
    die: str  # "attribute" or "skill"
    sides: int
    replaced: int  # the face the die showed before the re-roll
    rolled: int  # the new face
    picked: bool = False  # chosen by hand rather than by the engine

    @property
    def kept(self) -> int:
        return max(self.replaced, self.rolled) if self.kind == ADVANTAGE else min(self.replaced, self.rolled)

    @property
    def discarded(self) -> int:
        return self.rolled if self.kept == self.replaced else self.replaced

    @property
    def took_new(self) -> bool:
        """True when the new face was kept (it replaced the old one)."""
        return self.kept == self.rolled and self.rolled != self.replaced

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "die": self.die,
            "sides": self.sides,
            "replaced": self.replaced,
            "rolled": self.rolled,
            "kept": self.kept,
            "discarded": self.discarded,
            "picked": self.picked,
        }

    def describe(self) -> str:
        """``"d8 2→5 kept 5"``: short enough for a summary line."""
        return f"d{self.sides} {self.replaced}→{self.rolled} kept {self.kept}"


def parse_pick(text: str) -> str:
    """``"attribute"``, ``"skill"`` or an unambiguous prefix (``"a"``, ``"sk"``)."""
    try:
        return match_trait(text, DIE_NAMES)
    except PoolError:
        raise RulesError(f"re-roll pick {text!r} is not 'attribute' or 'skill'") from None


#: ``draw(sides, die_name, number)`` returns the face of re-roll ``number`` (1-based).
Draw = Callable[[int, str, int], int]


def apply_rerolls(
    dice: tuple[StepDie, StepDie],
    faces: tuple[int, int],
    net: int,
    draw: Draw,
    picks: Sequence[str] | None = None,
) -> tuple[tuple[int, int], tuple[Reroll, ...]]:
    """Run every re-roll of net advantage ``net`` on ``faces``; return the final faces and the re-rolls.

    ``picks`` names the die for the first advantage re-rolls by hand (the rest
    the engine chooses); they are refused under disadvantage, where the rules choose.
    """
    chosen = [parse_pick(p) for p in (picks or ())]
    if chosen and net <= 0:
        raise RulesError(f"re-roll picks need advantage, but the net advantage is {net}")
    if len(chosen) > net > 0:
        raise RulesError(f"{len(chosen)} re-roll picks given but only {net} advantage to spend")
    sides = (dice[0].sides, dice[1].sides)
    current = list(faces)
    rerolls: list[Reroll] = []
    kind = ADVANTAGE if net > 0 else DISADVANTAGE
    for step in range(abs(net)):
        picked = step < len(chosen)
        if picked:
            index: int | None = DIE_NAMES.index(chosen[step])
        elif net > 0:
            index = choose_advantage_die(sides, (current[0], current[1]))
        else:
            index = choose_disadvantage_die(sides, (current[0], current[1]))
        if index is None:
            continue
        name = DIE_NAMES[index]
        new = draw(sides[index], name, len(rerolls) + 1)
        if isinstance(new, bool) or not isinstance(new, int) or not 1 <= new <= sides[index]:
            size = sides[index]
            raise RerollFaceError(f"re-roll face {new} for the {name} die is not on a d{size} (1-{size})")
        reroll = Reroll(kind, name, sides[index], current[index], new, picked)
        current[index] = reroll.kept
        rerolls.append(reroll)
    return (current[0], current[1]), tuple(rerolls)
