"""The exact odds of any request, in one shape for every rule set.

The dialog's bar chart needs an ordered list of (result, probability), the
chance to win and one expected value; each engine answers in its own terms
(V5 floats per result, V20 and Ingenuity exact fractions), so this is the one
place that translates. Every number comes from the engines' exact odds, never
from simulation.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.play.request import RollRequest
from vtm_tui.rules.ruleset import ruleset_for

#: How results read on screen (names in docs/rules.md, spaces for underscores).
LABELS = {
    "messy_critical": "messy critical",
    "critical_win": "critical win",
    "win": "win",
    "bestial_failure": "bestial failure",
    "total_failure": "total failure",
    "failure": "failure",
    "success": "success",
    "botch": "botch",
    "pass": "pass",
    "fail": "fail",
    "rolled": "rolled (no Difficulty)",
}


def label(result: str) -> str:
    return LABELS.get(result, result.replace("_", " "))


@dataclass(frozen=True)
class OddsView:
    """Result → probability (in the rule set's order), the chance to win, an expected value."""

    rows: tuple[tuple[str, float], ...]
    p_win: float | None
    expected: float
    expected_label: str  #: what ``expected`` counts ("successes", "net successes", "total")

    def probability(self, result: str) -> float:
        return dict(self.rows).get(result, 0.0)

    def summary(self) -> str:
        """``win 62.3% · expected 3.1 successes``."""
        head = f"win {self.p_win:.1%}" if self.p_win is not None else "no Difficulty"
        return f"{head} · expected {self.expected:.1f} {self.expected_label}"


def odds(request: RollRequest) -> OddsView:
    """Exact odds of ``request`` (V5 with its Hunger; V20 with specialty and Willpower; Ingenuity with luck)."""
    rules = ruleset_for(request.ruleset)
    if rules.has_hunger:
        return _v5(request)
    if not rules.rolls_sized_dice:  # a pool of d10s without Hunger dice (V20)
        return _v20(request)
    return _ingenuity(request)


def _v5(request: RollRequest) -> OddsView:
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


def _v20(request: RollRequest) -> OddsView:
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


def _ingenuity(request: RollRequest) -> OddsView:
    from vtm_tui.rules.ingenuity import odds as ingenuity_odds

    result = ingenuity_odds(
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
