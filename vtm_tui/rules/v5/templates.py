"""V5 quick storyteller characters: the core book's simplified dice pools.

A storyteller character of the core's "Storyteller characters" rules has three general pools (Physical,
Social, Mental) and a few exceptional pools for what it does best; it is rolled by pool name (``Physical``,
``Brawl``). The attributes set here only size Health (Stamina + 3) and Willpower (Composure + Resolve).
"""

from __future__ import annotations

from vtm_tui.rules.sheet_spec import QuickTemplate


def _npc(tid: str, label: str, creature: str, general: tuple[int, int, int], exceptional: dict[str, int],
         stamina: int, willpower: tuple[int, int], description: str, **sheet: object) -> QuickTemplate:
    physical, social, mental = general
    pools = {"Physical": physical, "Social": social, "Mental": mental, **exceptional}
    character: dict[str, object] = {
        "creature": creature,
        "attributes": {"Stamina": stamina, "Composure": willpower[0], "Resolve": willpower[1]},
        "pools": pools,
        **sheet,
    }
    return QuickTemplate(tid, label, character, description)


TEMPLATES: tuple[QuickTemplate, ...] = (
    _npc("bystander", "Mortal bystander", "mortal", (2, 2, 2), {}, 1, (1, 1), "Someone in the wrong place."),
    _npc("thug", "Mortal thug", "mortal", (4, 2, 2), {"Brawl": 5, "Intimidation": 4}, 2, (2, 1),
         "Muscle for hire."),
    _npc("cop", "Mortal police officer", "mortal", (3, 3, 3), {"Firearms": 5, "Investigation": 4}, 2, (2, 2),
         "Armed, trained, and backed up."),
    _npc("hunter", "Mortal hunter", "mortal", (4, 3, 4), {"Firearms": 6, "Melee": 5, "Awareness": 6}, 3, (3, 3),
         "Knows what you are."),
    _npc("ghoul", "Ghoul retainer", "ghoul", (4, 3, 3), {"Melee": 6, "Drive": 5}, 3, (2, 2),
         "Blood-bound servant.", disciplines={"Potence": 1}),
    _npc("neonate", "Vampire neonate", "vampire", (4, 4, 3), {"Brawl": 6, "Persuasion": 5}, 3, (2, 2),
         "A young Kindred.", blood_potency=1, hunger=1, disciplines={"Potence": 1, "Presence": 1}),
    _npc("ancilla", "Vampire ancilla", "vampire", (5, 6, 5), {"Subterfuge": 7, "Melee": 6}, 3, (3, 3),
         "A Kindred of standing.", blood_potency=2, hunger=1,
         disciplines={"Dominate": 2, "Fortitude": 2, "Presence": 2}),
    _npc("elder", "Vampire elder", "vampire", (7, 8, 7), {"Intimidation": 8, "Insight": 9}, 4, (4, 4),
         "Centuries of schemes.", blood_potency=4, hunger=1,
         disciplines={"Dominate": 4, "Fortitude": 3, "Presence": 4}),
)
