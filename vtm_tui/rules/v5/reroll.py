"""The Willpower re-roll: once per test, up to three regular dice, 1 Superficial Willpower.

The four strategies players know are named exactly as in docs/rules.md; each one is a
pure selection over the rolled faces (:func:`select`), so the exact odds in
:mod:`vtm_tui.rules.v5.exact_odds` can be checked against the very code that picks dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.results import MESSY_CRITICAL, V5Roll, judge

REROLL_FAILURES = "reroll_failures"
MAXIMIZE_CRITICALS = "maximize_criticals"
AVOID_MESSY = "avoid_messy"
RISKY_AVOID_MESSY = "risky_avoid_messy"
#: The named strategies, in the order a player meets them.
STRATEGIES: tuple[str, ...] = (REROLL_FAILURES, MAXIMIZE_CRITICALS, AVOID_MESSY, RISKY_AVOID_MESSY)
STRATEGY_HELP: dict[str, str] = {
    REROLL_FAILURES: "up to three regular dice showing 1-5",
    MAXIMIZE_CRITICALS: "regular failures first, then regular 6-9s, up to three; never a ten",
    AVOID_MESSY: "on a messy critical with exactly one Hunger ten: up to three regular tens",
    RISKY_AVOID_MESSY: "as avoid_messy, then fill the remaining slots with regular failures",
}
MAX_REROLLED = 3
#: Purpose under which the re-rolled faces are drawn (so typed-in dice can be given apart).
REROLL_PURPOSE = "reroll"
WILLPOWER_COST = 1


class RerollRefused(RulesError):
    """The rules do not allow a Willpower re-roll here; the message says why."""


@dataclass(frozen=True)
class Selection:
    """The dice a strategy would re-roll (indices into ``V5Roll.all_faces``) and why."""

    strategy: str | None
    indices: tuple[int, ...]
    reason: str = ""

    def __bool__(self) -> bool:
        return bool(self.indices)


def check_strategy(name: str) -> str:
    wanted = name.strip().lower().replace("-", "_")
    if wanted not in STRATEGIES:
        raise RulesError(f"unknown re-roll strategy {name!r}: use one of {', '.join(STRATEGIES)}")
    return wanted


def reroll_refusal(result: V5Roll) -> str | None:
    """Why Willpower cannot re-roll this result, or ``None`` when it can."""
    refusal = result.kind.reroll_refusal()
    if refusal:
        return refusal
    if result.automatic:
        return "an automatic win has no dice to re-roll"
    if result.rerolled:
        return "Willpower re-rolls a roll only once, and this one was already re-rolled"
    if not result.faces:
        return "every die is a Hunger die, and Willpower never re-rolls Hunger dice"
    return None


def _lowest_first(result: V5Roll, wanted: range) -> list[int]:
    found = [i for i, face in enumerate(result.faces) if face in wanted]
    return sorted(found, key=lambda i: (result.faces[i], i))


def select(result: V5Roll, strategy: str) -> Selection:
    """The regular dice ``strategy`` re-rolls on ``result`` (maybe none, with the reason).

    A strategy selects nothing when it cannot change the result for the better
    (docs/rules.md): ``maximize_criticals`` when it can gain no success (no failure
    to re-roll, and no new pair of tens can be made),
    ``avoid_messy`` when no re-roll of its dice can leave a win without the
    Hunger ten's messy critical. The exact odds follow the same selection.
    """
    strategy = check_strategy(strategy)
    failures = _lowest_first(result, range(1, 6))
    if strategy == REROLL_FAILURES:
        picked = failures[:MAX_REROLLED]
        reason = "" if picked else "no regular die shows 1-5"
        return Selection(strategy, tuple(picked), reason)
    if strategy == MAXIMIZE_CRITICALS:
        picked = (failures + _lowest_first(result, range(6, 10)))[:MAX_REROLLED]
        if not picked:
            return Selection(strategy, (), "every regular die is a ten")
        tens = result.all_faces.count(10)
        # It can gain a success only by re-rolling a failure or by making a new pair of tens.
        if not failures and (tens + len(picked)) // 2 == tens // 2:
            return Selection(strategy, (), "no critical can be reached: re-rolling one 6-9 cannot make "
                             "a new pair of tens, it only risks a success")
        return Selection(strategy, tuple(picked))
    hunger_tens = result.hunger_faces.count(10)
    if result.result != MESSY_CRITICAL or hunger_tens != 1:
        why = (
            "the roll is not a messy critical"
            if result.result != MESSY_CRITICAL
            else f"the messy critical has {hunger_tens} Hunger tens, not exactly one"
        )
        return Selection(strategy, (), f"{strategy} applies only to a messy critical with exactly one Hunger ten: {why}")
    regular_tens = [i for i, face in enumerate(result.faces) if face == 10]
    picked = regular_tens[:MAX_REROLLED]
    if strategy == RISKY_AVOID_MESSY:
        picked += failures[: MAX_REROLLED - len(picked)]
    if len(regular_tens) > MAX_REROLLED:
        return Selection(strategy, (), f"the messy critical cannot be undone: {len(regular_tens)} regular tens, "
                         f"only {MAX_REROLLED} can be re-rolled")
    # With every regular ten re-rolled, a plain win needs the kept successes plus the re-rolled dice.
    kept = sum(1 for i, face in enumerate(result.faces) if face >= 6 and i not in picked)
    best = kept + len(picked) + sum(1 for face in result.hunger_faces if face >= 6)
    if best < max(result.difficulty, 1):
        # The reason names no number: a secret Difficulty could be worked out from it.
        return Selection(strategy, (), "the messy critical cannot be undone: without the tens' pair bonus "
                         "the roll cannot win")
    return Selection(strategy, tuple(picked))


def helpful_strategies(result: V5Roll) -> tuple[str, ...]:
    """The strategies that can change ``result`` for the better (none when the re-roll is refused)."""
    if reroll_refusal(result):
        return ()
    return tuple(name for name in STRATEGIES if select(result, name))


def check_picked(result: V5Roll, indices: Iterable[int]) -> tuple[int, ...]:
    """Validate a by-hand pick: 1 to 3 distinct regular dice (indices count from 0).

    Messages name the die as a person counts (die #1 is the first regular die).
    """
    picked = tuple(indices)
    if not picked:
        raise RulesError("pick at least one regular die to re-roll")
    if len(picked) > MAX_REROLLED:
        raise RulesError(f"Willpower re-rolls at most {MAX_REROLLED} dice, not {len(picked)}")
    if len(set(picked)) != len(picked):
        raise RulesError("each die can be re-rolled only once: a die was picked twice")
    size = len(result.all_faces)
    for index in picked:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
            raise RulesError(f"there is no die #{index + 1 if isinstance(index, int) else index}: the roll has {size} dice")
        if index >= len(result.faces):
            face = result.all_faces[index]
            raise RulesError(
                f"die #{index + 1} (showing {face}) is a Hunger die: Willpower re-rolls only regular dice "
                f"(#1-#{len(result.faces)})"
            )
    return picked


@dataclass(frozen=True)
class RerollResult:
    """A Willpower re-roll: the roll before and after, the dice changed and the cost.

    Behaves as the *after* roll for :class:`~vtm_tui.rules.base.Outcome`, so the
    log and the command line treat it like any other judged roll.
    """

    before: V5Roll
    after: V5Roll
    selection: Selection
    old_faces: tuple[int, ...]
    new_faces: tuple[int, ...]
    willpower_damage: int

    ruleset = "v5"

    @property
    def result(self) -> str:
        return self.after.result

    @property
    def win(self) -> bool:
        return self.after.win

    @property
    def margin(self) -> int:
        return self.after.margin

    @property
    def strategy(self) -> str | None:
        return self.selection.strategy

    def to_dict(self) -> dict[str, Any]:
        data = self.after.to_dict()
        data["before"] = self.before.to_dict()
        data["reroll"] = {
            "strategy": self.strategy,
            "indices": list(self.selection.indices),
            "old_faces": list(self.old_faces),
            "new_faces": list(self.new_faces),
            "willpower_damage": self.willpower_damage,
            "reason": self.selection.reason,
        }
        return data

    def summary(self) -> str:
        how = self.strategy or "by hand"
        if not self.selection:
            return f"{self.before.summary()}; no Willpower re-roll ({how}): {self.selection.reason}"
        old = " ".join(map(str, self.old_faces))
        new = " ".join(map(str, self.new_faces))
        return (
            f"{self.before.summary()}; Willpower re-roll ({how}) {old} → {new}: "
            f"{self.after.dice_text()} → {self.after.outcome_text()}; "
            f"{self.willpower_damage} Superficial Willpower damage"
        )


def reroll(result: V5Roll, choice: str | Iterable[int], dice: DiceSource) -> RerollResult:
    """Spend Willpower to re-roll the dice a strategy (or the player's pick) selects.

    Raises :class:`RerollRefused` when the rules forbid it. A strategy that
    selects nothing re-rolls nothing and costs nothing; the result says why.
    """
    refusal = reroll_refusal(result)
    if refusal:
        raise RerollRefused(refusal)
    if isinstance(choice, str):
        selection = select(result, choice)
        if not selection:
            others = helpful_strategies(result)
            advice = f"{' or '.join(others)} could help" if others else "no strategy helps"
            selection = Selection(selection.strategy, (), f"{selection.reason}; {advice}")
    else:
        selection = Selection(None, check_picked(result, choice))
    if not selection:
        return RerollResult(result, result, selection, (), (), 0)
    old = tuple(result.faces[i] for i in selection.indices)
    new = tuple(dice.roll(len(selection.indices), 10, REROLL_PURPOSE))
    faces = list(result.faces)
    for index, face in zip(selection.indices, new):
        faces[index] = face
    after = judge(
        faces, result.hunger_faces, result.difficulty, kind=result.kind, rerolled=True, notes=result.notes
    )
    return RerollResult(result, after, selection, old, new, WILLPOWER_COST)
