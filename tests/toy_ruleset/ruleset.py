"""The toy's :class:`~vtm_tui.rules.ruleset.RuleSet`: a pool of d6s, 5+ succeeds; no creatures, blood or conflicts
of its own. Its facets are the same-named modules of this package (``roll_options``, ``roll_play``,
``command_line``, ``logged``, ``kinds``), read by :class:`~vtm_tui.rules.package_modules.PackageModules`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.package_modules import PackageModules


class ToyRuleSet(PackageModules):
    id = "toy"
    title = "Toy dice"
    package = "tests.toy_ruleset"

    def text_fields(self) -> tuple[Any, ...]:
        return ()

    def catalogue_kinds(self) -> tuple[str, ...]:
        return ()

    def catalogue(self, kind: str) -> tuple[str, ...]:
        return ()

    def quick_templates(self) -> tuple[Any, ...]:
        return ()

    def pool_value_error(self, value: int) -> str | None:
        return None if 0 <= value <= 20 else "a pool is 0-20 dice"

    def conflict_extra(self, doc: Mapping[str, Any]) -> tuple[dict[str, int], int, bool]:
        return {"general": 2}, 3, False

    def creation_steps(self) -> tuple[Any, ...]:
        return ()

    def creation_start(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return dict(doc)

    def creation_apply(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
        return dict(doc)

    def creation_report(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
        raise NotImplementedError("the toy has no guided creation")

    default_extra_pool = 2
    default_extra_health = 3
    extra_pools_example = "general 2"

    difficulty_counts_successes = True

    def pool_skill_order(self) -> tuple[str, ...]:
        return ()

    def pool_skills(self, sheet: Any) -> list[str]:
        return list(sheet.traits_table)

    def pool_extras(self, sheet: Any) -> dict[str, int]:
        return {}

    def creatures(self) -> tuple[str, ...]:
        return ()

    def roster_mark(self, sheet: Any) -> str:
        return ""

    def damage_key_hint(self) -> str:
        return "d damage"

    def sheet_key_hints(self) -> tuple[str, ...]:
        return ("+/- dots", self.damage_key_hint())

    difficulty_placeholder = ""
    contest_damage_label = "Damage"

    difficulty_ladder = (("Easy", 1), ("Hard", 3))
    difficulty_range = (0, 20)
    default_difficulty = 1

    damage_kinds = ("harm",)
    dodge_words = ("dodge",)
    damage_kind_by_word: Mapping[str, str] = {}
    default_attack_pool = "Body"
    default_defence_pool = "Body"

    result_order = ("success", "failure")
    messy_results: tuple[str, ...] = ()
    headline_result = "success"
    sheet_damage_field = "traits"
    sheet_damage_marks = ("harm", "harm", "harm")
    conflict_damage_marks = (("harm", ""), ("harm", ""), ("harm", ""))


RULESET = ToyRuleSet()
