"""Whole numbers typed by people, read without Python's exceptions escaping.

``int()`` of a 5,000-digit string raises ``ValueError`` in Python 3.11 (the
integer string conversion limit), and ``str.isdigit`` accepts ``"²"``, which
``int()`` refuses: both used to escape as crashes where a pool, a Difficulty or a
size was typed. Every number read from text goes through :func:`read_whole`,
which accepts only ASCII digits (and a sign), at most :data:`MAX_DIGITS` of them,
and raises :class:`~vtm_tui.rules.errors.RulesError` naming what was typed.
"""

from __future__ import annotations

import re

from vtm_tui.rules.errors import RulesError

#: More digits than any pool, Difficulty, modifier or size needs; the rule sets bound the values themselves.
MAX_DIGITS = 6
_WHOLE = re.compile(r"[+-]?[0-9]+")


def looks_whole(text: str) -> bool:
    """Whether ``text`` (stripped) is a signed run of ASCII digits, of any length."""
    return bool(_WHOLE.fullmatch(text.strip()))


def read_whole(text: str, what: str = "number") -> int:
    """``text`` as a whole number; too many digits or anything else raises :class:`RulesError`."""
    clean = text.strip()
    if not _WHOLE.fullmatch(clean):
        raise RulesError(f"{what}: {shorten(clean)!r} is not a whole number")
    if len(clean.lstrip("+-")) > MAX_DIGITS:
        raise RulesError(f"{what}: {shorten(clean)!r} is too large (at most {MAX_DIGITS} digits)")
    return int(clean)


def shorten(text: str, limit: int = 24) -> str:
    """``text`` cut to ``limit`` characters for a message (a 5,000-digit paste is not repeated back)."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"
