"""Trait names of each rule set's sheet, in sheet order.

These are the names a character file uses as keys and the pool parser
resolves (``Wits + Awareness``). The engines hold the same lists; they are
repeated here, not imported, because importing an engine package loads the
whole engine (odds tables included), and opening a chronicle must stay cheap.
``tests/model/test_character_traits.py`` fails the moment the two disagree.
"""

from __future__ import annotations

V5_ATTRIBUTES = ("Strength", "Dexterity", "Stamina", "Charisma", "Manipulation", "Composure",
                 "Intelligence", "Wits", "Resolve")
V5_PHYSICAL_ATTRIBUTES = V5_ATTRIBUTES[:3]
V5_SOCIAL_ATTRIBUTES = V5_ATTRIBUTES[3:6]
V5_MENTAL_ATTRIBUTES = V5_ATTRIBUTES[6:]
V5_SKILLS = (
    "Athletics", "Brawl", "Craft", "Drive", "Firearms", "Larceny", "Melee", "Stealth", "Survival",
    "Animal Ken", "Etiquette", "Insight", "Intimidation", "Leadership", "Performance", "Persuasion",
    "Streetwise", "Subterfuge",
    "Academics", "Awareness", "Finance", "Investigation", "Medicine", "Occult", "Politics", "Science",
    "Technology",
)
V5_PHYSICAL_SKILLS = V5_SKILLS[:9]
V5_SOCIAL_SKILLS = V5_SKILLS[9:18]
V5_MENTAL_SKILLS = V5_SKILLS[18:]
V5_DISCIPLINES = ("Animalism", "Auspex", "Blood Sorcery", "Celerity", "Dominate", "Fortitude", "Obfuscate",
                  "Oblivion", "Potence", "Presence", "Protean", "Thin-Blood Alchemy")
V5_CLANS = ("Banu Haqim", "Brujah", "Gangrel", "Hecata", "Lasombra", "Malkavian", "Ministry", "Nosferatu",
            "Ravnos", "Salubri", "Toreador", "Tremere", "Tzimisce", "Ventrue", "Caitiff", "Thin-Blood")
V5_CREATURES = ("vampire", "ghoul", "mortal")

V20_ATTRIBUTES = ("Strength", "Dexterity", "Stamina", "Charisma", "Manipulation", "Appearance",
                  "Perception", "Intelligence", "Wits")
V20_TALENTS = ("Alertness", "Athletics", "Awareness", "Brawl", "Empathy", "Expression", "Intimidation",
               "Leadership", "Streetwise", "Subterfuge")
V20_SKILLS = ("Animal Ken", "Crafts", "Drive", "Etiquette", "Firearms", "Larceny", "Melee", "Performance",
              "Stealth", "Survival")
V20_KNOWLEDGES = ("Academics", "Computer", "Finance", "Investigation", "Law", "Medicine", "Occult", "Politics",
                  "Science", "Technology")
V20_ABILITIES = V20_TALENTS + V20_SKILLS + V20_KNOWLEDGES
#: Revised-edition Abilities V20 renamed or folded: accepted on a sheet without a warning.
V20_REVISED_ABILITIES = ("Dodge", "Security", "Linguistics")
V20_DISCIPLINES = ("Animalism", "Auspex", "Celerity", "Chimerstry", "Dementation", "Dominate", "Fortitude",
                   "Necromancy", "Obfuscate", "Obtenebration", "Potence", "Presence", "Protean", "Quietus",
                   "Serpentis", "Thaumaturgy", "Vicissitude")
#: Each virtue with its alternative on a Path of Enlightenment.
V20_VIRTUES = (("Conscience", "Conviction"), ("Self-Control", "Instinct"), ("Courage",))
V20_VIRTUE_NAMES = tuple(name for pair in V20_VIRTUES for name in pair)
#: Health levels: (name, dice penalty); None = cannot act.
V20_HEALTH_LEVELS: tuple[tuple[str, int | None], ...] = (
    ("Bruised", 0), ("Hurt", -1), ("Injured", -1), ("Wounded", -2), ("Mauled", -2), ("Crippled", -5),
    ("Incapacitated", None),
)
#: Generation → (blood pool maximum, blood per turn, trait maximum).
#: Source: the Generation chart of Vampire: The Masquerade Revised and V20 core (Chapter Four, Traits),
#: which agree: 13th 10 pool / 1 per turn, 12th 11/1, 11th 12/1, 10th 13/1, 9th 14/2, 8th 15/3, 7th 20/4,
#: 6th 30/6, 5th 40/8, 4th 50/10; 14th and 15th (V20) 10/1. The books leave the 3rd unknown.
V20_GENERATIONS: dict[int, tuple[int, int, int]] = {
    3: (100, 100, 10), 4: (50, 10, 9), 5: (40, 8, 8), 6: (30, 6, 7), 7: (20, 4, 6), 8: (15, 3, 5),
    9: (14, 2, 5), 10: (13, 1, 5), 11: (12, 1, 5), 12: (11, 1, 5), 13: (10, 1, 5), 14: (10, 1, 5), 15: (10, 1, 5),
}
#: What a V20 sheet is: a vampire's blood pool, blood per turn and trait maximum come from its generation; a
#: ghoul's and a mortal's do not (docs/rules.md, V20, "Ghouls and mortals").
V20_CREATURES = ("vampire", "ghoul", "mortal")
#: A ghoul's blood pool (vitae its domitor fed it) when the sheet gives none, and blood it may spend per turn.
V20_GHOUL_BLOOD_POOL = 2
V20_GHOUL_BLOOD_PER_TURN = 1

INGENUITY_ATTRIBUTES = ("Strength", "Dexterity", "Intellect", "Resolve")
INGENUITY_MUNDANE_SKILLS = ("Agility", "Athletics", "Charisma", "Combat", "Craft", "Handling", "Insight",
                            "Networking", "Perception", "Taming")
INGENUITY_SUPERNATURAL_SKILLS = ("Animism", "Communion", "Ki", "Psionics", "Sorcery", "Superpowers", "Wizardry")
INGENUITY_SKILLS = INGENUITY_MUNDANE_SKILLS + INGENUITY_SUPERNATURAL_SKILLS
INGENUITY_DICE = (4, 6, 8, 10, 12)
INGENUITY_SIZES = ("Miniscule", "Tiny", "Small", "Medium", "Large", "Huge", "Gigantic", "Enormous", "Massive",
                   "Tremendous", "Colossal", "Titanic")
#: Resource → the attribute whose die size adds to 6 for its maximum.
INGENUITY_RESOURCES = {"Health": "Strength", "Endurance": "Resolve", "Stamina": "Dexterity", "Focus": "Intellect"}
