"""Plain data a rule set hands out about its sheets: text fields, creation steps and budgets, templates.

These are the shapes :class:`vtm_tui.rules.ruleset.RuleSet` implementations return. They sit in their own
module so each rule-set package can build them without importing the registry (no import cycle), and they
hold only plain values, so the model, the store and the screens read them without knowing the rule set.
Creation rules work on a character's TOML document (``Character.to_toml()``), never on model classes:
the rules layer sits below the model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TextField:
    """A free-text field of the sheet (``clan``, ``ambition``...): its key in the file, a label, a size limit.

    ``choices`` are completions (the clans, the predator types), never a restriction. ``number`` fields
    (a generation) hold a whole number, or nothing when left empty. A dotted key names a value in a sub-table
    (``resources.Health.max``).
    """

    key: str
    label: str
    limit: int = 200
    choices: tuple[str, ...] = ()
    number: bool = False


@dataclass(frozen=True)
class Budget:
    """One line of "what is left to spend": ``spent`` of ``allowed`` (``allowed`` None: no limit, shown only)."""

    label: str
    spent: int
    allowed: int | None
    note: str = ""

    @property
    def left(self) -> int | None:
        return None if self.allowed is None else self.allowed - self.spent

    def text(self) -> str:
        if self.allowed is None:
            line = f"{self.label}: {self.spent}"
        else:
            line = f"{self.label}: {self.spent}/{self.allowed} ({self.left} left)"
        return f"{line} — {self.note}" if self.note else line


@dataclass(frozen=True)
class CreationReport:
    """Where a character under creation stands: budgets and warnings. Warnings never block a save."""

    budgets: tuple[Budget, ...] = ()
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class CreationStep:
    """One page of guided creation.

    ``kind``: ``choice`` (pick one of ``options``; the answer goes to ``choices[id]``), ``dots`` (rate the
    traits of ``table`` — ``fields`` lists them, ``low``/``high`` bound a value, ``values`` lists the allowed
    ones in order when they are not every whole number between, such as die sizes), ``text`` (the text fields
    named in ``fields``), ``named`` (a table of name → dots where the player adds names, completed from
    ``options``), ``entries`` (a page whose entries only the rule set reads, such as V5 powers: its logic is
    :func:`vtm_tui.rules.entry_pages.entry_page`).
    """

    id: str
    title: str
    kind: str
    help: str = ""
    options: tuple[str, ...] = ()
    table: str = ""
    fields: tuple[str, ...] = ()
    low: int = 0
    high: int = 5
    values: tuple[int, ...] = ()

    def steps(self) -> tuple[int, ...]:
        """The values a rating may take, lowest first."""
        return self.values or tuple(range(self.low, self.high + 1))


@dataclass(frozen=True)
class QuickTemplate:
    """A storyteller character made in seconds: a partial character document (the file's own keys).

    ``character`` holds what a character file holds (``creature``, ``attributes``, ``pools``, ``health``...);
    the name, player and kind are given when the character is made.
    """

    id: str
    label: str
    character: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"label": self.label}
        if self.description:
            doc["description"] = self.description
        doc["character"] = _plain(self.character)
        return doc


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def dots_above(values: Mapping[str, Any], names: tuple[str, ...], base: int) -> int:
    """Dots spent on ``names`` above ``base`` each (a missing name counts as ``base``)."""
    return sum(max(0, int(values.get(name, base) or 0) - base) for name in names)


def count_at(values: Mapping[str, Any], names: tuple[str, ...]) -> dict[int, int]:
    """How many of ``names`` sit at each rating (a missing name is 0)."""
    counts: dict[int, int] = {}
    for name in names:
        rating = int(values.get(name, 0) or 0)
        counts[rating] = counts.get(rating, 0) + 1
    return counts


def shape_warnings(what: str, counts: Mapping[int, int], wanted: Mapping[int, int]) -> list[str]:
    """Warnings where a distribution (rating → how many) differs from the book's (``4: 1, 3: 3...``)."""
    problems = []
    for rating in sorted(wanted, reverse=True):
        have, want = counts.get(rating, 0), wanted[rating]
        if have != want:
            problems.append(f"{what}: {have} at {rating}, the book gives {want}")
    for rating in sorted(counts, reverse=True):
        if rating not in wanted and rating > 0 and counts[rating]:
            problems.append(f"{what}: {counts[rating]} at {rating}, the book gives none")
    return problems


@dataclass(frozen=True)
class Section:
    """One titled part of a printable sheet: ``(label, value)`` rows (the Markdown export lays them out)."""

    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class EntryPage:
    """A page of creation or the sheet editor whose entries only the rule set can read (V5 powers).

    ``add`` raises a :class:`~vtm_tui.errors.VtmError` saying why not. ``problems`` names each entry the sheet
    holds against the book (a power whose prerequisites are not met): kept, since the storyteller may grant it,
    and shown on the page as text. Each function works on a character's TOML document.
    """

    placeholder: str
    lines: Callable[[Mapping[str, Any]], list[str]]
    add: Callable[[dict[str, Any], str], None]
    remove: Callable[[dict[str, Any], int], None]
    suggestions: Callable[[Mapping[str, Any]], tuple[str, ...]]
    available: Callable[[Mapping[str, Any]], list[str]]
    problems: Callable[[Mapping[str, Any]], list[str]] = field(default=lambda doc: [])
