"""No flag outside ``vtm_tui/rules`` means "is rule set X" (issue 25): the rule set's methods do the work instead.

These were booleans or strings on :class:`~vtm_tui.rules.ruleset.RuleSet` (and ``tends_blood`` on the blood
facet) that play/, review/, conflict/, the commands and the screens branched on. Each caller now asks a method
that returns what it shows or keeps (the dice to draw, the key hints, the turn order's columns, the choices a
dialog offers...). This walks the syntax of every module outside ``rules/`` (comments and docstrings do not
count) so that none of the names comes back, and checks that no rule set still carries one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from vtm_tui.rules.ruleset import registered, ruleset_for

PACKAGE = Path(__file__).resolve().parents[1] / "vtm_tui"
RULES = PACKAGE / "rules"

#: The flags removed from the RuleSet and its facets, and what answers instead.
REMOVED = (
    "roll_style",  # roll_play().dice_faces(outcome), conflict_round().tally_points(...)
    "turn_order",  # conflict_round().order_columns()
    "surprise_rounds",  # V5 and V20 refuse a surprise in conflict_round().start_round
    "damage_track",  # damage_key_hint(), sheet_key_hints()
    "vampire_by_default",  # conflict_round().vampire(sheet)
    "pools_are_die_sizes",  # conflict_round().extra_pool_error(name, value)
    "has_hunger", "has_blood_pool", "has_stains",  # sheet_key_hints(), roster_mark(sheet)
    "rolls_sized_dice", "willpower_buys_success", "willpower_takes_damage", "has_virtue_rolls",  # asked by nobody
    "health_levels", "has_proficiencies", "declares_action_groups", "rolls_initiative",  # asked by nobody
    "has_free_botch",  # roll_play().free_botch_spent(recorder), logged_rolls().spends_free_botch(roll)
    "pools_use_proficiencies", "skills_table",  # pool_extras(sheet), pool_skills(sheet)
    "has_creatures",  # creatures()
    "has_vampire_damage",  # conflict_round().extra_choices()
    "damage_tracks_superficial",  # conflict_round().sheet_notes(sheet)
    "traits_are_die_sizes",  # sheet_key_hints(), roll_play().rating_text(value), roll_play().pool_description(...)
    "judges_total",  # roll_play().dice_faces(outcome), logged_rolls().tally_heading(), conflict_round().pool_preview
    "difficulty_is_target_number", "contest_to_willpower",  # conflict_round().contest_choices()
    "teams_pick_turns",  # conflict_round().pick_keys()
    "defender_strikes_back",  # conflict_round().both_strike(dodging)
    "tends_blood",  # blood_upkeep().refusal()
)


def flag_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of every ``x.<flag>`` and ``getattr(x, "<flag>")`` / ``hasattr`` in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in REMOVED:
            found.append((node.lineno, node.attr))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in REMOVED):
            found.append((node.lineno, str(node.args[1].value)))
    return found


def test_no_module_outside_rules_reads_a_removed_flag() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if RULES in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found += [f"{path.relative_to(PACKAGE.parent)}:{line} reads {name}" for line, name in flag_reads(tree)]
    assert not found, "ask the rule set's method instead (see REMOVED):\n" + "\n".join(found)


def test_the_walk_sees_an_attribute_a_getattr_and_no_comment() -> None:
    """The check above can fail: it finds a flag read as an attribute or by getattr, and not in words."""
    tree = ast.parse('rules.judges_total\ngetattr(rules, "skills_table")\n# rules.has_hunger\n"rules.has_stains"\n')
    assert flag_reads(tree) == [(1, "judges_total"), (2, "skills_table")]


@pytest.mark.parametrize("ruleset_id", registered())
def test_no_rule_set_carries_a_removed_flag(ruleset_id: str) -> None:
    rules = ruleset_for(ruleset_id)
    facets = (rules, rules.roll_play(), rules.conflict_round(), rules.blood_upkeep(), rules.logged_rolls())
    assert [(type(facet).__name__, name) for facet in facets for name in REMOVED if hasattr(facet, name)] == []
