"""V5 character creation as the core book gives it, as pure functions on a character's TOML document.

Attributes 4 / 3 3 3 / 2 2 2 2 / 1; Skills in one of three distributions; one free specialty plus one for each
of Academics, Craft, Performance and Science with dots (and the predator type's); two clan Disciplines at
2 and 1 plus the predator type's dot; 7 points of advantages and 2 of flaws (plus the predator type's);
Humanity 7 (the predator type may move it); generation and Blood Potency by age. Everything here warns;
nothing refuses: storytellers house-rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.sheet_spec import Budget, CreationReport, count_at, shape_warnings
from vtm_tui.rules.v5 import power_page
from vtm_tui.rules.v5.catalogue import AGES, CLAN_DISCIPLINES, PREDATOR_TYPES, PredatorType
from vtm_tui.rules.v5.traits import ATTRIBUTE_NAMES, SKILL_NAMES

ATTRIBUTE_SHAPE = {4: 1, 3: 3, 2: 4, 1: 1}
#: The three Skill distributions: rating → how many Skills.
SKILL_DISTRIBUTIONS: dict[str, dict[int, int]] = {
    "Jack of all trades": {3: 1, 2: 8, 1: 10},
    "Balanced": {3: 3, 2: 5, 1: 7},
    "Specialist": {4: 1, 3: 3, 2: 3, 1: 3},
}
#: Skills that need a specialty as soon as they have a dot.
SPECIALTY_SKILLS = ("Academics", "Craft", "Performance", "Science")
ADVANTAGE_POINTS = 7
FLAW_POINTS = 2
HUMANITY = 7


def attribute_warnings(attributes: Mapping[str, Any]) -> list[str]:
    return shape_warnings("Attributes", count_at(attributes, ATTRIBUTE_NAMES), ATTRIBUTE_SHAPE)


def skill_warnings(skills: Mapping[str, Any], distribution: str) -> list[str]:
    wanted = SKILL_DISTRIBUTIONS.get(distribution)
    if wanted is None:
        return [f"Skills: choose a distribution ({', '.join(SKILL_DISTRIBUTIONS)})"]
    counts = count_at(skills, SKILL_NAMES)
    counts.pop(0, None)
    return shape_warnings(f"Skills ({distribution})", counts, wanted)


def specialties_allowed(skills: Mapping[str, Any], predator: str = "") -> int:
    """Free specialties: one of choice, one per specialty skill with dots, and the predator type's."""
    needed = sum(1 for name in SPECIALTY_SKILLS if int(skills.get(name, 0) or 0) > 0)
    return 1 + needed + (1 if predator in PREDATOR_TYPES else 0)


def discipline_warnings(disciplines: Mapping[str, Any], clan: str, predator: str) -> list[str]:
    problems = []
    total = sum(int(v or 0) for v in disciplines.values())
    wanted = 3 + (1 if predator in PREDATOR_TYPES else 0)
    if total != wanted:
        problems.append(f"Disciplines: {total} dots, the book gives {wanted} (2 + 1 in clan Disciplines"
                        + (f", 1 from {predator})" if predator in PREDATOR_TYPES else ")"))
    clan_ones = CLAN_DISCIPLINES.get(clan, ())
    allowed = set(clan_ones) | set(PREDATOR_TYPES[predator].disciplines if predator in PREDATOR_TYPES else ())
    if clan_ones:
        for name, dots in disciplines.items():
            if int(dots or 0) and name not in allowed:
                problems.append(f"Disciplines: {name} is not a {clan} clan Discipline")
    return problems


def discipline_note(clan: str, grant: object) -> str:
    """Where the dots may go: ``Brujah: Celerity, Potence, Presence · Alleycat: Celerity or Potence``."""
    parts = []
    if clan in CLAN_DISCIPLINES and clan != "Caitiff":
        parts.append(f"{clan}: {', '.join(CLAN_DISCIPLINES[clan])}")
    if grant is not None:
        parts.append(f"{grant.name}: {' or '.join(grant.disciplines)}")  # type: ignore[attr-defined]
    return " · ".join(parts)


def age_values(age: str) -> tuple[tuple[int, ...], int, int, int, int, int]:
    return AGES.get(age, AGES["Neonate"])


def report(doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
    """Budgets and warnings for the V5 character document ``doc`` (``choices``: skills distribution, age)."""
    predator = str(doc.get("predator", ""))
    grant = PREDATOR_TYPES.get(predator)
    gens, potency, _xp, more_adv, more_flaws, humanity_change = age_values(choices.get("age", ""))
    attributes = doc.get("attributes", {}) or {}
    skills = doc.get("skills", {}) or {}
    distribution = choices.get("skills", "")
    specialties = sum(len(v) for v in (doc.get("specialties", {}) or {}).values())
    disciplines = doc.get("disciplines", {}) or {}
    advantages = sum(int(v or 0) for v in (doc.get("advantages", {}) or {}).values())
    flaws = sum(int(v or 0) for v in (doc.get("flaws", {}) or {}).values())
    adv_allowed = ADVANTAGE_POINTS + more_adv + (grant.advantages if grant else 0)
    flaw_wanted = FLAW_POINTS + more_flaws + (grant.flaws if grant else 0)
    humanity = HUMANITY + humanity_change + (grant.humanity if grant else 0)
    budgets = [
        Budget("Attribute dots", sum(int(attributes.get(n, 1) or 0) for n in ATTRIBUTE_NAMES), 22,
               "4 / 3 3 3 / 2 2 2 2 / 1"),
        Budget("Skill dots", sum(int(skills.get(n, 0) or 0) for n in SKILL_NAMES),
               sum(r * n for r, n in SKILL_DISTRIBUTIONS.get(distribution, {}).items()) or None,
               distribution or "no distribution chosen"),
        Budget("Specialties", specialties, specialties_allowed(skills, predator)),
        Budget("Discipline dots", sum(int(v or 0) for v in disciplines.values()), 3 + (1 if grant else 0),
               discipline_note(str(doc.get("clan", "")), grant)),
        Budget("Advantage points", advantages, adv_allowed, "merits and backgrounds"),
        Budget("Flaw points", flaws, flaw_wanted, "at least"),
    ]
    warnings = attribute_warnings(attributes) + skill_warnings(skills, distribution)
    for name in SPECIALTY_SKILLS:
        if int(skills.get(name, 0) or 0) and not (doc.get("specialties", {}) or {}).get(name):
            warnings.append(f"Specialties: {name} has dots but no specialty")
    if specialties > specialties_allowed(skills, predator):
        warnings.append(f"Specialties: {specialties}, the book gives {specialties_allowed(skills, predator)}")
    warnings += discipline_warnings(disciplines, str(doc.get("clan", "")), predator)
    warnings += power_page.warnings(doc)
    if advantages > adv_allowed:
        warnings.append(f"Advantages: {advantages} points, the book gives {adv_allowed}")
    if flaws < flaw_wanted:
        warnings.append(f"Flaws: {flaws} points, the book asks at least {flaw_wanted}")
    if int(doc.get("humanity", HUMANITY)) != humanity:
        warnings.append(f"Humanity: {doc.get('humanity')}, the book gives {humanity}")
    if str(doc.get("creature", "vampire")) == "vampire":
        if doc.get("generation") is not None and int(doc["generation"]) not in gens:
            warnings.append(f"Generation: {doc['generation']}, the age gives {'/'.join(map(str, gens))}")
        wanted_bp = potency + (grant.blood_potency if grant else 0)
        if int(doc.get("blood_potency", 0)) != wanted_bp:
            warnings.append(f"Blood Potency: {doc.get('blood_potency', 0)}, the book gives {wanted_bp}")
    if not str(doc.get("clan", "")):
        warnings.append("Clan: none chosen")
    return CreationReport(tuple(budgets), tuple(warnings))


def apply(doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
    """Set what the choices decide: clan, predator type, and from the age generation, Blood Potency, Humanity."""
    result = dict(doc)
    if choices.get("clan"):
        result["clan"] = choices["clan"]
    if "predator" in choices and choices["predator"] != result.get("predator", ""):
        result = _granted(result, PREDATOR_TYPES.get(str(result.get("predator", ""))), -1)  # the one left
        result["predator"] = choices["predator"]
        result = _granted(result, PREDATOR_TYPES.get(choices["predator"]), +1)
    grant = PREDATOR_TYPES.get(str(result.get("predator", "")))
    if choices.get("age") and str(result.get("creature", "vampire")) == "vampire":
        gens, potency, xp, _adv, _flaws, humanity_change = age_values(choices["age"])
        result["generation"] = gens[-1] if result.get("generation") not in gens else result["generation"]
        result["blood_potency"] = potency + (grant.blood_potency if grant else 0)
        result["humanity"] = HUMANITY + humanity_change + (grant.humanity if grant else 0)
        result["hunger"] = max(1, int(result.get("hunger", 1) or 0))  # the Embraced start at Hunger 1
        if xp:
            result["experience"] = {"total": xp, "spent": 0}
        else:
            result.pop("experience", None)
    return result


def _granted(doc: dict[str, Any], grant: PredatorType | None, sign: int) -> dict[str, Any]:
    """``doc`` with a predator type's grants written on (``sign`` +1) or taken off again (-1, when another type
    is chosen): its Discipline dot (the first of its two that is a clan Discipline, else the first), its first
    specialty, and its merits, backgrounds and flaws. The storyteller changes any of them on their pages."""
    if grant is None:
        return doc
    result = {key: (dict(value) if isinstance(value, Mapping) else value) for key, value in doc.items()}
    clan = CLAN_DISCIPLINES.get(str(result.get("clan", "")), ())
    discipline = next((d for d in grant.disciplines if d in clan), grant.disciplines[0])
    for table, grants in (("disciplines", ((discipline, 1),)), ("advantages", grant.granted_advantages),
                          ("flaws", grant.granted_flaws)):
        dots = {str(k): int(v or 0) for k, v in (result.get(table) or {}).items()}
        for name, value in grants:
            dots[name] = dots.get(name, 0) + sign * value
            if dots[name] <= 0:
                del dots[name]
        result[table] = dots
    skill, _, detail = grant.specialties[0].partition(" (")
    specialties = {str(k): list(v) for k, v in (result.get("specialties") or {}).items()}
    have = specialties.setdefault(skill, [])
    detail = detail.rstrip(")")
    if sign > 0 and detail not in have:
        have.append(detail)
    elif sign < 0 and detail in have:
        have.remove(detail)
    result["specialties"] = {k: v for k, v in specialties.items() if v}
    return result
