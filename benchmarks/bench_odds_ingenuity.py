"""Exact Ingenuity odds against the 5 ms budget (docs/architecture.md): the worst queries, cold and warm.

The worst case is two d12s with three re-rolls (advantage or disadvantage): the
most face pairs and the longest dynamic programme. *Cold* clears the engine's
caches before every call (a storyteller's first question about that pair of
dice); *warm* asks again (the app redrawing odds while a Difficulty is chosen).
The sweep times every pair of dice at every net advantage −3…+3 cold (median
of a few runs each) and reports the slowest.
"""

from __future__ import annotations

from benchmarks.figure import Figure, median_seconds
from vtm_tui.rules.ingenuity.dice import STEP_SIZES
from vtm_tui.rules.ingenuity.exact_odds import dice_sum_weights, face_pair_weights, odds

BUDGET_MS = 5.0


def _clear() -> None:
    face_pair_weights.cache_clear()
    dice_sum_weights.cache_clear()


def _query(advantage: int, disadvantage: int) -> object:
    return odds("d12", "d12", bonus=2, difficulty=20, advantage=advantage, disadvantage=disadvantage).p_win


def _cold(advantage: int, disadvantage: int) -> None:
    _clear()
    _query(advantage, disadvantage)


def _sweep_worst_ms(repeat: int) -> tuple[float, str]:
    """The slowest query's median cold time: a median per query, so one scheduler hiccup on a
    shared machine does not pass for the engine's cost."""
    worst, where = 0.0, ""
    for sa in STEP_SIZES:
        for sb in STEP_SIZES:
            for net in range(-3, 4):
                adv, dis = max(net, 0), max(-net, 0)

                def query(sa: int = sa, sb: int = sb, adv: int = adv, dis: int = dis) -> None:
                    _clear()
                    odds(sa, sb, difficulty=10, advantage=adv, disadvantage=dis).p_win

                ms = median_seconds(query, repeat=repeat) * 1000
                if ms > worst:
                    worst, where = ms, f"d{sa}+d{sb} net {net:+d}"
    return worst, where


def figures(quick: bool) -> list[Figure]:
    repeat = 3 if quick else 15
    out = []
    for label, adv, dis in (("advantage 3", 3, 0), ("disadvantage 3", 0, 3)):
        cold = median_seconds(lambda: _cold(adv, dis), repeat=repeat) * 1000
        _query(adv, dis)
        warm = median_seconds(lambda: _query(adv, dis), repeat=repeat, number=20) * 1000
        out.append(Figure(f"ingenuity odds d12+d12 {label}, cold", cold, "ms", BUDGET_MS))
        out.append(Figure(f"ingenuity odds d12+d12 {label}, warm", warm, "ms", BUDGET_MS))
    worst, where = _sweep_worst_ms(3 if quick else 5)
    out.append(Figure("ingenuity odds, slowest cold query (175)", worst, "ms", BUDGET_MS, note=where))
    return out
