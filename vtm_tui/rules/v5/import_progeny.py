"""Progeny's JSON export (the V5 character creator) → a V5 character document.

Progeny's schema is public (its ``src/data/Character.ts``, a zod schema). Two
forms exist: the first, unversioned, with ``predatorType`` a plain name and the
skill ``animal_ken``; and ``version: 1``, with ``predatorType`` an object, skill
``animal ken``, ``skillSpecialties``, ``rituals``, ``notes`` and ``ephemeral``
(Hunger, damage, stains, experience spent). The predator type's picked
specialties and merits or flaws are kept apart in Progeny and added here. Disciplines are exported as the list
of chosen powers; a discipline's rating is how many of its powers the character
has (at least the highest power's level).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.catalogue.v5_trackers import doc_health_size
from vtm_tui.rules.importing import (
    Converted,
    NAME_LIMIT,
    character_name,
    join_notes,
    match,
    number,
    rows,
    table,
    text,
)
from vtm_tui.rules.catalogue.v5_rituals import ritual_entry
from vtm_tui.rules.v5.traits import ATTRIBUTE_NAMES, DISCIPLINES, SKILL_NAMES

#: Keys Progeny writes that need no mapping (derived from others, or the creator's own bookkeeping: its saved
#: character's ``id`` and ``characterVersion``).
QUIET = {"availableDisciplineNames", "version", "maxHealth", "willpower", "id", "characterVersion"}
KNOWN = {"name", "player", "description", "sire", "clan", "predatorType", "touchstones", "ambition", "desire", "attributes",
         "skills", "skillSpecialties", "disciplines", "rituals", "bloodPotency", "generation", "experience",
         "humanity", "merits", "flaws", "notes", "ephemeral", *QUIET}


def detect(data: Any) -> bool:
    return (isinstance(data, Mapping) and isinstance(data.get("attributes"), Mapping)
            and "strength" in data["attributes"] and isinstance(data.get("disciplines"), list)
            and "system" not in data and "data" not in data)


def convert(data: Mapping[str, Any]) -> Converted:
    out = Converted({"name": character_name(data.get("name")), "ruleset": "v5", "creature": "vampire"})
    doc, lost = out.doc, out.unmapped
    for key in ("sire", "clan", "ambition", "desire"):
        if text(data.get(key)):
            doc[key] = text(data.get(key), 200)
    player = " ".join(text(data.get("player"), 200).split())  # whose seat (``--player``) shows the character
    if player:
        doc["player"] = player[:NAME_LIMIT]
    predator = data.get("predatorType")
    name = text(predator.get("name") if isinstance(predator, Mapping) else predator, 200)
    if name:
        doc["predator"] = name
    # Progeny keeps the predator type's picked specialties and merits/flaws apart from the sheet's own lists
    # (its Foundry export adds them together); the picked Discipline's power is already in ``disciplines``.
    picked = predator if isinstance(predator, Mapping) else {}
    picked_specialties = rows(picked.get("pickedSpecialties"))
    picked_features = rows(picked.get("pickedMeritsAndFlaws"))
    doc["notes"] = join_notes(text(data.get("description")), text(data.get("notes")))
    doc["attributes"] = _dots(table(data.get("attributes")), ATTRIBUTE_NAMES, "attributes", lost, low=1)
    doc["skills"] = {k: v for k, v in _dots(table(data.get("skills")), SKILL_NAMES, "skills", lost).items() if v}
    specialties: dict[str, list[str]] = {}
    for row in [*rows(data.get("skillSpecialties")), *picked_specialties]:
        skill = match(text(row.get("skill")), SKILL_NAMES)
        special = text(row.get("name"), 100)
        if skill is None or not special:
            lost.append(f"skillSpecialties: {text(row.get('skill'), 40)!r} / {special!r} names no skill")
            continue
        specialties.setdefault(skill, []).append(special)
    if specialties:
        doc["specialties"] = specialties
    ratings, powers = _disciplines(rows(data.get("disciplines")), lost)
    rituals = [ritual_entry("ritual", text(row.get("name"), 100), number(row.get("level"), 1))
               for row in rows(data.get("rituals")) if text(row.get("name"), 100)]
    if rituals:
        doc["rituals"] = rituals
    if ratings:
        doc["disciplines"] = ratings
    if powers:
        doc["powers"] = powers
    doc["blood_potency"] = number(data.get("bloodPotency"), 0)
    generation = number(data.get("generation"), 0)
    if generation:
        doc["generation"] = generation
    doc["humanity"] = number(data.get("humanity"), 7)
    for key, target in (("merits", "advantages"), ("flaws", "flaws")):
        dots: dict[str, int] = {}
        for row in [*rows(data.get(key)), *(f for f in picked_features if f.get("type") == key[:-1])]:
            title = text(row.get("name"), 100)
            if title:
                dots[title] = dots.get(title, 0) + (number(row.get("level"), 1) or 1)
        if dots:
            doc[target] = dots
    touchstones = [{"name": text(t.get("name"), 100) or "(unnamed)",
                    **({"conviction": text(t.get("conviction"), 300)} if text(t.get("conviction")) else {}),
                    **({"note": text(t.get("description"), 1000)} if text(t.get("description")) else {})}
                   for t in rows(data.get("touchstones")) if _filled_touchstone(t)]
    if touchstones:
        doc["touchstones"] = touchstones
        convictions = [t["conviction"] for t in touchstones if t.get("conviction")]
        if convictions:
            doc["convictions"] = list(dict.fromkeys(convictions))
    now = table(data.get("ephemeral"))
    doc["hunger"] = number(now.get("hunger"), 1)
    doc["stains"] = number(now.get("humanityStains"), 0)
    doc["health"] = {"superficial": number(now.get("superficialDamage"), 0),
                     "aggravated": number(now.get("aggravatedDamage"), 0)}
    doc["willpower"] = {"superficial": number(now.get("superficialWillpowerDamage"), 0),
                        "aggravated": number(now.get("aggravatedWillpowerDamage"), 0)}
    total, spent = number(data.get("experience"), 0) or 0, number(now.get("experienceSpent"), 0) or 0
    if total or spent:
        doc["experience"] = {"total": max(total, spent), "spent": spent}
    health = doc_health_size(doc)  # Progeny derives it alike: Stamina + 3, + Fortitude with Resilience
    if number(data.get("maxHealth"), None) not in (None, 0, health):
        lost.append(f"maxHealth {data.get('maxHealth')}: Health here is Stamina + 3 (+ Fortitude with Resilience)"
                    f" = {health}")
    lost.extend(f"{key}: not a Progeny field this tool knows" for key in data if key not in KNOWN)
    return out


def _filled_touchstone(row: Mapping[str, Any]) -> bool:
    """Progeny keeps a blank row for every touchstone slot the player never filled: those are skipped."""
    return any(text(row.get(key)).strip() for key in ("name", "conviction", "description"))


def _dots(values: Mapping[str, Any], known: tuple[str, ...], where: str, lost: list[str], low: int = 0) -> dict:
    found: dict[str, int] = {name: low for name in known} if low else {}
    for key, value in values.items():
        name = match(key, known)
        if name is None:
            lost.append(f"{where}.{key}: not a V5 trait")
            continue
        found[name] = number(value, low) or low
    return found


def _disciplines(powers: list[Mapping[str, Any]], lost: list[str]) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Ratings from the powers: how many each discipline has, at least the highest level among them."""
    counts: dict[str, int] = {}
    highest: dict[str, int] = {}
    names: dict[str, list[str]] = {}
    for power in powers:
        discipline = match(text(power.get("discipline")), DISCIPLINES)
        if discipline is None:
            lost.append(f"disciplines: power {text(power.get('name'), 60)!r} of {text(power.get('discipline'), 40)!r}"
                        " names no V5 discipline")
            continue
        counts[discipline] = counts.get(discipline, 0) + 1
        highest[discipline] = max(highest.get(discipline, 0), number(power.get("level"), 1) or 1)
        names.setdefault(discipline, []).append(text(power.get("name"), 100))
    return {d: min(5, max(counts[d], highest[d])) for d in counts}, names
