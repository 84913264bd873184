"""V5 names a sheet completes from: clans and their Disciplines, predator types, merits, backgrounds, flaws.

Completion, never restriction: a chronicle's own clan or merit is kept as typed. Predator types carry what
guided creation needs to count budgets (the Discipline and specialty to pick from, Humanity and Blood
Potency changes, the advantage and flaw points they grant), as the core book's predator-type list gives them.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtm_tui.rules.v5.traits import DISCIPLINES

#: Clan → its three clan Disciplines (Caitiff choose any; thin-bloods have Thin-Blood Alchemy).
CLAN_DISCIPLINES: dict[str, tuple[str, ...]] = {
    "Banu Haqim": ("Blood Sorcery", "Celerity", "Obfuscate"),
    "Brujah": ("Celerity", "Potence", "Presence"),
    "Gangrel": ("Animalism", "Fortitude", "Protean"),
    "Hecata": ("Auspex", "Fortitude", "Oblivion"),
    "Lasombra": ("Dominate", "Oblivion", "Potence"),
    "Malkavian": ("Auspex", "Dominate", "Obfuscate"),
    "Ministry": ("Obfuscate", "Presence", "Protean"),
    "Nosferatu": ("Animalism", "Obfuscate", "Potence"),
    "Ravnos": ("Animalism", "Obfuscate", "Presence"),
    "Salubri": ("Auspex", "Dominate", "Fortitude"),
    "Toreador": ("Auspex", "Celerity", "Presence"),
    "Tremere": ("Auspex", "Blood Sorcery", "Dominate"),
    "Tzimisce": ("Animalism", "Dominate", "Protean"),
    "Ventrue": ("Dominate", "Fortitude", "Presence"),
    "Caitiff": DISCIPLINES[:-1],
    "Thin-Blood": ("Thin-Blood Alchemy",),
}


@dataclass(frozen=True)
class PredatorType:
    """A predator type's grants (one Discipline dot and one specialty chosen from the options)."""

    name: str
    disciplines: tuple[str, ...]
    specialties: tuple[str, ...]
    humanity: int = 0
    blood_potency: int = 0
    advantages: int = 0  # merit/background points the type grants on top of the 7
    flaws: int = 0  # flaw points the type imposes on top of the 2
    #: The merits and backgrounds, and the flaws, the type writes on the sheet (name → dots; where the book
    #: offers a choice, its first option: the storyteller changes them on the advantages and flaws pages).
    granted_advantages: tuple[tuple[str, int], ...] = ()
    granted_flaws: tuple[tuple[str, int], ...] = ()


PREDATOR_TYPES: dict[str, PredatorType] = {p.name: p for p in (
    PredatorType("Alleycat", ("Celerity", "Potence"), ("Intimidation (Stickups)", "Brawl (Grappling)"),
                 humanity=-1, advantages=3, granted_advantages=(("Contacts", 3),)),
    PredatorType("Bagger", ("Blood Sorcery", "Obfuscate"), ("Larceny (Lock Picking)", "Streetwise (Black Market)"),
                 advantages=3, flaws=2, granted_advantages=(("Iron Gullet", 3),), granted_flaws=(("Enemy", 2),)),
    PredatorType("Blood Leech", ("Celerity", "Protean"), ("Brawl (Kindred)", "Stealth (Against Kindred)"),
                 humanity=-1, blood_potency=1, flaws=4, granted_flaws=(("Dark Secret", 2), ("Prey Exclusion", 2))),
    PredatorType("Cleaver", ("Dominate", "Animalism"), ("Persuasion (Gaslighting)", "Subterfuge (Coverups)"),
                 advantages=2, flaws=1, granted_advantages=(("Herd", 2),), granted_flaws=(("Dark Secret", 1),)),
    PredatorType("Consensualist", ("Auspex", "Fortitude"), ("Medicine (Phlebotomy)", "Persuasion (Victims)"),
                 humanity=1, flaws=2, granted_flaws=(("Dark Secret", 1), ("Prey Exclusion", 1))),
    PredatorType("Farmer", ("Animalism", "Protean"), ("Animal Ken (Specific Animal)", "Survival (Hunting)"),
                 humanity=1, flaws=2, granted_flaws=(("Farmer", 2),)),
    PredatorType("Osiris", ("Blood Sorcery", "Presence"),
                 ("Occult (Specific Tradition)", "Performance (Specific Field)"),
                 advantages=3, flaws=2, granted_advantages=(("Fame", 3),), granted_flaws=(("Enemy", 2),)),
    PredatorType("Sandman", ("Auspex", "Obfuscate"), ("Medicine (Anesthetics)", "Stealth (Break-in)"),
                 advantages=1, granted_advantages=(("Resources", 1),)),
    PredatorType("Scene Queen", ("Dominate", "Potence"),
                 ("Etiquette (Specific Scene)", "Leadership (Specific Scene)", "Streetwise (Specific Scene)"),
                 advantages=3, flaws=1, granted_advantages=(("Influence", 1), ("Fame", 1), ("Contacts", 1)),
                 granted_flaws=(("Disliked", 1),)),
    PredatorType("Siren", ("Fortitude", "Presence"), ("Persuasion (Seduction)", "Subterfuge (Seduction)"),
                 advantages=2, flaws=1, granted_advantages=(("Beautiful", 2),), granted_flaws=(("Enemy", 1),)),
)}

BACKGROUNDS = ("Allies", "Contacts", "Fame", "Haven", "Herd", "Influence", "Mask", "Mawla", "Resources",
               "Retainers", "Status")
MERITS = ("Linguistics", "Looks: Beautiful", "Looks: Stunning", "Bloodhound", "Iron Gullet", "Eat Food",
          "Beautiful", "Stunning", "Unseemly Aura") + BACKGROUNDS
FLAWS = ("Illiterate", "Repulsive", "Ugly", "Prey Exclusion", "Methuselah's Thirst", "Farmer", "Organovore",
         "Dark Secret", "Enemy", "Adversary", "Suspect", "Shunned", "Despised", "Disliked", "Addiction",
         "Hopeless Addiction", "Archaic", "Living in the Past", "Bondslave", "Bond Junkie", "Long Bond",
         "Folkloric Bane", "Folkloric Block", "Stake Bait", "Stigmata", "No Haven", "Obvious Predator",
         "Destitute", "Known Corpse", "Known Blankbody", "Infamy", "Obvious", "Compromised", "Haunted")
LORESHEETS = ("The Anarch Revolt", "Carna", "Descendant of Hardestadt", "Golconda", "Theo Bell", "The Trinity",
              "Cainite Heresy", "The Week of Nightmares", "Sect War Veteran", "Convention of Thorns")

#: Age at the Embrace → (generations, Blood Potency, experience, extra advantage points, extra flaw points,
#: Humanity change), as the core book's "Generation and age" gives them.
AGES: dict[str, tuple[tuple[int, ...], int, int, int, int, int]] = {
    "Childe": ((14, 15, 16), 0, 0, 0, 0, 0),
    "Neonate": ((12, 13), 1, 15, 0, 0, 0),
    "Ancilla": ((10, 11), 2, 35, 2, 2, -1),
}
