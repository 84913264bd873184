"""V5's roll facet (:class:`~vtm_tui.rules.roll_play.RollPlay`): Hunger dice, Rouse checks, Remorse, Frenzy,
the Willpower re-roll and the Blood Surge.

Rolling and judging typed faces end in the same engine functions, so a table that rolls real dice gets exactly
the verdict the app's dice would have had. Building a request is :mod:`.roll_build`, what follows a roll
:mod:`.roll_follow_ups`; the engines are imported inside the methods, on the first roll, not on start-up.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource, parse_faces
from vtm_tui.rules.dice_faces import DiceFaces, hunger_cells
from vtm_tui.rules.ladders import read_ladder
from vtm_tui.rules.roll_play import DicePoolValues
from vtm_tui.rules.roll_request import RollRequest, dice_headline
from vtm_tui.rules.roll_views import FollowUp, OddsView
from vtm_tui.rules.v5 import roll_build, roll_follow_ups


class V5RollPlay(DicePoolValues):
    """V5's answers to :class:`~vtm_tui.rules.roll_play.RollPlay`."""

    extra_rules = frozenset({"automatic", "awakening"})
    def ladder_text(self, kind: str) -> str:
        from vtm_tui.rules.ladders import ladder_text

        return "Ladder: " + ladder_text("v5")

    def free_botch_spent(self, recorder: Any) -> bool:
        return False  # no botches

    def dice_faces(self, outcome: Outcome) -> DiceFaces:
        return hunger_cells(outcome)

    def default_difficulty(self, kind: str) -> int | None:
        from vtm_tui.rules.ruleset import ruleset_for

        return ruleset_for("v5").default_difficulty or None

    def build(self, base: RollRequest, difficulty: int | str | None, sheet: Any, *, name: str,
              traits: dict[str, int], willpower: bool, surge: bool, voluntary: bool, rouse_reroll: bool,
              wounds: int | None) -> RollRequest:
        return roll_build.build(base, difficulty, sheet, name=name, traits=traits, surge=surge, voluntary=voluntary,
                                rouse_reroll=rouse_reroll)

    def parse_difficulty(self, text: str | int | None) -> int | None:
        return read_ladder("v5", text)

    def headline(self, request: RollRequest) -> str:
        return dice_headline(request)

    def perform(self, request: RollRequest, dice: DiceSource) -> Outcome:
        from vtm_tui.rules.v5 import Humanity, RollKind, frenzy_test, remorse, roll, rouse_check
        from vtm_tui.rules.v5.checks import check

        if request.kind == "rouse":
            return rouse_check(request.hunger, dice, reroll=request.rouse_reroll, voluntary=request.voluntary,
                               awakening=request.awakening)
        if request.kind == "check":
            return check(dice, reroll=request.rouse_reroll)
        if request.kind == "remorse":
            return remorse(Humanity(request.humanity, request.stains, request.degenerating), dice)
        if request.kind == "frenzy":
            return frenzy_test(request.dice, request.difficulty or 0, dice)
        kind = RollKind.TRACKER if request.kind == "tracker" else RollKind.TEST
        if request.automatic:
            from vtm_tui.rules.v5.rolling import automatic_win

            return automatic_win(request.dice, request.difficulty or 0, kind=kind)
        return roll(request.dice, request.hunger, request.difficulty or 0, dice, kind=kind, mortal=request.mortal,
                    notes=(*request.warnings, *request.notes))

    def faces_hint(self, request: RollRequest) -> str:
        if request.kind in ("rouse", "check"):
            return "1 face" if request.dice == 1 else "2 faces (keep the better)"
        count = f"{request.dice} face{'s' if request.dice != 1 else ''}"
        if request.surge:
            count = f"the Blood Surge Rouse die, then {count}"
            if request.hunger < min(5, request.dice):
                return f"{count}: {request.regular} regular | {request.hunger} Hunger, one more if the Rouse fails"
        if request.hunger:
            return f"{count}: {request.regular} regular | {request.hunger} Hunger (0 reads as 10)"
        return count + " (0 reads as 10)"

    def judge_faces(self, request: RollRequest, text: str) -> Outcome:
        """Regular faces, then ``|`` and the Hunger faces (without a bar the last faces are the Hunger dice)."""
        from vtm_tui.rules.v5 import Humanity, RollKind, judge, judge_frenzy, judge_remorse, judge_rouse
        from vtm_tui.rules.v5.checks import judge_check

        if "|" in text:
            left, _, right = text.partition("|")
            regular = parse_faces(left, sides=10, what="Faces")
            hunger = parse_faces(right, sides=10, what="Hunger faces")
            if len(regular) != request.regular or len(hunger) != request.hunger:
                raise VtmError(f"Faces: expected {self.faces_hint(request)}, got {len(regular)} | {len(hunger)}")
            faces = regular + hunger
        else:
            faces = parse_faces(text, sides=10, what="Faces")
            if len(faces) != request.dice:
                raise VtmError(f"Faces: expected {self.faces_hint(request)}, got {len(faces)}")
        if request.kind == "rouse":
            return judge_rouse(faces, request.hunger, voluntary=request.voluntary, awakening=request.awakening)
        if request.kind == "check":
            return judge_check(faces)
        if request.kind == "remorse":
            return judge_remorse(Humanity(request.humanity, request.stains, request.degenerating), faces)
        if request.kind == "frenzy":
            return judge_frenzy(faces, request.difficulty or 0)
        kind = RollKind.TRACKER if request.kind == "tracker" else RollKind.TEST
        split = request.regular
        return judge(faces[:split], faces[split:], request.difficulty or 0, kind=kind,
                     notes=(*request.warnings, *request.notes))

    def odds(self, request: RollRequest) -> OddsView:
        if request.kind in ("rouse", "check"):
            p_pass = 1 - 0.5 ** request.dice
            return OddsView((("pass", p_pass), ("fail", 1 - p_pass)), p_pass, p_pass, "passes")
        from vtm_tui.rules.v5 import odds as v5_odds

        hunger = request.hunger if request.kind == "test" else 0
        result = v5_odds(request.dice, hunger, request.difficulty or 0)
        if request.surge and hunger < 5:  # the surged test rolls with the Hunger after its Rouse: one more on a fail
            worse = v5_odds(request.dice, hunger + 1, request.difficulty or 0)
            rows = tuple((name, (p + worse.outcomes[name]) / 2) for name, p in result.outcomes.items())
            return OddsView(rows, (result.p_win + worse.p_win) / 2,
                            (result.expected_successes + worse.expected_successes) / 2, "successes")
        return OddsView(tuple(result.outcomes.items()), result.p_win, result.expected_successes, "successes")

    def follow_ups(self, outcome: Outcome, request: RollRequest, sheet: Any | None) -> tuple[FollowUp, ...]:
        return roll_follow_ups.follow_ups(outcome, request, sheet)

    def reroll_odds(self, first: Outcome, indices: tuple[int, ...] | list[int]) -> OddsView:
        return roll_follow_ups.reroll_odds(first, indices)

    def reroll_indices(self, first: Outcome, strategy: str) -> tuple[int, ...]:
        from vtm_tui.rules.v5.reroll import select

        return tuple(select(first, strategy).indices)  # type: ignore[arg-type]

    def willpower_reroll(self, first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
        from vtm_tui.rules.v5.reroll import reroll

        return reroll(first, choice, dice)  # type: ignore[arg-type]

    def surge_dice(self, sheet: Any) -> int:
        from vtm_tui.rules.v5.blood import blood_potency

        return blood_potency(sheet.blood_potency).surge

    def surge_rouse(self, request: RollRequest, dice: DiceSource) -> Outcome:
        from vtm_tui.rules.v5.checks import rouse_check

        return rouse_check(request.hunger, dice)

    def after_surge(self, request: RollRequest, rouse: Outcome) -> RollRequest:
        return roll_follow_ups.after_surge(request, rouse)

    def changes_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome) -> bool:
        from vtm_tui.rules.v5 import RemorseResult, RerollResult, RouseResult

        if isinstance(outcome, RouseResult):
            return outcome.hunger_after != sheet.hunger
        if isinstance(outcome, RerollResult):
            return bool(outcome.willpower_damage)
        return isinstance(outcome, RemorseResult)

    def apply_to_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome, kind: str
                       ) -> tuple[str, dict[str, Any], list[str]]:
        """Hunger after a Rouse, Willpower damage for a re-roll (logged as ``reroll``), Humanity after Remorse."""
        from vtm_tui.rules.v5 import RemorseResult, RerollResult, RouseResult, Tracker

        if isinstance(outcome, RouseResult):
            if outcome.hunger_after != sheet.hunger:
                before = sheet.hunger
                sheet.hunger = outcome.hunger_after
                return kind, {"field": "hunger", "before": before, "after": sheet.hunger}, [
                    f"Hunger {before} → {sheet.hunger}"]
            return kind, {}, []
        if isinstance(outcome, RerollResult):
            if not outcome.willpower_damage:
                return "reroll", {}, []
            before = _tracker(sheet.willpower)
            size = sheet.willpower_size
            track = Tracker(size, sheet.willpower.superficial, sheet.willpower.aggravated)
            track = track.take_superficial(outcome.willpower_damage)
            sheet.willpower.superficial, sheet.willpower.aggravated = track.superficial, track.aggravated
            words = f"Willpower {sheet.willpower.boxes(size)} (1 Superficial damage for the re-roll)"
            return "reroll", {"field": "willpower", "before": before, "after": _tracker(sheet.willpower)}, [words]
        if isinstance(outcome, RemorseResult):
            before = {"humanity": sheet.humanity, "stains": sheet.stains}
            sheet.humanity, sheet.stains, sheet.degenerating = outcome.after.rating, 0, False
            words = f"Humanity {before['humanity']} → {sheet.humanity}, stains cleared"
            return kind, {"field": "humanity", "before": before, "after": {"humanity": sheet.humanity, "stains": 0}}, [
                words]
        return kind, {}, []

    def logged_value(self, sheet: Any, field: str) -> Any:
        """Hunger and stains as numbers, Health and Willpower as their tables, Humanity with its stains (Remorse)."""
        if field == "humanity":
            return {"humanity": sheet.humanity, "stains": sheet.stains}
        if field in ("health", "willpower"):
            return _tracker(getattr(sheet, field))
        if field in ("hunger", "stains"):
            return getattr(sheet, field)
        return None


def _tracker(track: Any) -> dict[str, int]:
    return {"superficial": track.superficial, "aggravated": track.aggravated}


ROLL_PLAY = V5RollPlay()
