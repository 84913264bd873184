"""V20 Trait names, for pickers, completion and the pool rules.

The lists follow V20 (Awareness, Larceny, Technology); Revised's older names
(Dodge, Security, Linguistics) are kept apart in :data:`REVISED_ABILITIES` so a
chronicle converted from Revised still resolves its sheets.
"""

from __future__ import annotations

PHYSICAL = ("Strength", "Dexterity", "Stamina")
SOCIAL = ("Charisma", "Manipulation", "Appearance")
MENTAL = ("Perception", "Intelligence", "Wits")
ATTRIBUTES = PHYSICAL + SOCIAL + MENTAL

TALENTS = (
    "Alertness", "Athletics", "Awareness", "Brawl", "Empathy",
    "Expression", "Intimidation", "Leadership", "Streetwise", "Subterfuge",
)
SKILLS = (
    "Animal Ken", "Crafts", "Drive", "Etiquette", "Firearms",
    "Larceny", "Melee", "Performance", "Stealth", "Survival",
)
KNOWLEDGES = (
    "Academics", "Computer", "Finance", "Investigation", "Law",
    "Medicine", "Occult", "Politics", "Science", "Technology",
)
ABILITIES = TALENTS + SKILLS + KNOWLEDGES
#: Revised-edition Abilities that V20 renamed or folded into others.
REVISED_ABILITIES = ("Dodge", "Security", "Linguistics")

#: The Virtues; a path's alternatives (Conviction, Instinct) stand in for the first two.
VIRTUES = ("Conscience", "Self-Control", "Courage")
PATH_VIRTUES = ("Conviction", "Instinct")

#: Traits rated up to 10 (or rolled on their own in the books): never added to another Trait.
SOLO_TRAITS = ("Willpower", "Humanity", "Path", "Road") + VIRTUES + PATH_VIRTUES


def is_solo_trait(name: str) -> bool:
    """True for Willpower, Humanity, a Path or a Virtue: Traits that are rolled alone.

    A Path of Enlightenment is named in full on a sheet ("Path of Caine"), so any
    name that starts with "Path" or "Road" counts.
    """
    folded = " ".join(name.split()).casefold()
    if folded.startswith(("path", "road")):
        return True
    return folded in {trait.casefold() for trait in SOLO_TRAITS}
