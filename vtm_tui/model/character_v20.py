"""A V20 (Revised / 20th anniversary) character sheet.

Generation sets a vampire's blood pool size and the highest a Trait may go (docs/rules.md
and the V20 generation chart); a ghoul holds a small pool of its domitor's vitae and a
mortal none (``creature``). The health track counts marked levels by damage type, and the
wound penalty follows from how many are marked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.model.character_v5 import _ordered, _read_lists, _read_named
from vtm_tui.model.traits import (
    V20_ABILITIES,
    V20_ATTRIBUTES,
    V20_CREATURES,
    V20_DISCIPLINES,
    V20_GENERATIONS,
    V20_GHOUL_BLOOD_PER_TURN,
    V20_GHOUL_BLOOD_POOL,
    V20_HEALTH_LEVELS,
    V20_REVISED_ABILITIES,
    V20_VIRTUE_NAMES,
    V20_VIRTUES,
)
from vtm_tui.model.experience import XpEvent, history_toml, read_history
from vtm_tui.model.validation import Reader

HEALTH_BOXES = len(V20_HEALTH_LEVELS)


@dataclass
class V20Health:
    """Marked health levels by damage type (aggravated first, then lethal, then bashing)."""

    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0

    @property
    def marked(self) -> int:
        return self.bashing + self.lethal + self.aggravated

    def level(self) -> str:
        """The current health level's name (``Healthy`` when nothing is marked)."""
        return "Healthy" if self.marked == 0 else V20_HEALTH_LEVELS[min(self.marked, HEALTH_BOXES) - 1][0]

    def penalty(self) -> int | None:
        """Dice off every pool; None when the character cannot act (Incapacitated)."""
        return 0 if self.marked == 0 else V20_HEALTH_LEVELS[min(self.marked, HEALTH_BOXES) - 1][1]

    def to_toml(self) -> dict[str, int]:
        return {"bashing": self.bashing, "lethal": self.lethal, "aggravated": self.aggravated}


@dataclass
class V20Sheet:
    """The V20 part of a character file."""

    creature: str = "vampire"  #: one of V20_CREATURES
    clan: str = ""
    sect: str = ""
    nature: str = ""
    demeanor: str = ""
    sire: str = ""
    generation: int = 13
    attributes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(V20_ATTRIBUTES, 1))
    abilities: dict[str, int] = field(default_factory=dict)
    specialties: dict[str, list[str]] = field(default_factory=dict)
    disciplines: dict[str, int] = field(default_factory=dict)
    backgrounds: dict[str, int] = field(default_factory=dict)
    virtues: dict[str, int] = field(default_factory=lambda: {"Conscience": 1, "Self-Control": 1, "Courage": 1})
    path: str = "Humanity"
    path_rating: int = 7
    willpower_permanent: int = 1
    willpower_current: int = 1
    blood_max: int | None = None  # None: the generation's pool (a ghoul's or a mortal's: see blood_pool)
    blood: int = 10
    health: V20Health = field(default_factory=V20Health)
    merits: dict[str, int] = field(default_factory=dict)
    flaws: dict[str, int] = field(default_factory=dict)
    experience_total: int = 0
    experience_spent: int = 0
    experience_history: list[XpEvent] = field(default_factory=list)

    ruleset = "v20"

    @property
    def blood_pool(self) -> int:
        """The blood pool's maximum, unless the file gives one: a vampire's generation's, a ghoul's small pool
        of vitae, none for a mortal (whose blood is not a pool to spend)."""
        if self.blood_max is not None:
            return self.blood_max
        if self.creature == "vampire":
            return V20_GENERATIONS[self.generation][0]
        return V20_GHOUL_BLOOD_POOL if self.creature == "ghoul" else 0

    @property
    def blood_per_turn(self) -> int:
        """Blood spent in one turn: a vampire's generation's, a ghoul's one, a mortal's none."""
        if self.creature == "vampire":
            return V20_GENERATIONS[self.generation][1]
        return V20_GHOUL_BLOOD_PER_TURN if self.creature == "ghoul" else 0

    @property
    def blood_source(self) -> str:
        """What sets the pool and its spending, for a message: ``generation 13``, ``a ghoul``, ``a mortal``."""
        return f"generation {self.generation}" if self.creature == "vampire" else f"a {self.creature}"

    @property
    def trait_max(self) -> int:
        return V20_GENERATIONS[self.generation][2]

    def traits(self) -> dict[str, int]:
        """Every rollable trait; missing Abilities are 0. Willpower is the permanent rating."""
        found: dict[str, int] = dict(self.attributes)
        for name in V20_ABILITIES:
            found[name] = self.abilities.get(name, 0)
        for table in (self.abilities, self.disciplines, self.virtues, self.backgrounds):
            for name, dots in table.items():
                found.setdefault(name, dots)
        found["Willpower"] = self.willpower_permanent
        found.setdefault(self.path, self.path_rating)
        return found

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.creature != "vampire":
            doc["creature"] = self.creature
        for key in ("clan", "sect", "nature", "demeanor", "sire"):
            if getattr(self, key):
                doc[key] = getattr(self, key)
        doc["generation"] = self.generation
        doc["path"] = self.path
        doc["path_rating"] = self.path_rating
        doc["willpower"] = {"permanent": self.willpower_permanent, "current": self.willpower_current}
        doc["blood"] = {"current": min(self.blood, self.blood_pool)}  # a blank sheet made a ghoul: its pool full
        if self.blood_max is not None:
            doc["blood"]["max"] = self.blood_max
        if self.experience_total or self.experience_spent or self.experience_history:
            doc["experience"] = history_toml(self.experience_total, self.experience_spent, self.experience_history)
        doc["attributes"] = {name: self.attributes[name] for name in V20_ATTRIBUTES}
        doc["abilities"] = _ordered(self.abilities, V20_ABILITIES)
        if self.specialties:
            doc["specialties"] = {k: list(v) for k, v in self.specialties.items()}
        if self.disciplines:
            doc["disciplines"] = dict(self.disciplines)
        if self.backgrounds:
            doc["backgrounds"] = dict(self.backgrounds)
        doc["virtues"] = dict(self.virtues)
        if self.merits:
            doc["merits"] = dict(self.merits)
        if self.flaws:
            doc["flaws"] = dict(self.flaws)
        doc["health"] = self.health.to_toml()
        return doc

    @classmethod
    def read(cls, r: Reader) -> V20Sheet:
        sheet = cls(creature=r.choice("creature", "vampire", V20_CREATURES))
        for key in ("clan", "sect", "nature", "demeanor", "sire"):
            setattr(sheet, key, r.str(key))
        sheet.generation = r.int("generation", 13, min(V20_GENERATIONS), max(V20_GENERATIONS))
        top = sheet.trait_max
        sheet.path = r.str("path", "Humanity") or "Humanity"
        sheet.path_rating = r.int("path_rating", 7, 0, 10)
        wp = r.table("willpower")
        sheet.willpower_permanent = wp.int("permanent", 1, 1, 10)
        sheet.willpower_current = wp.int("current", sheet.willpower_permanent, 0, sheet.willpower_permanent)
        blood = r.table("blood")
        sheet.blood_max = blood.opt_int("max", 1, 200)
        sheet.blood = blood.int("current", sheet.blood_pool, 0, sheet.blood_pool)
        xp = r.table("experience")
        sheet.experience_total = xp.int("total", 0, 0, None)
        sheet.experience_spent = xp.int("spent", 0, 0, sheet.experience_total)
        sheet.experience_history = read_history(xp)
        sheet.attributes = _read_named(r.table("attributes"), V20_ATTRIBUTES, 0, top, "attribute", strict=True)  # Nosferatu: Appearance 0
        sheet.abilities = _read_named(r.table("abilities"), V20_ABILITIES + V20_REVISED_ABILITIES, 0, top,
                                      "ability")
        sheet.specialties = _read_lists(r.table("specialties"))
        sheet.disciplines = _read_named(r.table("disciplines"), V20_DISCIPLINES, 0, top, "discipline")
        sheet.backgrounds = r.dots("backgrounds", 0, 10)
        virtues = r.table("virtues")
        sheet.virtues = _read_named(virtues, V20_VIRTUE_NAMES, 1, 5, "virtue", strict=False)
        for pair in V20_VIRTUES:
            chosen = [name for name in pair if name in sheet.virtues]
            if len(chosen) != 1:
                raise virtues.error(pair[0], f"needs exactly one of {' or '.join(pair)} (1-5)")
        sheet.merits = r.dots("merits", 0, 10)
        sheet.flaws = r.dots("flaws", 0, 10)
        health = r.table("health")
        sheet.health = V20Health(health.int("bashing", 0, 0, HEALTH_BOXES), health.int("lethal", 0, 0, HEALTH_BOXES),
                                 health.int("aggravated", 0, 0, HEALTH_BOXES))
        if sheet.health.marked > HEALTH_BOXES:
            raise health.error("bashing", f"{sheet.health.marked} marked levels is more than the {HEALTH_BOXES}")
        return sheet
