"""V20 conflicts roll damage and soak as rolls that cannot botch (docs/rules.md), under the chronicle's 1s option."""

from __future__ import annotations

from conflict_support import table_of, v20_store  # noqa: F401 - fixtures

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.rules.dice import GivenFaces

PEOPLE = ("Edwin Hallam", "Lady Honoria Vell")


def _started(store, **options):
    table = table_of(store, **options)
    conflict = tracker.new_conflict()
    for name in PEOPLE:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return tracker.next_round(conflict, table, GivenFaces({"initiative": [5, 2]})).conflict, table


def test_a_damage_roll_of_ones_is_no_damage_and_keeps_the_free_botch(v20_store):
    conflict, table = _started(v20_store, free_botch=True)
    spec = ContestSpec("Edwin Hallam", "Lady Honoria Vell", "Dexterity + Brawl", "0", kind="lethal",
                       damage_dice=2, soak_dice=1)
    # Attack 6 dice: one success → damage 2 dice: 1, 3 → soak 1 die: 1.
    dice = GivenFaces({"regular": [6, 2, 2, 2, 2, 2] + [1, 3] + [1]})
    result = resolve(conflict, table, dice, spec)
    dice.check_used()
    damage, soak = result.entries[1], result.entries[2]
    assert (damage.result, damage.roll["kind"], damage.roll["free_botch_consumed"]) == ("failure", "damage", False)
    assert (soak.result, soak.roll["kind"]) == ("failure", "soak")
    assert "no damage dealt" in result.details[2]


def test_the_option_keeps_ones_from_cancelling_damage_successes(v20_store):
    spec = ContestSpec("Edwin Hallam", "Lady Honoria Vell", "Dexterity + Brawl", "0", kind="lethal",
                       damage_dice=2, soak_dice=0)
    faces = [6, 2, 2, 2, 2, 2] + [8, 1]
    conflict, table = _started(v20_store)
    ruled = resolve(conflict, table, GivenFaces({"regular": list(faces)}), spec)
    assert ruled.entries[1].roll["successes"] == 0
    conflict, table = _started(v20_store, damage_ones_do_not_cancel=True)
    spared = resolve(conflict, table, GivenFaces({"regular": list(faces)}), spec)
    assert spared.entries[1].roll["successes"] == 1
    (honoria,) = spared.characters
    assert honoria.sheet.health.lethal == 1
