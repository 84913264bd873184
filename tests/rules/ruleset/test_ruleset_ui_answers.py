"""What the screens ask a rule set (``# -- ui --`` on :class:`RuleSet`, and its facets): each answers with what the
screen shows, and the answers are the ones the screens branched on by name (and then by flag) before, so no
screen changed its behaviour."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from vtm_tui.rules.ruleset import ruleset_for

RULESETS = ("v5", "v20", "ingenuity")
VAMPIRE = SimpleNamespace(is_vampire=True, hunger=3)
GHOUL = SimpleNamespace(is_vampire=False, hunger=0)

#: The answers by rule set: (v5, v20, ingenuity).
ANSWERS = {
    "difficulty_placeholder": lambda r: (r.difficulty_placeholder, ("", "", "none")),
    "contest_damage_label": lambda r: (r.contest_damage_label, ("Damage", "Damage", "Resource")),
    "creatures": lambda r: (r.creatures(), (("vampire", "ghoul", "mortal"), ("vampire", "ghoul", "mortal"), ())),
    "roster_mark": lambda r: ((r.roster_mark(VAMPIRE), r.roster_mark(GHOUL)), (("H3", ""), ("", ""), ("", ""))),
    "damage_key_hint": lambda r: (r.damage_key_hint(), ("d/D damage", "d/D/x damage", "d damage")),
    "sheet_key_hints": lambda r: (r.sheet_key_hints(), (
        ("+/- dots", "d/D damage", "h heal", "]/[ Hunger", "s stain"),
        ("+/- dots", "d/D/x damage", "h heal", "]/[ blood"),
        ("+/- die size", "d damage", "h heal"))),
    "contest_choices": lambda r: (r.conflict_round().contest_choices(), (("willpower",), ("difficulty",), ())),
    "extra_choices": lambda r: (r.conflict_round().extra_choices(), (("vampire",), ("vampire",), ())),
    "state_notes": lambda r: ((r.conflict_round().state_notes(VAMPIRE), r.conflict_round().state_notes(GHOUL)),
                              ((("Hunger 3",), ()), ((), ()), ((), ()))),
    "pick_keys": lambda r: (r.conflict_round().pick_keys(), ((), (), ("enter",))),
    "both_strike": lambda r: ((r.conflict_round().both_strike(False), r.conflict_round().both_strike(True)),
                              ((True, False), (False, False), (True, False))),
    "blood_refusal": lambda r: (r.blood_upkeep().refusal() is None, (True, False, False)),
    "tally_heading": lambda r: (r.logged_rolls().tally_heading(),
                                ("successes per roll", "successes per roll", "total per roll")),
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
@pytest.mark.parametrize("index,ruleset", enumerate(RULESETS))
def test_each_rule_set_answers_what_the_screens_ask(name: str, index: int, ruleset: str) -> None:
    found, expected = ANSWERS[name](ruleset_for(ruleset))
    assert found == expected[index]
