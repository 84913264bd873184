"""Building V5 dice pools: traits, specialties, modifiers, impairment and the 1-die floor.

Storyteller modifiers beyond the book's guideline (±3 dice, ±2 Difficulty) are
warned about, never refused: the storyteller has the last word, but should see
that they are stacking more than the rules advise. Dice from specific rules
(specialties, Blood Surge, the power bonus, teamwork) are not ad-hoc and never warn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.pool import resolve
from vtm_tui.rules.v5.traits import Category, category_of, is_attribute

MAX_DICE_MODIFIER = 3
MAX_DIFFICULTY_MODIFIER = 2
IMPAIRMENT = 2


def _int(value: int, what: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        floor = f" of {minimum} or more" if minimum is not None else ""
        raise RulesError(f"{what} must be a whole number{floor}, not {value!r}")
    return value


@dataclass(frozen=True)
class Pool:
    """A dice pool and how it was made; ``dice`` is what is rolled."""

    traits: tuple[tuple[str, int], ...] = ()
    specialties: int = 0
    modifier: int = 0  #: ad-hoc storyteller dice (warned beyond ±3)
    rule_dice: int = 0  #: dice from specific rules (surge, power bonus, teamwork)
    difficulty_modifier: int = 0  #: ad-hoc storyteller Difficulty change (warned beyond ±2)
    impairment: int = 0  #: dice removed by a full Health or Willpower track
    categories: frozenset[Category] = frozenset()

    @property
    def total(self) -> int:
        """Dice before the floor."""
        return sum(d for _, d in self.traits) + self.specialties + self.modifier + self.rule_dice - self.impairment

    @property
    def dice(self) -> int:
        """Dice rolled: penalties never drop a pool below one die."""
        return max(1, self.total)

    @property
    def warnings(self) -> tuple[str, ...]:
        out = []
        if abs(self.modifier) > MAX_DICE_MODIFIER:
            out.append(
                f"ad-hoc modifier {self.modifier:+d} dice is beyond the ±{MAX_DICE_MODIFIER} dice guideline"
            )
        if abs(self.difficulty_modifier) > MAX_DIFFICULTY_MODIFIER:
            out.append(
                f"ad-hoc Difficulty modifier {self.difficulty_modifier:+d} is beyond the "
                f"±{MAX_DIFFICULTY_MODIFIER} guideline"
            )
        return tuple(out)

    @property
    def notes(self) -> tuple[str, ...]:
        """Warnings, then what else changed the pool (impairment, the floor)."""
        out = list(self.warnings)
        if self.impairment:
            out.append(f"impaired: −{self.impairment} dice")
        if self.total < 1:
            out.append(f"the pool would be {self.total}: penalties never drop a pool below 1 die")
        return tuple(out)

    def difficulty(self, base: int) -> int:
        """``base`` with the ad-hoc Difficulty modifier applied (never below 0)."""
        return max(0, _int(base, "Difficulty", minimum=0) + self.difficulty_modifier)

    def describe(self) -> str:
        """``Dexterity 3 + Brawl 2 + 1 specialty − 2 impaired = 4 dice``."""
        parts = [f"{name} {dots}" for name, dots in self.traits]
        if self.specialties:
            parts.append(f"{self.specialties} specialt{'y' if self.specialties == 1 else 'ies'}")
        if self.rule_dice:
            parts.append(f"{self.rule_dice} from rules")
        text = " + ".join(parts) or "0"
        if self.modifier:
            text += f" {'+' if self.modifier > 0 else '−'} {abs(self.modifier)}"
        if self.impairment:
            text += f" − {self.impairment} impaired"
        return f"{text} = {self.dice} {'die' if self.dice == 1 else 'dice'}"


def pool_categories(trait_names: Iterable[str]) -> frozenset[Category]:
    """A pool's categories: its Attributes' (or, with none, its Skills')."""
    names = list(trait_names)
    attributes = {category_of(n) for n in names if is_attribute(n)}
    found = attributes or {category_of(n) for n in names}
    return frozenset(c for c in found if c is not None)


def build_pool(
    traits: Mapping[str, int] | Iterable[tuple[str, int]],
    *,
    specialties: int = 0,
    modifier: int = 0,
    rule_dice: int = 0,
    difficulty_modifier: int = 0,
    health_impaired: bool = False,
    willpower_impaired: bool = False,
    categories: Iterable[Category] | None = None,
) -> Pool:
    """A pool from ``traits`` (name → dots) and modifiers.

    A missing Skill is simply 0 dots. Impairment takes 2 dice from Physical
    pools when Health is full, and 2 from Mental or Social pools when Willpower
    is full; the categories come from the traits unless given.
    """
    pairs = tuple(traits.items()) if isinstance(traits, Mapping) else tuple(traits)
    for name, dots in pairs:
        _int(dots, f"dots in {name}")
    _int(specialties, "specialties", minimum=0)
    _int(modifier, "dice modifier")
    _int(rule_dice, "dice from rules")
    _int(difficulty_modifier, "Difficulty modifier")
    cats = frozenset(categories) if categories is not None else pool_categories(n for n, _ in pairs)
    impairment = 0
    if health_impaired and Category.PHYSICAL in cats:
        impairment += IMPAIRMENT
    if willpower_impaired and cats & {Category.MENTAL, Category.SOCIAL}:
        impairment += IMPAIRMENT
    return Pool(pairs, specialties, modifier, rule_dice, difficulty_modifier, impairment, cats)


def pool_from_expression(text: str, sheet: Mapping[str, int], **options: object) -> Pool:
    """``"Dexterity + Brawl + 2"`` against a sheet; the number is the ad-hoc modifier.

    Unknown or ambiguous trait names raise :class:`~vtm_tui.rules.pool.PoolError`.
    """
    resolved = resolve(text, sheet)
    extra = options.pop("modifier", 0)
    return build_pool(resolved.traits, modifier=resolved.modifier + int(extra), **options)  # type: ignore[arg-type]
