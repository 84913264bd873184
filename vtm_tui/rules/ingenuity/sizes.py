"""Creature sizes and the size difference added in physical contests.

Ursula (Medium 4) catching a mouse (Miniscule 1): the mouse's result is raised
by 3. Only the smaller side gains; the larger side adds nothing.
"""

from __future__ import annotations

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.numbers import read_whole
from vtm_tui.rules.pool import PoolError, match_trait

#: The size table of docs/rules.md (the rules text spells it "Miniscule").
SIZES: tuple[tuple[str, int], ...] = (
    ("Miniscule", 1),
    ("Tiny", 2),
    ("Small", 3),
    ("Medium", 4),
    ("Large", 5),
    ("Huge", 6),
    ("Gigantic", 7),
    ("Enormous", 8),
    ("Massive", 9),
    ("Tremendous", 10),
    ("Colossal", 11),
    ("Titanic", 12),
)
_BY_NAME = dict(SIZES)
_BY_VALUE = {value: name for name, value in SIZES}
#: Most people.
MEDIUM = 4


def parse_size(text: str | int, *, what: str = "size") -> int:
    """A size by number (1-12) or name, any case or an unambiguous prefix (``"med"``); "Minuscule" too."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text in _BY_VALUE:
            return text
        raise RulesError(f"{what} {text} is out of range (1 Miniscule - 12 Titanic)")
    if not isinstance(text, str):
        raise RulesError(f"{what} {text!r} is not a size")
    cleaned = text.strip()
    if cleaned.isascii() and cleaned.isdigit():
        return parse_size(read_whole(cleaned, what), what=what)
    if cleaned.casefold() == "minuscule":  # the dictionary spelling
        return 1
    try:
        return _BY_NAME[match_trait(cleaned, _BY_NAME)]
    except PoolError:
        names = ", ".join(f"{n} {v}" for n, v in SIZES)
        raise RulesError(f"{what} {cleaned!r} is not a size ({names})") from None


def size_name(value: int) -> str:
    """``4`` → ``"Medium"``."""
    return _BY_VALUE[parse_size(value)]


def size_bonus(own: str | int, other: str | int) -> int:
    """What this side adds to its contest result: the difference when it is the smaller, else 0."""
    mine, theirs = parse_size(own, what="own size"), parse_size(other, what="other size")
    return max(0, theirs - mine)
