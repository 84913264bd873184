"""Ingenuity character creation ("Creating a Character"), as pure functions on a character's TOML document.

Two good attributes at d6 and two weak ones at d4 (creation starts with all four weak); one talent adds 4 to a resource (Toughness: Endurance,
Longevity: Stamina, Mindfulness: Focus); resources follow from the attributes. The archetype's trained skills
and proficiencies are the table's to decide: shown, not counted. Everything warns; nothing refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.ingenuity.character import ATTRIBUTES, RESOURCE_ATTRIBUTES, RESOURCE_BASE
from vtm_tui.rules.sheet_spec import Budget, CreationReport

GOOD, WEAK = 6, 4
TALENTS = {"Toughness": "Endurance", "Longevity": "Stamina", "Mindfulness": "Focus"}
TALENT_BONUS = 4


def die_size(value: Any) -> int:
    """A die written ``"d8"`` or ``8`` as its size."""
    text = str(value).strip().lower()
    return int(text[1:]) if text.startswith("d") and text[1:].isdigit() else int(value or 0)


def report(doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
    attributes = {k: die_size(v) for k, v in (doc.get("attributes", {}) or {}).items()}
    good = sum(1 for n in ATTRIBUTES if attributes.get(n) == GOOD)
    weak = sum(1 for n in ATTRIBUTES if attributes.get(n) == WEAK)
    proficiencies = doc.get("proficiencies", {}) or {}
    budgets = (
        Budget("Good attributes (d6)", good, 2, f"{weak} weak (d4)"),
        Budget("Proficiencies", len(proficiencies), None, "the archetype's"),
    )
    warnings = []
    other = [n for n in ATTRIBUTES if attributes.get(n) not in (GOOD, WEAK)]
    if other:
        warnings.append(f"Attributes: {', '.join(other)} should be d6 (good) or d4 (weak)")
    if good > 2:
        warnings.append(f"Attributes: {good} good, the book gives 2 good and 2 weak")
    if choices.get("talent") not in TALENTS:
        warnings.append(f"Talent: choose one of {', '.join(TALENTS)}")
    return CreationReport(budgets, tuple(warnings))


def start(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Creation starts with every attribute weak (d4): the player raises two to good (d6). The blank sheet's
    own d6s would open the wizard on "4 good" before anything was chosen."""
    return {**doc, "attributes": {name: f"d{WEAK}" for name in ATTRIBUTES}}


def apply(doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
    """Resources follow the attributes; the talent adds 4 to its resource's maximum."""
    result = dict(doc)
    attributes = {k: die_size(v) for k, v in (doc.get("attributes", {}) or {}).items()}
    boosted = TALENTS.get(choices.get("talent", ""))
    resources: dict[str, Any] = {}
    for resource, attribute in RESOURCE_ATTRIBUTES:
        top = RESOURCE_BASE + attributes.get(attribute, GOOD) + (TALENT_BONUS if resource == boosted else 0)
        resources[resource] = {"current": top, "max": top}
    result["resources"] = resources
    return result
