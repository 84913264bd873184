"""Checks: one die, pass on 6+ — and the Rouse check that feeds Hunger.

A check is not a pool roll: no Hunger dice, no Willpower re-roll, no automatic
win, no taking half. A power that grants a re-roll of the Rouse check rolls two
dice and keeps the better one, which is why a check may carry two faces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v5.kinds import RollKind
from vtm_tui.rules.v5.results import MAX_HUNGER
from vtm_tui.rules.v5.rolling import REGULAR, check_hunger

PASS = "pass"
FAIL = "fail"
CHECK_TARGET = 6
HUNGER_FRENZY_DIFFICULTY = 4
HUNGER_FRENZY = f"hunger frenzy test at Difficulty {HUNGER_FRENZY_DIFFICULTY} required"
TORPOR = "torpor"


@dataclass(frozen=True)
class CheckResult:
    """A judged check; with a re-roll, two faces and the better one kept."""

    faces: tuple[int, ...]
    kind: RollKind = RollKind.CHECK
    notes: tuple[str, ...] = field(default=(), compare=False)
    ruleset = "v5"
    margin = 0

    @property
    def kept(self) -> int:
        return max(self.faces)

    @property
    def win(self) -> bool:
        return self.kept >= CHECK_TARGET

    @property
    def result(self) -> str:
        return PASS if self.win else FAIL

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": self.kind.value,
            "result": self.result,
            "win": self.win,
            "margin": self.margin,
            "successes": int(self.win),
            "faces": list(self.faces),
            "hunger_faces": [],
            "kept": self.kept,
            "notes": list(self.notes),
        }

    def dice_text(self) -> str:
        if len(self.faces) == 1:
            return str(self.faces[0])
        return f"{' '.join(map(str, self.faces))} (keep {self.kept})"

    def summary(self) -> str:
        return f"{self.kind.label.capitalize()}: {self.dice_text()} → {self.result}"


def judge_check(faces: Iterable[int], *, kind: RollKind = RollKind.CHECK) -> CheckResult:
    """One face, or two when a re-roll is granted (the better is kept)."""
    values = tuple(faces)
    if len(values) not in (1, 2):
        raise DiceError(f"a check is one die (two with a re-roll), but {len(values)} faces were given")
    for face in values:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise DiceError(f"check face {face!r} is not on a d10 (1-10)")
    return CheckResult(values, kind)


def check(dice: DiceSource, *, reroll: bool = False) -> CheckResult:
    """Roll a plain check (one die, or two keeping the better with a re-roll)."""
    return judge_check(dice.roll(2 if reroll else 1, 10, REGULAR))


@dataclass(frozen=True)
class RouseResult:
    """A Rouse check and what it did to Hunger (Outcome: result ``pass``/``fail``).

    ``consequence`` is set for every forced Rouse at Hunger 5, passed or failed: a
    hunger frenzy test at Difficulty 4, or torpor when the Rouse on awakening fails.
    """

    check: CheckResult
    hunger_before: int
    hunger_after: int
    voluntary: bool = True
    awakening: bool = False
    consequence: str | None = None
    ruleset = "v5"
    margin = 0

    @property
    def result(self) -> str:
        return self.check.result

    @property
    def win(self) -> bool:
        return self.check.win

    @property
    def frenzy_difficulty(self) -> int | None:
        return HUNGER_FRENZY_DIFFICULTY if self.consequence == HUNGER_FRENZY else None

    @property
    def torpor(self) -> bool:
        return self.consequence == TORPOR

    def to_dict(self) -> dict[str, Any]:
        data = self.check.to_dict()
        data.update(
            hunger_before=self.hunger_before,
            hunger_after=self.hunger_after,
            voluntary=self.voluntary,
            awakening=self.awakening,
            consequence=self.consequence,
        )
        return data

    def summary(self) -> str:
        text = f"{self.check.summary()}, Hunger {self.hunger_before}"
        if self.hunger_after != self.hunger_before:
            text += f" → {self.hunger_after} (after the effect)"
        else:
            text += " stays"
        if self.consequence:
            text += f"; {self.consequence}"
        return text


def rouse_refusal(hunger: int, *, voluntary: bool = True, awakening: bool = False) -> str | None:
    """Why this Rouse check cannot be made, or ``None``."""
    check_hunger(hunger)
    if hunger >= MAX_HUNGER and voluntary and not awakening:
        return f"at Hunger {MAX_HUNGER} a vampire cannot rouse the blood voluntarily"
    return None


def judge_rouse(
    faces: Iterable[int], hunger: int, *, voluntary: bool = True, awakening: bool = False
) -> RouseResult:
    """Judge a Rouse check from given faces at the current ``hunger``.

    A failure raises Hunger by one (applied after the effect). At Hunger 5 a
    voluntary Rouse is refused; a forced one (``voluntary=False``, or the Rouse
    on ``awakening``) calls for a hunger frenzy test whether it passes or fails
    (docs/rules.md, as the core rule and Inconnu), and a failed one on awakening is torpor.
    """
    refusal = rouse_refusal(hunger, voluntary=voluntary, awakening=awakening)
    if refusal:
        raise RulesError(refusal)
    result = judge_check(faces, kind=RollKind.ROUSE)
    after, consequence = hunger, None
    if hunger >= MAX_HUNGER:
        consequence = TORPOR if awakening and not result.win else HUNGER_FRENZY
    elif not result.win:
        after = hunger + 1
    return RouseResult(result, hunger, after, voluntary and not awakening, awakening, consequence)


def rouse_check(
    hunger: int,
    dice: DiceSource,
    *,
    reroll: bool = False,
    voluntary: bool = True,
    awakening: bool = False,
) -> RouseResult:
    """Roll a Rouse check (two dice keeping the better when a power grants a re-roll)."""
    refusal = rouse_refusal(hunger, voluntary=voluntary, awakening=awakening)
    if refusal:
        raise RulesError(refusal)
    return judge_rouse(dice.roll(2 if reroll else 1, 10, REGULAR), hunger, voluntary=voluntary, awakening=awakening)
