"""V20 character creation as the core book gives it, as pure functions on a character's TOML document.

Attributes 7 / 5 / 3 dots over Physical, Social and Mental (each Attribute starts at 1); Abilities 13 / 9 / 5
over Talents, Skills and Knowledges (none above 3 before freebies); 3 Discipline dots, 5 Background dots,
7 Virtue dots (each Virtue starts at 1); Humanity = Conscience + Self-Control, Willpower = Courage; then
15 freebie points (plus up to 7 from Flaws) at the freebie costs below. The priorities are whichever
ordering costs the fewest freebies. Everything here warns; nothing refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from vtm_tui.rules.sheet_spec import Budget, CreationReport, dots_above
from vtm_tui.rules.v20.catalogue import CLAN_DISCIPLINES
from vtm_tui.rules.v20.traits import KNOWLEDGES, MENTAL, PHYSICAL, SKILLS, SOCIAL, TALENTS

ATTRIBUTE_PRIORITIES = (7, 5, 3)
ABILITY_PRIORITIES = (13, 9, 5)
DISCIPLINE_DOTS = 3
BACKGROUND_DOTS = 5
VIRTUE_DOTS = 7
FREEBIES = 15
FLAW_FREEBIES_MAX = 7
#: Freebie point cost per dot.
FREEBIE_COSTS = {"Attribute": 5, "Ability": 2, "Discipline": 7, "Background": 1, "Virtue": 2,
                 "Humanity/Path": 1, "Willpower": 1}
ABILITY_CAP = 3


def _ints(table: Any) -> dict[str, int]:
    return {str(k): int(v or 0) for k, v in (table or {}).items()} if isinstance(table, Mapping) else {}


def excess_over_priorities(spent: tuple[int, int, int], priorities: tuple[int, ...]) -> int:
    """Dots beyond the free ones with the cheapest assignment of priorities to the three groups."""
    return min(sum(max(0, s - p) for s, p in zip(spent, order)) for order in permutations(priorities))


def freebie_dots(doc: Mapping[str, Any]) -> dict[str, int]:
    """Dots each part of the sheet has beyond the free ones, which freebies pay for (by FREEBIE_COSTS' names)."""
    attributes, abilities = _ints(doc.get("attributes")), _ints(doc.get("abilities"))
    groups = tuple(dots_above(attributes, names, 1) for names in (PHYSICAL, SOCIAL, MENTAL))
    ability_groups = tuple(dots_above(abilities, names, 0) for names in (TALENTS, SKILLS, KNOWLEDGES))
    virtues = _ints(doc.get("virtues"))
    virtue_dots = sum(max(0, v - 1) for v in virtues.values())
    conscience = next((virtues[n] for n in ("Conscience", "Conviction") if n in virtues), 1)
    control = next((virtues[n] for n in ("Self-Control", "Instinct") if n in virtues), 1)
    willpower = doc.get("willpower", {})
    permanent = int(willpower.get("permanent", 1)) if isinstance(willpower, Mapping) else int(willpower or 1)
    return {
        "Attribute": excess_over_priorities(groups, ATTRIBUTE_PRIORITIES),
        "Ability": excess_over_priorities(ability_groups, ABILITY_PRIORITIES),
        "Discipline": max(0, sum(_ints(doc.get("disciplines")).values()) - DISCIPLINE_DOTS),
        "Background": max(0, sum(_ints(doc.get("backgrounds")).values()) - BACKGROUND_DOTS),
        "Virtue": max(0, virtue_dots - VIRTUE_DOTS),
        "Humanity/Path": max(0, int(doc.get("path_rating", conscience + control)) - (conscience + control)),
        "Willpower": max(0, permanent - virtues.get("Courage", 1)),
    }


def freebies_spent(doc: Mapping[str, Any]) -> dict[str, int]:
    """Freebie points each part of the sheet costs beyond the free dots (by the names of FREEBIE_COSTS)."""
    return {what: n * FREEBIE_COSTS[what] for what, n in freebie_dots(doc).items()}


def _free(label: str, dots: int, allowed: int, bought: int, note: str = "") -> Budget:
    """A budget of free dots: those bought with freebies are counted there, not here, so a sheet with a dot
    bought reads "15/15 (0 left) — 7 / 5 / 3, 1 more with freebies", not "16/15 (-1 left)"."""
    more = f"{bought} more with freebies" if bought else ""
    return Budget(label, dots - bought, allowed, ", ".join(part for part in (note, more) if part))


def report(doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
    attributes, abilities = _ints(doc.get("attributes")), _ints(doc.get("abilities"))
    virtues = _ints(doc.get("virtues"))
    merits = sum(_ints(doc.get("merits")).values())
    flaws = sum(_ints(doc.get("flaws")).values())
    bought = freebie_dots(doc)
    spent = freebies_spent(doc)
    allowed = FREEBIES + min(flaws, FLAW_FREEBIES_MAX)
    total = sum(spent.values()) + merits
    paid = [f"{k} {v}" for k, v in spent.items() if v] + ([f"merits {merits}"] if merits else [])
    budgets = (
        _free("Attribute dots", sum(dots_above(attributes, n, 1) for n in (PHYSICAL, SOCIAL, MENTAL)), 15,
              bought["Attribute"], "7 / 5 / 3"),
        _free("Ability dots", sum(dots_above(abilities, n, 0) for n in (TALENTS, SKILLS, KNOWLEDGES)), 27,
              bought["Ability"], "13 / 9 / 5"),
        _free("Discipline dots", sum(_ints(doc.get("disciplines")).values()), DISCIPLINE_DOTS,
              bought["Discipline"], ", ".join(CLAN_DISCIPLINES.get(str(doc.get("clan", "")), ()))),
        _free("Background dots", sum(_ints(doc.get("backgrounds")).values()), BACKGROUND_DOTS, bought["Background"]),
        _free("Virtue dots", sum(max(0, v - 1) for v in virtues.values()), VIRTUE_DOTS, bought["Virtue"]),
        Budget("Freebie points", total, allowed, ", ".join(paid)),
    )
    warnings = []
    if total > allowed:
        warnings.append(f"Freebies: {total} spent, {allowed} to spend")
    if flaws > FLAW_FREEBIES_MAX:
        warnings.append(f"Flaws: {flaws} points, only {FLAW_FREEBIES_MAX} count as freebies")
    high = [n for n, v in abilities.items() if v > ABILITY_CAP]
    if high:
        warnings.append(f"Abilities above {ABILITY_CAP} before freebies: {', '.join(high)}")
    if not str(doc.get("clan", "")):
        warnings.append("Clan: none chosen")
    return CreationReport(budgets, tuple(warnings))


def apply(doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
    """Set the clan; Humanity (or a path) follows Conscience + Self-Control, Willpower follows Courage."""
    result = dict(doc)
    if choices.get("clan"):
        result["clan"] = choices["clan"]
    virtues = _ints(result.get("virtues"))
    if virtues:
        conscience = next((virtues[n] for n in ("Conscience", "Conviction") if n in virtues), 1)
        control = next((virtues[n] for n in ("Self-Control", "Instinct") if n in virtues), 1)
        result["path_rating"] = max(int(result.get("path_rating", 0) or 0), conscience + control) \
            if choices.get("keep_path") else conscience + control
        courage = virtues.get("Courage", 1)
        result["willpower"] = {"permanent": courage, "current": courage}
    return result
