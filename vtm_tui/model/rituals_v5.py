"""Rituals and thin-blood formulas on a V5 sheet: their own kind, not Discipline powers.

A sheet lists them as ``rituals = ["Ward against Ghouls", {name = "Bind the Familiar", level = 2}]`` and
``formulas = ["Far Reach"]``. A bare name takes its level from the core catalogue
(:mod:`vtm_tui.rules.catalogue.v5_rituals`); one the catalogue does not know (a supplement's, a house
ritual) carries its own ``level``. Every ritual costs one Rouse check and rolls Intelligence + Blood
Sorcery, every formula Intelligence + Thin-Blood Alchemy: that is how the Blood dialog offers them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vtm_tui.model.validation import Reader, merge_extra

if TYPE_CHECKING:
    from vtm_tui.rules.catalogue.v5_powers import PowerInfo

#: What each kind is called on the sheet (the table's key) and in a label (``Ritual: Wards``).
TABLES: dict[str, str] = {"ritual": "rituals", "formula": "formulas"}  # as character_v5.RITUAL_TABLES
#: ``Ritual: Clinging of the Insect (level 1)``: how older files and imports wrote one among the powers.
PRETEND_POWER = re.compile(r"^(?P<kind>Ritual|Formula):\s*(?P<name>.*?)\s*(?:\(\s*level\s*(?P<level>\d)\s*\))?$",
                           re.I)


@dataclass
class Ritual:
    """A ritual or formula the character knows: its name, and its level when the catalogue lacks it."""

    name: str
    level: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name

    def known_level(self, kind: str) -> int | None:
        """The sheet's level, else the catalogue's, else ``None`` (then it cannot be performed from the app)."""
        from vtm_tui.rules.catalogue.v5_rituals import catalogue_ritual

        if self.level is not None:
            return self.level
        known = catalogue_ritual(kind, self.name)
        return known.level if known else None

    def power_info(self, kind: str) -> PowerInfo | None:
        """The ritual as the Blood dialog uses it (its Rouse check, then its pool), or ``None`` without a level."""
        from vtm_tui.rules.catalogue.v5_powers import PowerInfo
        from vtm_tui.rules.catalogue.v5_rituals import KINDS

        level = self.known_level(kind)
        if level is None:
            return None
        discipline = KINDS[kind]
        return PowerInfo(f"{kind.capitalize()}: {self.name}", discipline, level, 1, f"Intelligence + {discipline}")

    def to_toml(self) -> str | dict[str, Any]:
        if self.level is None and not self.extra:
            return self.name
        doc: dict[str, Any] = {"name": self.name}
        if self.level is not None:
            doc["level"] = self.level
        return merge_extra(doc, self.extra)


def read_rituals(r: Reader, kind: str) -> list[Ritual]:
    """The sheet's ``rituals`` or ``formulas``: each a bare name or a table with ``name`` and ``level``."""
    from vtm_tui.rules.catalogue.v5_rituals import MAX_LEVEL, catalogue_ritual

    key = TABLES[kind]
    value = r.raw(key, [])
    if not isinstance(value, list):
        raise r.error(key, f"expected a list of {key}, e.g. [\"Ward against Ghouls\", {{name = \"Wards\", level = 2}}]")
    found: list[Ritual] = []
    for index, item in enumerate(value):
        where = f"{key}[{index}]"
        if isinstance(item, str):
            if not item.strip():
                raise r.error(where, f"a {kind} needs a name")
            found.append(Ritual(item))
            if catalogue_ritual(kind, item) is None:
                r.warn(where, f"{item!r} is not a {kind} of the core; give it a table with name and level "
                              "to perform it from the Blood dialog")
            continue
        if not isinstance(item, dict):
            raise r.error(where, f"expected a {kind}'s name or a table with name and level")
        t = Reader(item, r.where, r.name(where), r.warnings)
        ritual = Ritual(t.str("name", None), t.opt_int("level", 1, MAX_LEVEL))
        ritual.extra = t.leftover()
        found.append(ritual)
    return found


def lift_pretend_powers(sheet: dict[str, Any]) -> dict[str, Any]:
    """A V5 sheet's ``Ritual: X (level N)`` / ``Formula: …`` powers moved to ``rituals`` / ``formulas``.

    Older files and imports stored a learned ritual as a pretend power of Blood Sorcery (or Thin-Blood
    Alchemy). The name and level are kept; a Discipline left with no power loses its empty list.
    """
    powers = sheet.get("powers")
    if not isinstance(powers, dict):
        return sheet
    sheet = dict(sheet)
    kept_powers: dict[str, Any] = {}
    lifted: dict[str, list[Any]] = {table: list(sheet.get(table, [])) for table in TABLES.values()}
    for discipline, items in powers.items():
        if not isinstance(items, list):
            kept_powers[discipline] = items
            continue
        kept = []
        for item in items:
            found = PRETEND_POWER.match(item) if isinstance(item, str) else None
            if found is None or not found.group("name"):
                kept.append(item)
                continue
            kind, name, level = found.group("kind").casefold(), found.group("name"), found.group("level")
            known = Ritual(name).known_level(kind)
            wanted = int(level) if level else None
            lifted[TABLES[kind]].append(name if wanted is None or wanted == known else {"name": name, "level": wanted})
        if kept or len(kept) == len(items):
            kept_powers[discipline] = kept
    sheet["powers"] = kept_powers
    for table, items in lifted.items():
        if items:
            sheet[table] = items
    return sheet
