"""The V20 :class:`~vtm_tui.rules.ruleset.RuleSet`: V20 sheets' fields, catalogues, creation and templates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vtm_tui.rules import pool_limits
from vtm_tui.rules.package_modules import PackageModules
from vtm_tui.rules.v20 import catalogue
from vtm_tui.rules.v20.traits import ABILITIES, ATTRIBUTES, VIRTUES

if TYPE_CHECKING:  # built when a form or a template is first asked for, not at start
    from vtm_tui.rules.sheet_spec import CreationReport, CreationStep, QuickTemplate, TextField

V20_DISCIPLINES = ("Animalism", "Auspex", "Celerity", "Chimerstry", "Dementation", "Dominate", "Fortitude",
                   "Necromancy", "Obfuscate", "Obtenebration", "Potence", "Presence", "Protean", "Quietus",
                   "Serpentis", "Thaumaturgy", "Vicissitude")


class V20RuleSet(PackageModules):
    id = "v20"
    title = "Vampire: The Masquerade, Revised / 20th anniversary"

    def text_fields(self) -> tuple[TextField, ...]:
        from vtm_tui.rules.sheet_spec import TextField

        return (
            TextField("clan", "Clan", 60, tuple(catalogue.CLAN_DISCIPLINES)),
            TextField("sect", "Sect", 60, ("Camarilla", "Sabbat", "Anarch", "Independent")),
            TextField("nature", "Nature", 60),
            TextField("demeanor", "Demeanor", 60),
            TextField("sire", "Sire", 120),
            TextField("generation", "Generation", 2, number=True),
            TextField("path", "Path", 80, catalogue.PATHS),
        )

    def catalogue_kinds(self) -> tuple[str, ...]:
        return ("disciplines", "backgrounds", "merits", "flaws", "specialties")

    def catalogue(self, kind: str) -> tuple[str, ...]:
        return {
            "disciplines": V20_DISCIPLINES,
            "backgrounds": catalogue.BACKGROUNDS,
            "merits": catalogue.MERITS,
            "flaws": catalogue.FLAWS,
            "paths": catalogue.PATHS,
            "virtues": VIRTUES + ("Conviction", "Instinct"),
            "specialties": ATTRIBUTES + ABILITIES,
            "clans": tuple(catalogue.CLAN_DISCIPLINES),
        }.get(kind, ())

    def quick_templates(self) -> tuple[QuickTemplate, ...]:
        from vtm_tui.rules.v20 import templates

        return templates.TEMPLATES

    def pool_value_error(self, value: int) -> str | None:
        return pool_limits.pool_value_error(self.id, value)

    def conflict_extra(self, doc: Mapping[str, Any]) -> tuple[dict[str, int], int, bool]:
        """Seven health levels; the sheet's creature says whether it is a vampire, or else (a quick character's
        template) a blood pool of more than 2 (not a mortal's 1 or a ghoul's 2) is a vampire's."""
        blood = doc.get("blood", {}) or {}
        if "creature" in doc:
            return _extra_pools(doc, "Physical"), 7, doc["creature"] == "vampire"
        return _extra_pools(doc, "Physical"), 7, int(blood.get("max", 10)) > 2

    def creation_steps(self) -> tuple[CreationStep, ...]:
        from vtm_tui.rules.sheet_spec import CreationStep

        return (
            CreationStep("concept", "Concept, nature, demeanor", "text", "Who the character is.",
                         fields=("concept", "nature", "demeanor", "sect")),
            CreationStep("clan", "Clan", "choice", "Its three Disciplines are in-clan.",
                         options=tuple(catalogue.CLAN_DISCIPLINES)),
            CreationStep("attributes", "Attributes", "dots", "7 / 5 / 3 dots over Physical, Social, Mental.",
                         table="attributes", fields=ATTRIBUTES, low=1, high=5),
            CreationStep("abilities", "Abilities", "dots", "13 / 9 / 5 over Talents, Skills, Knowledges; "
                         "none above 3 before freebies.", table="abilities", fields=ABILITIES, low=0, high=5),
            CreationStep("disciplines", "Disciplines", "named", "3 dots in clan Disciplines.",
                         options=V20_DISCIPLINES, table="disciplines"),
            CreationStep("backgrounds", "Backgrounds", "named", "5 dots.", options=catalogue.BACKGROUNDS,
                         table="backgrounds"),
            CreationStep("virtues", "Virtues", "dots", "7 dots (each starts at 1). Humanity = Conscience + "
                         "Self-Control, Willpower = Courage.", table="virtues", fields=VIRTUES, low=1, high=5),
            CreationStep("merits", "Merits", "named", "Bought with freebies at their point cost.",
                         options=catalogue.MERITS, table="merits", high=7),
            CreationStep("flaws", "Flaws", "named", "Up to 7 points give freebies.", options=catalogue.FLAWS,
                         table="flaws", high=7),
        )

    def creation_start(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return dict(doc)  # the blank sheet is where the book starts

    def creation_apply(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
        from vtm_tui.rules.v20 import creation

        return creation.apply(doc, choices)

    def creation_report(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
        from vtm_tui.rules.v20 import creation

        return creation.report(doc, choices)

    # -- conflict --
    default_extra_pool = 4
    default_extra_health = 7
    extra_pools_example = "attack 6, dodge 4, damage 4, soak 3"

    # -- play / review / commands --

    difficulty_counts_successes = False

    def pool_skill_order(self) -> tuple[str, ...]:
        return ABILITIES

    def pool_skills(self, sheet: Any) -> list[str]:
        from vtm_tui.rules.pool_text import book_then_own  # with the pool parser: not before the first paint

        return book_then_own(ABILITIES, sheet.abilities)

    def pool_extras(self, sheet: Any) -> dict[str, int]:
        return {}

    def creatures(self) -> tuple[str, ...]:
        return ("vampire", "ghoul", "mortal")  # a ghoul holds a small pool of vitae, a mortal none

    def roster_mark(self, sheet: Any) -> str:
        return ""

    def damage_key_hint(self) -> str:
        return "d/D/x damage"

    def sheet_key_hints(self) -> tuple[str, ...]:
        return ("+/- dots", self.damage_key_hint(), "h heal", "]/[ blood")

    # -- ui --
    difficulty_placeholder = ""
    contest_damage_label = "Damage"

    # -- tables --
    package = "vtm_tui.rules.v20"

    # A target number per die, 2-10; the seed names only these rungs.
    difficulty_ladder = (("Trivially easy", 2), ("Standard", 6), ("Almost impossible", 10))
    difficulty_range = (2, 10)
    default_difficulty = 6

    damage_kinds = ("lethal", "bashing", "aggravated")
    dodge_words = ("dodge", "athletics", "defence", "defense")
    damage_kind_by_word: Mapping[str, str] = {"brawl": "bashing"}  # fists and kicks deal bashing damage
    default_attack_pool = "Dexterity + Brawl"
    default_defence_pool = "Dexterity + Athletics"

    result_order = ("success", "failure", "botch")
    messy_results = ("botch",)
    headline_result = "botch"
    sheet_damage_field = "health"
    sheet_damage_marks = ("bashing", "lethal", "aggravated")
    conflict_damage_marks = (("bashing", ""), ("lethal", ""), ("aggravated", ""))


def _extra_pools(doc: Mapping[str, Any], general: str) -> dict[str, int]:
    pools = {str(k).casefold(): int(v) for k, v in (doc.get("pools", {}) or {}).items()}
    first = pools.pop(general.casefold(), None)
    return {"general": first if first is not None else max(pools.values(), default=1), **pools}


RULESET = V20RuleSet()
