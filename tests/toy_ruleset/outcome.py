"""A judged toy roll: the d6 faces, the successes (5 and 6) and whether they reach the Difficulty."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The lowest face that is a success.
SUCCESS_FACE = 5


@dataclass(frozen=True)
class ToyOutcome:
    faces: tuple[int, ...]
    difficulty: int
    ruleset: str = "toy"

    @property
    def successes(self) -> int:
        return sum(face >= SUCCESS_FACE for face in self.faces)

    @property
    def win(self) -> bool:
        return self.successes >= self.difficulty

    @property
    def margin(self) -> int:
        return self.successes - self.difficulty

    @property
    def result(self) -> str:
        return "success" if self.win else "failure"

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "result": self.result, "win": self.win, "margin": self.margin,
                "pool": len(self.faces), "difficulty": self.difficulty, "faces": list(self.faces),
                "successes": self.successes}

    def summary(self) -> str:
        faces = " ".join(map(str, self.faces)) or "no dice"
        return f"{len(self.faces)}d6 vs {self.difficulty}: {faces} → {self.successes} successes, {self.result}"


def judge(faces: list[int] | tuple[int, ...], difficulty: int) -> ToyOutcome:
    return ToyOutcome(tuple(faces), difficulty)
