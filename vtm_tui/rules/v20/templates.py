"""V20 quick storyteller characters: a few general pools (Physical, Social, Mental) and the pools the
character is known for, rolled by name; Willpower and the Virtues as such characters need them."""

from __future__ import annotations

from vtm_tui.rules.sheet_spec import QuickTemplate

#: A mortal: no blood pool to spend (docs/rules.md, V20, "Ghouls and mortals").
MORTAL: dict[str, object] = {"creature": "mortal", "blood": {"current": 0}}


def _npc(tid: str, label: str, general: tuple[int, int, int], exceptional: dict[str, int], willpower: int,
         description: str, **sheet: object) -> QuickTemplate:
    physical, social, mental = general
    character: dict[str, object] = {
        "pools": {"Physical": physical, "Social": social, "Mental": mental, **exceptional},
        "willpower": {"permanent": willpower, "current": willpower},
        **sheet,
    }
    return QuickTemplate(tid, label, character, description)


TEMPLATES: tuple[QuickTemplate, ...] = (
    _npc("bystander", "Mortal bystander", (3, 3, 3), {}, 3, "Someone in the wrong place.", **MORTAL),
    _npc("thug", "Mortal thug", (6, 3, 3), {"Brawl": 6, "Intimidation": 5, "Soak": 3}, 4, "Muscle for hire.",
         **MORTAL),
    _npc("cop", "Mortal police officer", (5, 4, 5), {"Firearms": 6, "Investigation": 6, "Soak": 3}, 5,
         "Armed, trained, and backed up.", **MORTAL),
    _npc("ghoul", "Ghoul retainer", (6, 4, 4), {"Melee": 7, "Drive": 5, "Soak": 3}, 5, "Blood-bound servant.",
         creature="ghoul", blood={"current": 2}, disciplines={"Potence": 1}),  # a ghoul's full pool of vitae
    _npc("neonate", "Vampire neonate", (6, 6, 5), {"Brawl": 7, "Soak": 3}, 5, "A young Kindred.", generation=12,
         disciplines={"Celerity": 1, "Presence": 1}),
    _npc("elder", "Vampire elder", (9, 10, 9), {"Leadership": 10, "Soak": 6}, 8, "Centuries of schemes.",
         generation=7, disciplines={"Dominate": 4, "Fortitude": 3, "Presence": 4}),
)
