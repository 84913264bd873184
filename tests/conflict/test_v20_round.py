"""V20 rounds on given dice: initiative with ties, declare up / act down, split pools, damage and soak."""

from __future__ import annotations

import pytest
from conflict_support import table_of, v20_store  # noqa: F401 - fixtures

from tests.round_shims import v20_round
from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.conflict.context import ConflictError
from vtm_tui.conflict.pools import read_pool
from vtm_tui.conflict.wounds import apply_damage, condition
from vtm_tui.rules.dice import GivenFaces

PEOPLE = ("Edwin Hallam", "Margaret Thorne", "Silas Crane", "Lady Honoria Vell")
# Edwin 5 + d5 = 10, Margaret 5 + d5 = 10 (tied: same Dexterity + Wits), Silas 6 + d5 − 1 (Injured) = 10,
# Honoria 6 + d2 = 8.
FIRST_ROUND = [5, 5, 5, 2]


def _round(store, faces=FIRST_ROUND):
    table = table_of(store)
    conflict = tracker.new_conflict()
    for name in PEOPLE:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    change = tracker.next_round(conflict, table, GivenFaces({"initiative": list(faces)}))
    return change, table


def _names(conflict):
    return [p.name for p in conflict.ordered()]


def test_initiative_orders_by_total_then_dexterity_plus_wits_and_ties_share_a_slot(v20_store):
    change, table = _round(v20_store)
    conflict = change.conflict
    assert _names(conflict) == ["Silas Crane", "Edwin Hallam", "Margaret Thorne", "Lady Honoria Vell"]
    assert [p.initiative for p in conflict.ordered()] == [10, 10, 10, 8]
    assert conflict.state["ties"] == [["Edwin Hallam", "Margaret Thorne"]]
    assert v20_round.tied_with(conflict, "Edwin Hallam") == ["Margaret Thorne"]
    assert conflict.state["initiative"]["Silas Crane"] == [5, 10]
    entry = change.entries[0]
    assert entry.roll["kind"] == "initiative" and "Silas Crane 10 > Edwin Hallam 10 = Margaret Thorne 10" in \
        entry.comment


def test_declarations_go_from_the_lowest_up_then_actions_from_the_highest_down(v20_store):
    change, table = _round(v20_store)
    conflict = change.conflict
    seen = []
    for turn in range(8):
        seen.append((v20_round.phase(conflict), conflict.current().name))
        if turn < 7:
            conflict = tracker.next_turn(conflict, table, GivenFaces([])).conflict
    assert seen == [
        ("declare", "Lady Honoria Vell"), ("declare", "Margaret Thorne"), ("declare", "Edwin Hallam"),
        ("declare", "Silas Crane"),
        ("act", "Silas Crane"), ("act", "Edwin Hallam"), ("act", "Margaret Thorne"), ("act", "Lady Honoria Vell"),
    ]
    assert tracker.round_label(change.conflict, table).startswith("Round 1 · declarations")


def test_after_the_last_action_the_next_round_rolls_initiative_again(v20_store):
    change, table = _round(v20_store)
    conflict = change.conflict
    for _ in range(7):
        conflict = tracker.next_turn(conflict, table, GivenFaces([])).conflict
    # Faces go to the present order: Silas, Edwin, Margaret, Honoria.
    again = tracker.next_turn(conflict, table, GivenFaces({"initiative": [1, 1, 10, 1]}))
    assert again.conflict.round == 2 and _names(again.conflict)[0] == "Margaret Thorne"
    assert v20_round.phase(again.conflict) == "declare"


def test_previous_turn_walks_back_across_the_phases(v20_store):
    change, table = _round(v20_store)
    conflict = change.conflict
    with pytest.raises(ConflictError, match="first declaration"):
        tracker.previous_turn(conflict, table)
    for _ in range(4):
        conflict = tracker.next_turn(conflict, table, GivenFaces([])).conflict
    assert v20_round.phase(conflict) == "act"
    back = tracker.previous_turn(conflict, table).conflict
    assert v20_round.phase(back) == "declare" and back.current().name == "Silas Crane"


def test_multiple_actions_split_the_pool(v20_store):
    change, table = _round(v20_store)
    conflict = v20_round.declare_multiple(change.conflict, table, "Edwin Hallam", 2).conflict
    assert v20_round.split_text(conflict, "Edwin Hallam") == "2 actions: −2/−3"
    edwin = roster.find(conflict, "Edwin Hallam")
    assert read_pool(edwin, table, "Dexterity + Brawl").dice == 6
    first = read_pool(edwin, table, "Dexterity + Brawl", split=v20_round.split_penalty(conflict, "Edwin Hallam"))
    assert first.dice == 4 and first.text == "Dexterity 3 + Brawl 3 − 2 split = 4"
    # First action: 4 dice against no defence roll; a miss still spends the action.
    spec = ContestSpec("Edwin Hallam", "Lady Honoria Vell", "Dexterity + Brawl", "0")
    after = resolve(conflict, table, GivenFaces({"regular": [2, 3, 4, 5]}), spec).conflict
    assert v20_round.split_penalty(after, "Edwin Hallam") == 3
    assert v20_round.split_text(after, "Edwin Hallam") == "2 actions: −2/−3 (1 taken)"
    second = resolve(after, table, GivenFaces({"regular": [2, 3, 4]}), spec).conflict
    with pytest.raises(ConflictError, match="taken them all"):
        v20_round.split_penalty(second, "Edwin Hallam")
    with pytest.raises(ConflictError, match="1-10"):
        v20_round.declare_multiple(second, table, "Edwin Hallam", 0)


def test_a_hit_rolls_damage_with_the_extra_successes_and_the_target_soaks(v20_store):
    change, table = _round(v20_store)
    spec = ContestSpec("Edwin Hallam", "Lady Honoria Vell", "Dexterity + Brawl", "0", kind="lethal")
    # Attack: 6 dice, 3 successes (no defence roll) → damage Strength 4 + 2 = 6 dice, 3 successes;
    # Honoria soaks lethal with Stamina 3: 1 success → 2 lethal levels.
    dice = GivenFaces({"regular": [6, 7, 8, 2, 3, 4] + [6, 7, 8, 2, 3, 4] + [6, 2, 2]})
    result = resolve(change.conflict, table, dice, spec)
    dice.check_used()
    kinds = [e.kind for e in result.entries]
    assert kinds == ["contest", "roll", "roll", "damage"]
    assert result.entries[1].pool == "damage 6" and result.entries[2].pool == "soak 3"
    (honoria,) = result.characters
    assert (honoria.sheet.health.lethal, honoria.sheet.health.bashing) == (2, 0)
    later = table.with_character(honoria)
    assert condition(roster.find(result.conflict, "Lady Honoria Vell"), later).label == "Hurt −1"


def test_vampires_halve_bashing_damage_after_soak(v20_store):
    change, table = _round(v20_store)
    spec = ContestSpec("Edwin Hallam", "Lady Honoria Vell", "Dexterity + Brawl", "0", kind="bashing",
                       damage_dice=5, soak_dice=0)
    dice = GivenFaces({"regular": [6, 2, 2, 2, 2, 2] + [6, 7, 8, 2, 3]})
    result = resolve(change.conflict, table, dice, spec)
    assert result.characters[0].sheet.health.bashing == 1  # 3 levels halved, rounded down
    assert "halved for a vampire" in result.message


def test_wound_penalties_come_off_pools_and_initiative(v20_store):
    change, table = _round(v20_store)
    silas = roster.find(change.conflict, "Silas Crane")  # 1 bashing + 2 lethal: Injured, −1
    assert condition(silas, table).label == "Injured −1"
    pool = read_pool(silas, table, "Dexterity + Brawl")
    assert pool.dice == 4 and "(wounds)" in pool.text


def test_incapacitated_characters_are_out_and_skipped(v20_store):
    change, table = _round(v20_store)
    hurt = apply_damage(change.conflict, table, "Margaret Thorne", 7, "lethal")
    margaret = roster.find(hurt.conflict, "Margaret Thorne")
    assert margaret.out and margaret.note == "Incapacitated"
    beyond = apply_damage(hurt.conflict, table.with_character(hurt.characters[0]), "Margaret Thorne", 1, "lethal")
    assert roster.find(beyond.conflict, "Margaret Thorne").note == "Incapacitated"
    assert roster.find(beyond.conflict, "Margaret Thorne").extra["beyond"] == "lethal"
    assert condition(roster.find(beyond.conflict, "Margaret Thorne"),
                     table.with_character(beyond.characters[0])).state == "torpor"


def test_v20_extras_keep_their_marks(v20_store):
    table = table_of(v20_store)
    conflict = roster.add_extras(tracker.new_conflict(), table, "Ghoul", 1, pools={"general": 6}).conflict
    hurt = apply_damage(conflict, table, "Ghoul", 2, "bashing").conflict
    ghoul = roster.find(hurt, "Ghoul")
    assert ghoul.extra["marks"] == "//"
    assert read_pool(ghoul, table, "").dice == 5  # Hurt: −1


def test_an_extra_hits_with_its_damage_pool_and_soaks_with_its_soak_pool(v20_store):
    table = table_of(v20_store)
    conflict = roster.add_extras(tracker.new_conflict(), table, "Zombie", 2,
                                 pools={"attack": 3, "damage": 2, "soak": 1}).conflict
    spec = ContestSpec("Zombie 1", "Zombie 2", "attack", "0", kind="bashing")
    # 3 attack dice, 2 successes → damage 2 + 1 = 3 dice, 3 successes; soak 1 die, none: 3 bashing levels.
    dice = GivenFaces({"regular": [7, 8, 2] + [6, 7, 8] + [2]})
    change = resolve(conflict, table, dice, spec)
    dice.check_used()
    assert roster.find(change.conflict, "Zombie 2").extra["marks"] == "///"
