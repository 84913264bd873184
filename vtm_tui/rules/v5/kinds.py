"""Kinds of V5 roll, and what each kind allows.

The same dice are read the same way everywhere, but what a player may do around
them differs: a Rouse check has no Hunger dice and no Willpower re-roll, a
Frenzy test drops Hunger dice, an automatic win is never granted on a check.
Keeping those permissions on the kind means every caller asks one place.
"""

from __future__ import annotations

from enum import Enum

from vtm_tui.rules.errors import RulesError


class RollKind(str, Enum):
    """What is being rolled; the value is the name used on the command line and in logs."""

    TEST = "test"  #: a Skill or Attribute test (Attribute + Skill/Discipline/Attribute)
    TRACKER = "tracker"  #: a Willpower or Humanity roll from the undamaged tracker
    REMORSE = "remorse"  #: the end-of-session Remorse test
    FRENZY = "frenzy"  #: a test to resist frenzy
    CHECK = "check"  #: a one-die check, pass on 6+
    ROUSE = "rouse"  #: a Rouse check (a check that may raise Hunger)

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def is_check(self) -> bool:
        return self in (RollKind.CHECK, RollKind.ROUSE)

    @property
    def has_hunger(self) -> bool:
        """Hunger dice replace regular dice only on Skill and Attribute tests."""
        return self is RollKind.TEST

    @property
    def takes_difficulty(self) -> bool:
        """A check keeps one die against 6 and a Remorse test passes on one success: neither has a Difficulty."""
        return self not in (RollKind.CHECK, RollKind.ROUSE, RollKind.REMORSE)

    def reroll_refusal(self) -> str | None:
        """Why Willpower cannot re-roll this kind of roll, or ``None`` when it can."""
        return _NO_REROLL.get(self)

    def automatic_refusal(self) -> str | None:
        """Why this kind can never be an automatic win, or ``None`` when it can."""
        if self.is_check:
            return f"a {self.label} is never an automatic win"
        return None

    def taking_half_refusal(self) -> str | None:
        if self.is_check:
            return f"taking half never applies to a {self.label}"
        return None


_LABELS = {
    RollKind.TEST: "test",
    RollKind.TRACKER: "tracker roll",
    RollKind.REMORSE: "Remorse test",
    RollKind.FRENZY: "Frenzy test",
    RollKind.CHECK: "check",
    RollKind.ROUSE: "Rouse check",
}

_NO_REROLL = {
    RollKind.TRACKER: "Willpower cannot re-roll a tracker roll (Willpower or Humanity)",
    RollKind.REMORSE: "Willpower cannot re-roll a Remorse test",
    RollKind.FRENZY: "Willpower cannot re-roll a Frenzy test",
    RollKind.CHECK: "Willpower cannot re-roll a check",
    RollKind.ROUSE: "Willpower cannot re-roll a Rouse check",
}


def parse_kind(value: str | RollKind) -> RollKind:
    """Accept a kind or its name; a bad name raises a RulesError listing the kinds."""
    if isinstance(value, RollKind):
        return value
    try:
        return RollKind(value.strip().lower())
    except ValueError:
        names = ", ".join(k.value for k in RollKind)
        raise RulesError(f"unknown kind of roll {value!r}: use one of {names}") from None
