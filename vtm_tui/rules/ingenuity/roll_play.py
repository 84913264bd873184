"""Ingenuity's roll facet (:class:`~vtm_tui.rules.roll_play.RollPlay`): an attribute die plus a skill die plus a
luck d20, a proficiency bonus, advantage and disadvantage, an optional Difficulty, passive tests, assists and size.

Ingenuity has no Willpower re-roll and no Blood Surge, and a roll changes no sheet. The engines are imported
inside the methods, on the first roll.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.dice_faces import DiceFaces
from vtm_tui.rules.numbers import read_whole
from vtm_tui.rules.pool import ResolvedPool
from vtm_tui.rules.pool_text import resolve_pool_text
from vtm_tui.rules.roll_play import no_such_roll
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import FollowUp, OddsView, info


class IngenuityRollPlay:
    """Ingenuity's answers to :class:`~vtm_tui.rules.roll_play.RollPlay`."""

    extra_rules = frozenset({"assist bonus", "size bonus", "passive test", "picks"})
    modifier_label = "± adv."
    specialty_prompt = "no proficiency"

    def specialty_choices(self, sheet: Any, request: RollRequest) -> tuple[tuple[str, str], ...]:
        return tuple((f"{name} +{bonus}", name) for name, bonus in sheet.proficiencies.items())

    def rating_text(self, value: int) -> str:
        return f"d{value}"

    def pool_description(self, resolved: ResolvedPool) -> str:
        return " + ".join(f"{name} d{size}" for name, size in resolved.traits) or resolved.describe()

    def count_text(self, outcome: Outcome) -> str:
        return f"total {getattr(outcome, 'total', getattr(outcome, 'face', '?'))}"

    def ladder_text(self, kind: str) -> str:
        from vtm_tui.rules.ladders import ladder_text

        return "Ladder: " + ladder_text("ingenuity")

    def free_botch_spent(self, recorder: Any) -> bool:
        return False  # no botches

    def dice_faces(self, outcome: Outcome) -> DiceFaces:
        """The attribute and skill dice (bold), the luck d20 and any re-rolls, as words: no row of d10s."""
        data = outcome.to_dict()
        faces = data.get("faces", {})
        if "dice" not in data:
            words = [(f"luck d20 [{faces.get('luck')}]", "bold")]
        else:
            dice = data["dice"]
            words = [(f"{dice['attribute']} [{faces.get('attribute')}]  {dice['skill']} [{faces.get('skill')}]",
                      "bold")]
            luck = faces.get("luck")
            if luck is not None:
                words.append((f"  luck d20 [{luck}]" + (" ★ +4" if luck == 20 else ""), ""))
            words += [(f"\nre-rolled: {reroll.describe()}", "") for reroll in getattr(outcome, "rerolls", ())]
        return DiceFaces(words=tuple(words), legend="attribute, skill and luck dice; ★ luck 20 adds 4")

    def default_difficulty(self, kind: str) -> int | None:
        from vtm_tui.rules.ruleset import ruleset_for

        return ruleset_for("ingenuity").default_difficulty or None

    def build(self, base: RollRequest, difficulty: int | str | None, sheet: Any, *, name: str,
              traits: dict[str, int], willpower: bool, surge: bool, voluntary: bool, rouse_reroll: bool,
              wounds: int | None) -> RollRequest:
        """One attribute die + one skill die (+ at most one proficiency's bonus) against an optional Difficulty."""
        from vtm_tui.rules.ingenuity.character import ATTRIBUTES

        dice_traits = traits
        proficiencies = dict(sheet.proficiencies)
        known = {**dice_traits, **{n: bonus for n, bonus in proficiencies.items() if n not in dice_traits}}
        resolved = resolve_pool_text(base.pool_text, known)
        attribute = [(n, d) for n, d in resolved.traits if n in ATTRIBUTES]
        skill = [(n, d) for n, d in resolved.traits if n in dice_traits and n not in ATTRIBUTES]
        named_profs = [n for n, _ in resolved.traits if n not in dice_traits]
        if any(d < 0 for _, d in resolved.traits):
            raise VtmError(f"Pool {base.pool_text!r}: an Ingenuity test adds its dice, it cannot subtract one")
        if len(attribute) != 1 or len(skill) != 1:
            raise VtmError(f"Pool {base.pool_text!r}: an Ingenuity test is one attribute die + one skill die "
                           f"(e.g. 'Dexterity + Agility'), got {', '.join(n for n, _ in resolved.traits) or 'none'}")
        chosen = [*named_profs, *([base.specialty] if base.specialty else [])]
        bonus = resolved.modifier
        if len(set(chosen)) > 1 or (chosen and resolved.modifier):
            raise VtmError("at most one proficiency bonus adds to a test")
        if chosen:
            prof = chosen[0]
            if prof not in proficiencies:
                raise VtmError(f"proficiency {prof!r} is not on {name}'s sheet "
                               f"({', '.join(proficiencies) or 'none'})")
            bonus = proficiencies[prof]
        if not 0 <= bonus <= 4:
            raise VtmError(f"proficiency bonus {bonus:+d}: one proficiency adds +1 to +4")
        value = self.parse_difficulty(difficulty)
        if value is not None:
            value += base.difficulty_modifier
            if value < 1:
                raise VtmError(f"Difficulty with its modifier is {value}: it must be at least 1")
        (att_name, att_die), (skill_name, skill_die) = attribute[0], skill[0]
        text = f"{att_name} d{att_die} + {skill_name} d{skill_die}" + (f" + {bonus}" if bonus else "")
        if chosen:
            text += f" ({chosen[0]})"
        text += "".join(f" + {label} {n}" for label, n in (("assist", base.assist_bonus), ("size", base.size_bonus))
                        if n)
        if base.passive:
            text = "passive " + text
        return replace(base, traits=((att_name, att_die), (skill_name, skill_die)), dice=2, difficulty=value,
                       attribute_die=att_die, skill_die=skill_die, bonus=bonus, description=text,
                       specialty=chosen[0] if chosen else "")

    def parse_difficulty(self, text: str | int | None) -> int | None:
        """A blank Difficulty is none at all (a plain total); otherwise a number or a name on the ladder."""
        if text is None or (isinstance(text, str) and not text.strip()):
            return None
        from vtm_tui.rules.ingenuity.difficulty import parse_difficulty

        try:
            return parse_difficulty(text).value
        except VtmError as exc:
            raise VtmError(f"Difficulty: {exc}") from None

    def headline(self, request: RollRequest) -> str:
        head = f"{request.description}"
        if request.modifier:
            head += f", {'advantage' if request.modifier > 0 else 'disadvantage'} {abs(request.modifier)}"
        return head

    def perform(self, request: RollRequest, dice: DiceSource) -> Outcome:
        from vtm_tui.rules.ingenuity import roll

        return roll(request.attribute_die, request.skill_die, dice, bonus=request.bonus,
                    difficulty=request.difficulty, advantage=request.advantage,
                    disadvantage=request.disadvantage, passive=request.passive,
                    assist_bonus=request.assist_bonus, size_bonus=request.size_bonus,
                    picks=list(request.picks) or None)

    def faces_hint(self, request: RollRequest) -> str:
        extra = abs(request.modifier)
        tail = f", then {extra} re-roll face{'s' if extra != 1 else ''}" if extra else ""
        return f"attribute d{request.attribute_die}, skill d{request.skill_die}, luck d20{tail}"

    def judge_faces(self, request: RollRequest, text: str) -> Outcome:
        """Attribute, skill, luck, then any re-roll faces that advantage or disadvantage call for."""
        from vtm_tui.rules.ingenuity import judge

        values: list[int] = []
        for token in text.replace(",", " ").split():
            values.append(read_whole(token, "Faces"))
        if request.passive:
            raise VtmError("Faces: a passive test rolls no dice")
        if len(values) < 3:
            raise VtmError(f"Faces: expected {self.faces_hint(request)}, got {len(values)}")
        try:
            return judge(request.attribute_die, request.skill_die, values[0], values[1], values[2],
                         bonus=request.bonus, difficulty=request.difficulty, advantage=request.advantage,
                         disadvantage=request.disadvantage, reroll_faces=values[3:],
                         assist_bonus=request.assist_bonus, size_bonus=request.size_bonus,
                         picks=list(request.picks) or None)
        except VtmError as exc:
            raise VtmError(f"Faces: {exc}") from None

    def odds(self, request: RollRequest) -> OddsView:
        from vtm_tui.rules.ingenuity import odds

        result = odds(
            request.attribute_die,
            request.skill_die,
            bonus=request.bonus,
            difficulty=request.difficulty,
            advantage=request.advantage,
            disadvantage=request.disadvantage,
        )
        rows = tuple((name, float(p)) for name, p in result.outcomes.items())
        p_win = result.p_win
        return OddsView(rows, None if p_win is None else float(p_win), float(result.mean), "total")

    def follow_ups(self, outcome: Outcome, request: RollRequest, sheet: Any | None) -> tuple[FollowUp, ...]:
        out = []
        if getattr(outcome, "lucky", False):
            out.append(info("Lucky: the luck die shows 20, +4 to the result"))
        if getattr(outcome, "trivial", False):
            out.append(info("Trivial: the lowest possible result already met the Difficulty"))
        shortfall = getattr(outcome, "shortfall", 0)
        if shortfall:
            out.append(info(f"Missed by {shortfall}: escalate (at a risk), modify the task, or abandon it"))
        return tuple(out)

    def reroll_odds(self, first: Outcome, indices: tuple[int, ...] | list[int]) -> OddsView:
        raise no_such_roll("Ingenuity", "a Willpower re-roll")

    def reroll_indices(self, first: Outcome, strategy: str) -> tuple[int, ...]:
        raise no_such_roll("Ingenuity", "a Willpower re-roll")

    def willpower_reroll(self, first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
        raise no_such_roll("Ingenuity", "a Willpower re-roll")

    def surge_dice(self, sheet: Any) -> int:
        return 0

    def surge_rouse(self, request: RollRequest, dice: DiceSource) -> Outcome:
        raise no_such_roll("Ingenuity", "a Blood Surge")

    def after_surge(self, request: RollRequest, rouse: Outcome) -> RollRequest:
        raise no_such_roll("Ingenuity", "a Blood Surge")

    def changes_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome) -> bool:
        return False

    def apply_to_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome, kind: str
                       ) -> tuple[str, dict[str, Any], list[str]]:
        return kind, {}, []

    def logged_value(self, sheet: Any, field: str) -> Any:
        return None  # an Ingenuity roll changes no sheet


ROLL_PLAY = IngenuityRollPlay()
