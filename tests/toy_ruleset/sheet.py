"""The toy's character sheet (the model's part): named traits rated in dice, nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.model.validation import Reader


@dataclass
class ToySheet:
    """Traits by name → dice in the pool; a pool names them (``Body + Knack``)."""

    traits_table: dict[str, int] = field(default_factory=lambda: {"Body": 1, "Knack": 1})
    specialties: dict[str, list[str]] = field(default_factory=dict)

    ruleset = "toy"

    def traits(self) -> dict[str, int]:
        return dict(self.traits_table)

    def to_toml(self) -> dict[str, Any]:
        return {"traits": dict(self.traits_table)}

    @classmethod
    def read(cls, r: Reader) -> ToySheet:
        table = r.table("traits")
        return cls({key: table.int(key, 0, 0, 10) for key in table.keys()})
