"""The V5 :class:`~vtm_tui.rules.ruleset.RuleSet`: V5 sheets' fields, catalogues, creation and templates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vtm_tui.rules import pool_limits
from vtm_tui.rules.package_modules import PackageModules
from vtm_tui.rules.v5.traits import ATTRIBUTE_NAMES, DISCIPLINES, SKILL_NAMES

if TYPE_CHECKING:  # built when a form or a template is first asked for, not at start
    from vtm_tui.rules.sheet_spec import CreationReport, CreationStep, EntryPage, QuickTemplate, TextField



class V5RuleSet(PackageModules):
    id = "v5"
    title = "Vampire: The Masquerade 5th edition"

    def text_fields(self) -> tuple[TextField, ...]:
        from vtm_tui.rules.sheet_spec import TextField
        from vtm_tui.rules.v5 import catalogue  # its frozen dataclass: not on the first screen's path

        return (
            TextField("clan", "Clan", 60, tuple(catalogue.CLAN_DISCIPLINES)),
            TextField("sire", "Sire", 120),
            TextField("generation", "Generation", 2, number=True),
            TextField("predator", "Predator type", 60, tuple(catalogue.PREDATOR_TYPES)),
            TextField("ambition", "Ambition", 300),
            TextField("desire", "Desire", 300),
            TextField("bane", "Bane", 300),
        )

    def catalogue_kinds(self) -> tuple[str, ...]:
        return ("disciplines", "advantages", "flaws", "loresheets", "specialties")

    def catalogue(self, kind: str) -> tuple[str, ...]:
        from vtm_tui.rules.v5 import catalogue

        return {
            "disciplines": DISCIPLINES,
            "advantages": catalogue.MERITS,
            "backgrounds": catalogue.BACKGROUNDS,
            "flaws": catalogue.FLAWS,
            "loresheets": catalogue.LORESHEETS,
            "specialties": SKILL_NAMES,
            "clans": tuple(catalogue.CLAN_DISCIPLINES),
            "predator types": tuple(catalogue.PREDATOR_TYPES),
        }.get(kind, ())

    def quick_templates(self) -> tuple[QuickTemplate, ...]:
        from vtm_tui.rules.v5 import templates

        return templates.TEMPLATES

    def pool_value_error(self, value: int) -> str | None:
        return pool_limits.pool_value_error(self.id, value)

    def conflict_extra(self, doc: Mapping[str, Any]) -> tuple[dict[str, int], int, bool]:
        from vtm_tui.rules.catalogue.v5_trackers import doc_health_size

        return _extra_pools(doc, "Physical"), doc_health_size(doc), str(doc.get("creature", "vampire")) == "vampire"

    def creation_steps(self) -> tuple[CreationStep, ...]:
        from vtm_tui.rules.sheet_spec import CreationStep
        from vtm_tui.rules.v5 import catalogue, creation

        return (
            CreationStep("concept", "Concept, ambition, desire", "text",
                         "Who the character is and what drives them.", fields=("concept", "ambition", "desire")),
            CreationStep("clan", "Clan", "choice", "Two of its Disciplines start at 2 and 1.",
                         options=tuple(catalogue.CLAN_DISCIPLINES)),
            CreationStep("age", "Age at the Embrace", "choice",
                         "Childe: generation 14-16, Blood Potency 0. Neonate: 12-13, BP 1, 15 XP. "
                         "Ancilla: 10-11, BP 2, 35 XP, +2 advantages, +2 flaws, Humanity -1.",
                         options=tuple(catalogue.AGES)),
            CreationStep("attributes", "Attributes", "dots", "One at 4, three at 3, four at 2, one at 1.",
                         table="attributes", fields=ATTRIBUTE_NAMES, low=1, high=5),
            CreationStep("skills", "Skill distribution", "choice",
                         "Jack of all trades 3/2×8/1×10 · Balanced 3×3/2×5/1×7 · Specialist 4/3×3/2×3/1×3.",
                         options=tuple(creation.SKILL_DISTRIBUTIONS)),
            CreationStep("skill_dots", "Skills", "dots", "Academics, Craft, Performance, Science need a specialty.",
                         table="skills", fields=SKILL_NAMES, low=0, high=5),
            CreationStep("specialties", "Specialties", "named",
                         "Skill name, then the specialty: 'Brawl: Grappling'. One free, plus those the skills need.",
                         options=SKILL_NAMES, table="specialties"),
            CreationStep("predator", "Predator type", "choice",
                         "Grants a Discipline dot, a specialty and some advantages and flaws.",
                         options=tuple(catalogue.PREDATOR_TYPES)),
            CreationStep("disciplines", "Disciplines", "named", "Two clan Disciplines at 2 and 1, plus the "
                         "predator type's dot.", options=DISCIPLINES, table="disciplines", high=5),
            CreationStep("powers", "Discipline powers", "entries",
                         "One power per Discipline dot, each of a level up to the dots: 'Dominate: Mesmerize' "
                         "(Tab completes). Your own: 'Dominate: Name; level; Rouse; pool'. Delete removes.",
                         table="powers"),
            CreationStep("advantages", "Merits, backgrounds, loresheets", "named",
                         "7 points (more from predator and age).",
                         options=catalogue.MERITS + catalogue.LORESHEETS, table="advantages", high=5),
            CreationStep("flaws", "Flaws", "named", "At least 2 points (more from predator and age).",
                         options=catalogue.FLAWS, table="flaws", high=5),
            CreationStep("convictions", "Convictions and touchstones", "text",
                         "One to three Convictions, each with a Touchstone (one per line: 'conviction = person').",
                         fields=("convictions",)),
        )

    def creation_start(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return dict(doc)  # the blank sheet is where the book starts

    def creation_apply(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
        from vtm_tui.rules.v5 import creation

        return creation.apply(doc, choices)

    def creation_report(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
        from vtm_tui.rules.v5 import creation

        return creation.report(doc, choices)

    # -- conflict --
    default_extra_pool = 4
    default_extra_health = 4
    extra_pools_example = "general 5, attack 6"

    # -- play / review / commands --

    difficulty_counts_successes = True

    def pool_skill_order(self) -> tuple[str, ...]:
        return SKILL_NAMES

    def pool_skills(self, sheet: Any) -> list[str]:
        from vtm_tui.rules.pool_text import book_then_own  # with the pool parser: not before the first paint

        return book_then_own(SKILL_NAMES, sheet.skills)

    def pool_extras(self, sheet: Any) -> dict[str, int]:
        return {}

    def creatures(self) -> tuple[str, ...]:
        return ("vampire", "ghoul", "mortal")  # the first is what a new sheet is unless chosen

    def roster_mark(self, sheet: Any) -> str:
        return f"H{sheet.hunger}" if sheet.is_vampire else ""

    def damage_key_hint(self) -> str:
        return "d/D damage"

    def sheet_key_hints(self) -> tuple[str, ...]:
        return ("+/- dots", self.damage_key_hint(), "h heal", "]/[ Hunger", "s stain")

    # -- ui --
    difficulty_placeholder = ""
    contest_damage_label = "Damage"

    # -- tables --
    package = "vtm_tui.rules.v5"

    def entry_page(self, step_id: str) -> EntryPage | None:
        from vtm_tui.rules.sheet_spec import EntryPage

        if step_id != "powers":
            return None
        from vtm_tui.rules.v5 import power_page

        return EntryPage("Dominate: Mesmerize", power_page.lines, power_page.add, power_page.remove,
                         power_page.suggestions, power_page.available, power_page.problems)

    # Difficulty = successes needed; 0 means "no Difficulty set" (one success wins). Names from the seed's table.
    difficulty_ladder = (("Routine", 1), ("Straightforward", 2), ("Moderate", 3), ("Challenging", 4), ("Hard", 5),
                         ("Very Hard", 6), ("Nearly Impossible", 7))
    difficulty_range = (0, 15)
    default_difficulty = 0

    damage_kinds = ("superficial", "aggravated")
    dodge_words = ("athletics", "dodge", "defence", "defense")
    damage_kind_by_word: Mapping[str, str] = {}
    default_attack_pool = "Strength + Brawl"
    default_defence_pool = "Dexterity + Athletics"

    result_order = ("messy_critical", "critical_win", "win", "bestial_failure", "total_failure", "failure", "pass",
                    "fail")
    messy_results = ("messy_critical", "bestial_failure")
    headline_result = "messy_critical"
    sheet_damage_field = "health"
    sheet_damage_marks = ("superficial", "aggravated", "aggravated")
    conflict_damage_marks = (("superficial", "health"), ("aggravated", "health"), ("aggravated", "health"))


def _extra_pools(doc: Mapping[str, Any], general: str) -> dict[str, int]:
    pools = {str(k).casefold(): int(v) for k, v in (doc.get("pools", {}) or {}).items()}
    first = pools.pop(general.casefold(), None)
    return {"general": first if first is not None else max(pools.values(), default=1), **pools}


RULESET = V5RuleSet()
