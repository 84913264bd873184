"""V5 sections of a printable sheet: attributes, skills, disciplines and powers, blood, trackers."""

from __future__ import annotations

from vtm_tui.rules.sheet_sections import Section, dots, rated
from vtm_tui.rules.v5.traits import ATTRIBUTES, SKILLS


def sections(doc: dict) -> list[Section]:
    attrs, skills = doc.get("attributes", {}), doc.get("skills", {})
    specialties = doc.get("specialties", {})
    out = [Section("Attributes", [(n, dots(attrs.get(n, 1))) for names in ATTRIBUTES.values() for n in names])]
    skill_rows = []
    for names in SKILLS.values():
        for name in names:
            if skills.get(name) or specialties.get(name):
                extra = f" ({', '.join(specialties.get(name, []))})" if specialties.get(name) else ""
                skill_rows.append((name, dots(skills.get(name, 0)) + extra))
    skill_rows += [(n, dots(v)) for n, v in skills.items() if not any(n in names for names in SKILLS.values())]
    out.append(Section("Skills", skill_rows))
    powers = {discipline: [p if isinstance(p, str) else str(p.get("name", "")) for p in listed]  # a name or a table
              for discipline, listed in doc.get("powers", {}).items()}
    disc = [(n, dots(v) + (f": {', '.join(powers.get(n, []))}" if powers.get(n) else ""))
            for n, v in doc.get("disciplines", {}).items()]
    disc += [(n, ", ".join(p)) for n, p in powers.items() if n not in doc.get("disciplines", {})]
    from vtm_tui.rules.v5.power_page import problems

    disc += [("⚠ Warning", problem) for problem in problems(doc)]  # a power granted past its prerequisites
    if disc:
        out.append(Section("Disciplines", disc))
    learned = [_learned(kind, entry) for kind in ("ritual", "formula") for entry in doc.get(f"{kind}s", [])]
    if learned:  # their own kind on the sheet, printed apart from the Disciplines' powers
        out.append(Section("Rituals and formulas", learned))
    health, will = doc.get("health", {}), doc.get("willpower", {})
    from vtm_tui.rules.catalogue.v5_trackers import doc_health_size

    will_size = attrs.get("Composure", 1) + attrs.get("Resolve", 1)
    blood = [("Creature", str(doc.get("creature", "vampire")))]
    if doc.get("creature", "vampire") == "vampire":
        blood += [("Blood Potency", dots(doc.get("blood_potency", 0), 10)), ("Hunger", dots(doc.get("hunger", 0)))]
    blood += [("Humanity", f"{dots(doc.get('humanity', 7), 10)}, {doc.get('stains', 0)} stains"),
              ("Health", _track(doc_health_size(doc), health)), ("Willpower", _track(will_size, will))]
    out.append(Section("Blood and trackers", blood))
    if doc.get("advantages") or doc.get("flaws"):
        out.append(Section("Advantages and flaws", rated(doc.get("advantages", {}))
                           + [(f"{n} (flaw)", dots(v)) for n, v in doc.get("flaws", {}).items()]))
    convictions = [(t.get("name", ""), t.get("conviction", "")) for t in doc.get("touchstones", [])]
    if convictions or doc.get("convictions"):
        out.append(Section("Convictions and touchstones", convictions
                           + [("Conviction", c) for c in doc.get("convictions", []) if c not in dict(convictions).values()]))
    return out


def _learned(kind: str, entry: object) -> tuple[str, str]:
    """``("Ritual: Ward against Ghouls", "level 1")``: a bare name takes the core catalogue's level."""
    from vtm_tui.rules.catalogue.v5_rituals import catalogue_ritual

    name = entry if isinstance(entry, str) else str(entry.get("name", "")) if isinstance(entry, dict) else str(entry)
    level = entry.get("level") if isinstance(entry, dict) else None
    if level is None:
        known = catalogue_ritual(kind, name)
        level = known.level if known else "?"
    return f"{kind.capitalize()}: {name}", f"level {level}"


def _track(size: int, track: dict) -> str:
    agg, sup = track.get("aggravated", 0), track.get("superficial", 0)
    return f"{'X' * agg}{'/' * sup}{'.' * max(0, size - agg - sup)} ({size} boxes)"
