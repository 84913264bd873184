"""The chronicle ledger (``ledger.toml``): boons, blood bonds, domains, relationships, a timeline of nights.

What a storyteller otherwise keeps on index cards: who owes whom a boon, who is
bound to whom, which domain has what Chasse, how the characters stand with each
other, and what happened on which night. Every entry can be ``secret`` (the
storyteller's eyes only; a player's seat never sees it).

Each section's entries are one dataclass, all sharing :class:`LedgerItem`
(``id``, ``secret``, ``note``, unknown keys kept in ``extra``). What a section's
fields are (type, range, choices, size limit) is declared once, in
:data:`SPECS`, and read by everything that handles entries: loading and
validation here, the command line (``vtm-tui ledger``) and the app's edit
dialog. The file's layout is described in ``docs/ledger.md``.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from vtm_tui.model.validation import Reader, merge_extra
from vtm_tui.model.errors import InvalidDataError
from vtm_tui.rules.user_text import REFUSED
from vtm_tui.terminal_text import UNSAFE

SCHEMA_VERSION = 1
#: Longest name-like field (a character, a domain, a size), in characters.
NAME_LIMIT = 80
#: Longest note, in characters.
NOTE_LIMIT = 2000
#: Most entries one section may hold (a hand-edited file cannot make the app crawl).
MAX_ITEMS = 2000
BOON_SIZES = ("trivial", "minor", "major", "blood", "life")
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _bad(where: str, field_name: str, reason: str) -> InvalidDataError:
    """The error for one bad value: ``where`` (the file, or "ledger entry" for typed input) and the field."""
    return InvalidDataError(Path(where), field_name, reason)


@dataclass(frozen=True)
class FieldSpec:
    """One field of a ledger entry: how it is read, checked, typed on the command line and edited."""

    name: str
    label: str
    kind: str = "text"  # text | int | choice | bool
    required: bool = False
    lo: int = 0
    hi: int = 5
    choices: tuple[str, ...] = ()
    limit: int = NAME_LIMIT
    default: Any = ""
    person: bool = False  #: names someone (a boon's debtor, a bond's thrall): the dialog completes names

    def check(self, value: Any, where: str, field_name: str) -> Any:
        """``value`` if it fits this field, else an :class:`InvalidDataError` naming ``field_name``."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise _bad(where, field_name, f"expected true or false, got {value!r}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise _bad(where, field_name, f"expected a whole number, got {value!r}")
            if not self.lo <= value <= self.hi:
                raise _bad(where, field_name, f"{value} is out of range {self.lo}-{self.hi}")
            return value
        if not isinstance(value, str):
            raise _bad(where, field_name, f"expected text, got {value!r}")
        if UNSAFE.search(value):  # an escape sequence could drive the terminal that shows the text
            raise _bad(where, field_name, REFUSED)
        if len(value) > self.limit:
            raise _bad(where, field_name, f"is {len(value)} characters long; at most {self.limit}")
        if self.kind == "choice" and value not in self.choices:
            raise _bad(where, field_name, f"{value!r} is not one of {', '.join(self.choices)}")
        if self.required and not value.strip():
            raise _bad(where, field_name, "is empty; it needs a value")
        return value

    def parse(self, text: str, where: str) -> Any:
        """A value typed as text (command line, dialog) in this field's type."""
        text = text.strip()
        if self.kind == "int":
            try:
                value: Any = int(text)
            except ValueError:
                raise _bad(where, self.name, f"{text!r} is not a whole number") from None
        elif self.kind == "bool":
            lowered = text.casefold()
            if lowered not in ("yes", "no", "true", "false", "y", "n", "1", "0"):
                raise _bad(where, self.name, f"{text!r}: answer yes or no")
            value = lowered in ("yes", "true", "y", "1")
        elif self.kind == "choice":
            value = text.casefold()
        else:
            value = " ".join(text.split()) if self.limit <= NAME_LIMIT else text
        return self.check(value, where, self.name)


def _text(name: str, label: str, *, required: bool = False, limit: int = NAME_LIMIT) -> FieldSpec:
    return FieldSpec(name, label, required=required, limit=limit)


def _person(name: str, label: str, *, required: bool = False) -> FieldSpec:
    return FieldSpec(name, label, required=required, person=True)


def _dots(name: str, label: str, hi: int = 5) -> FieldSpec:
    return FieldSpec(name, label, kind="int", lo=0, hi=hi, default=0)


@dataclass
class LedgerItem:
    """What every ledger entry has: an id, whether it is secret, a free note, unknown keys kept."""

    id: str = ""
    secret: bool = False
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    SECTION = ""

    def summary(self) -> str:  # pragma: no cover - every section overrides it
        return self.id


@dataclass
class Boon(LedgerItem):
    """A debt of favour: ``debtor`` owes ``creditor`` a boon of ``size``."""

    debtor: str = ""
    creditor: str = ""
    size: str = "minor"
    called_in: bool = False

    SECTION = "boons"

    def summary(self) -> str:
        state = " (called in)" if self.called_in else ""
        return f"{self.debtor} owes {self.creditor} a {self.size} boon{state}"


@dataclass
class Bond(LedgerItem):
    """A blood bond: ``thrall`` has drunk ``steps`` times (1-3) from ``regnant``."""

    thrall: str = ""
    regnant: str = ""
    steps: int = 1

    SECTION = "bonds"

    def summary(self) -> str:
        return f"{self.thrall} is bound to {self.regnant}, step {self.steps} of 3"


@dataclass
class Domain(LedgerItem):
    """A hunting ground and its traits (0-5 each), with the threat to the Masquerade there."""

    name: str = ""
    holder: str = ""
    chasse: int = 0
    lien: int = 0
    portillon: int = 0
    masquerade_threat: int = 0

    SECTION = "domains"

    def summary(self) -> str:
        held = f" (held by {self.holder})" if self.holder else ""
        return (f"{self.name}{held}: chasse {self.chasse}, lien {self.lien}, portillon {self.portillon}, "
                f"masquerade threat {self.masquerade_threat}")


@dataclass
class Relationship(LedgerItem):
    """How ``who`` stands towards ``whom``: ``relation`` in a few words (sire, rival, lover...)."""

    who: str = ""
    whom: str = ""
    relation: str = ""

    SECTION = "relationships"

    def summary(self) -> str:
        return f"{self.who} → {self.whom}: {self.relation}"


@dataclass
class Night(LedgerItem):
    """One night of the chronicle's timeline: when (as the table counts it) and what happened."""

    when: str = ""
    event: str = ""
    session: int = 0  # the session that played it (0: none)

    SECTION = "timeline"

    def summary(self) -> str:
        played = f" (session {self.session})" if self.session else ""
        return f"{self.when}: {self.event}{played}"


_COMMON = (FieldSpec("note", "Note", limit=NOTE_LIMIT), FieldSpec("secret", "Secret", kind="bool", default=False))
#: Each section's entry type and its fields, in the order dialogs and tables show them.
SPECS: dict[str, tuple[type[LedgerItem], tuple[FieldSpec, ...]]] = {
    "boons": (Boon, (_person("debtor", "Owed by", required=True), _person("creditor", "Owed to", required=True),
                     FieldSpec("size", "Size", kind="choice", choices=BOON_SIZES, default="minor"),
                     FieldSpec("called_in", "Called in", kind="bool", default=False), *_COMMON)),
    "bonds": (Bond, (_person("thrall", "Thrall", required=True), _person("regnant", "Regnant", required=True),
                     FieldSpec("steps", "Steps", kind="int", lo=1, hi=3, default=1), *_COMMON)),
    "domains": (Domain, (_text("name", "Domain", required=True), _person("holder", "Held by"),
                         _dots("chasse", "Chasse"), _dots("lien", "Lien"), _dots("portillon", "Portillon"),
                         _dots("masquerade_threat", "Masquerade threat"), *_COMMON)),
    "relationships": (Relationship, (_person("who", "Who", required=True), _person("whom", "Towards", required=True),
                                     _text("relation", "Relation", required=True), *_COMMON)),
    "timeline": (Night, (_text("when", "Night", required=True), _text("event", "What happened", required=True,
                                                                      limit=NOTE_LIMIT),
                         FieldSpec("session", "Session", kind="int", lo=0, hi=100000, default=0), *_COMMON)),
}
SECTIONS = tuple(SPECS)
#: A section's name in the singular (command line: ``ledger add boon``), and back.
SINGULAR = {"boons": "boon", "bonds": "bond", "domains": "domain", "relationships": "relationship",
            "timeline": "night"}
TITLES = {"boons": "Boons", "bonds": "Blood bonds", "domains": "Domains", "relationships": "Relationships",
          "timeline": "Timeline"}


def section_of(name: str) -> str:
    """``boon`` or ``boons`` → ``boons``; anything else raises a ``ValueError`` listing the sections."""
    wanted = name.strip().casefold()
    for section, single in SINGULAR.items():
        if wanted in (section, single):
            return section
    raise ValueError(f"no ledger section {name!r}; the sections are {', '.join(SINGULAR.values())}")


def field_specs(section: str) -> tuple[FieldSpec, ...]:
    return SPECS[section][1]


#: The start of a new entry's id, so an id says its section (``boon-1a2b3c4d``).
ID_PREFIX = {"boons": "boon", "bonds": "bond", "domains": "dom", "relationships": "rel", "timeline": "night"}


def new_item_id(section: str) -> str:
    return f"{ID_PREFIX[section]}-{uuid.uuid4().hex[:8]}"


def build_item(section: str, values: dict[str, Any], *, where: str = "ledger entry", item_id: str = "") -> LedgerItem:
    """A checked entry of ``section`` from field values (missing ones take their defaults)."""
    cls, specs = SPECS[section]
    known = {spec.name for spec in specs}
    unknown = sorted(set(values) - known)
    if unknown:
        raise _bad(where, unknown[0], f"is not a field of a {SINGULAR[section]}; "
                               f"the fields are {', '.join(spec.name for spec in specs)}")
    checked = {spec.name: spec.check(values.get(spec.name, spec.default), where, spec.name) for spec in specs}
    return cls(id=item_id or new_item_id(section), **checked)


def item_values(item: LedgerItem) -> dict[str, Any]:
    """The fields of ``item`` that :data:`SPECS` declares, by name (for forms and change records)."""
    return {spec.name: getattr(item, spec.name) for spec in field_specs(item.SECTION)}


@dataclass
class Ledger:
    """The contents of ``ledger.toml``: one list of entries per section."""

    boons: list[Boon] = field(default_factory=list)
    bonds: list[Bond] = field(default_factory=list)
    domains: list[Domain] = field(default_factory=list)
    relationships: list[Relationship] = field(default_factory=list)
    timeline: list[Night] = field(default_factory=list)
    schema_version: int = SCHEMA_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    def items(self, section: str) -> list[LedgerItem]:
        return getattr(self, section)

    def find(self, item_id: str) -> LedgerItem | None:
        for section in SECTIONS:
            for item in self.items(section):
                if item.id == item_id:
                    return item
        return None

    def people(self) -> list[str]:
        """Everyone named in a person field (debtors, thralls, holders…), once each, in the ledger's order:
        what the dialog completes a name from, beside the chronicle's characters."""
        names: dict[str, None] = {}
        for section in SECTIONS:
            wanted = [spec.name for spec in field_specs(section) if spec.person]
            for item in self.items(section):
                names.update((value, None) for name in wanted if (value := getattr(item, name, "")))
        return list(names)

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"schema_version": self.schema_version}
        for section in SECTIONS:
            items = self.items(section)
            if items:
                doc[section] = [_item_toml(item) for item in items]
        return merge_extra(doc, self.extra)

    @classmethod
    def from_toml(cls, data: dict[str, Any], *, where: str) -> Ledger:
        """A ledger from a parsed file; a bad value names the file, the section, the entry and the field."""
        r = Reader(data, where)
        schema = r.int("schema_version", SCHEMA_VERSION, 0, None)
        ledger = cls(schema_version=schema)
        seen: dict[str, str] = {}
        for section in SECTIONS:
            tables = r.table_list(section)
            if len(tables) > MAX_ITEMS:
                raise r.error(section, f"holds {len(tables)} entries; at most {MAX_ITEMS}")
            items = ledger.items(section)
            for table in tables:
                item = _read_item(section, table)
                if item.id in seen:
                    raise table.error("id", f"{item.id!r} is also the id of an entry in {seen[item.id]}")
                seen[item.id] = table.prefix
                items.append(item)
        ledger.extra = r.leftover()
        return ledger


def _item_toml(item: LedgerItem) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": item.id}
    for spec in field_specs(item.SECTION):
        value = getattr(item, spec.name)
        if spec.name in ("note", "secret") and not value:
            continue
        doc[spec.name] = value
    return merge_extra(doc, item.extra)


def _read_item(section: str, r: Reader) -> LedgerItem:
    cls, specs = SPECS[section]
    item_id = r.str("id", None)
    if not _ID.fullmatch(item_id):
        raise r.error("id", f"must be 1-32 letters, digits, '-' or '_', got {item_id!r}")
    values: dict[str, Any] = {}
    for spec in specs:
        value = r.raw(spec.name, spec.default)
        if spec.required and not r.has(spec.name):
            raise r.error(spec.name, "is missing")
        values[spec.name] = spec.check(value, r.where, r.name(spec.name))
    item = cls(id=item_id, **values)
    item.extra = r.leftover()
    return item


def copy_item(item: LedgerItem, **changes: Any) -> LedgerItem:
    """A copy of ``item`` with ``changes`` (the entry's own fields only)."""
    values = {f.name: getattr(item, f.name) for f in fields(item)}
    values["extra"] = dict(item.extra)
    values.update(changes)
    return type(item)(**values)
