"""A character of a chronicle: who plays it, and its rule set's sheet.

One file per character (``characters/<slug>.toml``). The common fields sit at the
top of the file, the sheet's fields beside them, so a person reading the file
sees one flat character. ``player = ""`` means a storyteller character is
unassigned; ``kind`` says whether it is a player character (``pc``) or a
storyteller character (``spc``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.model.character_ingenuity import IngenuitySheet
from vtm_tui.model.character_v5 import V5Sheet
from vtm_tui.model.character_v20 import V20Sheet
from vtm_tui.model.chronicle import SCHEMA_VERSION
from vtm_tui.model.validation import Reader, merge_extra
from vtm_tui.rules.base import RULESETS

Sheet = V5Sheet | V20Sheet | IngenuitySheet
SHEETS: dict[str, type] = {"v5": V5Sheet, "v20": V20Sheet, "ingenuity": IngenuitySheet}
KINDS = ("pc", "spc")
#: Keys of the common part, in file order.
COMMON_KEYS = ("schema_version", "name", "ruleset", "kind", "player", "concept", "notes", "private_notes")


@dataclass
class Character:
    """A player or storyteller character with its rule set's sheet."""

    name: str
    sheet: Sheet = field(default_factory=V5Sheet)
    player: str = ""
    kind: str = "pc"
    concept: str = ""
    notes: str = ""  # shown to the players
    private_notes: str = ""  # the storyteller's eyes only
    schema_version: int = SCHEMA_VERSION
    extra: dict[str, Any] = field(default_factory=dict)
    slug: str = field(default="", compare=False)  # the file name, set by the store

    @property
    def ruleset(self) -> str:
        return self.sheet.ruleset

    @property
    def is_storyteller_character(self) -> bool:
        return self.kind == "spc"

    def traits(self) -> dict[str, int]:
        """Name → dots (or die size) for the pool parser."""
        return self.sheet.traits()

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"schema_version": self.schema_version, "name": self.name, "ruleset": self.ruleset,
                               "kind": self.kind, "player": self.player}
        for key in ("concept", "notes", "private_notes"):
            if getattr(self, key):
                doc[key] = getattr(self, key)
        doc.update(self.sheet.to_toml())
        return merge_extra(doc, self.extra)

    @classmethod
    def from_toml(cls, data: dict[str, Any], *, where: str, ruleset: str | None = None,
                  warnings: list[str] | None = None) -> Character:
        """Read a character file; ``ruleset`` is the chronicle's, which the file must match."""
        r = Reader(data, where, warnings=warnings)
        schema = r.int("schema_version", SCHEMA_VERSION, 0, None)
        name = r.str("name", None)
        if not name.strip():
            raise r.error("name", "is empty; every character needs a name")
        if ruleset is None:
            own = r.choice("ruleset", None, RULESETS)
        else:
            own = r.choice("ruleset", ruleset, RULESETS)
            if own != ruleset:
                raise r.error("ruleset", f"is {own!r} but the chronicle plays {ruleset!r}")
        kind = r.choice("kind", "pc", KINDS)
        player = r.str("player")
        concept, notes, private = r.str("concept"), r.str("notes"), r.str("private_notes")
        sheet = SHEETS[own].read(r)
        return cls(name=name, sheet=sheet, player=player, kind=kind, concept=concept, notes=notes,
                   private_notes=private, schema_version=schema, extra=r.leftover())


def new_character(name: str, ruleset: str, **common: Any) -> Character:
    """A blank character of ``ruleset`` (every trait at its minimum)."""
    return Character(name=name, sheet=SHEETS[ruleset](), **common)
