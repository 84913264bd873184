"""V20's roll facet (:class:`~vtm_tui.rules.roll_play.RollPlay`): a pool of d10s against a Difficulty, 1s
cancelling, botches, the wound penalty, Willpower for one automatic success, trying again, and the chronicle's
options (specialty doubling, one free botch a session, which kinds of roll let 1s cancel).

Rolling and judging typed faces end in the same engine functions, so a table that rolls real dice gets exactly
the verdict the app's dice would have had. The engines are imported inside the methods, on the first roll.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource, parse_faces
from vtm_tui.rules.dice_faces import DiceFaces, target_cells
from vtm_tui.rules.ladders import read_ladder
from vtm_tui.rules.pool import ResolvedPool
from vtm_tui.rules.pool_text import describe_pool, resolve_pool_text
from vtm_tui.rules.roll_play import DicePoolValues, no_such_roll
from vtm_tui.rules.roll_request import RollRequest, dice_headline
from vtm_tui.rules.roll_views import FollowUp, OddsView, info


class V20RollPlay(DicePoolValues):
    """V20's answers to :class:`~vtm_tui.rules.roll_play.RollPlay`."""

    extra_rules = frozenset({"automatic", "attempt", "wounds"})
    def ladder_text(self, kind: str) -> str:
        from vtm_tui.rules.ladders import ladder_text
        from vtm_tui.rules.v20.kinds import parse_kind

        provocations = parse_kind(kind).provocations
        if provocations:
            return "Provocations: " + " · ".join(f"{name} {value}" for name, value in provocations)
        return "Ladder: " + ladder_text("v20")

    def free_botch_spent(self, recorder: Any) -> bool:
        return bool(recorder.free_botch_used())

    def dice_faces(self, outcome: Outcome) -> DiceFaces:
        return target_cells(outcome)

    def default_difficulty(self, kind: str) -> int | None:
        from vtm_tui.rules.v20.kinds import parse_kind
        from vtm_tui.rules.v20.pools import DEFAULT_DIFFICULTY

        return parse_kind(kind).difficulty or DEFAULT_DIFFICULTY

    def build(self, base: RollRequest, difficulty: int | str | None, sheet: Any, *, name: str,
              traits: dict[str, int], willpower: bool, surge: bool, voluntary: bool, rouse_reroll: bool,
              wounds: int | None) -> RollRequest:
        """A V20 roll of any kind: a test takes the wound penalty; damage, soak and the Virtue rolls
        (frenzy, Rötschreck, degeneration: the sheet's Virtue, whatever the pool field says) do not."""
        from vtm_tui.rules.v20 import V20Pool
        from vtm_tui.rules.v20.kinds import parse_kind, virtue_for
        from vtm_tui.rules.v20.pools import check_dice

        kind = parse_kind(base.kind)
        penalty = sheet.health.penalty() if kind.id == "test" else 0
        if wounds is not None:  # the storyteller's count of the wound penalty stands in for the sheet's
            penalty = -wounds
        if penalty is None:
            raise VtmError(f"{name} is Incapacitated: no action can be attempted until healed")
        if willpower and kind.willpower_refusal():
            raise VtmError(kind.willpower_refusal())
        if base.automatic and kind.id != "test":
            raise VtmError(f"automatic: an automatic success is for tests, not a {kind.label}")
        if base.automatic and willpower:
            raise VtmError("automatic: an automatic success needs no Willpower")
        if kind.virtue_roll:
            resolved = ResolvedPool((virtue_for(kind, traits),), 0, base.pool_text)
        else:
            resolved = resolve_pool_text(base.pool_text, traits)
        pool = V20Pool(resolved.traits, resolved.modifier + base.modifier, -penalty, base.pool_text)
        check_dice(pool.dice, what="Pool")
        value = read_ladder("v20", difficulty, rungs=kind.provocations, default=kind.difficulty)
        effective = value + base.difficulty_modifier
        if not 2 <= effective <= 10:
            raise VtmError(f"Difficulty {value} with modifier {base.difficulty_modifier:+d} is {effective}: "
                           "a V20 Difficulty is 2-10 (above 10 the task is impossible)")
        if base.attempt != 1:
            from vtm_tui.rules.v20.retry import retry_difficulty

            effective = retry_difficulty(effective, base.attempt)  # names the attempt and refuses above 10
        if willpower and sheet.willpower_current < 1:
            raise VtmError(f"{name} has no Willpower left to spend (0 of {sheet.willpower_permanent})")
        penalties = []
        if penalty and wounds is not None:
            penalties.append(f"{penalty} wounds (as given)")
        elif penalty:
            penalties.append(f"{penalty} wounds ({sheet.health.level()})")
        if base.attempt != 1:
            penalties.append(f"attempt {base.attempt}: Difficulty +{base.attempt - 1}")
        if willpower:
            penalties.append("+1 automatic success (Willpower spent)")
        return replace(
            base,
            traits=resolved.traits,
            dice=pool.dice,
            difficulty=effective,
            description=describe_pool(resolved.traits, resolved.modifier + base.modifier, base.specialty,
                                      [f"{penalty} wounds"] if penalty else []),
            penalties=tuple(penalties),
            willpower=willpower,
        )

    def parse_difficulty(self, text: str | int | None) -> int | None:
        return read_ladder("v20", text)

    def headline(self, request: RollRequest) -> str:
        return dice_headline(request)

    def perform(self, request: RollRequest, dice: DiceSource) -> Outcome:
        from vtm_tui.rules.v20 import automatic_success, roll

        if request.automatic:
            return automatic_success(request.dice, _first_difficulty(request), options=_options(request),
                                     attempt=request.attempt)
        return roll(request.dice, _first_difficulty(request), dice, specialty=bool(request.specialty),
                    willpower=request.willpower, options=_options(request),
                    free_botch_used=request.free_botch_used, kind=request.kind, attempt=request.attempt)

    def faces_hint(self, request: RollRequest) -> str:
        return f"{request.dice} face{'s' if request.dice != 1 else ''} (0 reads as 10)"

    def judge_faces(self, request: RollRequest, text: str) -> Outcome:
        from vtm_tui.rules.v20 import judge
        from vtm_tui.rules.v20.options import ones_cancel

        faces = parse_faces(text, sides=10, what="Faces")
        if len(faces) != request.dice:
            raise VtmError(f"Faces: expected {self.faces_hint(request)}, got {len(faces)}")
        options = _options(request)
        return judge(faces, request.difficulty or 6, specialty=bool(request.specialty), willpower=request.willpower,
                     specialty_doubles=options.specialty_doubles,
                     free_botch=options.free_botch and not request.free_botch_used,
                     kind=request.kind, ones_cancel=ones_cancel(options, request.kind), attempt=request.attempt)

    def odds(self, request: RollRequest) -> OddsView:
        from vtm_tui.rules.v20 import V20Options, roll_odds
        from vtm_tui.rules.v20.options import ones_cancel

        options = request.options
        result = roll_odds(
            request.dice,
            request.difficulty or 6,
            specialty=bool(request.specialty),
            willpower=request.willpower,
            specialty_doubles=bool(options.get("specialty_doubles", True)),
            free_botch=bool(options.get("free_botch", False)) and not request.free_botch_used,
            kind=request.kind,
            ones_cancel=ones_cancel(V20Options.from_dict(options, strict=False), request.kind),
        )
        data = result.to_dict()
        rows = tuple((name, float(p)) for name, p in data["outcomes"].items())
        return OddsView(rows, float(data["p_win"]), float(data["mean"]), "net successes")

    def follow_ups(self, outcome: Outcome, request: RollRequest, sheet: Any | None) -> tuple[FollowUp, ...]:
        from vtm_tui.rules.v20.kinds import parse_kind

        kind = parse_kind(getattr(outcome, "kind", "test"))
        if kind.id != "test":  # damage, soak, a Virtue roll: what it means, and what it cost
            meaning = kind.meaning(outcome.result, getattr(outcome, "successes", 0))
            out = [info(meaning[:1].upper() + meaning[1:])]
            if outcome.result == "botch":
                out.append(info("Botch: no success and at least one 1"))
            return tuple(out)
        out = []
        degree = getattr(outcome, "degree", None)
        if degree:
            net = getattr(outcome, "successes", 0)
            article = "an" if str(degree)[:1] in "aeiou" else "a"  # "an exceptional success"
            out.append(info(f"{net} net success{'es' if net != 1 else ''}: {article} {degree} success"))
        if outcome.result == "botch":
            out.append(info("Botch: no success and at least one 1; something goes wrong"))
        if getattr(outcome, "free_botch_consumed", False):
            out.append(info("A botch, forgiven as this session's free botch: read as a failure"))
        if request.willpower:
            out.append(info("Willpower spent: 1 automatic success (the roll cannot botch)"))
        if outcome.result == "failure" and not getattr(outcome, "free_botch_consumed", False):
            out.append(info("Trying again: Difficulty +1 for the next attempt at this task"))
        return tuple(out)

    def reroll_odds(self, first: Outcome, indices: tuple[int, ...] | list[int]) -> OddsView:
        raise no_such_roll("V20", "a Willpower re-roll")

    def reroll_indices(self, first: Outcome, strategy: str) -> tuple[int, ...]:
        raise no_such_roll("V20", "a Willpower re-roll")

    def willpower_reroll(self, first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
        raise no_such_roll("V20", "a Willpower re-roll")

    def surge_dice(self, sheet: Any) -> int:
        return 0

    def surge_rouse(self, request: RollRequest, dice: DiceSource) -> Outcome:
        raise no_such_roll("V20", "a Blood Surge")

    def after_surge(self, request: RollRequest, rouse: Outcome) -> RollRequest:
        raise no_such_roll("V20", "a Blood Surge")

    def changes_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome) -> bool:
        return request.willpower or bool(getattr(outcome, "morality_cost", 0))

    def apply_to_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome, kind: str
                       ) -> tuple[str, dict[str, Any], list[str]]:
        """The Willpower point a roll spent, or the dot of Humanity / Path a failed degeneration roll costs."""
        if request.willpower:
            before = sheet.willpower_current
            sheet.willpower_current = max(0, before - 1)
            return kind, {"field": "willpower", "before": before, "after": sheet.willpower_current}, [
                f"Willpower {before} → {sheet.willpower_current} (spent)"]
        cost = getattr(outcome, "morality_cost", 0)
        if cost:
            before = sheet.path_rating
            sheet.path_rating = max(0, before - cost)
            return kind, {"field": "path_rating", "before": before, "after": sheet.path_rating}, [
                f"{sheet.path} {before} → {sheet.path_rating} (degeneration)"]
        return kind, {}, []

    def logged_value(self, sheet: Any, field: str) -> Any:
        """Willpower as its current points (what a roll spends), the Path's rating, the blood pool's points."""
        if field == "willpower":
            return sheet.willpower_current
        if field in ("path_rating", "blood"):
            return getattr(sheet, field)
        return None


def _first_difficulty(request: RollRequest) -> int:
    """The task's Difficulty before trying again: the engine raises it by the attempt itself."""
    return (request.difficulty or 6) - (request.attempt - 1)


def _options(request: RollRequest) -> Any:
    from vtm_tui.rules.v20 import V20Options

    return V20Options.from_dict(request.options, strict=False)


ROLL_PLAY = V20RollPlay()
