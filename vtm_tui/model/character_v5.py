"""A V5 character sheet: what the coterie screen shows and the V5 engine rolls from.

Trackers hold damage, not boxes: Health has ``Stamina + 3`` boxes (+ Fortitude with Resilience) and Willpower
``Composure + Resolve``; a file stores how many are Superficial and how many
Aggravated, so a sheet can never disagree with its own size. Hunger and Blood
Potency belong to vampires; a mortal or ghoul with Hunger is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from vtm_tui.model.traits import V5_ATTRIBUTES, V5_CREATURES, V5_DISCIPLINES, V5_SKILLS
from vtm_tui.model.experience import XpEvent, history_toml, read_history
from vtm_tui.model.validation import Reader, canonical_name, merge_extra
from vtm_tui.rules.errors import RulesError

if TYPE_CHECKING:  # the powers' catalogue (a frozen dataclass and its table) comes with the first sheet read or drawn
    from vtm_tui.model.rituals_v5 import Ritual  # and rituals' class with the first sheet that lists one
    from vtm_tui.rules.catalogue.v5_powers import PowerInfo

#: A ritual's or formula's kind → the sheet's list of them (model/rituals_v5.py holds their class).
RITUAL_TABLES: dict[str, str] = {"ritual": "rituals", "formula": "formulas"}


def holds_pretend_powers(powers: Any) -> bool:
    """Whether a sheet's ``powers`` table still lists a ritual or formula as ``Ritual: X (level N)``.

    Checked before :func:`vtm_tui.model.rituals_v5.lift_pretend_powers` is imported: most sheets have none, and
    a chronicle's first screen should not wait for a module it does not use.
    """
    return isinstance(powers, dict) and any(
        isinstance(item, str) and item.lstrip().lower().startswith(("ritual:", "formula:"))
        for items in powers.values() if isinstance(items, list) for item in items)


@dataclass
class Tracker:
    """Damage on a track of ``size`` boxes: Superficial (``/``) and Aggravated (``X``)."""

    superficial: int = 0
    aggravated: int = 0

    def boxes(self, size: int) -> str:
        """The track as a person draws it: Aggravated, then Superficial, then empty (``XX//..``)."""
        agg = min(self.aggravated, size)
        sup = min(self.superficial, size - agg)
        return "X" * agg + "/" * sup + "." * (size - agg - sup)

    def undamaged(self, size: int) -> int:
        return max(0, size - self.superficial - self.aggravated)

    def impaired(self, size: int) -> bool:
        """No empty box left (docs/rules.md, V5 "Trackers": −2 dice to the pools it governs)."""
        return self.undamaged(size) == 0

    def to_toml(self) -> dict[str, int]:
        return {"superficial": self.superficial, "aggravated": self.aggravated}

    @classmethod
    def read(cls, r: Reader, size: int) -> Tracker:
        sup = r.int("superficial", 0, 0, size)
        agg = r.int("aggravated", 0, 0, size)
        if sup + agg > size:
            raise r.error("superficial", f"{sup} Superficial + {agg} Aggravated is more than the {size} boxes")
        return cls(sup, agg)


@dataclass
class Touchstone:
    """A mortal the character holds on to, and the Conviction they embody."""

    name: str
    conviction: str = ""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"name": self.name}
        if self.conviction:
            doc["conviction"] = self.conviction
        if self.note:
            doc["note"] = self.note
        return merge_extra(doc, self.extra)


@dataclass
class Power:
    """A power on the sheet: its name, and its level, Rouse cost and pool when the catalogue lacks them.

    A power written as a bare name (``Dominate = ["Mesmerize"]``) takes those from the
    core catalogue (:mod:`vtm_tui.rules.catalogue.v5_powers`); one written as a table
    (``{name = "Eyes of Ash", level = 2, rouse = 1, pool = "Wits + Oblivion"}``) carries
    its own, overriding the catalogue. A bare name stays a bare name when saved.
    """

    name: str
    level: int | None = None
    rouse: int | None = None
    pool: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name

    def info(self, discipline: str) -> PowerInfo | None:
        """The power as the rules use it, or ``None`` when neither the sheet nor the catalogue gives a level."""
        from vtm_tui.rules.catalogue.v5_powers import PowerInfo, catalogue_power

        known = catalogue_power(discipline, self.name)
        level = self.level if self.level is not None else (known.level if known else None)
        if level is None:
            return None
        rouse = self.rouse if self.rouse is not None else (known.rouse if known else 0)
        pool = self.pool if self.pool is not None else (known.pool if known else "")
        return PowerInfo(self.name, known.discipline if known else discipline, level, rouse, pool,
                         known.amalgam if known else None)  # a prerequisite stays the book's, whatever the level

    def to_toml(self) -> str | dict[str, Any]:
        if self.level is None and self.rouse is None and self.pool is None and not self.extra:
            return self.name
        doc: dict[str, Any] = {"name": self.name}
        if self.level is not None:
            doc["level"] = self.level
        if self.rouse is not None:
            doc["rouse"] = self.rouse
        if self.pool is not None:
            doc["pool"] = self.pool
        return merge_extra(doc, self.extra)


@dataclass
class V5Sheet:
    """The V5 part of a character file."""

    #: How the sheet records a power it gains (an import, a Discipline dot's power): a bare-named Power.
    POWER: ClassVar[type[Power]] = Power

    creature: str = "vampire"  # vampire | ghoul | mortal
    clan: str = ""
    generation: int | None = None
    sire: str = ""
    predator: str = ""
    ambition: str = ""
    desire: str = ""
    bane: str = ""
    blood_potency: int = 0
    hunger: int = 0
    humanity: int = 7
    stains: int = 0  # on Humanity's empty boxes (at most 10 - humanity)
    degenerating: bool = False  # stains that did not fit: impaired until the next Remorse test
    attributes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(V5_ATTRIBUTES, 1))
    skills: dict[str, int] = field(default_factory=dict)
    specialties: dict[str, list[str]] = field(default_factory=dict)
    disciplines: dict[str, int] = field(default_factory=dict)
    powers: dict[str, list[Power]] = field(default_factory=dict)  # discipline → powers
    rituals: list[Ritual] = field(default_factory=list)  # Blood Sorcery rituals (model/rituals_v5.py)
    formulas: list[Ritual] = field(default_factory=list)  # thin-blood alchemy formulas
    advantages: dict[str, int] = field(default_factory=dict)  # merits and backgrounds: name → dots
    flaws: dict[str, int] = field(default_factory=dict)
    health: Tracker = field(default_factory=Tracker)
    willpower: Tracker = field(default_factory=Tracker)
    convictions: list[str] = field(default_factory=list)
    touchstones: list[Touchstone] = field(default_factory=list)
    experience_total: int = 0
    experience_spent: int = 0
    resonance: str = ""  # of the blood last fed on, e.g. "Choleric (intense)"
    conditions: list[str] = field(default_factory=list)  # e.g. "Arrogance compulsion", until cleared
    experience_history: list[XpEvent] = field(default_factory=list)

    ruleset = "v5"

    # -- derived --------------------------------------------------------------------
    @property
    def is_vampire(self) -> bool:
        return self.creature == "vampire"

    @property
    def health_size(self) -> int:
        """Stamina + 3, + Fortitude while the sheet holds Resilience (the rule set's derivation)."""
        from vtm_tui.rules.catalogue.v5_trackers import health_size

        return health_size(self.attributes.get("Stamina", 1), self.disciplines, self.powers)

    @property
    def willpower_size(self) -> int:
        return self.attributes.get("Composure", 1) + self.attributes.get("Resolve", 1)

    @property
    def remorse_due(self) -> bool:
        """Stains at the end of a session call for a Remorse test (vampires only)."""
        return self.is_vampire and (self.stains > 0 or self.degenerating)

    @property
    def remorse_dice(self) -> int:
        return max(1, 10 - self.humanity - self.stains)

    def humanity_boxes(self) -> str:
        """Humanity as ten boxes: filled dots, empty boxes, stains from the right (``●●●●●●●○○/``)."""
        return "●" * self.humanity + "○" * (10 - self.humanity - self.stains) + "/" * self.stains

    def power_infos(self) -> list[PowerInfo]:
        """Every power on the sheet that the rules can use (a level known), in sheet order."""
        found = []
        for discipline, powers in self.powers.items():
            for power in powers:
                info = power.info(discipline)
                if info is not None:
                    found.append(info)
        for kind, table in RITUAL_TABLES.items():  # performed like a power: a Rouse check, then the pool
            for ritual in getattr(self, table):
                info = ritual.power_info(kind)
                if info is not None:
                    found.append(info)
        return found

    def unmet_powers(self) -> list[str]:
        """Each power whose level or amalgam the Disciplines' dots do not meet (``"Dementation needs Obfuscate 2
        (has 0)"``): the storyteller may grant it, and the sheet says so (the rule is experience's, ``unmet``)."""
        from vtm_tui.rules.catalogue.v5_powers import unmet_text

        found = []
        for discipline, powers in self.powers.items():
            for power in powers:
                info = power.info(discipline)
                text = unmet_text(info, self.disciplines) if info is not None else ""
                if text:
                    found.append(text)
        return found

    def powers_to_pick(self, discipline: str, dots: int) -> tuple[PowerInfo, ...]:
        """Core powers a dot of ``discipline`` at ``dots`` may bring: that level or lower, amalgam met, not held."""
        from vtm_tui.rules.catalogue.v5_powers import powers_to_pick

        held = {p.name.casefold() for d, listed in self.powers.items() if d.casefold() == discipline.casefold()
                for p in listed}
        return powers_to_pick(discipline, dots, self.disciplines, held)

    def knows(self, kind: str, name: str) -> bool:
        """Whether the sheet lists the ritual or formula ``name`` (``kind`` "ritual" or "formula"), case aside."""
        wanted = " ".join(name.split()).casefold()
        return any(" ".join(r.name.split()).casefold() == wanted for r in getattr(self, RITUAL_TABLES[kind]))

    def learn(self, kind: str, name: str, level: int | None) -> None:
        """Add a ritual or formula: a bare name when the catalogue gives the same level, else with its level."""
        from vtm_tui.model.rituals_v5 import Ritual

        ritual = Ritual(name)
        if ritual.known_level(kind) != level:
            ritual.level = level
        getattr(self, RITUAL_TABLES[kind]).append(ritual)

    def traits(self) -> dict[str, int]:
        """Every rollable trait (name → dots) for the pool parser; missing Skills are 0."""
        found: dict[str, int] = dict(self.attributes)
        for name in V5_SKILLS:
            found[name] = self.skills.get(name, 0)
        for name, dots in self.skills.items():
            found.setdefault(name, dots)
        for name, dots in self.disciplines.items():
            found.setdefault(name, dots)
        found["Willpower"] = max(1, self.willpower.undamaged(self.willpower_size))
        found["Humanity"] = max(1, self.humanity)
        if self.is_vampire:
            found["Blood Potency"] = self.blood_potency
        return found

    # -- TOML ----------------------------------------------------------------------
    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"creature": self.creature}
        for key in ("clan", "sire", "predator", "ambition", "desire", "bane"):
            if getattr(self, key):
                doc[key] = getattr(self, key)
        if self.generation is not None:
            doc["generation"] = self.generation
        if self.is_vampire:
            doc["blood_potency"] = self.blood_potency
            doc["hunger"] = self.hunger
        doc["humanity"] = self.humanity
        doc["stains"] = self.stains
        if self.degenerating:
            doc["degenerating"] = True
        if self.experience_total or self.experience_spent or self.experience_history:
            doc["experience"] = history_toml(self.experience_total, self.experience_spent, self.experience_history)
        doc["attributes"] = {name: self.attributes[name] for name in V5_ATTRIBUTES}
        doc["skills"] = _ordered(self.skills, V5_SKILLS)
        if self.specialties:
            doc["specialties"] = {k: list(v) for k, v in self.specialties.items()}
        if self.disciplines:
            doc["disciplines"] = dict(self.disciplines)
        if self.powers:
            doc["powers"] = {k: [p.to_toml() for p in v] for k, v in self.powers.items()}
        for table in RITUAL_TABLES.values():
            if getattr(self, table):
                doc[table] = [ritual.to_toml() for ritual in getattr(self, table)]
        if self.advantages:
            doc["advantages"] = dict(self.advantages)
        if self.flaws:
            doc["flaws"] = dict(self.flaws)
        doc["health"] = self.health.to_toml()
        doc["willpower"] = self.willpower.to_toml()
        if self.convictions:
            doc["convictions"] = list(self.convictions)
        if self.touchstones:
            doc["touchstones"] = [t.to_toml() for t in self.touchstones]
        if self.resonance:
            doc["resonance"] = self.resonance
        if self.conditions:
            doc["conditions"] = list(self.conditions)
        return doc

    @classmethod
    def read(cls, r: Reader) -> V5Sheet:
        creature = r.choice("creature", "vampire", V5_CREATURES)
        vampire = creature == "vampire"
        sheet = cls(creature=creature)
        for key in ("clan", "sire", "predator", "ambition", "desire", "bane"):
            setattr(sheet, key, r.str(key))
        sheet.generation = r.opt_int("generation", 1, 16)
        sheet.blood_potency = r.int("blood_potency", 0, 0, 10 if vampire else 0)
        sheet.hunger = r.int("hunger", 1 if vampire else 0, 0, 5 if vampire else 0)
        sheet.humanity = r.int("humanity", 7, 0, 10)
        sheet.stains = r.int("stains", 0, 0, 10 - sheet.humanity)
        sheet.degenerating = r.bool("degenerating")
        xp = r.table("experience")
        sheet.experience_total = xp.int("total", 0, 0, None)
        sheet.experience_spent = xp.int("spent", 0, 0, sheet.experience_total)
        sheet.experience_history = read_history(xp)
        sheet.attributes = _read_named(r.table("attributes"), V5_ATTRIBUTES, 1, 5, "attribute", strict=True)
        sheet.skills = _read_named(r.table("skills"), V5_SKILLS, 0, 5, "skill")
        sheet.specialties = _read_lists(r.table("specialties"))
        for skill in sheet.specialties:
            if skill not in V5_SKILLS and skill not in sheet.skills:
                r.warn(f"specialties.{skill}", "names no skill on this sheet")
        sheet.disciplines = _read_named(r.table("disciplines"), V5_DISCIPLINES, 0, 5, "discipline")
        # A file not yet migrated (a template, an import) may still hold "Ritual: X (level N)" among the powers.
        lists = {"powers": r.raw("powers", {}), **{t: r.raw(t, []) for t in RITUAL_TABLES.values()}}
        if holds_pretend_powers(lists["powers"]):
            from vtm_tui.model.rituals_v5 import lift_pretend_powers

            lists = lift_pretend_powers(lists)
        sheet.powers = _read_powers(Reader(lists["powers"], r.where, r.name("powers"), r.warnings))
        if any(lists[t] != [] for t in RITUAL_TABLES.values()):
            from vtm_tui.model.rituals_v5 import read_rituals

            ritual_lists = Reader(lists, r.where, r.prefix, r.warnings)
            sheet.rituals, sheet.formulas = (read_rituals(ritual_lists, kind) for kind in RITUAL_TABLES)
        sheet.advantages = r.dots("advantages", 0, 5)
        sheet.flaws = r.dots("flaws", 0, 5)
        sheet.health = Tracker.read(r.table("health"), sheet.health_size)
        sheet.willpower = Tracker.read(r.table("willpower"), sheet.willpower_size)
        sheet.convictions = r.str_list("convictions")
        sheet.touchstones = [Touchstone(t.str("name", None), t.str("conviction"), t.str("note"), t.leftover())
                             for t in r.table_list("touchstones")]
        sheet.resonance = r.str("resonance")
        sheet.conditions = r.str_list("conditions")
        return sheet


def _ordered(values: dict[str, int], order: tuple[str, ...]) -> dict[str, int]:
    """Known names in sheet order (zeros left out), then custom ones as written."""
    doc = {name: values[name] for name in order if values.get(name)}
    doc.update({name: dots for name, dots in values.items() if name not in order})
    return doc


def _read_named(r: Reader, known: tuple[str, ...], lo: int, hi: int, what: str,
                *, strict: bool = False) -> dict[str, int]:
    """name → dots, names matched to the known spelling; unknown names refused (strict) or kept with a warning."""
    values: dict[str, int] = {}
    for key in r.keys():
        canonical = canonical_name(key, known)
        if canonical is None:
            if strict:
                raise r.error(key, f"is not a {what}; the {what}s are {', '.join(known)}")
            r.warn(key, f"is not a standard {what}; kept as a custom one")
            canonical = key
        elif canonical in values:
            raise r.error(key, f"repeats the {what} {canonical!r}")
        values[canonical] = r.int(key, 0, lo, hi)
    if strict:
        missing = [name for name in known if name not in values]
        if missing:
            raise r.error(missing[0], f"is missing; every {what} needs a value {lo}-{hi}")
    return values


def _read_powers(r: Reader) -> dict[str, list[Power]]:
    """discipline → powers, each a bare name or a table with name, level, rouse ("free" or 0-5), pool."""
    from vtm_tui.rules.catalogue.v5_powers import MAX_LEVEL, catalogue_power, parse_rouse

    found: dict[str, list[Power]] = {}
    for discipline in r.keys():
        value = r.raw(discipline)
        items = [value] if isinstance(value, (str, dict)) else value
        if not isinstance(items, list):
            raise r.error(discipline, "expected a list of powers, e.g. [\"Awe\", {name = \"Summon\", level = 4}]")
        powers = []
        for index, item in enumerate(items):
            if isinstance(item, str):
                powers.append(Power(item))
                if catalogue_power(discipline, item) is None:
                    r.warn(f"{discipline}[{index}]", f"{item!r} is not in the core catalogue; give it a table with "
                                                      "level, rouse and pool to use it from the Blood dialog")
                continue
            if not isinstance(item, dict):
                raise r.error(f"{discipline}[{index}]", "expected a power's name or a table with name, level, "
                                                          "rouse and pool")
            t = Reader(item, r.where, r.name(f"{discipline}[{index}]"), r.warnings)
            power = Power(t.str("name", None), t.opt_int("level", 1, MAX_LEVEL))
            if t.has("rouse"):
                try:
                    power.rouse = parse_rouse(t.raw("rouse"))
                except RulesError as exc:
                    raise t.error("rouse", str(exc)) from None
            if t.has("pool"):
                power.pool = t.str("pool")
            power.extra = t.leftover()
            powers.append(power)
        found[discipline] = powers
    return found


def _read_lists(r: Reader) -> dict[str, list[str]]:
    return {key: r.str_list(key) for key in r.keys()}
