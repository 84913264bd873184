"""The powers page of V5 creation and the sheet editor, as pure functions on a character's TOML document.

The book gives one power per Discipline dot, each of a level no higher than the Discipline's dots and with its
amalgam's dots in the other Discipline. The storyteller may grant a power that does not meet them (it is their
sheet): it is added, and the page and the creation report say what is missing (:func:`problems`, the rule
experience uses: :func:`~vtm_tui.rules.catalogue.v5_powers.unmet`). A power
of the catalogue (:mod:`vtm_tui.rules.catalogue.v5_powers`) is written as a bare name (``Dominate = ["Mesmerize"]``),
so its level, Rouse cost and pool come from the catalogue; any other power is a table entry carrying its
own (``{name, level, rouse, pool}``). Typed text is data: names and pools are size-limited here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.catalogue.v5_powers import (MAX_LEVEL, MAX_ROUSE, PowerInfo, catalogue_for, catalogue_power,
                                               parse_rouse, unmet, unmet_text)

MAX_NAME = 60
MAX_POOL = 80
MAX_PER_DISCIPLINE = 12
CUSTOM_EXAMPLE = "Dominate: Terminal Decree; 5; 2; Manipulation + Dominate"


def _dots(doc: Mapping[str, Any]) -> dict[str, int]:
    """The sheet's Disciplines with dots (``Dominate → 2``)."""
    found = {}
    for name, value in (doc.get("disciplines", {}) or {}).items():
        try:
            dots = int(value or 0)
        except (TypeError, ValueError):
            continue
        if dots > 0:
            found[str(name)] = dots
    return found


def _powers(doc: Mapping[str, Any]) -> dict[str, list[Any]]:
    return {str(k): list(v) for k, v in (doc.get("powers", {}) or {}).items() if isinstance(v, list)}


def _name(entry: Any) -> str:
    return str(entry.get("name", "")) if isinstance(entry, dict) else str(entry)


def _info(discipline: str, entry: Any) -> PowerInfo | None:
    """The power as the rules use it: the sheet's own values over the catalogue's (None: no level known)."""
    known = catalogue_power(discipline, _name(entry))
    if not isinstance(entry, dict):
        return known
    try:
        level = int(entry["level"]) if "level" in entry else (known.level if known else None)
        rouse = parse_rouse(entry["rouse"]) if "rouse" in entry else (known.rouse if known else 0)
        if level is None:
            return None
        pool = str(entry["pool"]) if "pool" in entry else (known.pool if known else "")
        return PowerInfo(_name(entry), discipline, level, rouse, pool, known.amalgam if known else None)
    except (RulesError, TypeError, ValueError):
        return None


def _fitting(doc: Mapping[str, Any]) -> list[tuple[str, PowerInfo]]:
    """(Discipline, power) for each catalogue power whose prerequisites the dots meet (``unmet``, the rule
    experience asks) and the sheet lacks: what the book lets the character take."""
    dots = _dots(doc)
    held = {(d.casefold(), _name(e).casefold()) for d, entries in _powers(doc).items() for e in entries}
    return [(d, p) for d, rating in dots.items() for p in catalogue_for(d, rating)
            if (d.casefold(), p.name.casefold()) not in held and not unmet(p, dots)]


def suggestions(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """``Dominate: Mesmerize`` for each catalogue power that fits the dots (level and amalgam) and the sheet lacks."""
    return tuple(f"{d}: {p.name}" for d, p in _fitting(doc))


def available(doc: Mapping[str, Any]) -> list[str]:
    """The catalogue powers one may still add, with level, Rouse cost and pool (``Mesmerize (Dominate 2, ...)``)."""
    return [p.describe() for _d, p in _fitting(doc)]


def lines(doc: Mapping[str, Any]) -> list[str]:
    """The sheet's powers, one line each in sheet order: ``Dominate: Mesmerize — level 2, 1 Rouse, pool``."""
    found = []
    for discipline, entries in _powers(doc).items():
        for entry in entries:
            info = _info(discipline, entry)
            if info is None:
                found.append(f"{discipline}: {_name(entry)} — no level known")
                continue
            parts = [f"level {info.level}", info.cost_text, *([info.pool] if info.pool else [])]
            mark = "" if isinstance(entry, str) else " (own)"
            found.append(f"{discipline}: {info.name}{mark} — {', '.join(parts)}")
    return found


def _match(text: str, names: list[str]) -> str | None:
    """The one of ``names`` that ``text`` names: exactly (case aside), or the only one it begins (3+ letters)."""
    folded = " ".join(text.split()).casefold()
    exact = next((n for n in names if n.casefold() == folded), None)
    if exact is not None:
        return exact
    begun = [n for n in names if n.casefold().startswith(folded)]
    return begun[0] if len(begun) == 1 and len(folded) >= 3 else None


def _number(text: str, what: str, low: int, high: int, name: str) -> int:
    text = text.strip()
    if what == "Rouse" and text.casefold() == "free":
        return 0
    if not text.isdigit() or not low <= int(text) <= high:
        raise RulesError(f"{name}: the {what} is {low}-{high}{' or free' if what == 'Rouse' else ''}, "
                         f"not {text!r}")
    return int(text)


def add(doc: dict[str, Any], text: str) -> None:
    """Add the power ``text`` names: ``Dominate: Mesmerize`` (the catalogue's) or, for a power of one's own,
    ``Dominate: Name; level; Rouse checks; pool`` (written as a table). Raises :class:`RulesError` saying why not."""
    text = " ".join(text.split())
    discipline_text, sep, rest = text.partition(":")
    if not sep or not discipline_text.strip() or not rest.strip():
        raise RulesError("Write the Discipline, a colon and the power: 'Dominate: Mesmerize' "
                         f"(one of your own: '{CUSTOM_EXAMPLE}').")
    dots = _dots(doc)
    discipline = _match(discipline_text, list(dots))
    if discipline is None:
        raise RulesError(f"{discipline_text.strip()[:MAX_NAME]}: no dots in that Discipline on this sheet; "
                         "rate it on the Disciplines page first.")
    name_text, *values = (part.strip() for part in rest.split(";"))
    if len(name_text) > MAX_NAME or not name_text:
        raise RulesError(f"A power's name is 1-{MAX_NAME} characters.")
    known = catalogue_power(discipline, name_text)
    if known is None and not values:
        found = _match(name_text, [p.name for p in catalogue_for(discipline, MAX_LEVEL)])
        known = catalogue_power(discipline, found) if found else None
    name = known.name if known and not values else name_text
    entry: str | dict[str, Any]
    if values:
        if len(values) > 3:
            raise RulesError(f"{name}: give at most a level, Rouse checks and a pool: '{CUSTOM_EXAMPLE}'.")
        level = _number(values[0], "level", 1, MAX_LEVEL, name)
        rouse = _number(values[1], "Rouse", 0, MAX_ROUSE, name) if len(values) > 1 and values[1] else 0
        pool = values[2][:MAX_POOL] if len(values) > 2 else ""
        entry = {"name": name, "level": level, "rouse": rouse}
        if pool:
            entry["pool"] = pool
    elif known is None:
        raise RulesError(f"{discipline}: {name_text} is not in the catalogue; give its level, Rouse checks and "
                         f"pool: '{discipline}: {name_text}; 2; 1; Wits + {discipline}'.")
    else:
        entry = known.name
    powers = _powers(doc)
    entries = powers.setdefault(discipline, [])
    if any(_name(e).casefold() == name.casefold() for e in entries):
        raise RulesError(f"{discipline}: {name} is on the sheet already.")
    if len(entries) >= MAX_PER_DISCIPLINE:
        raise RulesError(f"{discipline}: at most {MAX_PER_DISCIPLINE} powers.")
    entries.append(entry)
    doc["powers"] = powers


def remove(doc: dict[str, Any], index: int) -> None:
    """Take out the power on line ``index`` of :func:`lines` (a Discipline left with none loses its list)."""
    powers = _powers(doc)
    pairs = [(d, i) for d, entries in powers.items() for i in range(len(entries))]
    if not 0 <= index < len(pairs):
        return
    discipline, at = pairs[index]
    del powers[discipline][at]
    if not powers[discipline]:
        del powers[discipline]
    if powers:
        doc["powers"] = powers
    else:
        doc.pop("powers", None)


def problems(doc: Mapping[str, Any]) -> list[str]:
    """Each power whose level or amalgam the sheet's Discipline dots do not meet:
    ``"Dementation needs Obfuscate 2 (has 0)"`` (kept: the storyteller's call, said on the page)."""
    dots = _dots(doc)
    found = []
    for discipline, entries in _powers(doc).items():
        for entry in entries:
            info = _info(discipline, entry)
            text = unmet_text(info, dots) if info is not None else ""
            if text:
                found.append(text)
    return found


def warnings(doc: Mapping[str, Any]) -> list[str]:
    """Where the powers differ from the book: one per Discipline dot, each within the dots and with its amalgam
    (warnings only: storytellers house-rule)."""
    dots, powers = _dots(doc), _powers(doc)
    found = []
    for discipline, rating in dots.items():
        have = len(powers.get(discipline, []))
        if have != rating:
            found.append(f"Powers: {discipline} has {rating} dot{'s' if rating != 1 else ''} and {have} "
                         f"power{'s' if have != 1 else ''}, the book gives one per dot")
    for discipline, entries in powers.items():
        if discipline not in dots and entries:
            found.append(f"Powers: {len(entries)} under {discipline}, which has no dots")
    return found + [f"Powers: {text}" for text in problems(doc)]
