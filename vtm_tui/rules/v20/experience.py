"""V20 experience costs (docs/rules.md, "Experience"; V20 core, "Experience" chart).

Most traits cost their current rating times a multiplier; a trait bought from
nothing (a new Ability, Discipline or secondary path) has a flat price instead.
"""

from __future__ import annotations

from collections.abc import Mapping

from vtm_tui.rules.v20.traits import ABILITIES, ATTRIBUTES, PATH_VIRTUES, REVISED_ABILITIES, VIRTUES

COSTS: dict[str, int] = {
    "attribute": 4,
    "ability": 2,
    "new_ability": 3,
    "clan_discipline": 5,
    "other_discipline": 7,
    "caitiff_discipline": 6,
    "new_discipline": 10,
    "secondary_path": 4,
    "new_path": 7,
    "virtue": 2,
    "humanity": 2,
    "willpower": 1,
}
FORMULAS: dict[str, str] = {
    "attribute": "current rating × {n}",
    "ability": "current rating × {n}",
    "new_ability": "{n}",
    "clan_discipline": "current rating × {n}",
    "other_discipline": "current rating × {n}",
    "caitiff_discipline": "current rating × {n}",
    "new_discipline": "{n}",
    "secondary_path": "current rating × {n}",
    "new_path": "{n}",
    "virtue": "current rating × {n}",
    "humanity": "current rating × {n}",
    "willpower": "current rating × {n}",
}
CLAN_DISCIPLINES: dict[str, tuple[str, ...]] = {
    "assamite": ("Celerity", "Obfuscate", "Quietus"),
    "brujah": ("Celerity", "Potence", "Presence"),
    "followers of set": ("Obfuscate", "Presence", "Serpentis"),
    "gangrel": ("Animalism", "Fortitude", "Protean"),
    "giovanni": ("Dominate", "Necromancy", "Potence"),
    "lasombra": ("Dominate", "Obtenebration", "Potence"),
    "malkavian": ("Auspex", "Dementation", "Obfuscate"),
    "nosferatu": ("Animalism", "Obfuscate", "Potence"),
    "ravnos": ("Animalism", "Chimerstry", "Fortitude"),
    "toreador": ("Auspex", "Celerity", "Presence"),
    "tremere": ("Auspex", "Dominate", "Thaumaturgy"),
    "tzimisce": ("Animalism", "Auspex", "Vicissitude"),
    "ventrue": ("Dominate", "Fortitude", "Presence"),
}
TABLES = ("attributes", "abilities", "disciplines", "virtues")
KNOWN: dict[str, tuple[str, ...]] = {"attributes": ATTRIBUTES, "abilities": ABILITIES + REVISED_ABILITIES,
                                     "virtues": VIRTUES + PATH_VIRTUES}
SINGLES: dict[str, tuple[str, str]] = {"willpower": ("willpower_permanent", "Willpower"),
                                       "humanity": ("path_rating", "Humanity"), "path": ("path_rating", "Path")}
EXAMPLES = ("Strength", "Alertness", "Dominate", "Conscience", "Willpower", "Humanity", "Path: Lure of Flames")
PREFIXES: dict[str, str] = {"path": "disciplines", "discipline": "disciplines"}
#: Sheet tables bought at a level (V5's rituals and formulas): none here.
LEVELLED: dict[str, str] = {}
#: Flat prices for a trait bought from nothing.
NEW = {"ability": "new_ability", "secondary_path": "new_path"}


def is_secondary_path(name: str) -> bool:
    """A Thaumaturgy or Necromancy path kept among the disciplines (``Path of Blood``, ``Lure of Flames``)."""
    folded = name.strip().casefold()
    return folded.startswith(("path of", "lure of", "the path of"))


def kind_of(field: str, label: str, *, clan: str, before: int) -> str | None:
    table = field.split(".", 1)[0]
    if table == "disciplines":
        if is_secondary_path(label):
            return "new_path" if before == 0 else "secondary_path"
        if before == 0:
            return "new_discipline"
        if clan.strip().casefold() == "caitiff":
            return "caitiff_discipline"
        owned = CLAN_DISCIPLINES.get(clan.strip().casefold(), ())
        return "clan_discipline" if label.casefold() in {d.casefold() for d in owned} else "other_discipline"
    if table == "abilities":
        return "new_ability" if before == 0 else "ability"
    return {"attributes": "attribute", "virtues": "virtue", "path_rating": "humanity",
            "willpower_permanent": "willpower"}.get(table)


def ceiling(field: str, trait_max: int) -> int:
    """Virtues stop at 5, Willpower and Humanity or a Path at 10, everything else at the generation's maximum."""
    table = field.split(".", 1)[0]
    if table == "virtues":
        return 5
    if table in ("willpower_permanent", "path_rating"):
        return 10
    return trait_max


def refusal(field: str, after: int, *, generation: int | None, clan: str, dots: Mapping[str, int]) -> str | None:
    """No prerequisite beyond the ceiling here (V5 has Blood Potency's cap by generation and rituals' dots)."""
    return None


def suggestions(prefix: str) -> tuple[str, ...]:
    """Names to complete after ``prefix`` (``""``: a trait by name)."""
    return (*KNOWN.get("attributes", ()), *KNOWN.get("skills", KNOWN.get("abilities", ()))) if not prefix else ()


def step(field: str, before: int) -> int:
    return before + 1


def show(field: str, value: int) -> str:
    return str(value)


def cost(kind: str, before: int, after: int, costs: Mapping[str, int]) -> int:
    if kind in ("new_ability", "new_discipline", "new_path"):
        return costs[kind]
    return before * costs[kind]
