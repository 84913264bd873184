"""Hunting by predator type, and the Resonance of the blood taken.

Sources and decisions:

- **Hunting pools** (V5 core pp.175–179, each predator type's "Hunting pool"). Blood Leech
  hunts Kindred and has no hunting pool (the storyteller names one). Where the book gives two
  pools the first is offered first. The Difficulty is the storyteller's (core p.306 suggests
  by the area's hunting grounds); a win lets the character feed, the storyteller says how
  much Hunger that slakes (:func:`vtm_tui.rules.v5.upkeep.slake` applies Blood Potency).
- **Resonance** (V5 core p.228): the storyteller rolls temperament on a d10: 1–5 negligible
  (no Resonance), 6–8 fleeting, 9–10 intense, and on intense a second d10 of 9–10 makes it
  acute, which carries a dyscrasia (the storyteller picks one from the Resonance's list).
  The Resonance itself on a d10: 1–3 Phlegmatic, 4–6 Melancholy, 7–8 Choleric, 9–10 Sanguine.
  Decision: the Resonance die is rolled even when the temperament is negligible, so the log
  always holds the same dice; a negligible temperament is shown as "no Resonance".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.rolling import REGULAR

#: Predator type → hunting pools as printed (V5 core pp.175–179).
PREDATOR_TYPES: dict[str, tuple[str, ...]] = {
    "Alleycat": ("Strength + Brawl", "Wits + Streetwise"),
    "Bagger": ("Intelligence + Streetwise",),
    "Blood Leech": (),
    "Cleaver": ("Manipulation + Subterfuge",),
    "Consensualist": ("Manipulation + Persuasion",),
    "Farmer": ("Composure + Animal Ken",),
    "Osiris": ("Manipulation + Subterfuge", "Intimidation + Fame"),
    "Sandman": ("Dexterity + Stealth",),
    "Scene Queen": ("Manipulation + Persuasion",),
    "Siren": ("Charisma + Subterfuge",),
}

RESONANCES = ("Phlegmatic", "Melancholy", "Choleric", "Sanguine")
TEMPERAMENTS = ("negligible", "fleeting", "intense", "acute")
#: What each Resonance feeds (V5 core p.228), for the sheet's note.
RESONANCE_DISCIPLINES = {
    "Phlegmatic": "Auspex, Dominate",
    "Melancholy": "Fortitude, Obfuscate",
    "Choleric": "Celerity, Potence",
    "Sanguine": "Blood Sorcery, Presence",
}


def predator_type(name: str) -> str | None:
    """The canonical predator type for ``name`` (case and spacing aside), or ``None``."""
    wanted = " ".join(name.split()).casefold()
    for known in PREDATOR_TYPES:
        if known.casefold() == wanted:
            return known
    return None


def hunting_pools(name: str) -> tuple[str, ...]:
    """The printed hunting pools of a predator type; () for Blood Leech or an unknown type."""
    known = predator_type(name)
    return PREDATOR_TYPES[known] if known else ()


@dataclass(frozen=True)
class Resonance:
    """The blood's Resonance: temperament and kind, from the faces rolled."""

    temperament_faces: tuple[int, ...]  #: one face, or two when the first shows intense
    resonance_face: int

    @property
    def temperament(self) -> str:
        first = self.temperament_faces[0]
        if first <= 5:
            return "negligible"
        if first <= 8:
            return "fleeting"
        return "acute" if self.temperament_faces[1] >= 9 else "intense"

    @property
    def kind(self) -> str:
        face = self.resonance_face
        return RESONANCES[0 if face <= 3 else 1 if face <= 6 else 2 if face <= 8 else 3]

    @property
    def dyscrasia(self) -> bool:
        return self.temperament == "acute"

    def text(self) -> str:
        """``Choleric (intense)``; ``no Resonance`` when negligible; ``(acute, dyscrasia)``."""
        if self.temperament == "negligible":
            return "no Resonance"
        tail = ", dyscrasia" if self.dyscrasia else ""
        return f"{self.kind} ({self.temperament}{tail})"

    def to_dict(self) -> dict[str, Any]:
        return {"temperament": self.temperament, "resonance": self.kind, "dyscrasia": self.dyscrasia,
                "temperament_faces": list(self.temperament_faces), "resonance_face": self.resonance_face}


def judge_resonance(temperament_faces: list[int] | tuple[int, ...], resonance_face: int) -> Resonance:
    """Read given faces: one temperament face (two when it shows 9 or 10), then the Resonance face."""
    faces = tuple(temperament_faces)
    for face in (*faces, resonance_face):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 10:
            raise RulesError(f"Resonance face {face!r} is not on a d10 (1-10)")
    if not faces:
        raise RulesError("Resonance needs a temperament face")
    need = 2 if faces[0] >= 9 else 1
    if len(faces) != need:
        raise RulesError(f"a temperament of {faces[0]} takes {need} face(s), got {len(faces)}")
    return Resonance(faces, resonance_face)


def roll_resonance(dice: DiceSource) -> Resonance:
    faces = dice.roll(1, 10, REGULAR)
    if faces[0] >= 9:
        faces += dice.roll(1, 10, REGULAR)
    return judge_resonance(faces, dice.roll(1, 10, REGULAR)[0])
