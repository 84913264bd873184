"""V20 initiative: who declares first and who acts first.

docs/rules.md: initiative = 1d10 + Dexterity + Wits − wound penalty, highest first;
ties go to the higher Dexterity + Wits, then the characters act at the same
time (one slot). Actions are declared from the lowest initiative up and
resolved from the highest down. The d10 comes from a dice source (purpose
``"initiative"``) or is given, so a table rolling real dice can type it in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import DiceError, RulesError

PURPOSE = "initiative"


@dataclass(frozen=True)
class Combatant:
    """What initiative needs of a character; ``wound_penalty`` is the dice Health costs (0-5)."""

    name: str
    dexterity: int
    wits: int
    wound_penalty: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError("a combatant needs a name")
        for field_name in ("dexterity", "wits", "wound_penalty"):
            value = getattr(self, field_name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RulesError(f"{self.name}: {field_name} must be a whole number ≥ 0, not {value!r}")

    @property
    def base(self) -> int:
        """Dexterity + Wits: the rating added to the die, and the first tie-breaker."""
        return self.dexterity + self.wits


@dataclass(frozen=True)
class InitiativeEntry:
    """One combatant's initiative roll."""

    combatant: Combatant
    die: int

    @property
    def name(self) -> str:
        return self.combatant.name

    @property
    def total(self) -> int:
        return self.die + self.combatant.base - self.combatant.wound_penalty

    @property
    def key(self) -> tuple[int, int]:
        """Sort key: higher total first, then higher Dexterity + Wits; equal keys share a slot."""
        return (self.total, self.combatant.base)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "die": self.die,
            "dexterity": self.combatant.dexterity,
            "wits": self.combatant.wits,
            "wound_penalty": self.combatant.wound_penalty,
            "total": self.total,
        }


@dataclass(frozen=True)
class InitiativeOrder:
    """The turn's order as slots: each slot holds the characters acting at the same time."""

    slots: tuple[tuple[InitiativeEntry, ...], ...]

    @property
    def act_order(self) -> tuple[tuple[InitiativeEntry, ...], ...]:
        """Highest initiative first: the order actions are resolved."""
        return self.slots

    @property
    def declare_order(self) -> tuple[tuple[InitiativeEntry, ...], ...]:
        """Lowest initiative first: the order actions are declared."""
        return tuple(reversed(self.slots))

    @property
    def names(self) -> list[list[str]]:
        """Act order as names, one list per slot (handy in tests and logs)."""
        return [[entry.name for entry in slot] for slot in self.slots]

    def to_dict(self) -> dict[str, Any]:
        return {"slots": [[entry.to_dict() for entry in slot] for slot in self.slots]}

    def summary(self) -> str:
        return " > ".join(
            " = ".join(f"{entry.name} {entry.total}" for entry in slot) for slot in self.slots
        )


def order_initiative(combatants: Sequence[Combatant], faces: Sequence[int]) -> InitiativeOrder:
    """The order from one given d10 face per combatant (in the same order)."""
    if len(faces) != len(combatants):
        raise DiceError(
            f"initiative needs one d10 face per combatant: {len(combatants)} combatants, {len(faces)} faces"
        )
    names = [c.name for c in combatants]
    duplicate = next((n for n in names if names.count(n) > 1), None)
    if duplicate is not None:
        raise RulesError(f"{duplicate} appears twice in the initiative")
    entries = []
    for combatant, face in zip(combatants, faces, strict=True):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise DiceError(f"initiative face {face!r} for {combatant.name} is not on a d10 (1-10)")
        entries.append(InitiativeEntry(combatant, face))
    # Stable sort keeps the given order inside a slot, so the display does not shuffle.
    entries.sort(key=lambda e: e.key, reverse=True)
    slots = tuple(tuple(group) for _, group in groupby(entries, key=lambda e: e.key))
    return InitiativeOrder(slots)


def roll_initiative(combatants: Sequence[Combatant], dice: DiceSource) -> InitiativeOrder:
    """Roll one d10 per combatant (purpose ``"initiative"``) and order them."""
    faces = [dice.roll(1, 10, PURPOSE)[0] for _ in combatants]
    return order_initiative(combatants, faces)
