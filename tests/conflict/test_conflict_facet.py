"""The conflict layer runs every rule set through one facet: the same flow, each rule set's answers.

The flow (``vtm_tui/conflict/``) never imports an engine or picks among three code paths: it hands a
conflict to ``table.conflict_round``. These tests run one small fight per rule set through that flow
(two extras on two sides, a round, a blow, a tally) and check what every rule set must give back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conflict_support import open_copy, table_of

from vtm_tui.conflict import contest, roster, tallies, tracker
from vtm_tui.conflict.pools import read_pool
from vtm_tui.conflict.wounds import apply_damage, condition
from vtm_tui.rules.conflict_round import Condition, Dice
from vtm_tui.rules.dice import SeededDice
from vtm_tui.rules.ruleset import registered

ROOT = Path(__file__).resolve().parents[2] / "vtm_tui"
#: The common conflict flow and the conflict screens: they reach a rule set only through its facet.
FLOW = sorted((ROOT / "conflict").glob("*.py")) + [ROOT / "ui" / "screens" / "conflict.py",
                                                   ROOT / "ui" / "screens" / "conflict_dialogs.py",
                                                   ROOT / "ui" / "widgets" / "participant_row.py"]
ENGINE_IMPORT = re.compile(r"^\s*(from|import)\s+vtm_tui\.rules\.(v5|v20|ingenuity)\b", re.MULTILINE)


def test_the_conflict_flow_imports_no_engine() -> None:
    offenders = [f"{path.relative_to(ROOT.parent)}: {m.group(0).strip()}" for path in FLOW
                 for m in ENGINE_IMPORT.finditer(path.read_text(encoding="utf-8"))]
    assert not offenders, "ask table.conflict_round instead:\n" + "\n".join(offenders)


def test_the_engine_import_check_sees_both_forms() -> None:
    assert ENGINE_IMPORT.search("from vtm_tui.rules.v20.turn_order import Combatant")
    assert ENGINE_IMPORT.search("    import vtm_tui.rules.ingenuity.rolling as r")
    assert not ENGINE_IMPORT.search("from vtm_tui.rules.conflict_round import Dice")


@pytest.fixture(params=registered())
def fight(request, tmp_path):  # noqa: ANN001, ANN201 - a fixture
    """Two extras on two sides of the rule set's example chronicle, set up and not yet begun."""
    store = open_copy(tmp_path, request.param)
    table = table_of(store)
    pools = {"general": table.rules.default_extra_pool}
    conflict = roster.add_extras(tracker.new_conflict(), table, "Ghoul", 1, pools=pools, side="coterie").conflict
    conflict = roster.add_extras(conflict, table, "Thug", 1, pools=pools, side="opposition").conflict
    return conflict, table


def test_a_round_gives_each_able_participant_a_turn_and_a_row(fight) -> None:  # noqa: ANN001
    conflict, table = fight
    dice = SeededDice(15)
    assert tracker.round_label(conflict, table) == "Setting up"
    conflict = tracker.next_round(conflict, table, dice).conflict
    assert tracker.started(conflict) and conflict.round == 1
    assert tracker.round_label(conflict, table).startswith("Round 1")
    seen = []
    for _ in range(6):  # V20 declares first, then acts: at most six steps to round 2
        current = tracker.actor(conflict, table)
        assert current is not None
        verb, who = tracker.turn_line(conflict, table)
        assert verb in ("acts", "declares") and isinstance(who, str)
        seen.append((verb, current.name))
        conflict = tracker.next_turn(conflict, table, dice).conflict
        if conflict.round == 2:
            break
    assert conflict.round == 2 and {name for verb, name in seen if verb == "acts"} == {"Ghoul", "Thug"}
    for p in conflict.ordered():
        assert isinstance(table.conflict_round.order_cell(p, conflict), str)
        assert table.conflict_round.action_note(conflict, p.name) == ""
        assert table.conflict_round.declared_attack(p) is None  # extras declare nothing
        assert table.conflict_round.split_penalty(conflict, p.name) == 0


def test_a_blow_of_the_usual_kind_marks_the_track_and_a_pool_reads(fight) -> None:  # noqa: ANN001
    conflict, table = fight
    before = condition(conflict.participants[1], table)
    assert isinstance(before, Condition) and before.can_act
    change = apply_damage(conflict, table, "Thug", 2)
    after = condition(change.conflict.participants[1], table)
    assert after.track != before.track and change.entries[0].kind == "damage"
    assert change.entries[0].change["before"] != change.entries[0].change["after"]
    pool = read_pool(conflict.participants[0], table, "")
    assert isinstance(pool, Dice) and pool.text


def test_a_contest_and_a_tally_run_through_the_facet(fight) -> None:  # noqa: ANN001
    conflict, table = fight
    dice = SeededDice(7)
    spec = contest.ContestSpec("Ghoul", "Thug", apply=True)
    done = contest.resolve(conflict, table, dice, spec)
    assert done.entries[0].kind == "contest" and done.entries[0].actor == "Ghoul" and done.message
    assert len(done.details) >= 2
    started = tallies.start_tally(done.conflict, table, "the chase", "Ghoul", 3, opponent="Thug")
    rolled = tallies.roll_tally(started.conflict, table, dice, "the chase")
    tally = rolled.conflict.tallies[0]
    assert tally.rolls == 1 and 0 <= tally.total and "the chase" in rolled.message
