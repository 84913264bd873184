"""V20 sections of a printable sheet: attributes, abilities, advantages, virtues, blood, health."""

from __future__ import annotations

from vtm_tui.rules.sheet_sections import Section, dots, rated
from vtm_tui.rules.v20.traits import ATTRIBUTES


def sections(doc: dict) -> list[Section]:
    attrs, specialties = doc.get("attributes", {}), doc.get("specialties", {})
    out = [Section("Attributes", [(n, dots(attrs.get(n, 1))) for n in ATTRIBUTES])]
    out.append(Section("Abilities", [(n, dots(v) + (f" ({', '.join(specialties[n])})" if specialties.get(n) else ""))
                                     for n, v in doc.get("abilities", {}).items()]))
    if doc.get("disciplines"):
        out.append(Section("Disciplines", rated(doc["disciplines"])))
    if doc.get("backgrounds"):
        out.append(Section("Backgrounds", rated(doc["backgrounds"])))
    will, blood, health = doc.get("willpower", {}), doc.get("blood", {}), doc.get("health", {})
    out.append(Section("Virtues and path", rated(doc.get("virtues", {}))
                       + [(doc.get("path", "Humanity"), dots(doc.get("path_rating", 7), 10)),
                          ("Willpower", f"{dots(will.get('permanent', 1), 10)} (current {will.get('current', 1)})"),
                          ("Blood pool", str(blood.get("current", ""))),
                          ("Health", f"bashing {health.get('bashing', 0)}, lethal {health.get('lethal', 0)}, "
                                     f"aggravated {health.get('aggravated', 0)}")]))
    if doc.get("merits") or doc.get("flaws"):
        out.append(Section("Merits and flaws", rated(doc.get("merits", {}), 7)
                           + [(f"{n} (flaw)", dots(v, 7)) for n, v in doc.get("flaws", {}).items()]))
    return out
