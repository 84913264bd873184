"""Turn order in a V5 conflict: four groups, no initiative roll (advanced initiative optional).

Pure ordering functions; the conflict screen keeps who is in which group and
calls these each round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError


class Group(IntEnum):
    """The order in which kinds of action resolve each round."""

    ENGAGED_CLOSE = 1  #: close combat between parties already engaged
    RANGED = 2  #: ranged combat
    NEW_CLOSE = 3  #: newly started close combat
    OTHER = 4  #: everything else

    @property
    def label(self) -> str:
        return _GROUP_LABELS[self]


_GROUP_LABELS = {
    Group.ENGAGED_CLOSE: "close combat (engaged)",
    Group.RANGED: "ranged combat",
    Group.NEW_CLOSE: "close combat (newly started)",
    Group.OTHER: "everything else",
}


@dataclass(frozen=True)
class Action:
    """What one character does this round, with the traits that break ties in a group."""

    name: str
    group: Group
    dexterity: int = 0
    wits: int = 0
    skill: int = 0  #: dots in the Skill used


def turn_order(actions: Iterable[Action]) -> list[Action]:
    """Group 1 to 4; within a group higher Dexterity + Wits, then more Skill dots.

    Remaining ties keep the order given (the storyteller decides them).
    """
    return sorted(actions, key=lambda a: (int(a.group), -(a.dexterity + a.wits), -a.skill))


@dataclass(frozen=True)
class Combatant:
    """A character in advanced initiative (the option, off by default)."""

    name: str
    composure: int
    awareness: int
    player: bool = False
    vampire: bool = True

    @property
    def initiative(self) -> int:
        return self.composure + self.awareness


def advanced_initiative(combatants: Sequence[Combatant], dice: DiceSource) -> list[Combatant]:
    """Fixed Composure + Awareness, highest first.

    Ties: player characters before storyteller characters, vampires before
    mortals, higher Composure, then a die each (rolled, purpose
    ``"initiative"``, only for those still tied; still-equal dice keep the given order).
    """
    def key(c: Combatant) -> tuple[int, bool, bool, int]:
        return (-c.initiative, not c.player, not c.vampire, -c.composure)

    groups: dict[tuple[int, bool, bool, int], list[int]] = {}
    for index, c in enumerate(combatants):
        groups.setdefault(key(c), []).append(index)
    die: dict[int, int] = {}
    for members in groups.values():
        if len(members) > 1:
            for index, face in zip(members, dice.roll(len(members), 10, "initiative")):
                die[index] = face
    order = sorted(range(len(combatants)), key=lambda i: (key(combatants[i]), -die.get(i, 0), i))
    return [combatants[i] for i in order]


def pass_turn(order: Sequence[Combatant], name: str) -> list[Combatant]:
    """A character who passes moves to the end of the advanced-initiative order."""
    index = next((i for i, c in enumerate(order) if c.name == name), None)
    if index is None:
        raise RulesError(f"no combatant named {name!r} in this round")
    rest = [c for i, c in enumerate(order) if i != index]
    return rest + [order[index]]


def damage(margin: int, weapon: int = 0) -> int:
    """Damage of a winning attack: the winner's margin + the weapon rating."""
    for value, what in ((margin, "margin"), (weapon, "weapon rating")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(f"{what} must be a whole number of 0 or more, not {value!r}")
    return margin + weapon
