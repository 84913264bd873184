"""Ingenuity sections of a printable sheet: attribute and skill dice, proficiencies, resources, fate."""

from __future__ import annotations

from vtm_tui.rules.sheet_sections import Section


def sections(doc: dict) -> list[Section]:
    out = [Section("Attributes", [(n, str(d)) for n, d in doc.get("attributes", {}).items()]),
           Section("Skills", [(n, str(d)) for n, d in doc.get("skills", {}).items()])]
    if doc.get("proficiencies"):
        out.append(Section("Proficiencies", [(n, f"+{b}") for n, b in doc["proficiencies"].items()]))
    resources = [(n, f"{r.get('current')}" + (f"/{r['max']}" if "max" in r else ""))
                 for n, r in doc.get("resources", {}).items()]
    out.append(Section("Resources", [*resources, ("Size", str(doc.get("size", ""))), ("Fate", str(doc.get("fate", 0)))]))
    return out
