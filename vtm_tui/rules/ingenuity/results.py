"""The judged Ingenuity test: every face, every bonus, the verdict, one line to show it.

It satisfies :class:`vtm_tui.rules.base.Outcome`, so the log, the app and the
command line show an Ingenuity test exactly as they show a V5 or V20 roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.ingenuity.advantage import Reroll
from vtm_tui.rules.ingenuity.dice import StepDie
from vtm_tui.rules.ingenuity.difficulty import Difficulty, lowest_result

RULESET = "ingenuity"
SUCCESS = "success"
FAILURE = "failure"
#: Symmetric contests only: equal results resolve nothing.
TIE = "tie"
#: A test judged without a Difficulty (secret, an assist, one side of a contest): a total, no verdict.
ROLLED = "rolled"
#: The luck die's face that brings luck, and what luck adds.
LUCKY_FACE = 20
LUCK_BONUS = 4


@dataclass(frozen=True)
class IngenuityOutcome:
    """One test. ``total`` = both kept faces + bonus (+4 luck) + assist + size difference.

    ``result`` is ``success``/``failure`` against a Difficulty, ``rolled`` without one.
    ``margin`` is ``total - difficulty`` on success, else 0. A passive test has no
    luck die (``luck_face`` None) and uses the dice's passive values as faces.
    """

    attribute: StepDie
    skill: StepDie
    rolled_faces: tuple[int, int]  # as first rolled, before any re-roll
    faces: tuple[int, int]  # as kept after the re-rolls
    luck_face: int | None
    total: int
    result: str
    bonus: int = 0
    assist_bonus: int = 0
    size_bonus: int = 0
    difficulty: Difficulty | None = None
    advantage: int = 0
    disadvantage: int = 0
    rerolls: tuple[Reroll, ...] = ()
    passive: bool = False
    ruleset: str = RULESET

    @property
    def win(self) -> bool:
        return self.result == SUCCESS

    @property
    def lucky(self) -> bool:
        return self.luck_face == LUCKY_FACE

    @property
    def luck_bonus(self) -> int:
        return LUCK_BONUS if self.lucky else 0

    @property
    def margin(self) -> int:
        if self.difficulty is None or not self.win:
            return 0
        return self.total - self.difficulty.value

    @property
    def shortfall(self) -> int:
        """How much a failure missed by (0 on success or without a Difficulty)."""
        if self.difficulty is None or self.win:
            return 0
        return self.difficulty.value - self.total

    @property
    def net_advantage(self) -> int:
        return self.advantage - self.disadvantage

    @property
    def flat_bonus(self) -> int:
        """Every bonus that does not depend on a die: proficiency, assist, size."""
        return self.bonus + self.assist_bonus + self.size_bonus

    @property
    def trivial(self) -> bool:
        """The storyteller could have skipped this roll: 2 + bonuses already met the Difficulty.

        Never for a passive test, which rolls nothing to skip.
        """
        if self.passive or self.difficulty is None:
            return False
        return lowest_result(self.flat_bonus) >= self.difficulty.value

    def to_dict(self) -> dict[str, Any]:
        difficulty = self.difficulty
        return {
            "ruleset": self.ruleset,
            "result": self.result,
            "win": self.win,
            "total": self.total,
            "margin": self.margin,
            "lucky": self.lucky,
            "passive": self.passive,
            "trivial": self.trivial,
            "difficulty": difficulty.value if difficulty else None,
            "difficulty_name": difficulty.name if difficulty else None,
            "dice": {"attribute": str(self.attribute), "skill": str(self.skill)},
            "bonus": self.bonus,
            "assist_bonus": self.assist_bonus,
            "size_bonus": self.size_bonus,
            "luck_bonus": self.luck_bonus,
            "advantage": self.advantage,
            "disadvantage": self.disadvantage,
            "faces": {
                "attribute": self.faces[0],
                "skill": self.faces[1],
                "luck": self.luck_face,
                "rolled": {"attribute": self.rolled_faces[0], "skill": self.rolled_faces[1]},
                "rerolls": [r.to_dict() for r in self.rerolls],
            },
        }

    def dice_text(self) -> str:
        """``"d8 + d6 + 1 + assist 2"``: what was rolled and added."""
        parts = [str(self.attribute), str(self.skill)]
        if self.bonus:
            parts.append(str(self.bonus))
        if self.assist_bonus:
            parts.append(f"assist {self.assist_bonus}")
        if self.size_bonus:
            parts.append(f"size {self.size_bonus}")
        return ("passive " if self.passive else "") + " + ".join(parts)

    def summary(self) -> str:
        """``d8 + d6 + 1 vs Moderate 8: 5 + 3 + 1, luck 20 (+4) → 13, success``."""
        head = self.dice_text()
        if self.difficulty is not None:
            head += f" vs {self.difficulty.label}"
        net = self.net_advantage
        if self.advantage or self.disadvantage:
            counted = f"advantage {self.advantage}, disadvantage {self.disadvantage}"
            head += f", {counted} (net {net:+d})" if self.advantage and self.disadvantage else (
                f", advantage {net}" if net > 0 else f", disadvantage {-net}"
            )
        numbers = [str(self.faces[0]), str(self.faces[1])]
        numbers += [str(n) for n in (self.bonus, self.assist_bonus, self.size_bonus) if n]
        body = " + ".join(numbers)
        if self.rerolls:
            body += " (re-rolled " + "; ".join(r.describe() for r in self.rerolls) + ")"
        if self.luck_face is not None:
            body += f", luck {self.luck_face}" + (f" (+{LUCK_BONUS})" if self.lucky else "")
        verdict = self.result
        if self.win and self.trivial:
            verdict += " (trivial: the roll could be skipped)"
        return f"{head}: {body} → {self.total}, {verdict}"
