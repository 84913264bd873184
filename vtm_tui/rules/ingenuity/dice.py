"""Step dice: the d4 … d12 that measure an Ingenuity attribute or skill.

A trait *is* a die size, so the engine passes :class:`StepDie` values around
rather than bare ints: a typo such as ``d7`` or ``d20`` is caught where it is
typed, with the allowed dice in the message, instead of producing odds for a
die nobody owns.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError

#: The sizes a trait die may have, smallest first.
STEP_SIZES: tuple[int, ...] = (4, 6, 8, 10, 12)
#: The luck die rolled beside every (non-passive) test.
LUCK_SIDES = 20
_ALLOWED = "d4, d6, d8, d10 or d12"


@dataclass(frozen=True, order=True)
class StepDie:
    """One step die; ``str(StepDie(8)) == "d8"``; ordered by size."""

    sides: int

    def __post_init__(self) -> None:
        if isinstance(self.sides, bool) or self.sides not in STEP_SIZES:
            raise RulesError(f"d{self.sides} is not a step die; use {_ALLOWED}")

    def __str__(self) -> str:
        return f"d{self.sides}"

    @property
    def passive(self) -> int:
        """The passive value: half the die size (docs/rules.md), used instead of a roll."""
        return self.sides // 2

    @property
    def mean(self) -> float:
        return (self.sides + 1) / 2

    def step(self, steps: int = 1) -> StepDie:
        """The die ``steps`` sizes up (negative: down); stops at d4 and d12 with an error."""
        index = STEP_SIZES.index(self.sides) + steps
        if not 0 <= index < len(STEP_SIZES):
            raise RulesError(f"{self} cannot move {steps:+d} steps: dice run from d4 to d12")
        return StepDie(STEP_SIZES[index])

    def check_face(self, face: int, what: str = "face") -> int:
        """Return ``face`` if it is on this die, else raise naming ``what`` and the range."""
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.sides:
            raise RulesError(f"{what} {face} is not on a {self} (1-{self.sides})")
        return face


#: An untrained skill is rolled as a d4.
UNTRAINED = StepDie(4)


def parse_die(text: str | int | StepDie, *, what: str = "die") -> StepDie:
    """Read ``"d6"``, ``"D6"``, ``"6"`` or ``6`` as a step die; ``what`` names the field in errors."""
    if isinstance(text, StepDie):
        return text
    if isinstance(text, int) and not isinstance(text, bool):
        if text in STEP_SIZES:
            return StepDie(text)
        raise RulesError(f"{what} {text!r} is not a step die; use {_ALLOWED}")
    if not isinstance(text, str):
        raise RulesError(f"{what} {text!r} is not a step die; use {_ALLOWED}")
    cleaned = text.strip().lower()
    digits = cleaned[1:] if cleaned.startswith("d") else cleaned
    if digits.isascii() and digits.isdigit() and int(digits) in STEP_SIZES:
        return StepDie(int(digits))
    raise RulesError(f"{what} {text.strip()!r} is not a step die; use {_ALLOWED}")


def check_luck_face(face: int, what: str = "luck face") -> int:
    """Return a d20 luck face, or raise naming the value and the range 1-20."""
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= LUCK_SIDES:
        raise RulesError(f"{what} {face} is not on the d{LUCK_SIDES} luck die (1-{LUCK_SIDES})")
    return face


def check_range(value: int, low: int, high: int, what: str) -> int:
    """Whole number in ``low..high`` or a RulesError naming ``what`` and the range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} {value!r} is not a whole number ({low}-{high})")
    if not low <= value <= high:
        raise RulesError(f"{what} {value} is out of range ({low}-{high})")
    return value
