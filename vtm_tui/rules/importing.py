"""Reading other tools' character exports: which formats there are, and what they share.

Each format's converter lives in its rule set's package and turns a parsed JSON
document into this tool's character document (the TOML tables of
``characters/<slug>.toml``, as plain data) plus the list of what it could not
map. The model then validates that document like any character file, so an
imported sheet obeys exactly the rules a hand-written one does.

Formats (docs/file-format.md, "Importing characters"):

- ``progeny``: Progeny's JSON export (V5), both its unversioned first form and ``version: 1``;
- ``wod5e``: a Foundry VTT WoD5e actor (V5): ``system`` (Foundry 10+) or ``data`` (older);
- ``wod20``: a Foundry VTT "worldofdarkness" actor (V20);
- ``vtm-tui``: this tool's own JSON export (any rule set), so an export imports back unchanged.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.base import REGISTRY
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.user_text import clean_imported, normal_name

#: Format id → (module with ``detect`` and ``convert``, the rule set it yields or None for any): each rule set's
#: formats from its registry line (``rules.base.REGISTRY``), then this tool's own export, which any rule set reads.
FORMATS: dict[str, tuple[str, str | None]] = {
    **{fmt: (module, ruleset) for ruleset, entry in REGISTRY.items() for fmt, module in entry.formats.items()},
    "vtm-tui": ("vtm_tui.rules.import_own", None),
}
#: Longest text kept from an imported field (names are shorter still; see ``NAME_LIMIT``).
TEXT_LIMIT = 20_000
#: The model's own limit on a name (model.limits.MAX_NAME, which this layer cannot import): any name the app saved,
#: exported in this tool's JSON, imports back.
NAME_LIMIT = 100
#: Numbers beyond this are not character numbers (and may not fit a TOML integer): read as missing.
NUMBER_LIMIT = 1_000_000


@dataclass
class Converted:
    """A character document in this tool's shape and what was left behind, one line each."""

    doc: dict[str, Any]
    unmapped: list[str] = field(default_factory=list)


def converter(fmt: str):
    try:
        return importlib.import_module(FORMATS[fmt][0])
    except KeyError:
        raise RulesError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}") from None


def detect(data: Any) -> str:
    """The format of a parsed document, or a :class:`RulesError` saying none fits."""
    for fmt in FORMATS:
        if converter(fmt).detect(data):
            return fmt
    found = foundry_origin(data) if isinstance(data, Mapping) else ""
    if found:
        kind = text(data.get("type"), 40) or "untyped"
        raise RulesError(f"is a Foundry {kind} actor{found} in a layout this tool does not read (it reads WoD5e "
                         "vampire, ghoul, mortal and SPC actors, and worldofdarkness Vampire, Ghoul, Mortal and "
                         "PC actors)")
    raise RulesError("is not a character export this tool reads (Progeny, Foundry WoD5e or worldofdarkness "
                     "actor, or a vtm-tui export); give --format to say which it is meant to be")


def convert(fmt: str, data: Any) -> Converted:
    if not isinstance(data, Mapping):
        raise RulesError("holds no character: the top level is not a JSON object")
    return converter(fmt).convert(data)


# -- helpers the converters share ----------------------------------------------------------------
def text(value: Any, limit: int = TEXT_LIMIT) -> str:
    """A plain string from whatever the file holds (None and numbers too), at most ``limit`` long, without
    escape sequences (:func:`~vtm_tui.rules.user_text.clean_imported`)."""
    if value is None or isinstance(value, (dict, list)):
        return ""
    return clean_imported(str(value))[:limit]


def plain_html(value: Any) -> str:
    """Foundry keeps long texts as HTML: paragraphs to line breaks, tags removed, entities decoded."""
    raw = text(value, TEXT_LIMIT * 2)
    raw = re.sub(r"(?i)<\s*(br|/p|/div|/li|/h\d)\s*/?>", "\n", raw)
    raw = re.sub(r"<[^>]*>", "", raw)
    lines = [" ".join(line.split()) for line in html.unescape(raw).splitlines()]
    return "\n".join(line for line in lines if line).strip()[:TEXT_LIMIT]


def number(value: Any, default: int | None = 0) -> int | None:
    """A whole number from a number or a numeric string ("12th" → 12); anything else is ``default``."""
    found: int | None = None
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        found = value
    elif isinstance(value, float) and value.is_integer():
        found = int(value)
    elif isinstance(value, str):
        digits = re.match(r"\s*(-?\d{1,9})(?!\d)", value)
        if digits:
            found = int(digits.group(1))
    return found if found is not None and abs(found) <= NUMBER_LIMIT else default


def folded(name: str) -> str:
    """A key compared without case, spaces, underscores or hyphens (``animal_ken`` = ``animalken`` = ``Animal Ken``)."""
    return re.sub(r"[\s_\-]", "", name).casefold()


def match(name: str, known: Iterable[str]) -> str | None:
    wanted = folded(name)
    return next((k for k in known if folded(k) == wanted), None)


def table(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def rows(value: Any) -> list[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []


def join_notes(*parts: str) -> str:
    return "\n\n".join(p for p in parts if p).strip()[:TEXT_LIMIT]


def character_name(value: Any) -> str:
    try:
        name = normal_name("" if value is None or isinstance(value, (dict, list)) else str(value)[:1000],
                           "its name")
    except VtmError as exc:
        raise RulesError(str(exc)) from None
    if not name:
        raise RulesError("has no character name (an empty 'name')")
    if len(name) > NAME_LIMIT:
        raise RulesError(f"has a name of {len(name)} characters; at most {NAME_LIMIT} fit a sheet")
    return name


#: Keys of a Foundry field that describe it rather than hold what a person entered.
_DESCRIPTIVE = ("label", "max", "isvisible", "isfavorited", "visible", "type", "roll", "sort")


def holds(value: Any) -> bool:
    """Whether a field holds something a person typed or chose: a text, a number other than 0, a true box."""
    if isinstance(value, Mapping):
        return any(holds(v) for k, v in value.items() if k not in _DESCRIPTIVE)
    if isinstance(value, list):
        return any(holds(v) for v in value)
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    return bool(plain_html(value)) if isinstance(value, str) else False


def changed(value: Any, default: Any) -> bool:
    """Whether a field differs from the default every actor of the system carries (``None``: no default)."""
    if isinstance(value, Mapping):
        known = default if isinstance(default, Mapping) else {}
        return any(changed(v, known.get(k)) for k, v in value.items() if k not in _DESCRIPTIVE)
    return holds(value) if default is None else value != default


def foundry_origin(actor: Mapping[str, Any]) -> str:
    """`` (system wod5e 5.3.25)``: the system and its version a Foundry export names in ``_stats``, for a
    refusal to say what was found; empty when the file names none."""
    stats = table(actor.get("_stats"))
    system, version = text(stats.get("systemId"), 40), text(stats.get("systemVersion"), 20)
    if not system and not version:
        return ""
    return f" (system {system or 'unnamed'}{f' {version}' if version else ''})"


def effects(actor: Mapping[str, Any]) -> list[str]:
    """A Foundry actor's active effects change its numbers in play; none is applied here, so they are named."""
    names = [text(e.get("name") or e.get("label"), 60) or "unnamed" for e in rows(actor.get("effects"))]
    return [f"effects: {len(names)} active effect(s) not applied ({', '.join(names[:5])})"] if names else []
