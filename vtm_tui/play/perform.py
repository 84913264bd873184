"""Rolling a request, or judging faces typed in from physical dice.

Both paths end in the same engine functions, so a table that rolls real dice
gets exactly the verdict the app's dice would have had. V5 follow-up rolls (the
Willpower re-roll, the Rouse check before a Blood Surge) live here too, next to
the exact odds of a re-roll *given the dice already showing*.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.play.odds_view import OddsView
from vtm_tui.play.request import RollRequest
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource, parse_faces
from vtm_tui.rules.numbers import read_whole
from vtm_tui.rules.ruleset import ruleset_for


def perform(request: RollRequest, dice: DiceSource) -> Outcome:
    """Roll ``request`` with ``dice`` and return the engine's judged outcome."""
    rules = ruleset_for(request.ruleset)
    if rules.has_hunger:
        return _v5_roll(request, dice)
    if not rules.rolls_sized_dice:  # a pool of d10s without Hunger dice (V20)
        from vtm_tui.rules.v20 import automatic_success, roll

        if request.automatic:
            return automatic_success(request.dice, _v20_first_difficulty(request), options=_v20_options(request),
                                     attempt=request.attempt)
        return roll(request.dice, _v20_first_difficulty(request), dice, specialty=bool(request.specialty),
                    willpower=request.willpower, options=_v20_options(request),
                    free_botch_used=request.free_botch_used, kind=request.kind, attempt=request.attempt)
    from vtm_tui.rules.ingenuity import roll as ingenuity_roll

    return ingenuity_roll(request.attribute_die, request.skill_die, dice, bonus=request.bonus,
                          difficulty=request.difficulty, advantage=request.advantage,
                          disadvantage=request.disadvantage, passive=request.passive,
                          assist_bonus=request.assist_bonus, size_bonus=request.size_bonus,
                          picks=list(request.picks) or None)


def _v20_first_difficulty(request: RollRequest) -> int:
    """The task's Difficulty before trying again: the engine raises it by the attempt itself."""
    return (request.difficulty or 6) - (request.attempt - 1)


def faces_hint(request: RollRequest) -> str:
    """What the faces field expects, e.g. ``5 faces: 3 regular | 2 Hunger (0 reads as 10)``."""
    rules = ruleset_for(request.ruleset)
    if rules.rolls_sized_dice:
        extra = abs(request.modifier)
        tail = f", then {extra} re-roll face{'s' if extra != 1 else ''}" if extra else ""
        return f"attribute d{request.attribute_die}, skill d{request.skill_die}, luck d20{tail}"
    if rules.has_hunger and request.kind in ("rouse", "check"):
        return "1 face" if request.dice == 1 else "2 faces (keep the better)"
    count = f"{request.dice} face{'s' if request.dice != 1 else ''}"
    if request.surge:
        count = f"the Blood Surge Rouse die, then {count}"
        if rules.has_hunger and request.hunger < min(5, request.dice):
            return f"{count}: {request.regular} regular | {request.hunger} Hunger, one more if the Rouse fails"
    if rules.has_hunger and request.hunger:
        return f"{count}: {request.regular} regular | {request.hunger} Hunger (0 reads as 10)"
    return count + (" (0 reads as 10)" if not rules.rolls_sized_dice else "")


def judge_faces(request: RollRequest, text: str) -> Outcome:
    """Judge faces typed in from physical dice; a miscount names what was expected.

    V5: regular faces, then ``|`` and the Hunger faces (without a bar the last
    faces are read as the Hunger dice). Ingenuity: attribute, skill, luck, then
    any re-roll faces that advantage or disadvantage call for.
    """
    rules = ruleset_for(request.ruleset)
    if request.automatic:
        raise VtmError("Faces: an automatic success rolls no dice")
    if rules.rolls_sized_dice:
        return _ingenuity_faces(request, text)
    if rules.has_hunger and "|" in text:
        left, _, right = text.partition("|")
        regular = parse_faces(left, sides=10, what="Faces")
        hunger = parse_faces(right, sides=10, what="Hunger faces")
        if len(regular) != request.regular or len(hunger) != request.hunger:
            raise VtmError(f"Faces: expected {faces_hint(request)}, got {len(regular)} | {len(hunger)}")
        faces = regular + hunger
    else:
        faces = parse_faces(text, sides=10, what="Faces")
        if len(faces) != request.dice:
            raise VtmError(f"Faces: expected {faces_hint(request)}, got {len(faces)}")
    if not rules.has_hunger:  # d10 faces without Hunger dice (V20)
        from vtm_tui.rules.v20 import judge
        from vtm_tui.rules.v20.options import ones_cancel

        options = _v20_options(request)
        return judge(faces, request.difficulty or 6, specialty=bool(request.specialty), willpower=request.willpower,
                     specialty_doubles=options.specialty_doubles,
                     free_botch=options.free_botch and not request.free_botch_used,
                     kind=request.kind, ones_cancel=ones_cancel(options, request.kind), attempt=request.attempt)
    return _v5_judge(request, faces)


def _v20_options(request: RollRequest) -> Any:
    from vtm_tui.rules.v20 import V20Options

    return V20Options.from_dict(request.options, strict=False)


def _v5_roll(request: RollRequest, dice: DiceSource) -> Outcome:
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


def _v5_judge(request: RollRequest, faces: list[int]) -> Outcome:
    from vtm_tui.rules.v5 import Humanity, RollKind, judge, judge_frenzy, judge_remorse, judge_rouse
    from vtm_tui.rules.v5.checks import judge_check

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


def _ingenuity_faces(request: RollRequest, text: str) -> Outcome:
    from vtm_tui.rules.ingenuity import judge

    values: list[int] = []
    for token in text.replace(",", " ").split():
        values.append(read_whole(token, "Faces"))
    if request.passive:
        raise VtmError("Faces: a passive test rolls no dice")
    if len(values) < 3:
        raise VtmError(f"Faces: expected {faces_hint(request)}, got {len(values)}")
    try:
        return judge(request.attribute_die, request.skill_die, values[0], values[1], values[2], bonus=request.bonus,
                     difficulty=request.difficulty, advantage=request.advantage, disadvantage=request.disadvantage,
                     reroll_faces=values[3:], assist_bonus=request.assist_bonus, size_bonus=request.size_bonus,
                     picks=list(request.picks) or None)
    except VtmError as exc:
        raise VtmError(f"Faces: {exc}") from None


# -- V5 follow-up rolls ---------------------------------------------------------------------------------


def surge_rouse(request: RollRequest, dice: DiceSource) -> Outcome:
    """The Rouse check a Blood Surge costs, made before the surged pool is rolled."""
    from vtm_tui.rules.v5 import rouse_check

    return rouse_check(request.hunger, dice)


#: How the note that names a Blood Surge's Rouse begins (the roll's notes carry it into the log).
SURGE_NOTE = "Blood Surge Rouse"


def after_surge(request: RollRequest, rouse: Any) -> RollRequest:
    """The surged test as it is rolled: with the Hunger *after* its Rouse check (docs/rules.md, Blood Surge).

    A failed Rouse raises Hunger first, so the test has one more Hunger die; the
    request's notes name the Rouse, so the result and the log show it.
    """
    before, after = rouse.hunger_before, rouse.hunger_after
    hunger = f"Hunger {before} → {after}" if after != before else f"Hunger stays {before}"
    dice = min(after, request.dice)
    note = (f"{SURGE_NOTE}: {rouse.check.dice_text()} → {rouse.result}, {hunger}; "
            f"the test rolls {dice} Hunger {'die' if dice == 1 else 'dice'}")
    return replace(request, hunger=dice, notes=(*request.notes, note))


def willpower_reroll(first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
    """Spend Willpower on a V5 roll: a strategy's name or regular dice by index (from 0)."""
    from vtm_tui.rules.v5 import reroll

    return reroll(first, choice, dice)  # type: ignore[arg-type]


#: A re-rolled d10 matters only by class: a failure (1-5), a plain success (6-9) or a ten.
_CLASSES = ((1, 5), (6, 4), (10, 1))


def reroll_odds(first: Any, indices: tuple[int, ...] | list[int]) -> OddsView:
    """Exact odds of each result after re-rolling the regular dice at ``indices`` of ``first``.

    Conditional on the faces already showing: the re-rolled dice fall in three
    classes, so at most 27 cases are judged (three dice), weighted by faces.
    """
    from vtm_tui.rules.v5 import RESULTS, judge

    chosen = tuple(indices)
    if not chosen:
        counts = {first.result: 1.0}
    else:
        counts = dict.fromkeys(RESULTS, 0.0)
        expected = 0.0
        for combo in product(_CLASSES, repeat=len(chosen)):
            faces = list(first.faces)
            weight = 1
            for index, (face, ways) in zip(chosen, combo):
                faces[index] = face
                weight *= ways
            after = judge(faces, first.hunger_faces, first.difficulty, kind=first.kind)
            p = weight / 10 ** len(chosen)
            counts[after.result] += p
            expected += p * after.successes
        rows = tuple((name, counts[name]) for name in RESULTS)
        p_win = sum(p for name, p in rows if name in ("messy_critical", "critical_win", "win"))
        return OddsView(rows, p_win, expected, "successes")
    rows = tuple((name, counts.get(name, 0.0)) for name in RESULTS)
    return OddsView(rows, 1.0 if first.win else 0.0, float(first.successes), "successes")
