"""Importing a character from another tool's JSON export: the path the command line and the app share.

The file is read (size-limited, UTF-8, JSON), its format found (or given), and
converted by the rule-set package that knows it (:mod:`vtm_tui.rules.importing`).
The result is validated by the model exactly like a character file, so a bad
value gets one line naming the file and the field. A character of the same name
is never overwritten unless ``replace`` says so; the new sheet is saved through
the store (compare-and-swap) and the import is logged as an ``edit`` entry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.chronicle import utc_now
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.importing import FORMATS, character_name, convert, detect
from vtm_tui.rules.user_text import clean_document, clean_imported, name_key
from vtm_tui.play.sessions import check_may_log, session_for_action
from vtm_tui.store.chronicle_store import ChronicleStore
from vtm_tui.store.errors import StoreError

#: The largest export read (Progeny's and Foundry's are a few tens of kilobytes; portraits are links).
MAX_BYTES = 2_000_000


class ImportRefused(VtmError):
    """A file that cannot be imported; the message names it and says why."""


class NameTaken(ImportRefused):
    """The chronicle already has a character of that name. The message stops at "nothing was changed": how to
    replace it is the front end's to say (the command line has ``--replace``, the app's dialog a tick box)."""


@dataclass
class Imported:
    character: Character
    format: str
    unmapped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    replaced: bool = False
    entry: LogEntry | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"character": self.character.name, "format": self.format, "replaced": self.replaced,
                "file": f"characters/{self.character.slug}.toml", "unmapped": self.unmapped,
                "warnings": self.warnings, "logged": self.entry.id if self.entry else ""}


def read_export(path: Path) -> Any:
    """The parsed JSON of ``path``; too big, not UTF-8 or not JSON is one clear line."""
    try:
        if path.is_dir():
            raise IsADirectoryError
        if not path.is_file():  # a FIFO or a device (/dev/zero) would never end
            if not path.exists():
                raise FileNotFoundError
            raise ImportRefused(f"{path}: not a regular file")
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ImportRefused(f"{path}: more than {MAX_BYTES:,} bytes, more than a character export holds")
    except FileNotFoundError:
        raise ImportRefused(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ImportRefused(f"{path}: is a folder, not an exported character file") from None
    except OSError as exc:
        raise ImportRefused(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        body = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ImportRefused(f"{path}: line {line}: not UTF-8 text (is it a JSON export?)") from None
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise ImportRefused(f"{path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise ImportRefused(f"{path}: nested too deeply to be a character export") from None
    except ValueError as exc:  # e.g. a number with more digits than Python reads
        raise ImportRefused(f"{path}: not a character export ({str(exc)[:120]})") from None


def prepare(path: Path, ruleset: str, fmt: str | None = None) -> Imported:
    """Read and convert ``path`` into a character of ``ruleset`` (nothing saved yet)."""
    data = read_export(path)
    try:
        fmt = fmt or detect(data)
        if fmt not in FORMATS:
            raise RulesError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
        yields = FORMATS[fmt][1]
        if yields is not None and yields != ruleset:
            raise RulesError(f"is a {fmt} export, a {yields} character, but this chronicle plays {ruleset}")
        converted = convert(fmt, data)
        name = character_name(converted.doc.get("name"))  # refused with a control character, else normalised
    except RulesError as exc:
        raise ImportRefused(f"{path}: {exc}") from None
    own = converted.doc.get("ruleset", ruleset)
    if own != ruleset:
        raise ImportRefused(f"{path}: holds a {own} character but this chronicle plays {ruleset}")
    doc = clean_document(converted.doc)  # every format's every string and key, this tool's own included
    doc.pop("schema_version", None)
    doc["name"] = name
    warnings: list[str] = []
    character = Character.from_toml(doc, where=str(path), ruleset=ruleset, warnings=warnings)
    return Imported(character, fmt, converted.unmapped, warnings)


def import_character(store: ChronicleStore, path: str | Path, *, fmt: str | None = None, replace_existing: bool = False,
                     now: datetime | None = None) -> Imported:
    """Import one file into ``store``; refuses to overwrite a character of the same name without ``replace_existing``."""
    path = Path(path).expanduser()
    result = prepare(path, store.chronicle.ruleset, fmt)
    wanted = name_key(result.character.name)
    existing = next((c for c in store.characters if name_key(c.name) == wanted), None)
    if existing is not None and not replace_existing:
        raise NameTaken(f"{path}: {store.path} already has a character called {existing.name!r}; "
                        "nothing was changed")
    check_may_log(store)  # asked before the sheet is written (vtm_tui.play.sessions, rule 5)
    try:
        saved = _save(store, result, existing)
    except StoreError as exc:  # e.g. a sheet the loader would refuse (too big, too deep): nothing was written
        raise ImportRefused(f"{path}: {exc}") from None
    now = now or utc_now()
    session = session_for_action(store, now=now).number
    entry = LogEntry.new("edit", session=session, ruleset=store.chronicle.ruleset, now=now, actor=saved.name,
                         change={"field": "character", "before": existing.name if existing else "",
                                 "after": saved.name},
                         comment=f"{'re-imported' if existing else 'imported'} from {result.format} file "
                                 f"{clean_imported(path.name[:100])}")
    store.log(entry)
    result.character, result.replaced, result.entry = saved, existing is not None, entry
    return result


def _save(store: ChronicleStore, result: Imported, existing: Character | None) -> Character:
    """The imported sheet saved: a new character, or over ``existing`` keeping what the other tool has no notion
    of (the seat's player, the kind, secrets)."""
    if existing is None:
        return store.add_character(result.character)
    return store.save_character(replace(result.character, slug=existing.slug, player=existing.player
                                        or result.character.player, kind=existing.kind,
                                        private_notes=result.character.private_notes or existing.private_notes))
