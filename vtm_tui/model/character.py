"""A character of a chronicle: who plays it, and its rule set's sheet.

One file per character (``characters/<slug>.toml``). The common fields sit at the
top of the file, the sheet's fields beside them, so a person reading the file
sees one flat character. ``player = ""`` means a storyteller character is
unassigned; ``kind`` says whether it is a player character (``pc``) or a
storyteller character (``spc``). ``pools`` holds a quick storyteller character's simplified pools (name →
dice, or an Ingenuity die size), rolled by name; they stand in front of the sheet's traits of the same name.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vtm_tui.model.character_v5 import V5Sheet
from vtm_tui.model.validation import Reader, merge_extra
from vtm_tui.rules.base import RULESETS

if TYPE_CHECKING:
    from vtm_tui.model.character_ingenuity import IngenuitySheet
    from vtm_tui.model.character_v20 import V20Sheet

    Sheet = V5Sheet | V20Sheet | IngenuitySheet

#: The layout a character file is written in (2: a V5 sheet's rituals and formulas have tables of their own;
#: ``vtm_tui/store/migrate.py`` upgrades older files as they load).
SCHEMA_VERSION = 2


def sheet_class(ruleset: str) -> type:
    """The sheet class of ``ruleset``, named by its registry line (``sheet_class``, a dotted path) and imported
    when first needed: a chronicle reads only its own rule set's (the others' took milliseconds of every start)."""
    from vtm_tui.rules.ruleset import registry_entry

    module, _, name = registry_entry(ruleset).sheet_class.rpartition(".")
    return getattr(importlib.import_module(module), name)


KINDS = ("pc", "spc")
#: Keys of the common part, in file order.
COMMON_KEYS = ("schema_version", "name", "ruleset", "kind", "player", "concept", "notes", "private_notes", "pools")


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
    pools: dict[str, int] = field(default_factory=dict)  # simplified pools of a quick storyteller character
    extra: dict[str, Any] = field(default_factory=dict)
    slug: str = field(default="", compare=False)  # the file name, set by the store

    @property
    def ruleset(self) -> str:
        return self.sheet.ruleset

    @property
    def is_storyteller_character(self) -> bool:
        return self.kind == "spc"

    def traits(self) -> dict[str, int]:
        """Name → dots (or die size) for the pool parser; simplified pools stand in front of the sheet's."""
        found = self.sheet.traits()
        if self.pools:
            found = {**found, **self.pools}
        return found

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"schema_version": max(self.schema_version, SCHEMA_VERSION), "name": self.name, "ruleset": self.ruleset,
                               "kind": self.kind, "player": self.player}
        for key in ("concept", "notes", "private_notes"):
            if getattr(self, key):
                doc[key] = getattr(self, key)
        doc.update(self.sheet.to_toml())
        if self.pools:
            doc["pools"] = dict(self.pools)
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
        sheet = sheet_class(own).read(r)
        pools = _read_pools(r.table("pools"), own) if r.has("pools") else {}
        return cls(name=name, sheet=sheet, player=player, kind=kind, concept=concept, notes=notes,
                   private_notes=private, schema_version=schema, pools=pools, extra=r.leftover())


#: At most this many simplified pools on one character (a file is data; it stays small).
MAX_POOLS = 24


def _read_pools(r: Reader, ruleset: str) -> dict[str, int]:
    """name → dice (or die size, written ``8`` or ``"d8"``), each checked by the rule set."""
    from vtm_tui.rules.pool_limits import pool_value_error  # a small table: no engine imported

    pools: dict[str, int] = {}
    if len(r.keys()) > MAX_POOLS:
        raise r.error(r.keys()[MAX_POOLS], f"is one pool too many; a character has at most {MAX_POOLS}")
    for key in r.keys():
        if not key.strip() or len(key) > 60:
            raise r.error(key, "a pool's name is 1-60 characters")
        value = r.raw(key)
        if isinstance(value, str) and value.strip().lower().startswith("d") and value.strip()[1:].isdigit():
            value = int(value.strip()[1:])
        if isinstance(value, bool) or not isinstance(value, int):
            raise r.error(key, f"{value!r} is not a whole number")
        problem = pool_value_error(ruleset, value)
        if problem:
            raise r.error(key, f"{value}: {problem}")
        pools[key] = value
    return pools


def new_character(name: str, ruleset: str, **common: Any) -> Character:
    """A blank character of ``ruleset`` (every trait at its minimum)."""
    return Character(name=name, sheet=sheet_class(ruleset)(), **common)
