"""Pool expressions: ``"Strength + Brawl + 2"``, ``"wits+aw-1"``.

A storyteller types pools the way they say them. The parser splits the text into
signed terms (trait names and whole numbers); :func:`resolve` then looks each
name up in a character's traits, case-insensitively, accepting an unambiguous
prefix (``aw`` → Awareness), and says exactly which name is unknown or
ambiguous. Every rule set uses this one parser; a rule set that limits pools
(V20: at most two Traits) checks the resolved terms itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.numbers import read_whole, shorten

#: Longer than any pool a person says ("Strength + Brawl + specialty + 2" is 35).
MAX_POOL_TEXT = 200

#: A sign, then a term: a hyphen between two letters belongs to the name (``Self-Control``),
#: any other ``-`` is a minus (``wits+aw-1``, ``Wits - Awareness``).
_TOKEN = re.compile(r"\s*([+-])?\s*((?:[^+-]|(?<=[^\W\d_])-(?=[^\W\d_]))+)")
#: A sign between terms, read the same way (for splitting and completing a pool as typed).
SIGN = re.compile(r"\s*(\+|(?<![^\W\d_])-|-(?![^\W\d_]))\s*")


class PoolError(RulesError):
    """A pool expression that cannot be read or resolved."""


@dataclass(frozen=True)
class Term:
    """One signed part of a pool: a trait name or a number."""

    sign: int  # +1 or -1
    name: str | None = None  # a trait name as typed (whitespace folded)
    number: int | None = None

    @property
    def is_trait(self) -> bool:
        return self.name is not None


@dataclass(frozen=True)
class PoolExpr:
    """A parsed, not yet resolved, pool expression."""

    terms: tuple[Term, ...]

    @property
    def modifier(self) -> int:
        """The sum of the plain numbers: the ad-hoc dice modifier."""
        return sum(t.sign * t.number for t in self.terms if t.number is not None)


@dataclass(frozen=True)
class ResolvedPool:
    """A pool with every trait looked up: the parts, the modifier and the total."""

    traits: tuple[tuple[str, int], ...]  # (canonical name, dots), sign applied to dots
    modifier: int = 0
    text: str = field(default="", compare=False)

    @property
    def total(self) -> int:
        """Dice before any floor: a rule set applies its own minimum."""
        return sum(dots for _, dots in self.traits) + self.modifier

    def describe(self) -> str:
        """The pool in canonical names, e.g. ``Wits 3 + Awareness 2 - 1``."""
        parts: list[str] = []
        for name, dots in self.traits:
            parts.append(f"{'-' if dots < 0 and parts else ''}{name} {abs(dots)}")
        text = " + ".join(parts).replace("+ -", "- ")
        if self.modifier:
            sign = "+" if self.modifier > 0 else "-"
            text = f"{text} {sign} {abs(self.modifier)}" if text else str(self.modifier)
        return text or "0"


def parse_pool(text: str) -> PoolExpr:
    """Split a pool expression into signed terms; raise :class:`PoolError` on nonsense."""
    source = text.strip()
    if not source:
        raise PoolError("the pool is empty: type traits such as 'Wits + Awareness'")
    if len(source) > MAX_POOL_TEXT:
        raise PoolError(f"the pool is {len(source):,} characters long; at most {MAX_POOL_TEXT}")
    terms: list[Term] = []
    pos = 0
    while pos < len(source):
        match = _TOKEN.match(source, pos)
        if not match or match.end() == pos:
            raise PoolError(f"cannot read the pool {text!r} at character {pos + 1}")
        sign_text, body = match.group(1), " ".join(match.group(2).split())
        if not body:
            raise PoolError(f"the pool {text!r} has a sign with nothing after it")
        if sign_text is None and terms:
            raise PoolError(f"the pool {text!r} needs + or - between its parts")
        sign = -1 if sign_text == "-" else 1
        if body.isdecimal():  # not isdigit: "²" is a digit that int() refuses
            try:
                terms.append(Term(sign, number=read_whole(body)))
            except RulesError:
                raise PoolError(f"{shorten(body)!r} in the pool is not a whole number of dice up to 999999") from None
        elif any(ch.isdigit() for ch in body) and not any(ch.isalpha() for ch in body):
            raise PoolError(f"{body!r} in the pool {text!r} is not a whole number")
        else:
            terms.append(Term(sign, name=body))
        pos = match.end()
    return PoolExpr(tuple(terms))


def match_trait(name: str, names: Iterable[str]) -> str:
    """Find the one trait that ``name`` means: exact (any case) first, else a unique prefix."""
    wanted = " ".join(name.split()).casefold()
    candidates = list(names)
    exact = [n for n in candidates if n.casefold() == wanted]
    if exact:
        return exact[0]
    prefixed = [n for n in candidates if n.casefold().startswith(wanted)]
    if len(prefixed) == 1:
        return prefixed[0]
    if not prefixed:
        raise PoolError(f"unknown trait {name!r}")
    shown = ", ".join(sorted(prefixed)[:6])
    raise PoolError(f"trait {name!r} is ambiguous: it could be {shown}")


def complete_trait(prefix: str, names: Iterable[str]) -> list[str]:
    """All trait names starting with ``prefix`` (case-insensitive), for completion."""
    wanted = " ".join(prefix.split()).casefold()
    return sorted((n for n in names if n.casefold().startswith(wanted)), key=str.casefold)


def resolve(expr: PoolExpr | str, traits: Mapping[str, int]) -> ResolvedPool:
    """Look each trait of the expression up in ``traits`` (name → dots)."""
    parsed = parse_pool(expr) if isinstance(expr, str) else expr
    found: list[tuple[str, int]] = []
    for term in parsed.terms:
        if term.name is None:
            continue
        for sign, name in _hyphen_parts(term, traits):
            canonical = match_trait(name, traits)
            found.append((canonical, sign * traits[canonical]))
    text = expr if isinstance(expr, str) else ""
    return ResolvedPool(tuple(found), parsed.modifier, text)


def _hyphen_parts(term: Term, traits: Mapping[str, int]) -> list[tuple[int, str]]:
    """``Self-Control`` is one trait; ``Wits-Awareness`` (no such trait) is read as a subtraction."""
    assert term.name is not None
    if "-" not in term.name:
        return [(term.sign, term.name)]
    try:
        match_trait(term.name, traits)
        return [(term.sign, term.name)]
    except PoolError as whole:
        first, *rest = term.name.split("-")
        parts = [(term.sign, first)] + [(-1, part) for part in rest]
        try:
            for _, part in parts:
                match_trait(part, traits)
        except PoolError:
            raise whole from None  # name what was typed, not a piece of it
        return parts
