"""A Foundry VTT WoD5e actor export (``Export Data`` on a vampire, ghoul or mortal) → a V5 character document.

The actor's data sits in ``system`` (Foundry 10 and later) or ``data`` (older
exports). Attributes are ``attributes.<key>.value`` (``abilities`` in the oldest
template), skills ``skills.<key>.value`` (``animalken``), disciplines
``disciplines.<key>.value`` (``sorcery`` is Blood Sorcery, ``alchemy`` Thin-Blood
Alchemy). Powers, merits, flaws, backgrounds, the clan and the predator type are
``items``; a discipline with no value is rated from its powers (how many, at
least the highest level). Skill ``bonuses`` named after a source become specialties.
Experience is derived as the system derives it (``exp`` plus the ``experiences`` rows).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from vtm_tui.rules.catalogue.v5_rituals import ritual_entry
from vtm_tui.rules.catalogue.v5_trackers import doc_health_size
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.importing import (
    Converted,
    changed,
    character_name,
    effects,
    foundry_origin,
    holds,
    join_notes,
    match,
    number,
    plain_html,
    rows,
    table,
    text,
)
from vtm_tui.rules.v5.traits import ATTRIBUTE_NAMES, DISCIPLINES, SKILL_NAMES

ACTOR_TYPES = {"vampire": "vampire", "ghoul": "ghoul", "mortal": "mortal", "spc": "vampire"}
DISCIPLINE_KEYS = {"sorcery": "Blood Sorcery", "alchemy": "Thin-Blood Alchemy", "bloodsorcery": "Blood Sorcery"}
RITUAL_KEYS = ("rituals", "ceremonies")
#: Where :func:`_disciplines` gathers ritual items, apart from the Disciplines (they go to the sheet's ``rituals``).
RITUALS = "rituals"
#: The time of an experience row whose timestamp is missing.
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
FEATURES = {"merit": "advantages", "background": "advantages", "flaw": "flaws"}
#: ``system`` keys this converter reads (the system's data models: base-actor-model.js and vampire-fields.js).
READ = {"headers", "attributes", "abilities", "skills", "disciplines", "hunger", "blood", "humanity", "health",
        "willpower", "exp", "experiences", "biography", "notes", "privatenotes", "bio", "appearance", "description",
        "equipment"}
#: ``headers`` keys this converter reads.
HEADERS = ("concept", "ambition", "desire", "sire", "generation", "touchstones", "tenets")
#: The system's bookkeeping and derived fields: never reported.
QUIET = {"locked", "group", "hasSkillAttributeData", "derivedXP", "settings", "selectedDiscipline",
         "selectedDisciplinePower", "selectedGift", "selectedGiftPower", "selectedEdge", "selectedEdgePerk", "token"}
#: Fields every actor carries with these defaults (the other splats'): reported only when they differ.
DEFAULTS = {"crinosHealth": {"aggravated": 0, "superficial": 0, "value": 4}, "rage": {"value": 1},
            "balance": {"hauglosk": {"value": 1}, "harano": {"value": 1}}, "activeForm": "homid",
            "renown": {"glory": {"value": 1}, "honor": {"value": 1}, "wisdom": {"value": 1}}}


def detect(data: Any) -> bool:
    if not isinstance(data, Mapping):
        return False
    inner = data.get("system", data.get("data"))
    kind = str(data.get("type", "")).lower()
    return isinstance(inner, Mapping) and (kind in ACTOR_TYPES or kind in ("hunter", "werewolf", "mage")) and (
        "hunger" in inner or "skills" in inner)


def convert(data: Mapping[str, Any]) -> Converted:
    kind = str(data.get("type", "")).lower()
    if kind not in ACTOR_TYPES:
        raise RulesError(f"is a WoD5e {kind or 'untyped'} actor{foundry_origin(data)}; only vampires, ghouls, "
                         "mortals and SPCs are V5 characters here")
    system = table(data.get("system", data.get("data")))
    out = Converted({"name": character_name(data.get("name")), "ruleset": "v5", "creature": ACTOR_TYPES[kind]})
    doc, lost = out.doc, out.unmapped
    if kind == "spc":
        doc["kind"] = "spc"
        lost.append("type spc: read as a storyteller character with a full vampire sheet")
    headers = table(system.get("headers"))
    for key in ("concept", "ambition", "desire", "sire"):
        if text(headers.get(key)):
            doc[key] = text(headers.get(key), 200)
    # the sheet writes headers.generation; the data model also has blood.generation, which no sheet shows
    generation = number(headers.get("generation"), None) or number(table(system.get("blood")).get("generation"), None)
    if generation:
        doc["generation"] = generation
    items = rows(data.get("items"))
    clan = next((text(i.get("name"), 100) for i in items if str(i.get("type", "")).lower() == "clan"), "")
    clan = clan or text(headers.get("clan") or system.get("clan"), 100)
    if clan:
        doc["clan"] = clan
    predator = next((text(i.get("name"), 100) for i in items
                     if str(i.get("type", "")).lower() in ("predatortype", "predator")), "")
    if predator:
        doc["predator"] = predator
    attrs = table(system.get("attributes")) or table(system.get("abilities"))
    doc["attributes"] = {name: 1 for name in ATTRIBUTE_NAMES}
    for key, value in attrs.items():
        name = match(key, ATTRIBUTE_NAMES)
        if name is None:
            lost.append(f"attributes.{key}: not a V5 attribute")
            continue
        doc["attributes"][name] = max(1, number(table(value).get("value"), 1) or 1)
    skills: dict[str, int] = {}
    specialties: dict[str, list[str]] = {}
    for key, value in table(system.get("skills")).items():
        name = match(key, SKILL_NAMES)
        if name is None:
            lost.append(f"skills.{key}: not a V5 skill")
            continue
        dots = number(table(value).get("value"), 0) or 0
        if dots:
            skills[name] = dots
        for bonus in rows(table(value).get("bonuses")):
            if text(bonus.get("source")):
                specialties.setdefault(name, []).append(text(bonus.get("source"), 100))
    doc["skills"] = skills
    if specialties:
        doc["specialties"] = specialties
    ratings, powers = _disciplines(table(system.get("disciplines")), items, lost)
    if ratings:
        doc["disciplines"] = ratings
    rituals = powers.pop(RITUALS, [])
    if rituals:
        doc["rituals"] = rituals
    if powers:
        doc["powers"] = powers
    advantages: dict[str, dict[str, int]] = {"advantages": {}, "flaws": {}}
    for item in items:
        if str(item.get("type", "")).lower() != "feature":
            continue
        info = table(item.get("system", item.get("data")))
        target = FEATURES.get(str(info.get("featuretype", "")).lower())
        title = text(item.get("name"), 100)
        if target is None or not title:
            lost.append(f"items: feature {title!r} ({text(info.get('featuretype'), 20) or 'no type'}) not mapped")
            continue
        advantages[target][title] = min(5, max(0, number(info.get("points"), 0) or 0))
    doc.update({k: v for k, v in advantages.items() if v})
    if ACTOR_TYPES[kind] == "vampire":
        doc["hunger"] = number(table(system.get("hunger")).get("value"), 1)
        doc["blood_potency"] = number(table(system.get("blood")).get("potency"), 0)
    humanity = table(system.get("humanity"))
    doc["humanity"] = number(humanity.get("value"), 7)
    doc["stains"] = number(humanity.get("stains"), 0)
    attrs_in = doc["attributes"]
    sizes = {"health": doc_health_size(doc), "willpower": attrs_in["Composure"] + attrs_in["Resolve"]}
    for track in ("health", "willpower"):
        held = table(system.get(track))
        doc[track] = {"superficial": number(held.get("superficial"), 0),
                      "aggravated": number(held.get("aggravated"), 0)}
        if number(held.get("max"), None) not in (None, 0, sizes[track]):  # the sheet derives it; a difference is told
            lost.append(f"{track}.max {held.get('max')}: derived here from the sheet as {sizes[track]}")
    experience = _experience(system)
    if experience:
        doc["experience"] = experience
    bio = table(system.get("bio"))
    age, dates = table(bio.get("age")), table(bio.get("dateof"))
    facts = [f"{label}: {text(value, 100)}" for label, value in (
        ("True age", age.get("trueage")), ("Apparent age", age.get("apparent")), ("Born", dates.get("birth")),
        ("Died", dates.get("death"))) if text(value).strip()]
    doc["notes"] = join_notes(plain_html(system.get("biography")), plain_html(system.get("notes")),
                              _labelled("Touchstones", headers.get("touchstones")),
                              _labelled("Tenets", headers.get("tenets")), _labelled("History", bio.get("history")),
                              _labelled("Appearance", system.get("appearance")),
                              _labelled("Description", system.get("description")),
                              _labelled("Equipment", system.get("equipment")), "\n".join(facts))
    private = plain_html(system.get("privatenotes"))
    if private:
        doc["private_notes"] = private
    for item in items:
        if str(item.get("type", "")).lower() not in ("power", "feature", "clan", "predatortype", "predator"):
            lost.append(f"items: {text(item.get('type'), 30)} {text(item.get('name'), 60)!r} not mapped")
    lost.extend(f"headers.{key}: not mapped" for key, value in headers.items() if key not in HEADERS and holds(value))
    lost.extend(f"{key}: not mapped" for key, value in system.items()
                if key not in READ and key not in QUIET and changed(value, DEFAULTS.get(key)))
    lost.extend(effects(data))
    return out


def _experience(system: Mapping[str, Any]) -> dict[str, Any]:
    """As the system derives it: total = ``exp.max`` + every gain, unspent = ``exp.value`` + every gain and spend.

    Each entry of ``experiences`` (``name``, ``value`` ±, ``timestamp`` in ms) becomes a history row."""
    exp = table(system.get("exp"))
    total, left = number(exp.get("max"), 0) or 0, number(exp.get("value"), 0) or 0
    history = []
    for row in rows(system.get("experiences")):
        value = number(row.get("value"), 0) or 0
        total += max(0, value)
        left += value
        stamp = row.get("timestamp")
        fits = isinstance(stamp, (int, float)) and not isinstance(stamp, bool) and 0 < stamp < 32_503_680_000_000
        when = datetime.fromtimestamp(stamp / 1000, timezone.utc) if fits else EPOCH  # before the year 3000
        history.append({"time": when.replace(microsecond=0), "amount": value, "note": text(row.get("name"), 200)})
    total = max(total, left)  # an export with only exp.value (Progeny writes that) has that much, unspent
    if not total and not history:
        return {}
    return {"total": total, "spent": max(0, total - max(0, left)), **({"history": history} if history else {})}


def _labelled(label: str, value: Any) -> str:
    body = plain_html(value)
    return f"{label}:\n{body}" if body else ""


def _disciplines(held: Mapping[str, Any], items: list[Mapping[str, Any]],
                 lost: list[str]) -> tuple[dict[str, int], dict[str, list[Any]]]:
    """Ratings from ``disciplines.<key>.value``, else from the power items of that discipline."""
    ratings: dict[str, int] = {}
    powers: dict[str, list[Any]] = {}  # Discipline → power names; RITUALS → ritual entries
    levels: dict[str, list[int]] = {}
    for item in items:
        if str(item.get("type", "")).lower() != "power":
            continue
        info = table(item.get("system", item.get("data")))
        key = text(info.get("discipline"), 40)
        if key.lower() in RITUAL_KEYS:
            powers.setdefault(RITUALS, []).append(ritual_entry("ritual", text(item.get("name"), 100),
                                                               number(info.get("level"), 1)))
            continue
        name = DISCIPLINE_KEYS.get(key.lower()) or match(key, DISCIPLINES)
        if name is None:
            lost.append(f"items: power {text(item.get('name'), 60)!r} of {key!r} names no V5 discipline")
            continue
        powers.setdefault(name, []).append(text(item.get("name"), 100))
        levels.setdefault(name, []).append(number(info.get("level"), 1) or 1)
    for key, value in held.items():
        if key.lower() in RITUAL_KEYS:
            continue
        name = DISCIPLINE_KEYS.get(key.lower()) or match(key, DISCIPLINES)
        dots = number(table(value).get("value"), 0) or 0
        if name is None:
            if dots:
                lost.append(f"disciplines.{key}: not a V5 discipline")
            continue
        if dots:
            ratings[name] = min(5, dots)
    for name, found in levels.items():
        if name not in ratings:
            ratings[name] = min(5, max(len(found), max(found)))
    return ratings, powers
