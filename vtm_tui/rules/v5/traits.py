"""The V5 Attributes, Skills and Disciplines, each with its category.

The category decides which tracker impairs a pool (Physical pools suffer from a
full Health track, Mental and Social pools from a full Willpower track), and the
app uses these names to lay out sheets and to complete pool expressions.
"""

from __future__ import annotations

from enum import Enum


class Category(str, Enum):
    """The three columns of a V5 sheet."""

    PHYSICAL = "Physical"
    SOCIAL = "Social"
    MENTAL = "Mental"


#: Attributes in sheet order, by category.
ATTRIBUTES: dict[Category, tuple[str, ...]] = {
    Category.PHYSICAL: ("Strength", "Dexterity", "Stamina"),
    Category.SOCIAL: ("Charisma", "Manipulation", "Composure"),
    Category.MENTAL: ("Intelligence", "Wits", "Resolve"),
}

#: Skills in sheet order, by category.
SKILLS: dict[Category, tuple[str, ...]] = {
    Category.PHYSICAL: (
        "Athletics", "Brawl", "Craft", "Drive", "Firearms", "Larceny", "Melee", "Stealth", "Survival",
    ),
    Category.SOCIAL: (
        "Animal Ken", "Etiquette", "Insight", "Intimidation", "Leadership", "Performance", "Persuasion",
        "Streetwise", "Subterfuge",
    ),
    Category.MENTAL: (
        "Academics", "Awareness", "Finance", "Investigation", "Medicine", "Occult", "Politics", "Science",
        "Technology",
    ),
}

#: The Disciplines of the core book (pools with them get the Blood Potency power bonus).
DISCIPLINES: tuple[str, ...] = (
    "Animalism", "Auspex", "Blood Sorcery", "Celerity", "Dominate", "Fortitude", "Obfuscate", "Oblivion",
    "Potence", "Presence", "Protean", "Thin-Blood Alchemy",
)

ATTRIBUTE_NAMES: tuple[str, ...] = tuple(name for names in ATTRIBUTES.values() for name in names)
SKILL_NAMES: tuple[str, ...] = tuple(name for names in SKILLS.values() for name in names)
#: Every rated trait a V5 pool can name (plus the trackers rolled on their own).
TRAIT_NAMES: tuple[str, ...] = ATTRIBUTE_NAMES + SKILL_NAMES + DISCIPLINES + ("Willpower", "Humanity")

_CATEGORY_OF: dict[str, Category] = {
    name.casefold(): category
    for table in (ATTRIBUTES, SKILLS)
    for category, names in table.items()
    for name in names
}


def category_of(trait: str) -> Category | None:
    """The category of an Attribute or Skill (any case); ``None`` for anything else."""
    return _CATEGORY_OF.get(" ".join(trait.split()).casefold())


def is_attribute(trait: str) -> bool:
    return " ".join(trait.split()).casefold() in {n.casefold() for n in ATTRIBUTE_NAMES}


def is_discipline(trait: str) -> bool:
    return " ".join(trait.split()).casefold() in {n.casefold() for n in DISCIPLINES}
