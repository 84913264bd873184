"""A Foundry "worldofdarkness" 7.x ``PC`` actor, reshaped into the older actor layout that
:mod:`vtm_tui.rules.v20.import_wod20` reads field by field.

From 7.0 the system (JohanFalt/Foundry_WoD20) has one ``PC`` actor for every game: a splat (``Vampire
[modern]``, ``Ghoul [modern]`` ...) dropped on it sets ``settings.splat``/``settings.variant``, fills
``bio.splatfields`` (clan, sect, sire, generation as ``{value, mod}``, bloodline, weakness) and adds the
Abilities and Advantages as items. Read here (``module/actor/datamodel/pc-actor-datamodel.js`` and the
item data models ``ability-item-datamodel.js`` and ``advantage-item-datamodel.js``):

- ``Ability`` items: ``system.id`` (``alertness``; empty for one typed in, then the item's name),
  ``value``, ``speciality``;
- ``Advantage`` items by ``system.id``: ``willpower`` (``permanent``/``temporary``), ``bloodpool``
  (``temporary``/``max``), ``path`` (``permanent``, ``label`` a key such as ``wod.advantages.path.night``)
  and the Virtues (``group`` ``virtue``, ``permanent``);
- ``bio`` (``nature``, ``demeanor``, ``concept``, ``background``, ``notes``), ``health.damage``.

Disciplines, their powers, backgrounds, merits, flaws and experience stay ``Power``, ``Trait`` and
``Experience`` items as before. What holds something and has no place is named (``bio.derangement``, a
splat field such as ``bloodline``, the gear, an Advantage of another game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.importing import foundry_origin, holds, number, plain_html, rows, table, text

#: ``settings.splat`` (and ``settings.variant`` for a ghoul) → the older actor type the converter reads.
SPLATS = {"vampire": "vampire", "mortal": "mortal"}
#: ``bio.splatfields`` keys read (the others that hold something are named).
SPLATFIELDS = ("clan", "sect", "sire", "generation")
#: ``bio`` keys read, or never reported (``name`` repeats the actor's; ``worldanvil`` is a link setting).
BIO_READ = {"nature", "demeanor", "concept", "background", "notes", "splatfields", "name", "worldanvil"}
#: The PC data model's ``system`` keys: read, or the system's bookkeeping and derived values (never reported).
SYSTEM = {"settings", "traits", "bio", "attributes", "soak", "health", "initiative", "conditions", "movement", "gear",
          "favoriterolls"}
#: Advantage ``system.id``s read (the Virtues are read by their ``group``).
ADVANTAGES = ("willpower", "bloodpool", "path")


def reshape(data: Mapping[str, Any], lost: list[str]) -> dict[str, Any]:
    """The PC actor as the older layout (``type`` vampire/ghoul/mortal, ``system`` with ``abilities`` and
    ``advantages`` tables, the other items kept); what the PC holds beyond that is added to ``lost``."""
    system = table(data.get("system"))
    settings = table(system.get("settings"))
    splat = text(settings.get("splat"), 40).lower()
    variant = text(settings.get("variant"), 40).lower()
    kind = "ghoul" if variant == "ghoul" else SPLATS.get(splat)
    if kind is None:
        raise RulesError(f"is a worldofdarkness PC actor{foundry_origin(data)} of splat {splat or 'none'!r}"
                         f"{f' (variant {variant!r})' if variant else ''}; only Vampire, Ghoul and Mortal "
                         "splats are V20 characters here")
    bio = table(system.get("bio"))
    fields = table(bio.get("splatfields"))
    out: dict[str, Any] = {key: bio.get(key) for key in ("nature", "demeanor", "concept", "background", "notes")}
    for key in ("clan", "sect", "sire"):
        out[key] = table(fields.get(key)).get("value")
    generation = table(fields.get("generation"))
    out["generation"] = generation.get("value")
    mod = number(generation.get("mod"), 0) or 0
    if mod:  # the sheet's "lower generation" button: a temporary change, cleared by another
        lost.append(f"bio.splatfields.generation.mod {mod}: generation {generation.get('value')} lowered for now "
                    "to {0}; kept as {1}".format((number(generation.get("value"), 0) or 0) - mod,
                                                 generation.get("value")))
    lost.extend(f"bio.splatfields.{key}: not mapped" for key, value in fields.items()
                if key not in SPLATFIELDS and holds(table(value).get("value")))
    lost.extend(f"bio.{key}: not mapped" for key, value in bio.items() if key not in BIO_READ and holds(value))
    gear = table(system.get("gear"))
    if plain_html(gear.get("notes")) or holds(gear.get("money")):
        lost.append("gear: not mapped")
    lost.extend(f"{key}: not mapped" for key, value in system.items() if key not in SYSTEM and holds(value))
    out["attributes"] = system.get("attributes")
    out["health"] = system.get("health")
    items = rows(data.get("items"))
    out["abilities"] = _abilities(items)
    out["advantages"] = _advantages(items, lost)
    kept = [i for i in items if str(i.get("type", "")) not in ("Ability", "Advantage", "Splat")]
    return {"name": data.get("name"), "type": kind, "system": out, "items": kept, "effects": data.get("effects")}


def _abilities(items: list[Mapping[str, Any]]) -> dict[str, Any]:
    """``Ability`` items → ``{key: {value, speciality, label}}``, keyed as the system keys them."""
    found: dict[str, Any] = {}
    for item in items:
        if str(item.get("type", "")) != "Ability":
            continue
        info = table(item.get("system"))
        key = text(info.get("id"), 60) or text(item.get("name"), 100)
        if key:
            found[key] = {"value": info.get("value"), "speciality": info.get("speciality"),
                          "label": text(item.get("name"), 100)}
    return found


def _advantages(items: list[Mapping[str, Any]], lost: list[str]) -> dict[str, Any]:
    """``Advantage`` items → the older ``advantages`` table (willpower, bloodpool, virtues, path)."""
    found: dict[str, Any] = {"virtues": {}}
    for item in items:
        if str(item.get("type", "")) != "Advantage":
            continue
        info = table(item.get("system"))
        key = text(info.get("id"), 60).lower()
        if str(info.get("group", "")).lower() == "virtue":
            found["virtues"][key or text(item.get("name"), 60)] = {"permanent": info.get("permanent")}
        elif key in ADVANTAGES:
            found[key] = {**info, "name": text(item.get("name"), 100).removeprefix("Path - ")}  # if no label
        elif holds(info.get("permanent")) or holds(info.get("temporary")):
            lost.append(f"items: Advantage {text(item.get('name'), 60)!r} not mapped")
    return found
