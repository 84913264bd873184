"""What the guided-creation pages do to the character's document, without Textual (tested on its own).

Ratings are read and written in the document's own shape (``attributes.Strength = 3``; an Ingenuity die
``"d6"`` or ``6``); names typed on a page of names are matched to the rule set's spelling when they are
one of its names and kept as typed otherwise (a chronicle's own merit is allowed).
"""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.sheet_spec import CreationStep

NAME_STEP = CreationStep("identity", "Name and player", "text",
                         "The player's name, or empty for a storyteller character.", fields=("name", "player"))
MAX_NAME = 60
MAX_ENTRIES = 40


def rating(table: dict[str, Any], name: str, low: int) -> int:
    value = table.get(name, low)
    if isinstance(value, str):
        text = value.strip().lower().lstrip("d")
        return int(text) if text.isdigit() else low
    return int(value)


def dots_line(name: str, value: int, step: CreationStep) -> str:
    """``Strength        ●●●○○ 3`` (a die: ``Strength        d8``)."""
    if step.values:
        return f"{name:<16} d{value}"
    return f"{name:<16} {'●' * value}{'○' * max(0, step.high - value)} {value}"


def set_rating(doc: dict[str, Any], step: CreationStep, name: str, value: int, *, absolute: bool) -> str | None:
    """Set (``absolute``) or move by ``value`` steps one rating; returns why not, or None."""
    allowed = step.steps()
    table = dict(doc.get(step.table, {}) or {})
    now = rating(table, name, step.low)
    if absolute:
        new = {0: 10, 2: 12}.get(value, value) if step.values and value not in allowed else value  # d10, d12
        if new not in allowed:
            return f"{name}: {value} is not one of {', '.join(map(str, allowed))}"
    else:
        index = allowed.index(now) if now in allowed else 0
        index = index + value
        if not 0 <= index < len(allowed):
            return f"{name} is already at its {'maximum' if value > 0 else 'minimum'}"
        new = allowed[index]
    table[name] = new
    doc[step.table] = table
    return None


def _canonical(text: str, options: tuple[str, ...]) -> str:
    """The rule set's spelling of ``text``: an exact match, else the one name it begins (``pot`` → Potence)."""
    folded = " ".join(text.split()).casefold()
    exact = next((o for o in options if o.casefold() == folded), None)
    if exact is not None:
        return exact
    begun = [o for o in dict.fromkeys(options) if o.casefold().startswith(folded)]
    return begun[0] if len(begun) == 1 and len(folded) >= 3 else " ".join(text.split())


def parse_named(doc: dict[str, Any], step: CreationStep, text: str) -> None:
    """``Potence 2`` sets a dot rating (0 removes it); on the specialties page ``Brawl: Grappling`` adds one."""
    text = " ".join(text.split())
    if not text:
        raise VtmError("Type a name (and dots), then Enter.")
    table = dict(doc.get(step.table, {}) or {})
    if step.table == "specialties":
        skill, sep, specialty = text.partition(":")
        if not sep or not skill.strip() or not specialty.strip():
            raise VtmError("Write the skill, a colon and the specialty: 'Brawl: Grappling'.")
        skill, specialty = _canonical(skill, (*table, *step.options)), specialty.strip()[:MAX_NAME]
        held = list(table.get(skill, []))
        if specialty not in held:
            held.append(specialty)
        table[skill] = held
    else:
        words = text.rsplit(" ", 1)
        if len(words) == 2 and words[1].lstrip("-").isdigit():
            name, value = words[0], int(words[1])
        else:
            name, value = text, max(1, step.low)
        if len(name) > MAX_NAME:
            raise VtmError(f"A name is at most {MAX_NAME} characters.")
        name = _canonical(name, (*table, *step.options))  # a name on the sheet already, in its spelling
        if value == 0:
            table.pop(name, None)
        elif not max(1, step.low) <= value <= step.high:
            raise VtmError(f"{name}: {value} is outside {max(1, step.low)}-{step.high} (0 removes it)")
        else:
            table[name] = value
    if len(table) > MAX_ENTRIES:
        raise VtmError(f"At most {MAX_ENTRIES} entries on one page.")
    doc[step.table] = table


def named_entries(doc: dict[str, Any], step: CreationStep, *, remove: int | None = None) -> list[str]:
    """The page's entries as lines; ``remove`` takes the entry at that index out of the document first."""
    table = dict(doc.get(step.table, {}) or {})
    pairs: list[tuple[str, str | None]] = []
    for name, value in table.items():
        if isinstance(value, list):
            pairs += [(name, item) for item in value]
        else:
            pairs.append((name, None))
    if remove is not None and 0 <= remove < len(pairs):
        name, item = pairs.pop(remove)
        if item is None:
            table.pop(name, None)
        else:
            rest = [x for x in table[name] if x != item]
            if rest:
                table[name] = rest
            else:
                table.pop(name)
        doc[step.table] = table
    return [f"{name}: {item}" if item is not None else f"{name} {'●' * int(table[name])} {table[name]}"
            for name, item in pairs]


def read_convictions(doc: dict[str, Any]) -> str:
    """One line per Conviction and Touchstone pair (``conviction = person``); a Conviction alone, a Touchstone
    with no Conviction as ``= person``."""
    touchstones = [t for t in doc.get("touchstones", []) or [] if isinstance(t, dict)]
    lines: list[str] = []
    for conviction in doc.get("convictions", []) or []:
        people = [t.get("name", "") for t in touchstones if t.get("conviction", "") == conviction]
        lines += [f"{conviction} = {p}" for p in people] or [conviction]
    known = set(doc.get("convictions", []) or [])
    lines += [f"{t.get('conviction', '')} = {t.get('name', '')}".strip() for t in touchstones
              if t.get("conviction", "") not in known]
    return "\n".join(lines)


def write_convictions(doc: dict[str, Any], text: str) -> None:
    """Lines ``conviction = touchstone`` become the convictions and their touchstones (blank lines skipped).

    A touchstone already on the sheet keeps what the page does not show (its note, keys a person added).
    """
    old = [dict(t) for t in doc.get("touchstones", []) or [] if isinstance(t, dict)]
    convictions: list[str] = []
    touchstones: list[dict[str, Any]] = []
    for line in text.splitlines()[:20]:
        conviction, _sep, person = (" ".join(part.split())[:200] for part in line.partition("="))
        if conviction and conviction not in convictions:
            convictions.append(conviction)
        if person:
            kept = next((t for t in old if t.get("name") == person and t.get("conviction", "") == conviction), None)
            kept = kept or next((t for t in old if t.get("name") == person), None)
            if kept is not None:
                old.remove(kept)
            touchstone = {**(kept or {}), "name": person}
            if conviction:
                touchstone["conviction"] = conviction
            else:
                touchstone.pop("conviction", None)
            touchstones.append(touchstone)
    doc["convictions"] = convictions
    doc["touchstones"] = touchstones


def get_path(doc: dict[str, Any], key: str) -> Any:
    """The value at a dotted ``key`` (``resources.Health.max``), or "" when absent."""
    value: Any = doc
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return ""
        value = value[part]
    return value


def set_path(doc: dict[str, Any], key: str, value: Any) -> None:
    """Set (or, for None, remove) the value at a dotted ``key``, making the sub-tables it needs."""
    *tables, last = key.split(".")
    target = doc
    for part in tables:
        if not isinstance(target.get(part), dict):
            if value is None:
                return
            target[part] = {}
        target = target[part]
    if value is None:
        target.pop(last, None)
    else:
        target[last] = value
