"""Exporting one character: a printable Markdown sheet, or JSON that imports back unchanged.

Storyteller-only notes stay out unless ``private`` is asked for (a seat never
asks). Every text from the sheet is escaped for Markdown, so a name with ``|``
or ``*`` prints as typed and cannot break the table.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.chronicle import Chronicle
from vtm_tui.rules.import_own import FORMAT_TAG
from vtm_tui.rules.sheet_sections import sections
from vtm_tui.store.toml_io import atomic_write_text
from vtm_tui.terminal_text import visible

FORMATS = ("markdown", "json")
EXTENSIONS = {"markdown": ".md", "json": ".json"}
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


def md(text: Any) -> str:
    """Text for a Markdown table cell: special characters escaped, line breaks as ``<br>``."""
    escaped = _MD_SPECIAL.sub(r"\\\1", str(text))
    return "<br>".join(line for line in escaped.splitlines()) if "\n" in escaped else escaped


def _document(character: Character, private: bool) -> dict[str, Any]:
    doc = character.to_toml()
    if not private:
        doc.pop("private_notes", None)
    return doc


def to_json(character: Character, *, private: bool = False) -> str:
    """One JSON object: ``format``, ``version`` and the ``character`` document (what its TOML file holds)."""
    body = {"format": FORMAT_TAG, "version": 1, "ruleset": character.ruleset,
            "character": _jsonable(_document(character, private))}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def to_markdown(character: Character, chronicle: Chronicle, *, private: bool = False) -> str:
    """A sheet to print or paste: who, then each rule-set section as a table, then the experience history."""
    doc = _document(character, private)
    sheet = character.sheet
    lines = [f"# {md(character.name)}", ""]
    facts = [("Chronicle", chronicle.name), ("Rule set", chronicle.title),
             ("Player", character.player or ("storyteller character" if character.is_storyteller_character else "none yet")), ("Concept", character.concept)]
    for key in ("clan", "sect", "generation", "sire", "predator", "nature", "demeanor", "ambition", "desire",
                "ancestry"):
        if doc.get(key):
            facts.append((key.capitalize(), doc[key]))
    lines += [f"- **{label}:** {md(value)}" for label, value in facts if value]
    for section in sections(character.ruleset, doc):
        if not section.rows:
            continue
        lines += ["", f"## {section.title}", "", "| | |", "|---|---|"]
        lines += [f"| {md(label)} | {md(value)} |" for label, value in section.rows]
    total, spent = sheet.experience_total, sheet.experience_spent
    if total or sheet.experience_history:
        lines += ["", "## Experience", "", f"{total - spent} unspent of {total} ({spent} spent)."]
        if sheet.experience_history:
            lines += ["", "| when | | |", "|---|---|---|"]
            lines += [f"| {e.time.astimezone(timezone.utc):%Y-%m-%d} | {e.amount:+d} | {md(e.note)} |"
                      for e in sheet.experience_history]
    for title, text in (("Notes", character.notes), ("Storyteller notes", doc.get("private_notes", ""))):
        if text:
            lines += ["", f"## {title}", "", *(md(line) for line in text.splitlines())]
    return "\n".join(lines) + "\n"


def export(character: Character, chronicle: Chronicle, fmt: str, *, private: bool = False) -> str:
    """The export's text, any terminal control a sheet edited by hand holds written as a visible ``\\u001b``
    (:mod:`vtm_tui.terminal_text`: valid JSON meaning the same, readable Markdown), wherever it is written."""
    if fmt == "json":
        return visible(to_json(character, private=private))
    return visible(to_markdown(character, chronicle, private=private))


def export_files(character: Character, chronicle: Chronicle, folder: Path, *, private: bool = False) -> list[Path]:
    """Write the Markdown sheet and the JSON into ``folder`` (the app uses ``<chronicle>/exports/``).

    An existing file is never overwritten: the next free name is taken (``ines-valadares-2.md``)."""
    written = []
    for fmt in FORMATS:
        target = _free(folder / f"{character.slug or 'character'}{EXTENSIONS[fmt]}")
        atomic_write_text(target, export(character, chronicle, fmt, private=private))
        written.append(target)
    return written


def _free(path: Path) -> Path:
    number = 1
    candidate = path
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
    if isinstance(value, (date, time)):
        return value.isoformat()
    return value
