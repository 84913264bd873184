"""What follows a roll: the rules' consequences and the choices they open.

A storyteller looking at a result wants to know at once what it costs and what
may be done next: Hunger +1 after a failed Rouse check, the Willpower a re-roll
costs, "win at a cost?" on a failure with successes, which Willpower re-roll
strategy would help and by how much (exact odds *given the dice showing*), a
hunger frenzy owed. :func:`follow_ups` lists them as plain data; the dialog
turns the actionable ones into one-key actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.model.character import Character
from vtm_tui.play.odds_view import OddsView, label
from vtm_tui.play.perform import SURGE_NOTE, reroll_odds
from vtm_tui.play.request import RollRequest
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.ruleset import ruleset_for

#: Actions the dialog can take; "info" is only said.
ACTIONS = ("info", "reroll", "pick", "cost", "rouse", "frenzy", "compulsion")
#: Keys the dialog binds to the re-roll strategies, in STRATEGIES order.
STRATEGY_KEYS = ("1", "2", "3", "4")
STRATEGY_LABELS = {
    "reroll_failures": "re-roll failures",
    "maximize_criticals": "maximize criticals",
    "avoid_messy": "avoid a messy critical",
    "risky_avoid_messy": "risky avoid messy (+ failures)",
}


@dataclass(frozen=True)
class FollowUp:
    """One consequence or choice after a roll."""

    action: str
    text: str
    key: str = ""
    strategy: str | None = None
    indices: tuple[int, ...] = ()
    odds: OddsView | None = None
    available: bool = True
    difficulty: int | None = None  #: for a frenzy test owed


def follow_ups(outcome: Outcome, request: RollRequest, character: Character | None = None) -> tuple[FollowUp, ...]:
    """Everything that follows ``outcome``, in the order a storyteller reads it."""
    rules = ruleset_for(outcome.ruleset)
    if rules.has_hunger:
        return _v5(outcome, request, character)
    if not rules.rolls_sized_dice:  # a pool of d10s without Hunger dice (V20)
        return _v20(outcome, request)
    return _ingenuity(outcome)


def _info(text: str) -> FollowUp:
    return FollowUp("info", text)


# -- V5 ---------------------------------------------------------------------------------------------------


def _v5(outcome: Outcome, request: RollRequest, character: Character | None) -> tuple[FollowUp, ...]:
    from vtm_tui.rules.v5 import FrenzyResult, RemorseResult, RerollResult, RouseResult, V5Roll

    out: list[FollowUp] = []
    if isinstance(outcome, RouseResult):
        return tuple(_rouse(outcome))
    if isinstance(outcome, FrenzyResult):
        effect = {"frenzy": "Frenzy: the Beast takes over", "resisted, but the turn is spent":
                  "Resisted, but the turn is spent", "resisted at no cost": "Resisted at no cost (critical win)"}
        return (_info(effect.get(outcome.effect, outcome.effect)),)
    if isinstance(outcome, RemorseResult):
        if outcome.win:
            return (_info(f"Remorse: stains cleared, Humanity stays {outcome.after.rating}"),)
        return (_info(f"Remorse failed: Humanity {outcome.before.rating} → {outcome.after.rating}, stains cleared"),)
    roll = outcome.after if isinstance(outcome, RerollResult) else outcome
    if isinstance(outcome, RerollResult) and outcome.selection:
        old = " ".join(map(str, outcome.old_faces))
        new = " ".join(map(str, outcome.new_faces))
        out.append(_info(f"Willpower re-roll {old} → {new}: 1 Superficial Willpower damage"))
    elif isinstance(outcome, RerollResult):
        out.append(_info(f"No dice re-rolled ({outcome.selection.reason}): no Willpower spent"))
    if not isinstance(roll, V5Roll):
        return tuple(out)
    if request.surge:  # the Rouse a Blood Surge made first, and the Hunger the test rolled with
        out.extend(_info(note) for note in request.notes if note.startswith(SURGE_NOTE))
    out.extend(_v5_result(roll))
    if roll.win_at_a_cost:
        out.append(FollowUp("cost", f"Win at a cost? {roll.shortfall} success{'es' if roll.shortfall != 1 else ''} "
                            "short: the storyteller may offer the goal with a cost", key="c"))
    if not isinstance(outcome, RerollResult):
        out.extend(_rerolls(roll, character))
    if _compulsion_due(roll) and not request.mortal and character is not None:
        out.append(FollowUp("compulsion", "Put a compulsion on the sheet (after any re-roll: the general table "
                                          "or the clan's)", key="k"))
    if request.kind == "test" and not request.mortal:
        out.append(FollowUp("rouse", "Rouse check (a power's cost, Hunger +1 on a failure)", key="u",
                            available=request.hunger < 5))
    return tuple(out)


def _compulsion_due(roll: object) -> bool:
    from vtm_tui.rules.v5.compulsions import TRIGGERS

    return getattr(roll, "result", "") in TRIGGERS


def _v5_result(roll: object) -> list[FollowUp]:
    result = getattr(roll, "result", "")
    if result == "messy_critical":
        return [_info("Messy critical: a win, but the Beast takes a hand (a Compulsion, or worse)")]
    if result == "bestial_failure":
        return [_info("Bestial failure: the Beast lashes out (a Compulsion)")]
    if result == "critical_win":
        return [_info("Critical win: done with style, faster or more thoroughly")]
    if result == "total_failure":
        return [_info("Total failure: no success at all; dire consequences may follow")]
    return []


def _rouse(outcome: object) -> list[FollowUp]:
    before, after = outcome.hunger_before, outcome.hunger_after  # type: ignore[attr-defined]
    out = []
    if after != before:
        out.append(_info(f"Hunger {before} → {after} (applied after the effect)"))
    else:
        out.append(_info(f"Hunger stays {before}"))
    consequence = outcome.consequence  # type: ignore[attr-defined]
    if consequence == "torpor":
        out.append(_info("Failed at Hunger 5 on awakening: torpor"))
    elif consequence:
        how = "Passed" if outcome.win else "Failed"  # type: ignore[attr-defined]
        out.append(FollowUp("frenzy", f"{how} at Hunger 5: hunger frenzy test at Difficulty 4", key="f",
                            difficulty=4))
    return out


def _rerolls(roll: object, character: Character | None) -> list[FollowUp]:
    from vtm_tui.rules.v5 import STRATEGIES, reroll_refusal, select

    refusal = reroll_refusal(roll)  # type: ignore[arg-type]
    if refusal:
        return [FollowUp("info", f"No Willpower re-roll: {refusal}", available=False)]
    cost = "1 Willpower"
    if character is not None and ruleset_for(character.ruleset).willpower_takes_damage:
        sheet = character.sheet
        if sheet.willpower.impaired(sheet.willpower_size):
            cost = "1 Willpower, Aggravated: the track is full"
    out = []
    for key, strategy in zip(STRATEGY_KEYS, STRATEGIES):
        selection = select(roll, strategy)  # type: ignore[arg-type]
        name = STRATEGY_LABELS[strategy]
        if not selection:
            reason = selection.reason.rsplit(": ", 1)[-1]
            out.append(FollowUp("reroll", f"{name}: {reason}", key=key, strategy=strategy, available=False))
            continue
        view = reroll_odds(roll, selection.indices)
        faces = " ".join(str(roll.faces[i]) for i in selection.indices)  # type: ignore[attr-defined]
        text = f"{name} ({faces}; {cost}): win {view.p_win:.1%}"
        messy = view.probability("messy_critical")
        if messy or roll.result == "messy_critical":  # type: ignore[attr-defined]
            text += f", messy {messy:.1%}"
        out.append(FollowUp("reroll", text, key=key, strategy=strategy, indices=selection.indices, odds=view))
    if not any(item.available for item in out):  # docs/rules.md: say so rather than offer a re-roll that cannot help
        out.append(_info("No strategy helps: no Willpower re-roll can change this result for the better"))
    out.append(FollowUp("pick", f"pick up to 3 regular dice by hand ({cost})", key="p"))
    return out


# -- V20 and Ingenuity ---------------------------------------------------------------------------------------


def _v20(outcome: Outcome, request: RollRequest) -> tuple[FollowUp, ...]:
    from vtm_tui.rules.v20.kinds import parse_kind

    kind = parse_kind(getattr(outcome, "kind", "test"))
    if kind.id != "test":  # damage, soak, a Virtue roll: what it means, and what it cost
        meaning = kind.meaning(outcome.result, getattr(outcome, "successes", 0))
        out = [_info(meaning[:1].upper() + meaning[1:])]
        if outcome.result == "botch":
            out.append(_info("Botch: no success and at least one 1"))
        return tuple(out)
    out = []
    degree = getattr(outcome, "degree", None)
    if degree:
        net = getattr(outcome, "successes", 0)
        article = "an" if str(degree)[:1] in "aeiou" else "a"  # "an exceptional success"
        out.append(_info(f"{net} net success{'es' if net != 1 else ''}: {article} {degree} success"))
    if outcome.result == "botch":
        out.append(_info("Botch: no success and at least one 1; something goes wrong"))
    if getattr(outcome, "free_botch_consumed", False):
        out.append(_info("A botch, forgiven as this session's free botch: read as a failure"))
    if request.willpower:
        out.append(_info("Willpower spent: 1 automatic success (the roll cannot botch)"))
    if outcome.result == "failure" and not getattr(outcome, "free_botch_consumed", False):
        out.append(_info("Trying again: Difficulty +1 for the next attempt at this task"))
    return tuple(out)


def _ingenuity(outcome: Outcome) -> tuple[FollowUp, ...]:
    out = []
    if getattr(outcome, "lucky", False):
        out.append(_info("Lucky: the luck die shows 20, +4 to the result"))
    if getattr(outcome, "trivial", False):
        out.append(_info("Trivial: the lowest possible result already met the Difficulty"))
    shortfall = getattr(outcome, "shortfall", 0)
    if shortfall:
        out.append(_info(f"Missed by {shortfall}: escalate (at a risk), modify the task, or abandon it"))
    return tuple(out)


def describe_result(outcome: Outcome) -> str:
    """``messy critical, margin 2`` / ``failure, shortfall 1``: the result line's words."""
    words = label(outcome.result)
    shortfall = getattr(outcome, "shortfall", 0)
    inner = getattr(outcome, "after", None) if hasattr(outcome, "selection") else getattr(outcome, "roll", None)
    if inner is not None:
        shortfall = getattr(inner, "shortfall", 0)
    if outcome.win:
        return f"{words}, margin {outcome.margin}"
    if shortfall:
        return f"{words}, shortfall {shortfall}"
    return words
