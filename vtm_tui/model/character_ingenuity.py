"""An Ingenuity character sheet: dice, not dots.

Attributes and skills are die sizes (d4…d12); a mundane skill nobody wrote down
is untrained, a d4 (docs/rules.md). Resources (Health, Endurance, Stamina, Focus)
have a maximum of 6 + the governing attribute's die size unless the file says
otherwise; Fate is a plain count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.model.traits import (
    INGENUITY_ATTRIBUTES,
    INGENUITY_DICE,
    INGENUITY_MUNDANE_SKILLS,
    INGENUITY_RESOURCES,
    INGENUITY_SIZES,
    INGENUITY_SKILLS,
)
from vtm_tui.model.experience import XpEvent, history_toml, read_history
from vtm_tui.model.validation import Reader, canonical_name

DICE_TEXT = ", ".join(f"d{d}" for d in INGENUITY_DICE)


def read_die(r: Reader, key: str, default: int | None) -> int:
    """A die size written ``"d8"`` or ``8``."""
    value = r.raw(key, default)
    if value is None:
        raise r.error(key, f"is missing; use one of {DICE_TEXT}")
    size = value
    digits = value.strip()[1:] if isinstance(value, str) else ""
    if isinstance(value, str) and value.strip().lower().startswith("d") and digits.isascii() and digits.isdigit() \
            and len(digits) <= 3:
        size = int(digits)
    if isinstance(size, bool) or not isinstance(size, int) or size not in INGENUITY_DICE:
        raise r.error(key, f"{value!r} is not a die; use one of {DICE_TEXT}")
    return size


@dataclass
class Resource:
    current: int
    max: int | None = None  # None: derived from the attribute


@dataclass
class IngenuitySheet:
    """The Ingenuity part of a character file."""

    ancestry: str = ""
    size: str = "Medium"
    attributes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(INGENUITY_ATTRIBUTES, 6))
    skills: dict[str, int] = field(default_factory=dict)
    proficiencies: dict[str, int] = field(default_factory=dict)  # name → bonus 1-4
    resources: dict[str, Resource] = field(default_factory=dict)
    fate: int = 0
    experience_total: int = 0
    experience_spent: int = 0
    experience_history: list[XpEvent] = field(default_factory=list)

    ruleset = "ingenuity"

    @property
    def size_value(self) -> int:
        return INGENUITY_SIZES.index(self.size) + 1

    def resource_max(self, name: str) -> int:
        held = self.resources.get(name)
        if held is not None and held.max is not None:
            return held.max
        return 6 + self.attributes[INGENUITY_RESOURCES[name]]

    def resource_current(self, name: str) -> int:
        held = self.resources.get(name)
        return held.current if held is not None else self.resource_max(name)

    def set_resource_current(self, name: str, current: int) -> None:
        """Set a resource's points now, keeping a maximum the sheet sets (a sheet edit's write)."""
        held = self.resources.get(name)
        self.resources[name] = Resource(current, held.max if held else None)

    def passive(self, trait: str) -> int:
        """A die's passive value: half its size."""
        return self.traits()[trait] // 2

    def traits(self) -> dict[str, int]:
        """Attribute and skill die sizes; untrained mundane skills are d4."""
        found: dict[str, int] = dict(self.attributes)
        for name in INGENUITY_MUNDANE_SKILLS:
            found[name] = self.skills.get(name, 4)
        for name, die in self.skills.items():
            found.setdefault(name, die)
        return found

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.ancestry:
            doc["ancestry"] = self.ancestry
        doc["size"] = self.size
        doc["fate"] = self.fate
        if self.experience_total or self.experience_spent or self.experience_history:
            doc["experience"] = history_toml(self.experience_total, self.experience_spent, self.experience_history)
        doc["attributes"] = {name: f"d{self.attributes[name]}" for name in INGENUITY_ATTRIBUTES}
        doc["skills"] = {name: f"d{die}" for name, die in self.skills.items()}
        if self.proficiencies:
            doc["proficiencies"] = dict(self.proficiencies)
        resources: dict[str, Any] = {}
        for name in INGENUITY_RESOURCES:
            held = self.resources.get(name)
            if held is None:
                continue
            resources[name] = {"current": held.current}
            if held.max is not None:
                resources[name]["max"] = held.max
        if resources:
            doc["resources"] = resources
        return doc

    @classmethod
    def read(cls, r: Reader) -> IngenuitySheet:
        sheet = cls()
        sheet.ancestry = r.str("ancestry")
        size = r.str("size", "Medium")
        canonical = canonical_name(size, INGENUITY_SIZES)
        if canonical is None:
            raise r.error("size", f"{size!r} is not a size; use one of {', '.join(INGENUITY_SIZES)}")
        sheet.size = canonical
        sheet.fate = r.int("fate", 0, 0, 99)
        xp = r.table("experience")
        sheet.experience_total = xp.int("total", 0, 0, None)
        sheet.experience_spent = xp.int("spent", 0, 0, sheet.experience_total)
        sheet.experience_history = read_history(xp)
        attrs = r.table("attributes")
        sheet.attributes = {}
        for key in attrs.keys():
            name = canonical_name(key, INGENUITY_ATTRIBUTES)
            if name is None:
                raise attrs.error(key, f"is not an attribute; the attributes are {', '.join(INGENUITY_ATTRIBUTES)}")
            sheet.attributes[name] = read_die(attrs, key, None)
        for name in INGENUITY_ATTRIBUTES:
            if name not in sheet.attributes:
                raise attrs.error(name, f"is missing; use one of {DICE_TEXT}")
        skills = r.table("skills")
        for key in skills.keys():
            name = canonical_name(key, INGENUITY_SKILLS)
            if name is None:
                skills.warn(key, "is not a standard skill; kept as a custom one")
                name = key
            sheet.skills[name] = read_die(skills, key, None)
        profs = r.table("proficiencies")
        sheet.proficiencies = {key: profs.int(key, 1, 1, 4) for key in profs.keys()}
        res = r.table("resources")
        for key in res.keys():
            name = canonical_name(key, INGENUITY_RESOURCES)
            if name is None:
                res.warn(key, f"is not a resource ({', '.join(INGENUITY_RESOURCES)}); kept but unused")
                continue
            table = res.table(key)
            top = table.opt_int("max", 1, 99)
            limit = top if top is not None else 6 + sheet.attributes[INGENUITY_RESOURCES[name]]
            sheet.resources[name] = Resource(table.int("current", limit, 0, limit), top)
        return sheet
