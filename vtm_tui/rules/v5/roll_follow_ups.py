"""What follows a V5 roll: Hunger after a Rouse, a frenzy owed, win at a cost, the Willpower re-rolls.

A storyteller looking at a result wants to know at once what it costs and what may be done next: Hunger +1
after a failed Rouse check, the Willpower a re-roll costs, "win at a cost?" on a failure with successes, which
Willpower re-roll strategy would help and by how much (exact odds *given the dice showing*), a hunger frenzy
owed. Plain data (:class:`~vtm_tui.rules.roll_views.FollowUp`); the dialog turns the actionable ones into keys.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import Any

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import FollowUp, OddsView, info

#: Keys the dialog binds to the re-roll strategies, in STRATEGIES order.
STRATEGY_KEYS = ("1", "2", "3", "4")
STRATEGY_LABELS = {
    "reroll_failures": "re-roll failures",
    "maximize_criticals": "maximize criticals",
    "avoid_messy": "avoid a messy critical",
    "risky_avoid_messy": "risky avoid messy (+ failures)",
}
#: How the note that names a Blood Surge's Rouse begins (the roll's notes carry it into the log).
SURGE_NOTE = "Blood Surge Rouse"


def follow_ups(outcome: Outcome, request: RollRequest, sheet: Any | None) -> tuple[FollowUp, ...]:
    """Everything that follows a V5 ``outcome``, in the order a storyteller reads it."""
    from vtm_tui.rules.v5.frenzy import FrenzyResult
    from vtm_tui.rules.v5.humanity import RemorseResult
    from vtm_tui.rules.v5.reroll import RerollResult
    from vtm_tui.rules.v5.checks import RouseResult
    from vtm_tui.rules.v5.results import V5Roll

    out: list[FollowUp] = []
    if isinstance(outcome, RouseResult):
        return tuple(_rouse(outcome))
    if isinstance(outcome, FrenzyResult):
        effect = {"frenzy": "Frenzy: the Beast takes over", "resisted, but the turn is spent":
                  "Resisted, but the turn is spent", "resisted at no cost": "Resisted at no cost (critical win)"}
        return (info(effect.get(outcome.effect, outcome.effect)),)
    if isinstance(outcome, RemorseResult):
        if outcome.win:
            return (info(f"Remorse: stains cleared, Humanity stays {outcome.after.rating}"),)
        return (info(f"Remorse failed: Humanity {outcome.before.rating} → {outcome.after.rating}, stains cleared"),)
    roll = outcome.after if isinstance(outcome, RerollResult) else outcome
    if isinstance(outcome, RerollResult) and outcome.selection:
        old = " ".join(map(str, outcome.old_faces))
        new = " ".join(map(str, outcome.new_faces))
        out.append(info(f"Willpower re-roll {old} → {new}: 1 Superficial Willpower damage"))
    elif isinstance(outcome, RerollResult):
        out.append(info(f"No dice re-rolled ({outcome.selection.reason}): no Willpower spent"))
    if not isinstance(roll, V5Roll):
        return tuple(out)
    if request.surge:  # the Rouse a Blood Surge made first, and the Hunger the test rolled with
        out.extend(info(note) for note in request.notes if note.startswith(SURGE_NOTE))
    out.extend(_result(roll))
    if roll.win_at_a_cost:
        out.append(FollowUp("cost", f"Win at a cost? {roll.shortfall} success{'es' if roll.shortfall != 1 else ''} "
                            "short: the storyteller may offer the goal with a cost", key="c"))
    if not isinstance(outcome, RerollResult):
        out.extend(_rerolls(roll, sheet))
    if _compulsion_due(roll) and not request.mortal and sheet is not None:
        out.append(FollowUp("compulsion", "Put a compulsion on the sheet (after any re-roll: the general table "
                                          "or the clan's)", key="k"))
    if request.kind == "test" and not request.mortal:
        out.append(FollowUp("rouse", "Rouse check (a power's cost, Hunger +1 on a failure)", key="u",
                            available=request.hunger < 5))
    return tuple(out)


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


def _compulsion_due(roll: object) -> bool:
    from vtm_tui.rules.v5.compulsions import TRIGGERS

    return getattr(roll, "result", "") in TRIGGERS


def _result(roll: object) -> list[FollowUp]:
    result = getattr(roll, "result", "")
    if result == "messy_critical":
        return [info("Messy critical: a win, but the Beast takes a hand (a Compulsion, or worse)")]
    if result == "bestial_failure":
        return [info("Bestial failure: the Beast lashes out (a Compulsion)")]
    if result == "critical_win":
        return [info("Critical win: done with style, faster or more thoroughly")]
    if result == "total_failure":
        return [info("Total failure: no success at all; dire consequences may follow")]
    return []


def _rouse(outcome: Any) -> list[FollowUp]:
    before, after = outcome.hunger_before, outcome.hunger_after
    out = []
    if after != before:
        out.append(info(f"Hunger {before} → {after} (applied after the effect)"))
    else:
        out.append(info(f"Hunger stays {before}"))
    consequence = outcome.consequence
    if consequence == "torpor":
        out.append(info("Failed at Hunger 5 on awakening: torpor"))
    elif consequence:
        how = "Passed" if outcome.win else "Failed"
        out.append(FollowUp("frenzy", f"{how} at Hunger 5: hunger frenzy test at Difficulty 4", key="f",
                            difficulty=4))
    return out


def _rerolls(roll: Any, sheet: Any | None) -> list[FollowUp]:
    from vtm_tui.rules.v5.reroll import STRATEGIES, reroll_refusal, select

    refusal = reroll_refusal(roll)
    if refusal:
        return [FollowUp("info", f"No Willpower re-roll: {refusal}", available=False)]
    cost = "1 Willpower"
    if sheet is not None and sheet.willpower.impaired(sheet.willpower_size):  # Willpower takes damage in V5
        cost = "1 Willpower, Aggravated: the track is full"
    out = []
    for key, strategy in zip(STRATEGY_KEYS, STRATEGIES):
        selection = select(roll, strategy)
        name = STRATEGY_LABELS[strategy]
        if not selection:
            reason = selection.reason.rsplit(": ", 1)[-1]
            out.append(FollowUp("reroll", f"{name}: {reason}", key=key, strategy=strategy, available=False))
            continue
        view = reroll_odds(roll, selection.indices)
        faces = " ".join(str(roll.faces[i]) for i in selection.indices)
        text = f"{name} ({faces}; {cost}): win {view.p_win:.1%}"
        messy = view.probability("messy_critical")
        if messy or roll.result == "messy_critical":
            text += f", messy {messy:.1%}"
        out.append(FollowUp("reroll", text, key=key, strategy=strategy, indices=selection.indices, odds=view))
    if not any(item.available for item in out):  # docs/rules.md: say so rather than offer a re-roll that cannot help
        out.append(info("No strategy helps: no Willpower re-roll can change this result for the better"))
    out.append(FollowUp("pick", f"pick up to 3 regular dice by hand ({cost})", key="p"))
    return out


#: A re-rolled d10 matters only by class: a failure (1-5), a plain success (6-9) or a ten.
_CLASSES = ((1, 5), (6, 4), (10, 1))


def reroll_odds(first: Any, indices: tuple[int, ...] | list[int]) -> OddsView:
    """Exact odds of each result after re-rolling the regular dice at ``indices`` of ``first``.

    Conditional on the faces already showing: the re-rolled dice fall in three
    classes, so at most 27 cases are judged (three dice), weighted by faces.
    """
    from vtm_tui.rules.v5.results import RESULTS, judge

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
