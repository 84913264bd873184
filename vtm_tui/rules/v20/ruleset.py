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
    roll_style = "difficulty"
    turn_order = "initiative"
    surprise_rounds = False
    damage_track = "levels"
    vampire_by_default = True
    pools_are_die_sizes = False
    default_extra_pool = 4
    default_extra_health = 7
    extra_pools_example = "attack 6, dodge 4, damage 4, soak 3"

    # -- play / review / commands --

    has_hunger = False
    rolls_sized_dice = False
    difficulty_counts_successes = False
    willpower_buys_success = True
    willpower_takes_damage = False
    has_free_botch = True
    has_virtue_rolls = True
    pools_use_proficiencies = False
    skills_table = "abilities"

    def pool_skill_order(self) -> tuple[str, ...]:
        return ABILITIES

    # -- ui --
    has_stains = False
    has_blood_pool = True
    has_creatures = True  # a vampire, a ghoul (a small pool of vitae) or a mortal (none): model/character_v20.py
    has_vampire_damage = True
    damage_tracks_superficial = False
    health_levels = True
    traits_are_die_sizes = False
    has_proficiencies = False
    judges_total = False
    difficulty_is_target_number = True
    difficulty_placeholder = ""
    contest_damage_label = "Damage"
    contest_to_willpower = False
    declares_action_groups = False
    rolls_initiative = True
    teams_pick_turns = False

    # -- tables --
    package = "vtm_tui.rules.v20"

    def roll_kinds(self) -> dict[str, str]:
        from vtm_tui.rules.v20.kinds import KINDS

        return {kind.id: kind.label for kind in KINDS.values()}

    def listed_kinds(self) -> dict[str, str]:
        """Damage, soak and the Virtue rolls (frenzy, Rötschreck, degeneration)."""
        return {kid: label for kid, label in self.roll_kinds().items() if kid != "test"}

    # A target number per die, 2-10; the seed names only these rungs.
    difficulty_ladder = (("Trivially easy", 2), ("Standard", 6), ("Almost impossible", 10))
    difficulty_range = (2, 10)
    default_difficulty = 6

    damage_kinds = ("lethal", "bashing", "aggravated")
    dodge_words = ("dodge", "athletics", "defence", "defense")
    defender_strikes_back = False
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
