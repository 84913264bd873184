"""The toy's roll facet (:class:`~vtm_tui.rules.roll_play.RollPlay`): a pool of d6s against a count of successes.

No re-roll, no Blood Surge, and a roll changes no sheet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource, parse_faces
from vtm_tui.rules.dice_faces import DiceFaces, regular_face
from vtm_tui.rules.numbers import read_whole
from vtm_tui.rules.pool import ResolvedPool
from vtm_tui.rules.pool_text import resolve_pool_text
from vtm_tui.rules.roll_play import no_such_roll
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import FollowUp, OddsView

from tests.toy_ruleset.odds import p_win
from tests.toy_ruleset.outcome import judge

DEFAULT_DIFFICULTY = 1


class ToyRollPlay:
    extra_rules: frozenset[str] = frozenset()
    modifier_label = "± dice"
    specialty_prompt = "no specialty"

    def specialty_choices(self, sheet: Any, request: RollRequest) -> tuple[tuple[str, str], ...]:
        return ()

    def pool_description(self, resolved: ResolvedPool) -> str:
        return resolved.describe()

    def dice_faces(self, outcome: Outcome) -> DiceFaces:
        """A row of d6 cells: ``+`` a 5 or 6, ``·`` anything else."""
        faces = tuple(getattr(outcome, "faces", ()) or ())
        return DiceFaces(cells=tuple(("regular", regular_face(f), "+" if f >= 5 else "·") for f in faces),
                         legend="+ success (5 or 6)")

    def free_botch_spent(self, recorder: Any) -> bool:
        return False  # no botches

    def rating_text(self, value: int) -> str:
        return str(value)

    def count_text(self, outcome: Outcome) -> str:
        return f"{outcome.successes} successes"  # type: ignore[attr-defined]

    def ladder_text(self, kind: str) -> str:
        return "Difficulty: successes needed"

    def default_difficulty(self, kind: str) -> int | None:
        return DEFAULT_DIFFICULTY

    def build(self, base: RollRequest, difficulty: int | str | None, sheet: Any, *, name: str,
              traits: dict[str, int], willpower: bool, surge: bool, voluntary: bool, rouse_reroll: bool,
              wounds: int | None) -> RollRequest:
        resolved = resolve_pool_text(base.pool_text, traits)
        dice = max(0, resolved.total + base.modifier)
        value = self.parse_difficulty(difficulty)
        value = (DEFAULT_DIFFICULTY if value is None else value) + base.difficulty_modifier
        description = " + ".join(f"{n} {d}" for n, d in resolved.traits) or str(resolved.total)
        return replace(base, traits=resolved.traits, dice=dice, difficulty=max(0, value), description=description)

    def parse_difficulty(self, text: str | int | None) -> int | None:
        if text is None or (isinstance(text, str) and not text.strip()):
            return None
        return read_whole(str(text), "Difficulty")

    def headline(self, request: RollRequest) -> str:
        return f"{request.description} = {request.dice}d6"

    def perform(self, request: RollRequest, dice: DiceSource) -> Outcome:
        return judge(dice.roll(request.dice, 6), request.difficulty or 0)

    def faces_hint(self, request: RollRequest) -> str:
        return f"{request.dice} d6 faces"

    def judge_faces(self, request: RollRequest, text: str) -> Outcome:
        faces = parse_faces(text, sides=6, what="Faces")
        if len(faces) != request.dice:
            raise VtmError(f"Faces: expected {self.faces_hint(request)}, got {len(faces)}")
        return judge(faces, request.difficulty or 0)

    def odds(self, request: RollRequest) -> OddsView:
        win = float(p_win(request.dice, request.difficulty or 0))
        return OddsView((("success", win), ("failure", 1 - win)), win, request.dice / 3, "successes")

    def follow_ups(self, outcome: Outcome, request: RollRequest, sheet: Any | None) -> tuple[FollowUp, ...]:
        return ()

    def reroll_odds(self, first: Outcome, indices: tuple[int, ...] | list[int]) -> OddsView:
        raise no_such_roll("Toy", "a re-roll")

    def reroll_indices(self, first: Outcome, strategy: str) -> tuple[int, ...]:
        raise no_such_roll("Toy", "a re-roll")

    def willpower_reroll(self, first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
        raise no_such_roll("Toy", "a re-roll")

    def surge_dice(self, sheet: Any) -> int:
        return 0

    def surge_rouse(self, request: RollRequest, dice: DiceSource) -> Outcome:
        raise no_such_roll("Toy", "a Blood Surge")

    def after_surge(self, request: RollRequest, rouse: Outcome) -> RollRequest:
        raise no_such_roll("Toy", "a Blood Surge")

    def changes_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome) -> bool:
        return False

    def apply_to_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome, kind: str
                       ) -> tuple[str, dict[str, Any], list[str]]:
        return kind, {}, []

    def logged_value(self, sheet: Any, field: str) -> Any:
        return None


ROLL_PLAY = ToyRollPlay()
