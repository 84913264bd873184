"""V20 health levels: boxes of bashing, lethal and aggravated damage.

docs/rules.md: Bruised (0), Hurt (−1), Injured (−1), Wounded (−2), Mauled (−2),
Crippled (−5), Incapacitated; damage is bashing, lethal or aggravated. The
rest is silent, so this module follows the books, simply:

- Seven boxes, filled from the top. The boxes are kept sorted worst first
  (aggravated, lethal, bashing): a worse wound displaces lighter ones
  downwards, as the books mark them.
- The character's level is the lowest filled box; its penalty is the dice lost
  from every pool (and from initiative). At Incapacitated no action is possible.
- Damage to a full track upgrades the lightest box: bashing or lethal turns a
  bashing box lethal; aggravated turns the lightest non-aggravated box
  aggravated. Damage that finds nothing to upgrade goes *beyond* the track:
  a vampire falls into torpor (lethal) or meets Final Death (aggravated); a
  mortal dies.
- Healing removes the lightest damage first unless a kind is named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.errors import RulesError

#: (name, dice lost); Incapacitated has no penalty because no action is possible.
LEVELS: tuple[tuple[str, int | None], ...] = (
    ("Bruised", 0),
    ("Hurt", 1),
    ("Injured", 1),
    ("Wounded", 2),
    ("Mauled", 2),
    ("Crippled", 5),
    ("Incapacitated", None),
)
DAMAGE_KINDS = ("bashing", "lethal", "aggravated")  # lightest first
#: The books' marks: / bashing, X lethal, * aggravated.
MARKS = {"bashing": "/", "lethal": "X", "aggravated": "*"}
_SEVERITY = {kind: i for i, kind in enumerate(DAMAGE_KINDS)}


def check_kind(kind: str) -> str:
    if kind not in _SEVERITY:
        raise RulesError(f"damage kind {kind!r} is not one of bashing, lethal, aggravated")
    return kind


def _sorted(boxes: list[str]) -> tuple[str, ...]:
    return tuple(sorted(boxes, key=lambda k: _SEVERITY[k], reverse=True))


@dataclass(frozen=True)
class HealthLevels:
    """A character's health track; :meth:`damage` and :meth:`heal` return the new state.

    ``beyond`` is the worst damage taken past a full track (None if none).
    """

    boxes: tuple[str, ...] = ()
    vampire: bool = True
    beyond: str | None = None

    def __post_init__(self) -> None:
        if len(self.boxes) > len(LEVELS):
            raise RulesError(f"a health track has {len(LEVELS)} boxes, not {len(self.boxes)}")
        for kind in self.boxes:
            check_kind(kind)
        if self.beyond is not None:
            check_kind(self.beyond)
        object.__setattr__(self, "boxes", _sorted(list(self.boxes)))

    @property
    def full(self) -> bool:
        return len(self.boxes) == len(LEVELS)

    @property
    def level(self) -> str | None:
        """The current level's name, None when unhurt."""
        return LEVELS[len(self.boxes) - 1][0] if self.boxes else None

    @property
    def penalty(self) -> int | None:
        """Dice lost from pools (0, 1, 2 or 5); None when the character cannot act at all."""
        if not self.can_act:
            return None
        return LEVELS[len(self.boxes) - 1][1] if self.boxes else 0

    @property
    def can_act(self) -> bool:
        return not self.full and self.beyond is None

    @property
    def status(self) -> str:
        """``unhurt``, a level name, ``Incapacitated``, ``torpor``, ``final death`` or ``dead``."""
        if self.beyond is not None:
            if not self.vampire:
                return "dead"
            return "final death" if self.beyond == "aggravated" else "torpor"
        return self.level or "unhurt"

    def count(self, kind: str) -> int:
        return self.boxes.count(check_kind(kind))

    def damage(self, kind: str, levels: int = 1) -> HealthLevels:
        """Mark ``levels`` health levels of ``kind`` damage (after soak)."""
        check_kind(kind)
        if isinstance(levels, bool) or not isinstance(levels, int) or levels < 0:
            raise RulesError(f"damage levels must be a whole number ≥ 0, not {levels!r}")
        boxes = list(self.boxes)
        beyond = self.beyond
        for _ in range(levels):
            if len(boxes) < len(LEVELS):
                boxes.append(kind)
            else:
                upgrade_to = "aggravated" if kind == "aggravated" else "lethal"
                lighter = [i for i, k in enumerate(boxes) if _SEVERITY[k] < _SEVERITY[upgrade_to]]
                if lighter:
                    boxes[lighter[-1]] = upgrade_to
                elif beyond is None or _SEVERITY[upgrade_to] > _SEVERITY[beyond]:
                    beyond = upgrade_to
            boxes = list(_sorted(boxes))
        return replace(self, boxes=tuple(boxes), beyond=beyond)

    def heal(self, levels: int = 1, kind: str | None = None) -> HealthLevels:
        """Remove ``levels`` boxes, the lightest first, or only boxes of ``kind``."""
        if isinstance(levels, bool) or not isinstance(levels, int) or levels < 0:
            raise RulesError(f"healed levels must be a whole number ≥ 0, not {levels!r}")
        boxes = list(self.boxes)
        for _ in range(levels):
            candidates = [i for i, k in enumerate(boxes) if kind is None or k == check_kind(kind)]
            if not candidates:
                break
            del boxes[candidates[-1]]
        beyond = self.beyond if len(boxes) == len(LEVELS) else None
        return replace(self, boxes=tuple(boxes), beyond=beyond)

    def marks(self) -> str:
        """The track as the books mark it, e.g. ``*XX/...`` (``.`` for an empty box)."""
        return "".join(MARKS[k] for k in self.boxes).ljust(len(LEVELS), ".")

    @classmethod
    def from_marks(cls, text: str, *, vampire: bool = True) -> HealthLevels:
        kinds = {mark: kind for kind, mark in MARKS.items()}
        boxes = []
        for ch in text.strip().rstrip("."):
            if ch.upper() not in kinds:
                raise RulesError(f"health mark {ch!r} is not / (bashing), X (lethal), * (aggravated) or . (empty)")
            boxes.append(kinds[ch.upper()])
        return cls(tuple(boxes), vampire)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"marks": self.marks(), "vampire": self.vampire}
        if self.beyond is not None:
            data["beyond"] = self.beyond
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HealthLevels:
        track = cls.from_marks(str(data.get("marks", "")), vampire=bool(data.get("vampire", True)))
        beyond = data.get("beyond")
        return replace(track, beyond=None if beyond is None else check_kind(beyond))

    def summary(self) -> str:
        penalty = self.penalty
        tail = "" if penalty is None else f" (−{penalty})" if penalty else ""
        return f"[{self.marks()}] {self.status}{tail}"
