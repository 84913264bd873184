"""V5 contests on given faces: margin + weapon to the loser, halving for vampires, ties, torpor, impairment."""

from __future__ import annotations

import pytest
from conflict_support import table_of, v5_store  # noqa: F401 - fixtures

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.conflict.context import ConflictError
from vtm_tui.conflict.pools import read_pool
from vtm_tui.conflict.wounds import apply_damage, can_act, condition
from vtm_tui.rules.dice import GivenFaces

# Vicente: Strength 4 + Brawl 4 = 8 dice, Hunger 2. Inês: Dexterity 3 + Athletics 1 = 4 dice, Hunger 2.
SPEC = ContestSpec("Vicente Lobo", "Inês Valadares", "Strength + Brawl", "Dexterity + Athletics", weapon=2)


def _fight(store, *names):
    table = table_of(store)
    conflict = tracker.new_conflict()
    for name in names:
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    return tracker.next_round(conflict, table, GivenFaces([])).conflict, table


def faces(attacker, attacker_hunger, defender, defender_hunger):
    return GivenFaces({"regular": attacker + defender, "hunger": attacker_hunger + defender_hunger})


def test_the_winner_deals_margin_plus_weapon_halved_for_a_vampire(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares")
    dice = faces([7, 7, 7, 2, 2, 2], [3, 3], [6, 2], [4, 4])  # 3 successes against 1
    change = resolve(conflict, table, dice, SPEC)
    dice.check_used()
    contest_entry, damage_entry = change.entries
    assert contest_entry.kind == "contest" and contest_entry.margin == 2 and contest_entry.actor == "Vicente Lobo"
    assert contest_entry.roll["actor"]["faces"] == [7, 7, 7, 2, 2, 2]
    assert damage_entry.kind == "damage" and damage_entry.actor == "Inês Valadares"
    assert damage_entry.change == {"field": "health", "before": ".....", "after": "//..."}  # 4 halved to 2
    (ines,) = change.characters
    assert (ines.sheet.health.superficial, ines.sheet.health.aggravated) == (2, 0)
    assert "Vicente Lobo wins by 2: 4 superficial damage to Inês Valadares" in change.message


def test_aggravated_damage_is_not_halved(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares")
    spec = ContestSpec(**{**SPEC.__dict__, "kind": "aggravated"})
    change = resolve(conflict, table, faces([7, 7, 7, 2, 2, 2], [3, 3], [6, 2], [4, 4]), spec)
    assert change.characters[0].sheet.health.aggravated == 4


def test_equal_successes_is_a_tie_and_nobody_is_hurt(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares")
    change = resolve(conflict, table, faces([7, 2, 2, 2, 2, 2], [3, 3], [6, 2], [4, 4]), SPEC)
    assert change.characters == () and [e.kind for e in change.entries] == ["contest"]
    assert change.entries[0].result == "tie" and change.message.startswith("Tie")


def test_a_defender_who_wins_strikes_back_only_in_close_combat(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares")
    rolls = ([7, 2, 2, 2, 2, 2], [3, 3], [6, 8], [9, 4])  # 1 against 3
    back = resolve(conflict, table, faces(*rolls), ContestSpec(**{**SPEC.__dict__, "defender_weapon": 1}))
    assert back.entries[-1].actor == "Vicente Lobo"
    # 2 + 1 = 3, halved to 2, beside the 1 he had; 9 boxes: Stamina 4 + 3 + Fortitude 2 (Resilience)
    assert back.entries[-1].change["after"] == "///......"
    dodge = resolve(conflict, table, faces(*rolls), ContestSpec(**{**SPEC.__dict__, "both_strike": False}))
    assert dodge.characters == () and "misses" in dodge.message


def test_damage_to_a_full_track_ends_in_torpor_and_the_vampire_is_skipped(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares", "Rita Calado")
    change = apply_damage(conflict, table, "Inês Valadares", 5, "aggravated")
    ines = roster.find(change.conflict, "Inês Valadares")
    assert ines.out and ines.note == "torpor"
    assert "torpor" in change.entries[0].comment
    later = table.with_character(change.characters[0])
    assert not can_act(ines, later)
    conflict = change.conflict
    seen = []
    for _ in range(3):
        seen.append(conflict.current().name)
        conflict = tracker.next_turn(conflict, later, GivenFaces([])).conflict
    assert "Inês Valadares" not in seen


def test_a_mortal_dies_where_a_vampire_falls_into_torpor(v5_store):
    conflict, table = _fight(v5_store, "Rita Calado")
    change = apply_damage(conflict, table, "Rita Calado", 6, "aggravated")
    assert roster.find(change.conflict, "Rita Calado").note == "dead"


def test_superficial_on_a_full_track_turns_into_aggravated(v5_store):
    conflict, table = _fight(v5_store, "Rita Calado")  # mortal: no halving, Health 6
    change = apply_damage(conflict, table, "Rita Calado", 8, "superficial")
    assert change.entries[0].change["after"] == "XX////"
    assert condition(roster.find(change.conflict, "Rita Calado"),
                     table.with_character(change.characters[0])).label == "impaired −2"


def test_an_impaired_character_rolls_two_dice_fewer_on_physical_pools(v5_store):
    conflict, table = _fight(v5_store, "Rita Calado")
    change = apply_damage(conflict, table, "Rita Calado", 6, "superficial")
    later = table.with_character(change.characters[0])
    rita = roster.find(change.conflict, "Rita Calado")
    assert read_pool(rita, table, "Dexterity + Firearms").dice == 6
    hurt = read_pool(rita, later, "Dexterity + Firearms")
    assert hurt.dice == 4 and "impaired" in hurt.text
    assert read_pool(rita, later, "Wits + Awareness").dice == 6  # a Mental pool is not impaired by Health


def test_extras_take_damage_in_their_own_boxes(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo")
    conflict = roster.add_extras(conflict, table, "Ghoul", 1, pools={"general": 5}, health=4).conflict
    spec = ContestSpec("Vicente Lobo", "Ghoul", "Strength + Brawl", "", weapon=0)
    change = resolve(conflict, table, faces([7, 7, 7, 8, 2, 2], [3, 3], [6, 2, 2, 2, 2], []), spec)
    ghoul = roster.find(change.conflict, "Ghoul")
    assert (ghoul.extra["superficial"], ghoul.extra["aggravated"]) == (3, 0)  # 4 - 1, a ghoul is no vampire
    assert read_pool(ghoul, table, "").dice == 5
    worse = apply_damage(change.conflict, table, "Ghoul", 1).conflict
    assert read_pool(roster.find(worse, "Ghoul"), table, "general").dice == 3  # impaired
    with pytest.raises(ConflictError, match="no Willpower"):
        apply_damage(worse, table, "Ghoul", 1, "superficial", "willpower")


def test_a_social_contest_can_hurt_willpower(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares")
    spec = ContestSpec("Vicente Lobo", "Inês Valadares", "Manipulation + Intimidation", "Composure + Insight",
                       track="willpower")
    # Vicente Manipulation + Intimidation; Inês Composure 3 + Insight 3 = 6.
    pool = read_pool(roster.find(conflict, "Vicente Lobo"), table, spec.attack).dice
    attacker = [8] * (pool - 2)
    change = resolve(conflict, table, faces(attacker, [3, 3], [2, 2, 2, 2], [4, 4]), spec)
    assert change.entries[-1].change["field"] == "willpower"
    assert change.characters[0].sheet.willpower.superficial > 1  # not halved: Willpower damage
    assert "damage to Inês Valadares's Willpower" in change.message  # issue 19: the line said "to Inês" alone


def test_contest_defaults_follow_the_pools():
    """Issue 19 (8): a dodge strikes no blow back; a V20 punch is bashing; a declared shot is not a punch."""
    from vtm_tui.conflict.contest import both_strike_default, default_kind
    from tests.round_shims import v5_round
    declared_attack = v5_round.declared_attack
    from vtm_tui.model.conflict import Participant

    assert not both_strike_default("v5", "Dexterity + Athletics") and both_strike_default("v5", "Strength + Brawl")
    assert not both_strike_default("v5", "dodge") and both_strike_default("v5", "general")
    assert not both_strike_default("v20", "Strength + Brawl")
    assert not both_strike_default("ingenuity", "Dexterity + Agility")
    assert default_kind("v20", "Dexterity + Brawl") == "bashing" and default_kind("v20", "Dexterity + Melee") == "lethal"
    assert default_kind("v5", "Strength + Brawl") == "superficial"
    shooter = Participant("Rita Calado", extra={"declared": 2, "skill": "Firearms"})
    assert declared_attack(shooter) == "Dexterity + Firearms"
    assert declared_attack(Participant("Rita Calado", extra={"declared": 2})) == "Dexterity + Firearms"
    assert declared_attack(Participant("Vicente Lobo", extra={"declared": 3, "skill": "Melee"})) == "Strength + Melee"
    assert declared_attack(Participant("Inês Valadares")) is None


def test_the_contest_refuses_a_participant_against_themselves(v5_store):
    conflict, table = _fight(v5_store, "Vicente Lobo")
    with pytest.raises(ConflictError, match="themselves"):
        resolve(conflict, table, GivenFaces([]), ContestSpec("Vicente Lobo", "Vicente Lobo"))


def test_sheets_healed_or_hurt_elsewhere_bring_participants_back_or_take_them_out(v5_store):
    from dataclasses import replace as _replace

    from vtm_tui.conflict.wounds import sync
    from vtm_tui.model.character_v5 import Tracker

    conflict, table = _fight(v5_store, "Vicente Lobo", "Inês Valadares")
    assert sync(conflict, table) is None
    torpor = apply_damage(conflict, table, "Inês Valadares", 5, "aggravated")
    ines = torpor.characters[0]
    healed = _replace(ines, sheet=_replace(ines.sheet, health=Tracker(0, 4)))
    back = sync(torpor.conflict, table.with_character(healed))
    assert back is not None and not roster.find(back.conflict, "Inês Valadares").out
    assert back.entries[0].comment == "back in the fight (was torpor)"
    fled = roster.take_out(conflict, table, "Vicente Lobo", "fled").conflict
    assert sync(fled, table) is None  # the storyteller's reasons are not the sheet's to undo
    out = sync(conflict, table.with_character(ines))
    assert out is not None and roster.find(out.conflict, "Inês Valadares").note == "torpor"


def test_quick_storyteller_characters_and_extras_are_offered_their_own_pools(v5_store):
    """A ghoul with Physical 4 and Melee 6, a thug with Brawl 5: the contest offers those pools, not the rule
    set's "Dexterity + Firearms" read off a quick sheet's placeholder attributes (1 die)."""
    from vtm_tui.conflict.contest import pool_defaults
    from vtm_tui.play.quick import quick_character
    from vtm_tui.rules.v5.templates import TEMPLATES

    quick = {t.id: t for t in TEMPLATES}
    for tid, name in (("ghoul", "Marisa"), ("thug", "Big Rui")):
        v5_store.add_character(quick_character(quick[tid], name, "v5"))
    conflict, table = _fight(v5_store, "Vicente Lobo", "Marisa", "Big Rui")
    conflict = roster.add_extras(conflict, table, "Guard", 1, pools={"general": 4, "dodge": 5}).conflict
    offered = pool_defaults(conflict, table)
    assert offered["Marisa"] == ("Melee", "Physical")
    assert offered["Big Rui"] == ("Brawl", "Physical")
    assert offered["Guard"] == ("general", "dodge")
    assert "Vicente Lobo" not in offered  # a full sheet: the rule set's defaults
    assert read_pool(roster.find(conflict, "Big Rui"), table, offered["Big Rui"][0]).dice == 5
    assert read_pool(roster.find(conflict, "Marisa"), table, offered["Marisa"][1]).dice == 4
