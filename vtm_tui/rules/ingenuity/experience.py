"""Ingenuity experience costs (docs/rules.md, "Experience"; the Ingenuity chapter "Advancing a Character").

A die (an attribute or a skill) costs the size of the die it becomes; a
proficiency costs its new bonus × 4. Maneuvers, powers and talents have entries
too, for a chronicle that keeps them by hand; the sheet has no field for them.
"""

from __future__ import annotations

from collections.abc import Mapping

from vtm_tui.rules.ingenuity.character import ATTRIBUTES, SKILLS

COSTS: dict[str, int] = {
    "die": 1,
    "proficiency": 4,
    "maneuver": 6,
    "power": 4,
    "talent": 8,
}
FORMULAS: dict[str, str] = {
    "die": "new die size × {n}",
    "proficiency": "new bonus × {n}",
    "maneuver": "{n}",
    "power": "tier × {n}",
    "talent": "{n} (or 12)",
}
DICE = (4, 6, 8, 10, 12)
TABLES = ("attributes", "skills", "proficiencies")
KNOWN: dict[str, tuple[str, ...]] = {"attributes": ATTRIBUTES, "skills": SKILLS}
SINGLES: dict[str, tuple[str, str]] = {}
EXAMPLES = ("Strength", "Combat", "Sorcery", "Proficiency: Swords")
PREFIXES: dict[str, str] = {"proficiency": "proficiencies", "skill": "skills"}
#: Sheet tables bought at a level (V5's rituals and formulas): none here.
LEVELLED: dict[str, str] = {}


def ceiling(field: str, trait_max: int) -> int:
    """Dice stop at d12; a proficiency's bonus at 4."""
    return 4 if field.split(".", 1)[0] == "proficiencies" else 12


def kind_of(field: str, label: str, *, clan: str, before: int) -> str | None:
    table = field.split(".", 1)[0]
    return {"attributes": "die", "skills": "die", "proficiencies": "proficiency"}.get(table)


def refusal(field: str, after: int, *, generation: int | None, clan: str, dots: Mapping[str, int]) -> str | None:
    """No prerequisite beyond the ceiling here (V5 has Blood Potency's cap by generation and rituals' dots)."""
    return None


def suggestions(prefix: str) -> tuple[str, ...]:
    """Names to complete after ``prefix`` (``""``: a trait by name)."""
    return (*KNOWN.get("attributes", ()), *KNOWN.get("skills", KNOWN.get("abilities", ()))) if not prefix else ()


def step(field: str, before: int) -> int:
    """A die goes up one size (an unlearned skill starts at d4); a proficiency one point."""
    if field.split(".", 1)[0] == "proficiencies":
        return before + 1
    return next((d for d in DICE if d > before), before + 2)


def show(field: str, value: int) -> str:
    return str(value) if field.split(".", 1)[0] == "proficiencies" else f"d{value}"


def cost(kind: str, before: int, after: int, costs: Mapping[str, int]) -> int:
    return after * costs[kind]
