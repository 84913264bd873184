"""Where dice faces come from.

Every rule set draws its faces through a :class:`DiceSource`, so the same engine
code serves three tables: a fair, unpredictable one (:class:`SystemDice`, the
default), a repeatable one for tests and ``--seed`` (:class:`SeededDice`), and a
table that rolls physical dice and types the faces in (:class:`GivenFaces`).

Faces are requested with a *purpose* ("regular", "hunger", "luck", "reroll", ...)
so that given faces can be typed per kind of die and judged exactly as rolled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Protocol, runtime_checkable

from vtm_tui.rules.errors import DiceError

DEFAULT_PURPOSE = "regular"


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can produce ``count`` faces of a ``sides``-sided die."""

    def roll(self, count: int, sides: int, purpose: str = DEFAULT_PURPOSE) -> list[int]:
        """Return ``count`` faces, each in ``1..sides``."""
        ...


def _check_request(count: int, sides: int) -> None:
    if count < 0:
        raise DiceError(f"cannot roll a negative number of dice ({count})")
    if sides < 2:
        raise DiceError(f"a die needs at least 2 sides, not {sides}")


class _RandomDice:
    """Shared body of the two random sources; they differ only in the generator."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def roll(self, count: int, sides: int, purpose: str = DEFAULT_PURPOSE) -> list[int]:
        _check_request(count, sides)
        return [self._rng.randint(1, sides) for _ in range(count)]


class SystemDice(_RandomDice):
    """Fair dice from the operating system's randomness: nobody can predict a roll."""

    def __init__(self) -> None:
        super().__init__(random.SystemRandom())


class SeededDice(_RandomDice):
    """Repeatable dice: the same seed gives the same faces (tests, ``--seed``)."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        super().__init__(random.Random(seed))


class GivenFaces:
    """Faces typed in from physical dice, consumed in order, one queue per purpose.

    ``GivenFaces([10, 7, 3])`` serves every purpose from one queue;
    ``GivenFaces({"regular": [7, 3], "hunger": [10]})`` keeps kinds apart.
    Asking for more faces than were given, or a face off the die, raises a
    :class:`DiceError` that names the purpose and the face; :meth:`check_used`
    reports faces that were typed but never used (a miscounted pool).
    """

    def __init__(self, faces: Iterable[int] | Mapping[str, Iterable[int]]) -> None:
        if isinstance(faces, Mapping):
            self._queues = {key: list(value) for key, value in faces.items()}
            self._shared = False
        else:
            self._queues = {"": list(faces)}
            self._shared = True

    def _queue(self, purpose: str) -> list[int]:
        key = "" if self._shared else purpose
        if key not in self._queues:
            raise DiceError(f"no {purpose} dice faces were given")
        return self._queues[key]

    def roll(self, count: int, sides: int, purpose: str = DEFAULT_PURPOSE) -> list[int]:
        _check_request(count, sides)
        queue = self._queue(purpose) if count else []
        if len(queue) < count:
            raise DiceError(
                f"{count} {purpose} dice are rolled but only {len(queue)} "
                f"{purpose} face{'s' if len(queue) != 1 else ''} remain"
            )
        taken, queue[:count] = queue[:count], []
        for face in taken:
            if not 1 <= face <= sides:
                raise DiceError(f"{purpose} face {face} is not on a d{sides} (1-{sides})")
        return taken

    def remaining(self) -> dict[str, list[int]]:
        """Faces not consumed yet, by purpose (``""`` for a shared queue)."""
        return {key: list(value) for key, value in self._queues.items() if value}

    def check_used(self) -> None:
        """Raise if any typed face was not used: the pool and the faces disagree."""
        left = self.remaining()
        if left:
            parts = [
                f"{len(faces)} {key or 'extra'} face{'s' if len(faces) != 1 else ''} "
                f"({','.join(map(str, faces))})"
                for key, faces in left.items()
            ]
            raise DiceError("more faces given than dice rolled: " + "; ".join(parts) + " left over")


def parse_faces(text: str, *, sides: int, what: str = "faces") -> list[int]:
    """Parse ``"10,7,3"`` (commas and/or spaces) into faces, each checked against the die.

    V5 tables write a ten as ``0`` on the die; it is read as 10 on a d10.
    """
    faces: list[int] = []
    for token in text.replace(",", " ").split():
        try:
            face = int(token)
        except ValueError:
            raise DiceError(f"{what}: {token!r} is not a whole number") from None
        if face == 0 and sides == 10:
            face = 10
        if not 1 <= face <= sides:
            raise DiceError(f"{what}: face {face} is not on a d{sides} (1-{sides})")
        faces.append(face)
    return faces
