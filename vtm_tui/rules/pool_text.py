"""A pool as a storyteller typed it, resolved against a sheet, and as the log's ``pool`` field writes it.

Shared by every rule set's request builder (``rules/<package>/roll_play.py``, called from :mod:`vtm_tui.play.request`).
"""

from __future__ import annotations

from collections.abc import Iterable

from vtm_tui.rules.pool import PoolError, ResolvedPool, parse_pool, resolve


def resolve_pool_text(text: str, traits: dict[str, int]) -> ResolvedPool:
    """The pool ``text`` resolved against ``traits``; a bad pool names the field (``Pool: ...``)."""
    try:
        return resolve(parse_pool(text), traits)
    except PoolError as exc:
        raise PoolError(f"Pool: {exc}") from None


def describe_pool(traits: tuple[tuple[str, int], ...], modifier: int, specialty: str, extras: list[str],
                  *, impairment: int = 0) -> str:
    """``Wits 3 + Awareness 2 + 1 + specialty (Fado) − 2 impaired``: what the log's ``pool`` says."""
    parts: list[str] = []
    for name, dots in traits:
        if parts:
            parts.append(f"{'-' if dots < 0 else '+'} {name} {abs(dots)}")
        else:
            parts.append(f"{name} {dots}")
    if modifier:
        parts.append(f"{'+' if modifier > 0 else '-'} {abs(modifier)}")
    if specialty:
        parts.append(f"+ specialty ({specialty})")
    for extra in extras:
        if extra.startswith("+") and "Blood Surge" in extra:
            parts.append(f"+ {extra[1:].split(' (')[0]}")
        elif extra.startswith("+") and "power bonus" in extra:
            parts.append(f"+ {extra[1:].split(' (')[0]}")
        elif "wounds" in extra:
            parts.append(f"- {extra.lstrip('-').strip()}")
    if impairment:
        parts.append(f"- {impairment} impaired")
    return " ".join(parts) or "0"


def book_then_own(book: tuple[str, ...], own: Iterable[str]) -> list[str]:
    """The book's names in its order, then the sheet's own ones (in sheet order): a pool list's skills."""
    return list(book) + [name for name in own if name not in book]
