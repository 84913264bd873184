"""V20 dice pools and Difficulties: what may be rolled, and against what.

docs/rules.md: Attribute + Ability, never more than two Traits; a Trait whose maximum
is 10 (Willpower, Humanity, a Path, the Virtues) is rolled alone; wound
penalties come off the pool; the Difficulty is 2-10 (default 6). Pool text is
read by the shared parser (:mod:`vtm_tui.rules.pool`); this module only adds the
V20 limits on the resolved Traits, so the V5 engine and this one read pools the
same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.pool import PoolError, PoolExpr, ResolvedPool, resolve
from vtm_tui.rules.v20.traits import is_solo_trait

DEFAULT_DIFFICULTY = 6
MIN_DIFFICULTY = 2
MAX_DIFFICULTY = 10
MAX_TRAITS = 2
#: No sheet comes near this; it stops a typo (``--pool 600``) from rolling for minutes.
MAX_POOL = 99


def check_difficulty(value: object, *, what: str = "difficulty") -> int:
    """Return ``value`` if it is a whole Difficulty 2-10, else raise naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number from 2 to 10, not {value!r}")
    if not MIN_DIFFICULTY <= value <= MAX_DIFFICULTY:
        raise RulesError(f"{what} {value} is out of range: a V20 Difficulty is 2-10 (default 6)")
    return value


def check_dice(value: object, *, what: str = "pool") -> int:
    """Return ``value`` if it is a dice count 0-99, else raise naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number of dice, not {value!r}")
    if not 0 <= value <= MAX_POOL:
        raise RulesError(f"{what} {value} is out of range: 0-{MAX_POOL} dice")
    return value


def check_traits(traits: Sequence[tuple[str, int]], *, text: str = "") -> None:
    """Enforce the V20 limits on a pool's Traits (names as resolved, dots signed).

    At most two Traits; a solo Trait (Willpower, Humanity, a Path, a Virtue) with
    nothing else. Raises :class:`PoolError` naming the Traits involved.
    """
    where = f"the pool {text!r}" if text else "the pool"
    names = [name for name, _ in traits]
    solo = [name for name in names if is_solo_trait(name)]
    if solo and len(names) > 1:
        others = ", ".join(n for n in names if n != solo[0]) or solo[0]
        raise PoolError(f"{where}: {solo[0]} is rolled alone in V20, it cannot be added to {others}")
    if len(names) > MAX_TRAITS:
        raise PoolError(
            f"{where} adds {len(names)} Traits ({', '.join(names)}): V20 allows at most two"
        )


@dataclass(frozen=True)
class V20Pool:
    """A pool ready to roll: its Traits, an ad-hoc modifier and the wound penalty.

    ``wound_penalty`` is the number of dice the character's Health costs (0, 1, 2
    or 5); :attr:`dice` never drops below 0 — a pool at 0 rolls no dice, which is
    a plain failure unless Willpower is spent.
    """

    traits: tuple[tuple[str, int], ...] = ()
    modifier: int = 0
    wound_penalty: int = 0
    text: str = ""

    def __post_init__(self) -> None:
        for name, dots in self.traits:
            if dots < 0:
                raise PoolError(f"{name} {dots}: a Trait in a V20 pool cannot be subtracted or negative")
        if self.wound_penalty < 0:
            raise RulesError(f"wound penalty {self.wound_penalty} is negative; give the dice lost (0-5)")
        check_traits(self.traits, text=self.text)

    @property
    def before_wounds(self) -> int:
        return sum(dots for _, dots in self.traits) + self.modifier

    @property
    def dice(self) -> int:
        """Dice actually rolled: Traits + modifier − wound penalty, at least 0."""
        return max(0, self.before_wounds - self.wound_penalty)

    def describe(self) -> str:
        """E.g. ``Perception 2 + Finance 4 = 6`` or ``Dexterity 3 + Stealth 2 - 1 (wounds) = 4``."""
        parts = [f"{name} {dots}" for name, dots in self.traits]
        text = " + ".join(parts)
        if self.modifier:
            sign = "+" if self.modifier > 0 else "-"
            text = f"{text} {sign} {abs(self.modifier)}" if text else str(self.modifier)
        if self.wound_penalty:
            text = f"{text or '0'} - {self.wound_penalty} (wounds)"
        return f"{text or '0'} = {self.dice}"


def build_pool(*traits: tuple[str, int], modifier: int = 0, wound_penalty: int = 0) -> V20Pool:
    """A pool from ``(name, dots)`` pairs, e.g. ``build_pool(("Perception", 2), ("Finance", 4))``."""
    return V20Pool(tuple(traits), modifier, wound_penalty)


def resolve_pool(
    expr: str | PoolExpr, sheet: Mapping[str, int], *, wound_penalty: int = 0
) -> V20Pool:
    """Read ``"Dexterity + Stealth + 1"`` against a sheet (name → dots) under the V20 limits."""
    resolved: ResolvedPool = resolve(expr, sheet)
    text = expr if isinstance(expr, str) else resolved.describe()
    return V20Pool(resolved.traits, resolved.modifier, wound_penalty, text)
