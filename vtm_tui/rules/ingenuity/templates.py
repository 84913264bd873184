"""Ingenuity quick storyteller characters: attribute and skill dice for what the character does."""

from __future__ import annotations

from vtm_tui.rules.sheet_spec import QuickTemplate

TEMPLATES: tuple[QuickTemplate, ...] = (
    QuickTemplate("commoner", "Commoner", {
        "attributes": {"Strength": "d4", "Dexterity": "d4", "Intellect": "d4", "Resolve": "d4"}},
        "Someone in the wrong place."),
    QuickTemplate("guard", "Guard", {
        "attributes": {"Strength": "d6", "Dexterity": "d6", "Intellect": "d4", "Resolve": "d4"},
        "skills": {"Combat": "d8", "Perception": "d6"}}, "Armed and watchful."),
    QuickTemplate("bandit", "Bandit", {
        "attributes": {"Strength": "d6", "Dexterity": "d8", "Intellect": "d4", "Resolve": "d4"},
        "skills": {"Combat": "d6", "Agility": "d8"}}, "Quick and greedy."),
    QuickTemplate("veteran", "Veteran", {
        "attributes": {"Strength": "d8", "Dexterity": "d6", "Intellect": "d6", "Resolve": "d8"},
        "skills": {"Combat": "d10", "Athletics": "d8", "Insight": "d6"}}, "Has seen worse."),
    QuickTemplate("mage", "Hedge mage", {
        "attributes": {"Strength": "d4", "Dexterity": "d6", "Intellect": "d8", "Resolve": "d6"},
        "skills": {"Wizardry": "d8", "Insight": "d6"}}, "A little sorcery, a lot of nerve."),
)
