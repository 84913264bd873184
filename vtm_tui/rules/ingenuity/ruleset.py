"""The Ingenuity :class:`~vtm_tui.rules.ruleset.RuleSet`: fields, catalogues, creation and templates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vtm_tui.rules.ingenuity.character import ATTRIBUTES, MUNDANE_SKILLS, RESOURCE_ATTRIBUTES, SKILLS
from vtm_tui.rules.ingenuity.difficulty import LADDER
from vtm_tui.rules.ingenuity.sizes import SIZES
from vtm_tui.rules import pool_limits
from vtm_tui.rules.package_modules import PackageModules

if TYPE_CHECKING:  # built when a form or a template is first asked for, not at start
    from vtm_tui.rules.sheet_spec import CreationReport, CreationStep, QuickTemplate, TextField

DICE = (4, 6, 8, 10, 12)
PROFICIENCIES = ("Climbing", "Jumping", "Swimming", "Lifting", "Riding", "Tracking", "Woodlands", "Herbalism",
                 "Lockpicking", "Swords", "Bows", "Shields", "Cooking", "Smithing", "Navigation", "Languages")


class IngenuityRuleSet(PackageModules):
    id = "ingenuity"
    title = "Ingenuity"

    def text_fields(self) -> tuple[TextField, ...]:
        from vtm_tui.rules.sheet_spec import TextField

        return (
            TextField("ancestry", "Ancestry", 60, ("Dwarf", "Elf", "Human")),
            TextField("size", "Size", 20, tuple(name for name, _value in SIZES)),
            TextField("fate", "Fate", 3, number=True),
            *[TextField(f"resources.{name}.max", f"{name} maximum (empty: 6 + the {attribute} die)", 3, number=True)
              for name, attribute in RESOURCE_ATTRIBUTES],
        )

    def catalogue_kinds(self) -> tuple[str, ...]:
        return ("proficiencies", "skills")

    def catalogue(self, kind: str) -> tuple[str, ...]:
        from vtm_tui.rules.ingenuity import creation

        return {"proficiencies": PROFICIENCIES, "skills": SKILLS, "attributes": ATTRIBUTES,
                "talents": tuple(creation.TALENTS)}.get(kind, ())

    def quick_templates(self) -> tuple[QuickTemplate, ...]:
        from vtm_tui.rules.ingenuity import templates

        return templates.TEMPLATES

    def pool_value_error(self, value: int) -> str | None:
        return pool_limits.pool_value_error(self.id, value)

    def conflict_extra(self, doc: Mapping[str, Any]) -> tuple[dict[str, int], int, bool]:
        """The general pool is the largest die on the sheet; Health is 6 + the Strength die (or the file's)."""
        from vtm_tui.rules.ingenuity import creation

        dice = {k: creation.die_size(v) for table in ("attributes", "skills")
                for k, v in (doc.get(table, {}) or {}).items()}
        pools = {str(k).casefold(): int(v) for k, v in (doc.get("pools", {}) or {}).items()}
        general = pools.pop("general", max(dice.values(), default=4))
        health = (doc.get("resources", {}) or {}).get("Health", {}).get("max")
        return {"general": general, **pools}, int(health or 6 + dice.get("Strength", 6)), False

    def creation_steps(self) -> tuple[CreationStep, ...]:
        from vtm_tui.rules.sheet_spec import CreationStep
        from vtm_tui.rules.ingenuity import creation

        return (
            CreationStep("concept", "Concept and ancestry", "text", "Archetype: ancestry, background, class.",
                         fields=("concept", "ancestry")),
            CreationStep("attributes", "Attributes", "dots", "Two good (d6), two weak (d4).",
                         table="attributes", fields=ATTRIBUTES, low=4, high=12, values=DICE),
            CreationStep("talent", "Talent", "choice", "Toughness +4 Endurance · Longevity +4 Stamina · "
                         "Mindfulness +4 Focus.", options=tuple(creation.TALENTS)),
            CreationStep("skills", "Trained skills", "dots", "The archetype's trained skills.",
                         table="skills", fields=SKILLS, low=4, high=12, values=DICE),
            CreationStep("proficiencies", "Proficiencies", "named", "Bonus +1 to +4.", options=PROFICIENCIES,
                         table="proficiencies", low=1, high=4),
        )

    def creation_start(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        from vtm_tui.rules.ingenuity import creation

        return creation.start(doc)

    def creation_apply(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
        from vtm_tui.rules.ingenuity import creation

        return creation.apply(doc, choices)

    def creation_report(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
        from vtm_tui.rules.ingenuity import creation

        return creation.report(doc, choices)

    # -- conflict --
    default_extra_pool = 6
    default_extra_health = 8
    extra_pools_example = "general d8, attack d10"

    # -- play / review / commands --

    difficulty_counts_successes = False

    def pool_skill_order(self) -> tuple[str, ...]:
        return MUNDANE_SKILLS

    def pool_skills(self, sheet: Any) -> list[str]:
        from vtm_tui.rules.pool_text import book_then_own  # with the pool parser: not before the first paint

        return book_then_own(MUNDANE_SKILLS, sheet.skills)

    def pool_extras(self, sheet: Any) -> dict[str, int]:
        """Proficiencies: a pool may name one beside its traits (rated 0 here, where a pool is only checked)."""
        return dict.fromkeys(sheet.proficiencies, 0)

    def creatures(self) -> tuple[str, ...]:
        return ()

    def roster_mark(self, sheet: Any) -> str:
        return ""

    def damage_key_hint(self) -> str:
        return "d damage"

    def sheet_key_hints(self) -> tuple[str, ...]:
        return ("+/- die size", self.damage_key_hint(), "h heal")

    # -- ui --
    difficulty_placeholder = "none"
    contest_damage_label = "Resource"

    # -- tables --
    package = "vtm_tui.rules.ingenuity"

    difficulty_ladder = LADDER
    difficulty_range = (1, 99)
    default_difficulty = 8

    damage_kinds = ("Health", "Endurance", "Stamina", "Focus")
    dodge_words = ("agility", "dodge", "defence", "defense")
    damage_kind_by_word: Mapping[str, str] = {}
    default_attack_pool = "Strength + Combat"
    default_defence_pool = "Dexterity + Agility"

    result_order = ("success", "failure", "rolled")
    messy_results: tuple[str, ...] = ()
    headline_result = "failure"
    sheet_damage_field = "resources.Health"
    sheet_damage_marks = ("point", "point", "point")
    conflict_damage_marks = (("", "Health"), ("", "Health"), ("", "Health"))


RULESET = IngenuityRuleSet()
