"""The V5 tables the code holds, whole, as the core rulebook prints them (docs/rules.md, "Checked against the
rules text"); the Blood Potency table and its feeding penalty have their own row-by-row tests."""

from __future__ import annotations

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.v5.experience import COSTS

# "Simple Tests", table of Difficulties: Routine 1 success … Nearly Impossible 7 or more.
LADDER = (("Routine", 1), ("Straightforward", 2), ("Moderate", 3), ("Challenging", 4), ("Hard", 5),
          ("Very Hard", 6), ("Nearly Impossible", 7))

# The experience table: attribute new level × 5, skill × 3, specialty 3, clan Discipline × 5, other × 7,
# Caitiff × 6, ritual or formula level × 3, advantage 3 per dot, Blood Potency × 10.
EXPERIENCE = {"attribute": 5, "skill": 3, "specialty": 3, "clan_discipline": 5, "other_discipline": 7,
              "caitiff_discipline": 6, "ritual": 3, "advantage": 3, "blood_potency": 10}


def test_the_difficulty_ladder_is_the_books() -> None:
    assert tuple(ruleset_for("v5").difficulty_ladder) == LADDER


def test_the_experience_costs_are_the_books() -> None:
    assert COSTS == EXPERIENCE
