"""Each kind of roll is declared once, in its rule set's package (``kinds.KIND_SPECS``), and read from there.

These pin what the declarations say (the roll dialog's titles and fixed pools were a table in the dialog, the
checks and Remorse lists in play/), and that the V5 engine's own :class:`RollKind` reads the same declaration.
"""

from __future__ import annotations

import pytest

from vtm_tui.rules.kinds import kind_title
from vtm_tui.rules.ruleset import registered, ruleset_for
from vtm_tui.rules.v5.kinds import RollKind

#: The dialog's titles and fixed pools as the dialog's own tables had them: nothing a user sees moves.
SHOWN = {
    "v5": {"test": ("Roll", ""), "tracker": ("Roll", ""), "remorse": ("Remorse test", "Remorse"),
           "frenzy": ("Frenzy test", "Frenzy"), "check": ("Check", "Check"), "rouse": ("Rouse check", "Rouse check")},
    "v20": {"test": ("Roll", ""), "damage": ("Damage roll", ""), "soak": ("Soak roll", ""),
            "frenzy": ("Frenzy test", "Frenzy"), "rotschreck": ("Rötschreck roll", "Rötschreck"),
            "degeneration": ("Degeneration roll", "Degeneration")},
    "ingenuity": {"test": ("Roll", "")},
}


@pytest.mark.parametrize("ruleset_id", registered())
def test_titles_and_fixed_pools_are_the_declarations(ruleset_id: str) -> None:
    specs = ruleset_for(ruleset_id).roll_kind_specs()
    assert {kind: (spec.title, spec.fixed_pool) for kind, spec in specs.items()} == SHOWN[ruleset_id]


@pytest.mark.parametrize("ruleset_id", registered())
def test_the_ordinary_test_is_first_and_alone(ruleset_id: str) -> None:
    specs = list(ruleset_for(ruleset_id).roll_kind_specs().values())
    assert specs[0].ordinary and not any(spec.ordinary for spec in specs[1:])
    assert not specs[0].fixed_pool and specs[0].takes_difficulty


def test_v5_checks_remorse_and_log_kinds() -> None:
    rules = ruleset_for("v5")
    assert {k for k, s in rules.roll_kind_specs().items() if s.is_check} == {"rouse", "check"}
    assert {k for k, s in rules.roll_kind_specs().items() if s.owed_at_end} == {"remorse"}
    assert {k for k, s in rules.roll_kind_specs().items() if not s.takes_difficulty} == {"rouse", "check", "remorse"}
    assert {k: s.log_kind for k, s in rules.roll_kind_specs().items()} == {
        "test": "roll", "tracker": "roll", "remorse": "remorse", "frenzy": "frenzy", "check": "check",
        "rouse": "rouse"}
    for registered_id in ("v20", "ingenuity"):
        assert not any(s.is_check or s.owed_at_end for s in ruleset_for(registered_id).roll_kind_specs().values())


def test_the_v5_engine_reads_the_same_declaration() -> None:
    for kind in RollKind:
        spec = ruleset_for("v5").roll_kind(kind.value)
        assert (kind.label, kind.is_check, kind.takes_difficulty, kind.reroll_refusal() is None) == \
            (spec.label, spec.is_check, spec.takes_difficulty, spec.willpower)
    assert RollKind.TRACKER.reroll_refusal() == "Willpower cannot re-roll a tracker roll (Willpower or Humanity)"


def test_v20_willpower_and_log_kind_are_its_kinds_own() -> None:
    from vtm_tui.rules.v20.kinds import KINDS

    assert ruleset_for("v20").roll_kind_specs() == KINDS
    assert ruleset_for("v20").roll_kind("frenzy") is KINDS["frenzy"]


def test_an_unknown_kind_reads_as_a_plain_roll_of_that_id() -> None:
    spec = ruleset_for("ingenuity").roll_kind("rouse")
    assert (spec.id, spec.title, spec.fixed_pool, spec.ordinary, spec.is_check, spec.log_kind) == \
        ("rouse", "Roll", "", False, False, "roll")


def test_a_kind_another_rule_set_offers_is_named_by_its_title() -> None:
    assert (kind_title("rouse"), kind_title("rotschreck"), kind_title("dance")) == ("Rouse check", "Rötschreck roll",
                                                                                    "dance")


def test_the_listed_kinds_are_declared_in_the_palettes_order() -> None:
    """The coterie's palette lists the kinds declared ``listed``, in the order it listed them before."""
    assert list(ruleset_for("v5").listed_kinds()) == ["frenzy", "remorse", "rouse"]
    assert list(ruleset_for("v20").listed_kinds()) == ["damage", "soak", "frenzy", "rotschreck", "degeneration"]
    assert ruleset_for("ingenuity").listed_kinds() == {}
