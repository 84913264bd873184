"""The V5 core's powers that change a tracker's size, and the sizes they give.

Plain data and arithmetic, with no dice engine behind them: a sheet's Health size is needed as soon as a
character file is read, before the rule set's package (the whole engine) is loaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from vtm_tui.rules.errors import RulesError

#: The V5 core's powers that change a tracker's size, as (Discipline, power). Resilience (Fortitude 1) adds the
#: Fortitude rating to Health; no other core power (Fortitude's Toughness, Defy Bane and Flesh of Marble reduce
#: or turn damage, they add no box) and none at all for Willpower changes a size.
HEALTH_POWERS = (("Fortitude", "Resilience"),)


def _power_name(power: Any) -> str:
    """A power as a sheet or a document holds it: a bare name, a ``{name = ...}`` table or a sheet's Power."""
    name = power.get("name", "") if isinstance(power, Mapping) else getattr(power, "name", power)
    return str(name).strip().casefold()


def health_bonus(disciplines: Mapping[str, Any], powers: Mapping[str, Iterable[Any]]) -> int:
    """Boxes the sheet's powers add to Health: the Fortitude rating while Resilience is among its powers."""
    bonus = 0
    for discipline, power in HEALTH_POWERS:
        held = {_power_name(p) for p in (powers.get(discipline) or ())}
        rating = disciplines.get(discipline, 0)
        if power.casefold() in held and isinstance(rating, int) and not isinstance(rating, bool):
            bonus += max(0, rating)
    return bonus


def health_size(stamina: int, disciplines: Mapping[str, Any] | None = None,
                powers: Mapping[str, Iterable[Any]] | None = None) -> int:
    """Health = Stamina + 3, plus what the powers add (Resilience: + Fortitude)."""
    return _stamina(stamina) + 3 + health_bonus(disciplines or {}, powers or {})


def doc_health_size(doc: Mapping[str, Any]) -> int:
    """:func:`health_size` of a character document (a file's tables as plain data)."""
    attributes = doc.get("attributes") if isinstance(doc.get("attributes"), Mapping) else {}
    disciplines = doc.get("disciplines") if isinstance(doc.get("disciplines"), Mapping) else {}
    powers = doc.get("powers") if isinstance(doc.get("powers"), Mapping) else {}
    stamina = attributes.get("Stamina", 1)
    return health_size(stamina if isinstance(stamina, int) and stamina >= 0 else 1, disciplines, powers)


def _stamina(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"Stamina must be a whole number of 0 or more, not {value!r}")
    return value
