"""Quick storyteller characters: a template and a name make a whole character, checked like a file.

The coterie's quick-character dialog and the conflict's add dialog both come here; the caller saves the
result through the store (``SheetKeeper.add`` logs it as one added character). The template's keys are laid
over a blank sheet of the rule set and read back through ``Character.from_toml``, so a template can hold
nothing a character file could not, and a bad one is refused with its id and field.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.user_text import normal_name
from vtm_tui.model.character import Character, new_character
from vtm_tui.rules.sheet_spec import QuickTemplate

MAX_NAME = 80


def _laid_over(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(base)
    for key, value in top.items():
        if isinstance(value, Mapping) and isinstance(result.get(key), dict):
            result[key] = _laid_over(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


def quick_character(template: QuickTemplate, name: str, ruleset: str, *, player: str = "",
                    kind: str = "spc") -> Character:
    """A new character named ``name`` from ``template`` (not saved)."""
    name = normal_name(name)
    if not name:
        raise VtmError("A character needs a name.")
    if len(name) > MAX_NAME:
        raise VtmError(f"A name is at most {MAX_NAME} characters.")
    blank = new_character(name, ruleset, player=player, kind=kind).to_toml()
    doc = _laid_over(blank, template.character)
    doc.update(name=name, ruleset=ruleset, kind=kind, player=player)
    if template.description and "concept" not in template.character:
        doc["concept"] = template.description
    return Character.from_toml(doc, where=f"template {template.id!r}", ruleset=ruleset)


def template_pools(template: QuickTemplate) -> dict[str, int]:
    """A template's simplified pools (for a nameless extra in a conflict); empty if it has none."""
    pools = template.character.get("pools", {})
    return {str(k): int(str(v).lstrip("dD")) for k, v in pools.items()} if isinstance(pools, Mapping) else {}


def conflict_extra(template: QuickTemplate, ruleset: str) -> tuple[dict[str, int], int, bool]:
    """The template as a conflict's nameless extra: (pools, health, vampire), asked of its rule set."""
    from vtm_tui.rules.ruleset import ruleset_for

    made = quick_character(template, template.label, ruleset)
    return ruleset_for(ruleset).conflict_extra(made.to_toml())
