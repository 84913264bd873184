"""A Foundry VTT "worldofdarkness" (WoD20) actor export → a V20 character document.

Read from the system's own definitions (JohanFalt/Foundry_WoD20: ``template.json``, its
migrations and sheets). Attributes are ``attributes.<key>.value``. Abilities are
``abilities.<key>.value`` with a ``speciality`` text (the system's 5.0 and later), or nested
in groups ``abilities.talent|skill|knowledge.<key>`` (before 5.0); secondary abilities are
``Trait`` items (``wod.types.talentsecondability`` ...). ``advantages`` holds ``willpower``
(``permanent``/``temporary``), ``bloodpool``, ``virtues.<key>.permanent`` and ``path``, whose
``label`` is a key (``wod.advantages.path.humanity``, ``...path.night``) or ``custom`` with the
name in ``path.custom``; ``health.damage`` counts bashing, lethal and aggravated levels.
Disciplines, backgrounds, merits and flaws are ``items`` (``Power`` with ``system.type``
``wod.types.discipline`` or ``...disciplinepath``; ``Trait`` with ``wod.types.background``,
``merit``, ``flaw``). Discipline powers (``...disciplinepower``, tied to their Discipline by
``parentid``), rituals and combination Disciplines have no place on a V20 sheet here (it rates
Disciplines): they are listed in the notes and named in the report. An Ability the V20 sheet
lacks (another game's, one typed in; an Attribute's ``speciality`` too) is kept, as a custom
ability under its name so it can be rolled, and named in the report. The 7.x ``PC`` actor is first
reshaped into this layout (:mod:`vtm_tui.rules.v20.import_wod20_pc`). A Ghoul actor, or a Mortal actor of the
``ghoul`` variant (``settings.variant``), is a ghoul whose blood pool is kept as exported; another Mortal is a
mortal, with no blood pool. Every other field that holds
something is named in the report (:data:`READ`, :data:`QUIET`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.importing import (
    Converted,
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
from vtm_tui.rules.v20.import_wod20_pc import reshape
from vtm_tui.rules.v20.traits import ABILITIES, ATTRIBUTES, PATH_VIRTUES, REVISED_ABILITIES, VIRTUES

ACTOR_TYPES = ("vampire", "ghoul", "mortal")
TRAITS = {"background": "backgrounds", "merit": "merits", "flaw": "flaws"}
#: Ability groups of the system before 5.0 (``abilities.talent.alertness``).
GROUPS = ("talent", "skill", "knowledge")
#: The system's ability keys that V20 spells differently.
ABILITY_KEYS = {"craft": "Crafts"}
#: The system's keys of Abilities V20 lacks that are more than one word (its lang/en.json).
SPELLED = {"martialarts": "Martial Arts", "primalurge": "Primal-Urge", "fasttalk": "Fast-Talk",
           "ancientmedicine": "Ancient Medicine", "ancestralmedicine": "Ancestral Medicine",
           "hearthwisdom": "Hearth Wisdom", "legendlore": "Legend-Lore"}
#: ``advantages.path.label`` keys → the path's name (the system's lang/en.json).
PATHS = {"humanity": "Humanity", "blood": "Path of Blood", "bones": "Path of the Bones", "caine": "Path of Caine",
         "cathari": "Path of Cathari", "feralheart": "Path of the Feral Heart", "accord": "Path of Honorable Accord",
         "lilith": "Path of Lilith", "metamorphosis": "Path of Metamorphosis", "night": "Path of Night",
         "paradox": "Path of Paradox", "innervoice": "Path of Power and the Inner Voice", "typhon": "Path of Typhon"}
#: Item types listed in the notes: a V20 sheet here rates Disciplines and holds no powers or rituals.
LISTED = {"disciplinepower": "Discipline powers", "disciplinepathpower": "Discipline powers",
          "ritual": "Rituals", "combination": "Combination Disciplines"}
#: ``system`` keys this converter reads.
READ = {"clan", "sect", "nature", "demeanor", "sire", "concept", "generation", "attributes", "abilities",
        "advantages", "health", "background", "notes", "bio", "player", "name", "custom", "willpower", "bloodpool",
        "virtues", "path", "humanity"}
#: ``system`` keys that are the system's bookkeeping or derived from what is read (never reported).
QUIET = {"settings", "traits", "soak", "initiative", "movement", "conditions", "iscreated", "isupdated", "money",
         "favoriterolls", "generationmod", "worldanvil", "version"}


def detect(data: Any) -> bool:
    if not isinstance(data, Mapping):
        return False
    inner = data.get("system", data.get("data"))
    if str(data.get("type", "")) == "PC" and isinstance(inner, Mapping):  # the 7.x sheet: refused by name
        return isinstance(inner.get("bio"), Mapping) and isinstance(inner.get("attributes"), Mapping)
    return isinstance(inner, Mapping) and isinstance(inner.get("abilities"), Mapping) and (
        isinstance(inner.get("advantages"), Mapping) or "appearance" in table(inner.get("attributes")))


def convert(data: Mapping[str, Any]) -> Converted:
    lost: list[str] = []
    pc = str(data.get("type", "")).lower() == "pc"
    if pc:  # the 7.x actor: its Abilities and Advantages are items
        data = reshape(data, lost)
    kind = str(data.get("type", "")).lower()
    if kind not in ACTOR_TYPES:
        raise RulesError(f"is a worldofdarkness {kind or 'untyped'} actor{foundry_origin(data)}; only Vampire, "
                         "Ghoul and Mortal actors (or a PC actor of those splats) are V20 characters here")
    system = table(data.get("system", data.get("data")))
    out = Converted({"name": character_name(data.get("name")), "ruleset": "v20"}, lost)
    doc = out.doc
    bio = table(system.get("bio"))
    for key in ("clan", "sect", "nature", "demeanor", "sire", "concept"):
        value = text(system.get(key, bio.get(key)), 200)
        if value.lower() == "custom":  # a name typed in, kept apart from the list's keys
            value = text(table(system.get("custom")).get(key), 200)
        if value:
            doc[key] = value
    player = " ".join(text(system.get("player"), 200).split())
    if player:
        doc["player"] = player[:80]
    generation = number(system.get("generation"), None)
    if generation:
        doc["generation"] = generation
    doc["attributes"] = {name: 1 for name in ATTRIBUTES}
    for key, value in table(system.get("attributes")).items():
        name = match(key, ATTRIBUTES)
        if name is None:
            if number(table(value).get("value"), 0) and key.lower() not in ("composure", "resolve"):
                lost.append(f"attributes.{key}: not a V20 attribute")
            continue
        doc["attributes"][name] = number(table(value).get("value"), 1)
    abilities, specialties = _abilities(table(system.get("abilities")), lost, "items: Ability " if pc else "")
    for key, value in table(system.get("attributes")).items():  # a specialty typed on an Attribute
        special, name = text(table(value).get("speciality"), 100), match(key, ATTRIBUTES)
        if special and name:
            specialties.setdefault(name, []).append(special)
    adv = {key: table(table(system.get("advantages")).get(key)) or table(system.get(key))  # before 3.0: no group
           for key in ("willpower", "bloodpool", "virtues", "path", "humanity")}
    will = adv["willpower"]
    permanent = max(1, number(will.get("permanent"), 1) or 1)
    doc["willpower"] = {"permanent": permanent,
                        "current": max(0, min(permanent, number(will.get("temporary"), permanent) or 0))}
    blood = table(adv.get("bloodpool"))
    creature = _creature(kind, table(system.get("settings")))
    if creature != "vampire":
        doc["creature"] = creature
    if creature == "mortal" and number(blood.get("temporary"), 0):
        lost.append("advantages.bloodpool: a mortal's blood is no pool to spend here; not mapped")
    if creature != "mortal" and blood:  # a vampire's or a ghoul's pool, as the table kept it
        doc["blood"] = {"current": max(0, number(blood.get("temporary"), 10) or 0)}
        if number(blood.get("max"), None):
            doc["blood"]["max"] = number(blood.get("max"), None)
            doc["blood"]["current"] = min(doc["blood"]["current"], doc["blood"]["max"])
    virtues: dict[str, int] = {}
    for key, value in table(adv.get("virtues")).items():
        name = match(key, VIRTUES + PATH_VIRTUES)
        rating = number(table(value).get("permanent"), 0) or number(table(value).get("value"), 0) or 0
        if name is not None and rating:
            virtues[name] = rating
    doc["virtues"] = virtues or {"Conscience": 1, "Self-Control": 1, "Courage": 1}
    path = table(adv.get("path")) or table(adv.get("humanity"))
    if path:
        doc["path_rating"] = number(path.get("permanent"), 0) or number(path.get("value"), 7)
        name = _path_name(path, lost)
        if name and name != "Humanity":
            doc["path"] = name
    lost.extend(f"advantages.{key}: not mapped" for key, value in table(system.get("advantages")).items()
                if key not in adv and holds(value))
    damage = table(table(system.get("health")).get("damage"))
    doc["health"] = {k: number(damage.get(k), 0) for k in ("bashing", "lethal", "aggravated")}
    listed = _items(rows(data.get("items")), doc, abilities, specialties, lost)
    doc["abilities"] = abilities
    if specialties:
        doc["specialties"] = specialties
    doc["notes"] = join_notes(plain_html(system.get("background") or bio.get("background")),
                              plain_html(system.get("notes") or bio.get("notes")), listed)
    lost.extend(f"{key}: not mapped" for key, value in system.items()
                if key not in READ and key not in QUIET and holds(value))
    lost.extend(effects(data))
    return out


def _creature(kind: str, settings: Mapping[str, Any]) -> str:
    """A Vampire actor is a vampire; a Ghoul actor, or a Mortal actor of the system's ``ghoul`` variant
    (``settings.variant``: how the system's 7.x makes a ghoul), a ghoul; any other Mortal a mortal."""
    if kind == "ghoul" or str(settings.get("variant", "")).lower() == "ghoul":
        return "ghoul"
    return kind


def _abilities(held: Mapping[str, Any], lost: list[str],
               items: str = "") -> tuple[dict[str, int], dict[str, list[str]]]:
    """Abilities flat (``abilities.etiquette``) or nested in groups (``abilities.skill.etiquette``): both read.
    ``items``: the report's prefix when they came from a PC actor's items rather than ``abilities``."""
    found: list[tuple[str, str, Mapping[str, Any]]] = []
    for key, value in held.items():
        inner = table(value)
        if key.lower() in GROUPS and "value" not in inner:
            found += [(f"abilities.{key}.{sub}", sub, table(v)) for sub, v in inner.items()]
        else:
            found.append((f"{items}{key!r}" if items else f"abilities.{key}", key, inner))
    abilities: dict[str, int] = {}
    specialties: dict[str, list[str]] = {}
    for where, key, value in found:
        name = ABILITY_KEYS.get(key.lower()) or match(key, ABILITIES + REVISED_ABILITIES)
        dots = number(value.get("value"), 0) or 0
        if name is None:
            if not dots:
                continue
            name = _custom_name(key, value)
            if not name:
                lost.append(f"{where}: {dots} dots, an ability with no name: not mapped")
                continue
            lost.append(f"{where}: {dots} dots, not a V20 ability: kept as the custom ability {name!r}")
        if dots:
            abilities[name] = max(dots, abilities.get(name, 0))
        special = text(value.get("speciality") or value.get("specialty"), 100)
        if special and special not in specialties.get(name, []):
            specialties.setdefault(name, []).append(special)
    return abilities, specialties


def _custom_name(key: str, value: Mapping[str, Any]) -> str:
    """The name an Ability the V20 sheet lacks is kept under: the name typed for it, else its key spelled out
    (``martialarts`` → Martial Arts, ``wod.abilities.fasttalk`` → Fast-Talk)."""
    for typed in (value.get("altlabel"), value.get("label")):
        name = " ".join(text(typed, 100).split())
        if name and not name.lower().startswith("wod."):
            return name
    key = " ".join(text(key.rsplit(".", 1)[-1], 100).split())
    return SPELLED.get(key.lower()) or key[:1].upper() + key[1:]


def _path_name(path: Mapping[str, Any], lost: list[str]) -> str:
    """``wod.advantages.path.night`` → Path of Night; ``custom`` → the name typed in ``path.custom``."""
    label = " ".join(text(path.get("label") or path.get("name"), 100).split())
    if label.lower() == "custom":
        return " ".join(text(path.get("custom"), 100).split())
    key = label.lower()
    if key.startswith("wod.advantages."):
        name = PATHS.get(key.rsplit(".", 1)[-1])
        if name is None:
            lost.append(f"advantages.path.label {label!r}: not a path this tool knows; read as Humanity")
        return name or "Humanity"
    return "Humanity" if key == "humanity" else label


def _items(items: list[Mapping[str, Any]], doc: dict[str, Any], abilities: dict[str, int],
           specialties: dict[str, list[str]], lost: list[str]) -> str:
    """Disciplines, traits, secondary abilities and experience into ``doc``; the text listing the powers,
    rituals and combinations that have no place on the sheet."""
    disciplines: dict[str, int] = {}
    ids = {text(i.get("_id"), 100): text(i.get("name"), 100) for i in items if text(i.get("_id"))}
    listed: dict[str, list[str]] = {}
    gained = spent = 0
    for item in items:
        itype = str(item.get("type", "")).lower()
        info = table(item.get("system", item.get("data")))
        sub = str(info.get("type", "")).lower().rsplit(".", 1)[-1]
        name = text(item.get("name"), 100)
        rating = number(info.get("value", info.get("level")), 0) or 0
        if itype == "power" and sub in ("discipline", "disciplinepath", "path") and name:
            disciplines[name] = rating
        elif itype == "power" and sub in LISTED and name:
            parent = text(info.get("parentid"), 100)
            level = number(info.get("level"), 0) or rating
            label = f"{ids.get(parent, parent) + ': ' if parent else ''}{name}{f' ({level})' if level else ''}"
            listed.setdefault(LISTED[sub], []).append(label)
        elif itype == "trait" and sub in TRAITS and name:
            doc.setdefault(TRAITS[sub], {})[name] = rating
        elif itype == "trait" and sub.endswith("secondability") and name:
            known = match(name, ABILITIES + REVISED_ABILITIES)
            abilities[known or name] = max(rating, abilities.get(known or name, 0))
            if known is None:
                lost.append(f"items: secondary ability {name!r}: kept as a custom ability")
            if text(info.get("speciality"), 100):
                specialties.setdefault(known or name, []).append(text(info.get("speciality"), 100))
        elif itype == "experience":
            amount = number(info.get("amount"), 0) or 0
            if info.get("isspent") is True or "spent" in str(info.get("type", "")).lower():
                spent += amount
            else:
                gained += amount
        else:
            lost.append(f"items: {text(item.get('type'), 30)} {name!r} not mapped")
    if disciplines:
        doc["disciplines"] = disciplines
    if gained or spent:
        doc["experience"] = {"total": max(gained, spent), "spent": spent}
    for heading, names in listed.items():
        lost.append(f"items: {len(names)} {heading.lower()} kept in the notes (a V20 sheet here holds none)")
    return "\n\n".join(f"{heading}:\n" + "\n".join(names) for heading, names in listed.items())

