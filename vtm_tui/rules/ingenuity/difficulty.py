"""The Difficulty ladder: Simple 4 … Improbable 24, and the trivial check.

A storyteller thinks in names ("that lock is Challenging"), scripts in numbers;
both are accepted and shown together ("Challenging 10"). Contests make other
numbers (a guard's total of 9 sets Markos' Difficulty), so any whole number ≥ 1
is a Difficulty; it simply has no name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.numbers import read_whole
from vtm_tui.rules.pool import PoolError, match_trait

#: The named rungs (docs/rules.md); "Trivial" means no test at all and has no number.
LADDER: tuple[tuple[str, int], ...] = (
    ("Simple", 4),
    ("Standard", 6),
    ("Moderate", 8),
    ("Challenging", 10),
    ("Complex", 12),
    ("Demanding", 14),
    ("Daunting", 16),
    ("Arduous", 18),
    ("Ambitious", 20),
    ("Absurd", 22),
    ("Improbable", 24),
)
TRIVIAL = "Trivial"
_BY_VALUE = {value: name for name, value in LADDER}
_BY_NAME = {name: value for name, value in LADDER}
#: Rungs from Demanding up are "rare" in the seed's table.
RARE_FROM = 14
#: The lowest sum of two step dice: both show 1.
LOWEST_DICE = 2


@dataclass(frozen=True)
class Difficulty:
    """A Difficulty value and its ladder name, if it sits on a rung."""

    value: int

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1:
            raise RulesError(f"difficulty {self.value!r} must be a whole number of at least 1")

    @property
    def name(self) -> str | None:
        return _BY_VALUE.get(self.value)

    @property
    def rare(self) -> bool:
        return self.value >= RARE_FROM

    @property
    def label(self) -> str:
        """``"Moderate 8"`` on the ladder, else just ``"9"``."""
        return f"{self.name} {self.value}" if self.name else str(self.value)

    def __str__(self) -> str:
        return self.label


def difficulty_name(value: int) -> str | None:
    """The ladder name of ``value`` (``8`` → ``"Moderate"``), or None off the ladder."""
    return _BY_VALUE.get(value)


def parse_difficulty(text: str | int | Difficulty, *, what: str = "difficulty") -> Difficulty:
    """Read ``8``, ``"8"``, ``"moderate"``, ``"Moderate 8"`` or an unambiguous prefix (``"chall"``).

    ``"Trivial"`` is refused: a trivial task needs no test, it simply succeeds.
    A name and number that disagree (``"Simple 8"``) are refused too.
    """
    if isinstance(text, Difficulty):
        return text
    if isinstance(text, int) and not isinstance(text, bool):
        if text < 1:
            raise RulesError(f"{what} {text} must be at least 1")
        return Difficulty(text)
    if not isinstance(text, str):
        raise RulesError(f"{what} {text!r} is neither a number nor a ladder name")
    words = text.split()
    if not words:
        raise RulesError(f"{what} is empty; give a number or a name such as Moderate")
    number = read_whole(words[-1], what) if re.fullmatch(r"-?[0-9]+", words[-1]) else None
    name_words = words[:-1] if number is not None else words
    if not name_words:
        assert number is not None
        return parse_difficulty(number, what=what)
    name_text = " ".join(name_words)
    if name_text.casefold() == TRIVIAL.casefold():
        raise RulesError(f"{what} {TRIVIAL}: a trivial task needs no test, it simply succeeds")
    try:
        name = match_trait(name_text, _BY_NAME)
    except PoolError:
        names = ", ".join(f"{n} {v}" for n, v in LADDER)
        raise RulesError(f"{what} {text.strip()!r} is not a number or a ladder name ({names})") from None
    if number is not None and number != _BY_NAME[name]:
        raise RulesError(f"{what} {text.strip()!r}: {name} is {_BY_NAME[name]}, not {number}")
    return Difficulty(_BY_NAME[name])


def as_difficulty(value: str | int | Difficulty | None) -> Difficulty | None:
    """None stays None (a roll for a secret or contested Difficulty); anything else is parsed."""
    return None if value is None else parse_difficulty(value)


def lowest_result(bonus: int = 0) -> int:
    """The worst a test can do: both dice show 1, plus every flat bonus."""
    return LOWEST_DICE + bonus


def is_trivial(difficulty: int | str | Difficulty, bonus: int = 0) -> bool:
    """True when even the lowest result (2 + bonus) meets the Difficulty: the roll may be skipped.

    Fabian with sleight +4 cannot do worse than 6, so a Standard (6) lock is trivial for him.
    """
    return lowest_result(bonus) >= parse_difficulty(difficulty).value
