"""V5 experience costs (docs/rules.md, "Experience"; V5 core, "Advancement").

Raising a trait costs its new level times a multiplier; a new specialty, an
advantage dot and a ritual or formula have their own entries. Disciplines cost
more out of clan; a Caitiff has no clan disciplines and pays its own rate.
Blood Potency stops at its generation's cap, and a ritual or formula needs as
many dots of its Discipline as its level (:func:`refusal`).
"""

from __future__ import annotations

from collections.abc import Mapping

from vtm_tui.rules.v5.traits import ATTRIBUTE_NAMES, DISCIPLINES, SKILL_NAMES

#: Cost-table entry → experience (a multiplier where FORMULAS says "× new level").
COSTS: dict[str, int] = {
    "attribute": 5,
    "skill": 3,
    "specialty": 3,
    "clan_discipline": 5,
    "other_discipline": 7,
    "caitiff_discipline": 6,
    "ritual": 3,
    "advantage": 3,
    "blood_potency": 10,
}
#: How each entry is applied, for the docs and the confirm dialog.
FORMULAS: dict[str, str] = {
    "attribute": "new level × {n}",
    "skill": "new level × {n}",
    "specialty": "{n} each",
    "clan_discipline": "new level × {n}",
    "other_discipline": "new level × {n}",
    "caitiff_discipline": "new level × {n}",
    "ritual": "ritual or formula level × {n}",
    "advantage": "{n} per dot",
    "blood_potency": "new level × {n}",
}
#: Each clan's disciplines (V5 core and Players Guide); Caitiff have none, the Thin-Blooded only Alchemy.
CLAN_DISCIPLINES: dict[str, tuple[str, ...]] = {
    "banu haqim": ("Blood Sorcery", "Celerity", "Obfuscate"),
    "brujah": ("Celerity", "Potence", "Presence"),
    "gangrel": ("Animalism", "Fortitude", "Protean"),
    "hecata": ("Auspex", "Fortitude", "Oblivion"),
    "lasombra": ("Dominate", "Oblivion", "Potence"),
    "malkavian": ("Auspex", "Dominate", "Obfuscate"),
    "ministry": ("Obfuscate", "Presence", "Protean"),
    "nosferatu": ("Animalism", "Obfuscate", "Potence"),
    "ravnos": ("Animalism", "Obfuscate", "Presence"),
    "salubri": ("Auspex", "Dominate", "Fortitude"),
    "toreador": ("Auspex", "Celerity", "Presence"),
    "tremere": ("Auspex", "Blood Sorcery", "Dominate"),
    "tzimisce": ("Animalism", "Dominate", "Protean"),
    "ventrue": ("Dominate", "Fortitude", "Presence"),
    "thin-blood": ("Thin-Blood Alchemy",),
}
#: Sheet tables whose entries may be raised, the standard names of each, and single traits by typed name.
TABLES = ("attributes", "skills", "disciplines", "advantages")
KNOWN: dict[str, tuple[str, ...]] = {"attributes": ATTRIBUTE_NAMES, "skills": SKILL_NAMES, "disciplines": DISCIPLINES}
SINGLES: dict[str, tuple[str, str]] = {"blood potency": ("blood_potency", "Blood Potency")}
EXAMPLES = ("Strength", "Brawl", "Brawl (Grappling)", "Dominate", "Blood Potency", "Advantage: Herd",
            "Ritual: Ward against Ghouls", "Ritual: Wards (level 2)")
#: ``--raise "<prefix>: <name>"`` buys something new of that table (a ritual or formula not in the core
#: catalogue needs its level).
PREFIXES: dict[str, str] = {"advantage": "advantages", "ritual": "rituals", "formula": "formulas"}
#: Sheet tables bought at a level (a ritual or formula: its own kind on the sheet) → the kind.
LEVELLED: dict[str, str] = {"rituals": "ritual", "formulas": "formula"}
#: The most Blood Potency a generation may reach (V5 core, "Generation": the table of Blood Potency by
#: generation). Thin-bloods (14th-16th) have none; a generation not listed (or none on the sheet) caps at 10.
BLOOD_POTENCY_CAP: dict[int, int] = {3: 10, 4: 9, 5: 8, 6: 7, 7: 6, 8: 5, 9: 5, 10: 4, 11: 4, 12: 3, 13: 3,
                                     14: 0, 15: 0, 16: 0}
MULTIPLIED = ("attribute", "skill", "clan_discipline", "other_discipline", "caitiff_discipline", "blood_potency")


def in_clan(clan: str, discipline: str) -> bool:
    return discipline.casefold() in {d.casefold() for d in CLAN_DISCIPLINES.get(clan.strip().casefold(), ())}


def kind_of(field: str, label: str, *, clan: str, before: int) -> str | None:
    """The cost-table entry for raising ``field`` (None: not bought with experience)."""
    table = field.split(".", 1)[0]
    if table == "disciplines":
        if clan.strip().casefold() == "caitiff":
            return "caitiff_discipline"
        return "clan_discipline" if in_clan(clan, label) else "other_discipline"
    return {"attributes": "attribute", "skills": "skill", "specialties": "specialty", "rituals": "ritual",
            "formulas": "ritual", "advantages": "advantage", "blood_potency": "blood_potency"}.get(table)


def ceiling(field: str, trait_max: int) -> int:
    """Dots stop at 5; Blood Potency at 10."""
    return 10 if field == "blood_potency" else 5


def blood_potency_cap(generation: int | None, clan: str) -> int:
    """The highest Blood Potency of ``generation`` (a thin-blood's is 0 whatever the sheet's generation says)."""
    if clan.strip().casefold() == "thin-blood":
        return 0
    return BLOOD_POTENCY_CAP.get(generation, 10) if generation is not None else 10


def refusal(field: str, after: int, *, generation: int | None, clan: str, dots: Mapping[str, int]) -> str | None:
    """Why the sheet may not buy ``field`` at ``after`` though it has the experience, or ``None``.

    Blood Potency stops at its generation's cap; a ritual or formula needs as many dots of its Discipline as
    its level (``dots``: the sheet's Disciplines, name → dots).
    """
    if field == "blood_potency":
        cap = blood_potency_cap(generation, clan)
        if after > cap:
            who = "a thin-blood" if cap == 0 else f"generation {generation}"
            return f"Blood Potency {after} is past the cap of {cap} for {who}"
        return None
    kind = LEVELLED.get(field.split(".", 1)[0])
    if kind is None:
        return None
    from vtm_tui.rules.catalogue.v5_rituals import KINDS, missing

    held = next((d for name, d in dots.items() if name.casefold() == KINDS[kind].casefold()), 0)
    lack = missing(kind, after, held)
    if lack:
        return f"a level-{after} {kind} needs {lack} (has {held})"
    return None


def suggestions(prefix: str) -> tuple[str, ...]:
    """Names to complete after ``prefix`` (``"ritual"``, ``"formula"``, ``"advantage"``, ``""`` for a trait)."""
    if prefix in ("ritual", "formula"):
        from vtm_tui.rules.catalogue.v5_rituals import FORMULAS, RITUALS

        return tuple(r.name for r in (RITUALS if prefix == "ritual" else FORMULAS))
    if prefix == "advantage":
        from vtm_tui.rules.v5.catalogue import MERITS

        return MERITS
    return (*ATTRIBUTE_NAMES, *SKILL_NAMES, *DISCIPLINES, "Blood Potency") if not prefix else ()


def step(field: str, before: int) -> int:
    """Dots go up one at a time."""
    return before + 1


def show(field: str, value: int) -> str:
    return str(value)


def cost(kind: str, before: int, after: int, costs: Mapping[str, int]) -> int:
    """Experience for ``before → after`` (``after`` is the ritual's level for a ritual)."""
    if kind in MULTIPLIED or kind == "ritual":
        return after * costs[kind]
    return costs[kind] * max(1, after - before)  # specialty: one; advantage: per dot
