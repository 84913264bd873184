"""Dots, dice and counts as text: ``●●●○○``, ``d8``. Every glyph row is followed by a number somewhere
on the sheet, so nothing depends on telling ● from ○ (or on colour)."""

from __future__ import annotations

FILLED = "●"
EMPTY = "○"


def dots(value: int, maximum: int = 5) -> str:
    """``value`` filled dots out of ``maximum`` (a value above the maximum shows all of them, filled)."""
    maximum = max(maximum, value)
    return FILLED * value + EMPTY * (maximum - value)


def die(size: int) -> str:
    """An Ingenuity die size (``d8``), or ``—`` for a skill not taken."""
    return f"d{size}" if size else "—"


def count_boxes(current: int, maximum: int, *, full: str = "■", empty: str = "□") -> str:
    """A pool of points (blood, resources): ``■■■□□``; long pools are shortened to a number."""
    if maximum > 20:
        return f"{current}/{maximum}"
    return full * min(current, maximum) + empty * max(0, maximum - current)
