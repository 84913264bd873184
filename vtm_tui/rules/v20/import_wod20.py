"""A Foundry VTT "worldofdarkness" (WoD20) actor export → a V20 character document.

The system keeps ``attributes.<key>.value``, ``abilities.<key>.value`` (with a
``speciality`` text), ``advantages.willpower`` (``permanent``/``temporary``),
``advantages.bloodpool``, ``advantages.virtues.<key>.permanent`` and the path
or Humanity rating; ``health.damage`` counts bashing, lethal and aggravated
levels. Disciplines, backgrounds, merits and flaws are ``items`` (``Power`` with
``system.type`` ``wod.types.discipline`` or ``...disciplinepath``; ``Trait`` with
``wod.types.background``, ``merit``, ``flaw``). This form was written from the
system's published templates as understood; keys it does not find are reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.importing import (
    Converted,
    character_name,
    join_notes,
    match,
    number,
    plain_html,
    rows,
    table,
    text,
)
from vtm_tui.rules.v20.traits import ABILITIES, ATTRIBUTES, PATH_VIRTUES, REVISED_ABILITIES, VIRTUES

ACTOR_TYPES = ("vampire", "ghoul", "mortal")
TRAITS = {"background": "backgrounds", "merit": "merits", "flaw": "flaws"}


def detect(data: Any) -> bool:
    if not isinstance(data, Mapping):
        return False
    inner = data.get("system", data.get("data"))
    return isinstance(inner, Mapping) and isinstance(inner.get("abilities"), Mapping) and (
        isinstance(inner.get("advantages"), Mapping) or "appearance" in table(inner.get("attributes")))


def convert(data: Mapping[str, Any]) -> Converted:
    kind = str(data.get("type", "")).lower()
    if kind not in ACTOR_TYPES:
        raise RulesError(f"is a worldofdarkness {kind or 'untyped'} actor; only Vampire, Ghoul and Mortal "
                         "actors are V20 characters here")
    system = table(data.get("system", data.get("data")))
    out = Converted({"name": character_name(data.get("name")), "ruleset": "v20"})
    doc, lost = out.doc, out.unmapped
    for key in ("clan", "sect", "nature", "demeanor", "sire", "concept"):
        value = system.get(key, table(system.get("bio")).get(key))
        if text(value):
            doc[key] = text(value, 200)
    generation = number(system.get("generation"), None)
    if generation:
        doc["generation"] = generation
    doc["attributes"] = {name: 1 for name in ATTRIBUTES}
    for key, value in table(system.get("attributes")).items():
        name = match(key, ATTRIBUTES)
        if name is None:
            lost.append(f"attributes.{key}: not a V20 attribute")
            continue
        doc["attributes"][name] = number(table(value).get("value"), 1)
    abilities: dict[str, int] = {}
    specialties: dict[str, list[str]] = {}
    for key, value in table(system.get("abilities")).items():
        name = match(key, ABILITIES + REVISED_ABILITIES)
        dots = number(table(value).get("value"), 0) or 0
        if name is None:
            if dots:
                lost.append(f"abilities.{key}: not a V20 ability")
            continue
        if dots:
            abilities[name] = dots
        special = text(table(value).get("speciality") or table(value).get("specialty"), 100)
        if special:
            specialties[name] = [special]
    doc["abilities"] = abilities
    if specialties:
        doc["specialties"] = specialties
    adv = table(system.get("advantages"))
    will = table(adv.get("willpower"))
    permanent = max(1, number(will.get("permanent"), 1) or 1)
    doc["willpower"] = {"permanent": permanent,
                        "current": max(0, min(permanent, number(will.get("temporary"), permanent) or 0))}
    blood = table(adv.get("bloodpool"))
    if kind == "vampire" and blood:
        doc["blood"] = {"current": number(blood.get("temporary"), 10)}
        if number(blood.get("max"), None):
            doc["blood"]["max"] = number(blood.get("max"), None)
    virtues: dict[str, int] = {}
    for key, value in table(adv.get("virtues")).items():
        name = match(key, VIRTUES + PATH_VIRTUES)
        rating = number(table(value).get("permanent", table(value).get("value")), 0) or 0
        if name is not None and rating:
            virtues[name] = rating
    doc["virtues"] = virtues or {"Conscience": 1, "Self-Control": 1, "Courage": 1}
    path = table(adv.get("path")) or table(adv.get("humanity"))
    if path:
        doc["path_rating"] = number(path.get("permanent", path.get("value")), 7)
        label = text(path.get("label") or path.get("name"), 100)
        if label and label.lower() not in ("humanity", "wod.advantages.humanity"):
            doc["path"] = label
    damage = table(table(system.get("health")).get("damage"))
    doc["health"] = {k: number(damage.get(k), 0) for k in ("bashing", "lethal", "aggravated")}
    disciplines: dict[str, int] = {}
    for item in rows(data.get("items")):
        itype = str(item.get("type", "")).lower()
        info = table(item.get("system", item.get("data")))
        sub = str(info.get("type", "")).lower().rsplit(".", 1)[-1]
        name = text(item.get("name"), 100)
        rating = number(info.get("value", info.get("level")), 0) or 0
        if itype == "power" and sub in ("discipline", "disciplinepath", "path") and name:
            disciplines[name] = rating
        elif itype == "trait" and sub in TRAITS and name:
            doc.setdefault(TRAITS[sub], {})[name] = rating
        elif itype == "experience":
            continue
        else:
            lost.append(f"items: {text(item.get('type'), 30)} {name!r} not mapped")
    if disciplines:
        doc["disciplines"] = disciplines
    exp = [table(i.get("system", i.get("data"))) for i in rows(data.get("items"))
           if str(i.get("type", "")).lower() == "experience"]
    gained = sum(number(e.get("amount"), 0) or 0 for e in exp if "spent" not in str(e.get("type", "")).lower())
    spent = sum(number(e.get("amount"), 0) or 0 for e in exp if "spent" in str(e.get("type", "")).lower())
    if gained or spent:
        doc["experience"] = {"total": max(gained, spent), "spent": spent}
    doc["notes"] = join_notes(plain_html(system.get("background")), plain_html(system.get("notes")))
    return out
