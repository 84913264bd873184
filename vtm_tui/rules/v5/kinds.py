"""Kinds of V5 roll, and what each kind allows.

The same dice are read the same way everywhere, but what a player may do around
them differs: a Rouse check has no Hunger dice and no Willpower re-roll, a
Frenzy test drops Hunger dice, an automatic win is never granted on a check.
Keeping those permissions on the kind means every caller asks one place.
"""

from __future__ import annotations

from enum import Enum

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.kind_spec import KindSpec


class RollKind(str, Enum):
    """What is being rolled; the value is the name used on the command line and in logs."""

    TEST = "test"  #: a Skill or Attribute test (Attribute + Skill/Discipline/Attribute)
    TRACKER = "tracker"  #: a Willpower or Humanity roll from the undamaged tracker
    REMORSE = "remorse"  #: the end-of-session Remorse test
    FRENZY = "frenzy"  #: a test to resist frenzy
    CHECK = "check"  #: a one-die check, pass on 6+
    ROUSE = "rouse"  #: a Rouse check (a check that may raise Hunger)

    @property
    def spec(self) -> KindSpec:
        """This kind's declaration (:data:`KIND_SPECS`): what the app does around its dice."""
        return KIND_SPECS[self.value]

    @property
    def label(self) -> str:
        return self.spec.label

    @property
    def is_check(self) -> bool:
        return self.spec.is_check

    @property
    def has_hunger(self) -> bool:
        """Hunger dice replace regular dice only on Skill and Attribute tests."""
        return self.spec.ordinary

    @property
    def takes_difficulty(self) -> bool:
        """A check keeps one die against 6 and a Remorse test passes on one success: neither has a Difficulty."""
        return self.spec.takes_difficulty

    def reroll_refusal(self) -> str | None:
        """Why Willpower cannot re-roll this kind of roll, or ``None`` when it can."""
        if self.spec.willpower:
            return None
        return f"Willpower cannot re-roll a {self.label}" + _WHAT_IT_ROLLS.get(self, "")

    def automatic_refusal(self) -> str | None:
        """Why this kind can never be an automatic win, or ``None`` when it can."""
        if self.is_check:
            return f"a {self.label} is never an automatic win"
        return None

    def taking_half_refusal(self) -> str | None:
        if self.is_check:
            return f"taking half never applies to a {self.label}"
        return None


#: Every V5 kind of roll, declared once: the app asks these (``ruleset_for("v5").roll_kind(id)``) and
#: :class:`RollKind`'s properties read them. A new kind is one line here and one member of :class:`RollKind`.
KIND_SPECS: dict[str, KindSpec] = {spec.id: spec for spec in (
    KindSpec("test", "test", "Roll", ordinary=True),
    KindSpec("tracker", "tracker roll", "Roll", willpower=False),
    # Frenzy, Remorse and Rouse have keys of their own on the coterie too, which the palette names.
    KindSpec("frenzy", "Frenzy test", "Frenzy test", fixed_pool="Frenzy", willpower=False, log_kind="frenzy",
             listed=True),
    KindSpec("remorse", "Remorse test", "Remorse test", fixed_pool="Remorse", takes_difficulty=False,
             willpower=False, owed_at_end=True, log_kind="remorse", listed=True),
    KindSpec("check", "check", "Check", fixed_pool="Check", takes_difficulty=False, is_check=True, willpower=False,
             log_kind="check"),
    KindSpec("rouse", "Rouse check", "Rouse check", fixed_pool="Rouse check", takes_difficulty=False, is_check=True,
             willpower=False, log_kind="rouse", listed=True),
)}

#: What a tracker roll's refusal adds: which trackers it rolls.
_WHAT_IT_ROLLS = {RollKind.TRACKER: " (Willpower or Humanity)"}


def parse_kind(value: str | RollKind) -> RollKind:
    """Accept a kind or its name; a bad name raises a RulesError listing the kinds."""
    if isinstance(value, RollKind):
        return value
    try:
        return RollKind(value.strip().lower())
    except ValueError:
        names = ", ".join(k.value for k in RollKind)
        raise RulesError(f"unknown kind of roll {value!r}: use one of {names}") from None
