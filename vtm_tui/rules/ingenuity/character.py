"""What a character sheet gives an Ingenuity test: trait names, passive values, defences, resources.

Defences are passive tests the other side rolls against: Siegmund's punch must
meet Arnold's Reflexes (evasion), which Arnold never rolls. Resources are pools
of points (Health, Endurance, Stamina, Focus) whose maximum follows the largest
face of an attribute's die, plus Fate, which the sheet simply records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity.dice import UNTRAINED, StepDie, check_range, parse_die
from vtm_tui.rules.pool import PoolError, match_trait

STRENGTH, DEXTERITY, INTELLECT, RESOLVE = "Strength", "Dexterity", "Intellect", "Resolve"
ATTRIBUTES: tuple[str, ...] = (STRENGTH, DEXTERITY, INTELLECT, RESOLVE)
#: The sheet's abbreviations (``STR``, ``DEX``, ``INT``, ``RES``).
ATTRIBUTE_ABBREVIATIONS = {"str": STRENGTH, "dex": DEXTERITY, "int": INTELLECT, "res": RESOLVE}
MUNDANE_SKILLS: tuple[str, ...] = (
    "Agility", "Athletics", "Charisma", "Combat", "Craft",
    "Handling", "Insight", "Networking", "Perception", "Taming",
)  # fmt: skip
SUPERNATURAL_SKILLS: tuple[str, ...] = (
    "Animism", "Communion", "Ki", "Psionics", "Sorcery", "Superpowers", "Wizardry",
)  # fmt: skip
SKILLS: tuple[str, ...] = MUNDANE_SKILLS + SUPERNATURAL_SKILLS
#: Every resource pool starts at this and adds its attribute's largest face.
RESOURCE_BASE = 6
#: Which attribute feeds which resource (docs/rules.md).
RESOURCE_ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("Health", STRENGTH),
    ("Endurance", RESOLVE),
    ("Stamina", DEXTERITY),
    ("Focus", INTELLECT),
)


def attribute_name(text: str) -> str:
    """``"dex"``, ``"DEX"``, ``"dexterity"`` or ``"d"`` → ``"Dexterity"``."""
    key = text.strip().casefold()
    if key in ATTRIBUTE_ABBREVIATIONS:
        return ATTRIBUTE_ABBREVIATIONS[key]
    try:
        return match_trait(text, ATTRIBUTES)
    except PoolError:
        raise RulesError(f"attribute {text.strip()!r} is not one of {', '.join(ATTRIBUTES)}") from None


def skill_name(text: str) -> str:
    """A skill by name or unambiguous prefix (``"percep"`` → ``"Perception"``)."""
    try:
        return match_trait(text, SKILLS)
    except PoolError as exc:
        raise RulesError(f"skill {text.strip()!r}: {exc}; skills are {', '.join(SKILLS)}") from None


def is_supernatural(skill: str) -> bool:
    return skill_name(skill) in SUPERNATURAL_SKILLS


def passive_value(die: StepDie | str | int) -> int:
    """Half the die's size: d4 2, d6 3, d8 4, d10 5, d12 6."""
    return parse_die(die).passive


def reflexes(resolve: StepDie | str | int, dexterity: StepDie | str | int, dodge: int = 0) -> int:
    """Evasion: passive Resolve + passive Dexterity + the Dodge proficiency (0-4)."""
    check_range(dodge, 0, 4, "dodge proficiency")
    return passive_value(resolve) + passive_value(dexterity) + dodge


def constitution(resolve: StepDie | str | int, strength: StepDie | str | int) -> int:
    """Passive Resolve + passive Strength."""
    return passive_value(resolve) + passive_value(strength)


def willpower(resolve: StepDie | str | int, intellect: StepDie | str | int) -> int:
    """Passive Resolve + passive Intellect."""
    return passive_value(resolve) + passive_value(intellect)


def resource_maximum(attribute_die: StepDie | str | int) -> int:
    """6 + the attribute die's largest face: Health with a d8 Strength is 14."""
    return RESOURCE_BASE + parse_die(attribute_die).sides


@dataclass(frozen=True)
class Resources:
    """The maxima of a character's resource pools."""

    health: int
    endurance: int
    stamina: int
    focus: int
    fate: int = 0

    def to_dict(self) -> dict[str, int]:
        return {
            "health": self.health,
            "endurance": self.endurance,
            "stamina": self.stamina,
            "focus": self.focus,
            "fate": self.fate,
        }


def resources(
    strength: StepDie | str | int,
    dexterity: StepDie | str | int,
    intellect: StepDie | str | int,
    resolve: StepDie | str | int,
    *,
    fate: int = 0,
) -> Resources:
    """Health 6+STR, Endurance 6+RES, Stamina 6+DEX, Focus 6+INT (largest faces); Fate as recorded."""
    if isinstance(fate, bool) or not isinstance(fate, int) or fate < 0:
        raise RulesError(f"fate {fate!r} must be a whole number of 0 or more")
    return Resources(
        health=resource_maximum(strength),
        endurance=resource_maximum(resolve),
        stamina=resource_maximum(dexterity),
        focus=resource_maximum(intellect),
        fate=fate,
    )


@dataclass(frozen=True)
class Stats:
    """An Ingenuity sheet's dice: four attributes, trained skills (others roll d4), proficiencies.

    Built from plain mappings (as read from TOML); names are matched like the
    pool parser does, so ``{"dex": "d8"}`` works and a misspelt skill is an error.
    """

    attributes: Mapping[str, StepDie]
    skills: Mapping[str, StepDie] = field(default_factory=dict)
    proficiencies: Mapping[str, int] = field(default_factory=dict)
    fate: int = 0

    @classmethod
    def from_mapping(
        cls,
        attributes: Mapping[str, Any],
        skills: Mapping[str, Any] | None = None,
        proficiencies: Mapping[str, int] | None = None,
        fate: int = 0,
    ) -> Stats:
        attrs = {attribute_name(k): parse_die(v, what=f"attribute {k}") for k, v in attributes.items()}
        missing = [a for a in ATTRIBUTES if a not in attrs]
        if missing:
            raise RulesError(f"the sheet lacks attribute{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
        trained = {skill_name(k): parse_die(v, what=f"skill {k}") for k, v in (skills or {}).items()}
        profs = {
            " ".join(k.split()): check_range(v, 0, 4, f"proficiency {k}") for k, v in (proficiencies or {}).items()
        }
        return cls(attrs, trained, profs, fate)

    def attribute(self, name: str) -> StepDie:
        return self.attributes[attribute_name(name)]

    def skill(self, name: str) -> StepDie:
        """The skill's die; an untrained skill is a d4."""
        return self.skills.get(skill_name(name), UNTRAINED)

    def proficiency(self, name: str | None) -> int:
        """A proficiency's bonus by name (any case), 0 if the character lacks it."""
        if not name:
            return 0
        wanted = " ".join(name.split()).casefold()
        return next((v for k, v in self.proficiencies.items() if k.casefold() == wanted), 0)

    @property
    def reflexes(self) -> int:
        return reflexes(self.attributes[RESOLVE], self.attributes[DEXTERITY], self.proficiency("Dodge"))

    @property
    def constitution(self) -> int:
        return constitution(self.attributes[RESOLVE], self.attributes[STRENGTH])

    @property
    def willpower(self) -> int:
        return willpower(self.attributes[RESOLVE], self.attributes[INTELLECT])

    @property
    def resources(self) -> Resources:
        a = self.attributes
        return resources(a[STRENGTH], a[DEXTERITY], a[INTELLECT], a[RESOLVE], fate=self.fate)

    def passive(self, attribute: str, skill: str, proficiency: str | None = None) -> int:
        """A passive value such as passive Perception: passive attribute + passive skill + proficiency."""
        return self.attribute(attribute).passive + self.skill(skill).passive + self.proficiency(proficiency)
