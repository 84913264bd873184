"""Experience costs: one table per rule set, reached by rule-set id.

What a trait costs to raise differs per rule set (docs/rules.md, "Experience"); the
tables and the formulas live in each rule-set package (``v5/experience.py``,
``v20/experience.py``, ``ingenuity/experience.py``) and are reached only through the RuleSet's
``experience()`` (:func:`xp_rules` takes an id), so no code compares rule-set names.
A chronicle may override any entry of its table (``[experience_costs]`` in
``chronicle.toml``); :func:`cost_table` merges and checks the overrides.

Everything here is pure: a sheet is described by plain values (the dotted field
being raised, its current value, the character's clan).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ruleset import ruleset_for

#: The most one cost-table entry may be (a typo such as 500 should not pass silently).
MAX_COST = 100


@dataclass(frozen=True)
class Price:
    """What raising one trait by one step costs: ``kind`` names the table entry used."""

    trait: str
    field: str
    kind: str
    before: int
    after: int
    cost: int

    def to_dict(self) -> dict[str, Any]:
        return {"trait": self.trait, "field": self.field, "kind": self.kind, "from": self.before,
                "to": self.after, "cost": self.cost}


def xp_rules(ruleset: str) -> ModuleType:
    """The experience module of ``ruleset`` (``COSTS``, ``FORMULAS``, ``kind_of``, ``cost``, ``step``)."""
    return ruleset_for(ruleset).experience()


def cost_table(ruleset: str, overrides: Mapping[str, Any] | None = None) -> dict[str, int]:
    """The rule set's table with a chronicle's overrides on top; a bad override raises one clear error."""
    table = dict(xp_rules(ruleset).COSTS)
    for key, value in (overrides or {}).items():
        if key not in table:
            raise RulesError(f"experience_costs.{key} is not a {ruleset} cost; "
                             f"the costs are {', '.join(sorted(table))}")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COST:
            raise RulesError(f"experience_costs.{key} = {value!r}: use a whole number 0-{MAX_COST}")
        table[key] = value
    return table


def price(ruleset: str, field: str, label: str, *, before: int, clan: str = "", ceiling: int,
          costs: Mapping[str, int], after: int | None = None) -> Price:
    """The price of raising ``field`` (shown as ``label``) one step from ``before`` (or to ``after``: a ritual's level).

    Refused with :class:`RulesError` when the trait is at ``ceiling`` or has no cost in the table.
    """
    rules = xp_rules(ruleset)
    after = rules.step(field, before) if after is None else after
    if after > ceiling:
        raise RulesError(f"{label} is at its maximum ({rules.show(field, before)})")
    kind = rules.kind_of(field, label, clan=clan, before=before)
    if kind is None:
        raise RulesError(f"{label} cannot be raised with experience under {ruleset}")
    return Price(label, field, kind, before, after, rules.cost(kind, before, after, costs))
