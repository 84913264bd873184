"""Damage tracks as a person draws them: ``X`` aggravated, ``/`` superficial, ``□`` empty.

V5 Health and Willpower boxes fill Aggravated first, then Superficial, then empty; V20 health levels show
``/`` bashing, ``X`` lethal, ``*`` aggravated. A legend next to each track spells the counts out, so the
symbols are never the only carrier of meaning.
"""

from __future__ import annotations

EMPTY_BOX = "□"


def v5_boxes(size: int, superficial: int, aggravated: int) -> str:
    """``X X / □ □`` for a track of ``size`` boxes."""
    agg = min(aggravated, size)
    sup = min(superficial, size - agg)
    return " ".join(["X"] * agg + ["/"] * sup + [EMPTY_BOX] * (size - agg - sup))


def v5_legend(size: int, superficial: int, aggravated: int) -> str:
    free = max(0, size - superficial - aggravated)
    parts = [f"{free}/{size} free"]
    if superficial:
        parts.append(f"{superficial} Superficial")
    if aggravated:
        parts.append(f"{aggravated} Aggravated")
    return ", ".join(parts)


def v20_marks(bashing: int, lethal: int, aggravated: int, levels: int) -> list[str]:
    """One mark per health level, worst damage first: ``*`` aggravated, ``X`` lethal, ``/`` bashing."""
    marks = ["*"] * aggravated + ["X"] * lethal + ["/"] * bashing
    marks = marks[:levels]
    return marks + [EMPTY_BOX] * (levels - len(marks))
