"""V20 names a sheet completes from: clans and their Disciplines, backgrounds, paths, merits and flaws."""

from __future__ import annotations

CLAN_DISCIPLINES: dict[str, tuple[str, ...]] = {
    "Assamite": ("Celerity", "Obfuscate", "Quietus"),
    "Brujah": ("Celerity", "Potence", "Presence"),
    "Followers of Set": ("Obfuscate", "Presence", "Serpentis"),
    "Gangrel": ("Animalism", "Fortitude", "Protean"),
    "Giovanni": ("Dominate", "Necromancy", "Potence"),
    "Lasombra": ("Dominate", "Obtenebration", "Potence"),
    "Malkavian": ("Auspex", "Dementation", "Obfuscate"),
    "Nosferatu": ("Animalism", "Obfuscate", "Potence"),
    "Ravnos": ("Animalism", "Chimerstry", "Fortitude"),
    "Toreador": ("Auspex", "Celerity", "Presence"),
    "Tremere": ("Auspex", "Dominate", "Thaumaturgy"),
    "Tzimisce": ("Animalism", "Auspex", "Vicissitude"),
    "Ventrue": ("Dominate", "Fortitude", "Presence"),
    "Caitiff": (),
}
BACKGROUNDS = ("Allies", "Alternate Identity", "Black Hand Membership", "Contacts", "Domain", "Fame",
               "Generation", "Herd", "Influence", "Mentor", "Resources", "Retainers", "Rituals", "Status")
PATHS = ("Humanity", "Path of Caine", "Path of Cathari", "Path of Death and the Soul", "Path of Evil Revelations",
         "Path of Honorable Accord", "Path of Lilith", "Path of Night", "Path of Power and the Inner Voice",
         "Path of the Feral Heart", "Path of Metamorphosis", "Path of Blood", "Path of Paradox", "Path of Typhon")
MERITS = ("Acute Sense", "Ambidextrous", "Common Sense", "Concentration", "Eat Food", "Time Sense",
          "Iron Will", "Lucky", "Natural Linguist", "Code of Honor", "Light Sleeper", "Blush of Health",
          "Enchanting Voice", "Calm Heart", "Unbondable", "True Love")
FLAWS = ("Hard of Hearing", "Short", "Smell of the Grave", "Monstrous", "Deformity", "Lame", "Nightmares",
         "Phobia", "Prey Exclusion", "Shy", "Speech Impediment", "Vengeful", "Hunted", "Enemy", "Sire's Resentment",
         "Thin Blood", "Infectious Bite", "Permanent Wound", "Twisted Upbringing", "Dark Secret")
