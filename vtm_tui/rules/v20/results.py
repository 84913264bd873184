"""Reading V20 dice: successes, the rule of one, the result and its degree.

A pure function of the faces (:func:`judge`) so typed-in physical dice, seeded
dice and the odds tables all go through the very same rules. docs/rules.md decides:

- a die at or above the Difficulty is a success, a 10 always is; with a
  specialty (option on) a 10 counts two;
- each 1 cancels one success: ``net = max(0, successes − ones)``;
- ``success`` when net ≥ 1; ``botch`` when no die scored a success and at least
  one shows 1; otherwise ``failure`` (cancelled successes never botch);
- Willpower adds one success that 1s cannot cancel, so the roll cannot botch;
- the free botch (option): the first botch of a session is read as a failure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v20.kinds import parse_kind
from vtm_tui.rules.v20.pools import DEFAULT_DIFFICULTY, check_difficulty

RULESET = "v20"
RESULTS = ("success", "failure", "botch")
DEGREES = ("marginal", "moderate", "complete", "exceptional", "phenomenal")


def degree_for(net: int) -> str | None:
    """The degree of a success of ``net`` successes (None for 0: no success)."""
    if net <= 0:
        return None
    return DEGREES[min(net, len(DEGREES)) - 1]


def dice_words(count: int) -> str:
    """``1 die``, ``5 dice``."""
    return f"{count} {'die' if count == 1 else 'dice'}"


def success_words(count: int) -> str:
    """``1 success``, ``0 successes``."""
    return f"{count} {'success' if count == 1 else 'successes'}"


@dataclass(frozen=True)
class V20Result:
    """A judged V20 roll; satisfies :class:`vtm_tui.rules.base.Outcome`.

    ``successes`` is the net count (Willpower's included) and is what extended
    actions, resisted actions and teamwork add up; ``raw_successes`` counts the
    dice that scored (a specialty 10 twice) before the 1s cancelled any.
    ``free_botch_consumed`` is True when this roll botched but was read as a
    failure under the free-botch rule: the caller marks the session's free botch
    as used. ``automatic`` is an automatic success taken without a roll.
    """

    result: str
    successes: int
    raw_successes: int
    ones: int
    faces: tuple[int, ...]
    difficulty: int
    specialty: bool = False
    willpower: bool = False
    automatic: bool = False
    free_botch_consumed: bool = False
    attempt: int = 1
    pool: int = -1  # dice in the pool; defaults to the number of faces (set for automatic successes)
    ruleset: str = RULESET
    kind: str = "test"  #: the V20Kind id (damage and soak cannot botch; see kinds.py)

    def __post_init__(self) -> None:
        if self.pool < 0:
            object.__setattr__(self, "pool", len(self.faces))

    @property
    def win(self) -> bool:
        return self.result == "success"

    @property
    def margin(self) -> int:
        """Net successes on a success, else 0 (the V20 "margin" is the success count)."""
        return self.successes if self.win else 0

    @property
    def degree(self) -> str | None:
        """The degree of a successful test (damage, soak and Virtue rolls count successes, not degrees)."""
        return degree_for(self.successes) if self.win and self.kind == "test" else None

    @property
    def botched(self) -> bool:
        return self.result == "botch"

    @property
    def log_kind(self) -> str:
        """The log entry's kind for this roll (``roll``; ``frenzy`` for a frenzy roll)."""
        return parse_kind(self.kind).log_kind

    @property
    def morality_cost(self) -> int:
        """Dots of Humanity (or Path) this roll costs: 1 for a failed degeneration roll, else 0."""
        return int(parse_kind(self.kind).costs_morality and not self.win)

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to log the roll and check it again later."""
        return {
            "ruleset": self.ruleset,
            "result": self.result,
            "win": self.win,
            "successes": self.successes,
            "margin": self.margin,
            "degree": self.degree,
            "raw_successes": self.raw_successes,
            "ones": self.ones,
            "faces": list(self.faces),
            "pool": self.pool,
            "difficulty": self.difficulty,
            "specialty": self.specialty,
            "willpower": self.willpower,
            "automatic": self.automatic,
            "free_botch_consumed": self.free_botch_consumed,
            "attempt": self.attempt,
            **({"kind": self.kind} if self.kind != "test" else {}),  # a test's entry stays as it always was
        }

    def summary(self) -> str:
        """E.g. ``5 dice vs 6: 10 8 7 3 1 → 2 successes, success (moderate)``."""
        head = f"{dice_words(self.pool)} vs {self.difficulty}"
        extras = [
            word
            for flag, word in (
                (self.specialty, "specialty"),
                (self.willpower, "Willpower"),
                (self.attempt > 1, f"attempt {self.attempt}"),
            )
            if flag
        ]
        if extras:
            head += ", " + ", ".join(extras)
        if self.automatic:
            return f"{head}: automatic success → 1 success, success (marginal)"
        faces = " ".join(str(f) for f in sorted(self.faces, reverse=True)) or "no dice"
        tail = f"{success_words(self.successes)}, {self.result}"
        if self.degree:
            tail += f" ({self.degree})"
        if self.kind != "test":
            kind = parse_kind(self.kind)
            head = f"{kind.label.capitalize()}: {head}"
            tail += f": {kind.meaning(self.result, self.successes)}"
        if self.free_botch_consumed:
            tail += " — a botch, forgiven as the session's free botch"
        return f"{head}: {faces} → {tail}"


def count_successes(
    faces: Iterable[int], difficulty: int, *, specialty: bool = False, specialty_doubles: bool = True
) -> tuple[int, int]:
    """``(successes, ones)`` of the dice alone: no cancelling, no Willpower."""
    double = 2 if specialty and specialty_doubles else 1
    successes = ones = 0
    for face in faces:
        if face == 10:
            successes += double
        elif face >= difficulty:
            successes += 1
        elif face == 1:
            ones += 1
    return successes, ones


def judge(
    faces: Iterable[int],
    difficulty: int = DEFAULT_DIFFICULTY,
    *,
    specialty: bool = False,
    willpower: bool = False,
    specialty_doubles: bool = True,
    free_botch: bool = False,
    attempt: int = 1,
    kind: str = "test",
    ones_cancel: bool = True,
) -> V20Result:
    """Judge d10 faces under the V20 rules (see the module docstring).

    ``kind``: a ``damage`` or ``soak`` roll cannot botch (no success is no damage
    dealt or absorbed) and so never uses the free botch; ``ones_cancel=False``
    (their chronicle option) keeps its 1s from cancelling successes.

    ``free_botch`` says the session's free botch is still available (the option
    is on and no botch has been forgiven yet this session): a botch is then read
    as a failure and the result says so in ``free_botch_consumed``.
    ``attempt`` is only recorded; the caller has already raised the Difficulty
    (see :func:`vtm_tui.rules.v20.retry.retry_difficulty`).
    """
    check_difficulty(difficulty)
    rolled = tuple(faces)
    for face in rolled:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise DiceError(f"face {face!r} is not on a d10 (1-10)")
    what = parse_kind(kind)
    if willpower and what.willpower_refusal():
        raise RulesError(what.willpower_refusal())
    can_botch = what.can_botch
    successes, ones = count_successes(
        rolled, difficulty, specialty=specialty, specialty_doubles=specialty_doubles
    )
    net = max(0, successes - (ones if ones_cancel else 0)) + (1 if willpower else 0)
    consumed = False
    if net >= 1:
        result = "success"
    elif not can_botch:
        result = "failure"
    elif successes == 0 and ones >= 1:
        result = "botch"
        if free_botch:
            result, consumed = "failure", True
    else:
        result = "failure"
    return V20Result(
        result=result,
        successes=net,
        raw_successes=successes,
        ones=ones,
        faces=rolled,
        difficulty=difficulty,
        specialty=specialty,
        willpower=willpower,
        free_botch_consumed=consumed,
        attempt=attempt,
        kind=what.id,
    )
