"""After a failed test: escalate, modify or abandon (docs/rules.md, "After a failure").

A :class:`Task` is a small immutable state the conflict tracker can keep per
obstacle (a lock, a wall, a guard to fool). Each method returns the next state,
so the log can hold every step, and refuses moves the rules forbid:

- **escalate** — try the same task again at a higher risk; at most twice, so
  three attempts in a row. The first attempt's failure is safe, the second's
  carries a small risk, the third's a serious one.
- **modify** — change the goal (the second floor instead of the third, break the
  window instead of prying it): a fresh task with a new Difficulty; the old one
  stays in ``previous`` for the record.
- **abandon** — nobody may attempt the task again (the lock is jammed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.difficulty import Difficulty, parse_difficulty

#: At most two escalations: three attempts in a row.
MAX_ESCALATIONS = 2
#: The risk that a failure of attempt 1, 2, 3 carries.
RISKS: tuple[str, ...] = ("safe", "small", "serious")

OPEN = "open"  # waiting for an attempt
FAILED = "failed"  # the last attempt failed: escalate, modify or abandon
SUCCEEDED = "succeeded"
ABANDONED = "abandoned"  # locked for everyone


@dataclass(frozen=True)
class Attempt:
    """One try at a task: who, their result, and the risk the attempt ran."""

    total: int
    success: bool
    risk: str
    by: str | None = None


@dataclass(frozen=True)
class Task:
    """A task and how it is going. Start with ``Task("pick the lock", 10)``."""

    description: str
    difficulty: Difficulty | int | str  # normalised to a Difficulty
    status: str = OPEN
    escalations: int = 0
    attempts: tuple[Attempt, ...] = ()
    previous: Task | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "description", " ".join(str(self.description).split()) or "task")
        object.__setattr__(self, "difficulty", parse_difficulty(self.difficulty))

    def _next(self, **changes: object) -> Task:
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def attempt_number(self) -> int:
        """Which attempt in a row comes next (or came last): 1, 2 or 3."""
        return self.escalations + 1

    @property
    def risk(self) -> str:
        """The risk a failure of the current attempt carries: safe, small, serious."""
        return RISKS[self.escalations]

    @property
    def can_escalate(self) -> bool:
        return self.status == FAILED and self.escalations < MAX_ESCALATIONS

    @property
    def options(self) -> tuple[str, ...]:
        """What the player may do now, for a menu."""
        if self.status == OPEN:
            return ("attempt", "abandon")
        if self.status == FAILED:
            return (("escalate",) if self.can_escalate else ()) + ("modify", "abandon")
        return ()

    def _require(self, *allowed: str, action: str) -> None:
        if self.status in allowed:
            return
        reasons = {
            ABANDONED: "it was abandoned and no one may attempt it again",
            SUCCEEDED: "it has already succeeded",
            FAILED: "the last attempt failed: escalate, modify or abandon it first",
            OPEN: "no attempt has failed yet",
        }
        raise RulesError(f"cannot {action} {self.description!r}: {reasons[self.status]}")

    def attempt(self, result: object, *, by: str | None = None) -> Task:
        """Record a test against this task; ``result`` is an outcome (its ``total``) or a total.

        The verdict is the task's own: total ≥ its Difficulty.
        """
        self._require(OPEN, action="attempt")
        total = getattr(result, "total", result)
        if isinstance(total, bool) or not isinstance(total, int):
            raise RulesError(f"attempt at {self.description!r}: {result!r} is not a test result")
        success = total >= self.difficulty.value
        attempt = Attempt(total, success, self.risk, by)
        return self._next(status=SUCCEEDED if success else FAILED, attempts=(*self.attempts, attempt))

    def escalate(self) -> Task:
        """Try again at greater risk; refused after two escalations (three attempts in a row)."""
        self._require(FAILED, action="escalate")
        if not self.can_escalate:
            raise RulesError(
                f"cannot escalate {self.description!r}: already escalated {MAX_ESCALATIONS} times "
                "(three attempts in a row); modify or abandon it"
            )
        return self._next(status=OPEN, escalations=self.escalations + 1)

    def modify(self, difficulty: Difficulty | int | str, description: str | None = None) -> Task:
        """A changed goal: a new task (new Difficulty, fresh attempts) remembering this one."""
        self._require(FAILED, action="modify")
        return Task(description or self.description, difficulty, previous=self)

    def abandon(self) -> Task:
        """Give the task up: locked for everyone. Allowed before or after a failed attempt."""
        self._require(OPEN, FAILED, action="abandon")
        return self._next(status=ABANDONED)

    @property
    def locked(self) -> bool:
        return self.status == ABANDONED

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the conflict file (TOML-ready: no None values)."""
        data: dict[str, Any] = {
            "description": self.description,
            "difficulty": self.difficulty.value,
            "status": self.status,
            "escalations": self.escalations,
            "attempts": [
                {"total": a.total, "success": a.success, "risk": a.risk, **({"by": a.by} if a.by else {})}
                for a in self.attempts
            ],
        }
        if self.previous is not None:
            data["previous"] = self.previous.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Task:
        """Read :meth:`to_dict`'s data back, refusing states the rules cannot reach."""
        try:
            status = str(data.get("status", OPEN))
            escalations = int(data.get("escalations", 0))
            attempts = tuple(
                Attempt(int(a["total"]), bool(a["success"]), str(a["risk"]), a.get("by"))
                for a in data.get("attempts", ())
            )
            previous = cls.from_dict(data["previous"]) if data.get("previous") else None
            task = cls(str(data["description"]), data["difficulty"], status, escalations, attempts, previous)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RulesError):
                raise
            raise RulesError(f"task data is incomplete or malformed: {exc}") from None
        if status not in (OPEN, FAILED, SUCCEEDED, ABANDONED):
            raise RulesError(f"task status {status!r} is not open, failed, succeeded or abandoned")
        if not 0 <= escalations <= MAX_ESCALATIONS:
            raise RulesError(f"task escalations {escalations} is out of range (0-{MAX_ESCALATIONS})")
        return task

    def summary(self) -> str:
        tries = len(self.attempts)
        text = f"{self.description} ({self.difficulty.label}): {self.status}"
        if tries:
            text += f" after {tries} attempt{'s' if tries != 1 else ''}"
        if self.status == OPEN and self.escalations:
            text += f", attempt {self.attempt_number} at {self.risk} risk"
        return text
