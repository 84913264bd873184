"""Initiative order and health levels, on given dice."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.errors import DiceError, RulesError
from vtm_tui.rules.v20 import Combatant, HealthLevels, order_initiative, roll_initiative

ANA = Combatant("Ana", dexterity=3, wits=2)
BEN = Combatant("Ben", dexterity=2, wits=2)
CAL = Combatant("Cal", dexterity=1, wits=4)
DEE = Combatant("Dee", dexterity=4, wits=3, wound_penalty=2)


# --- initiative -------------------------------------------------------------------------------------


def test_initiative_is_die_plus_dex_plus_wits_minus_wounds() -> None:
    order = order_initiative([ANA, DEE], [4, 6])
    assert [[e.total for e in slot] for slot in order.act_order] == [[11], [9]]
    assert order.names == [["Dee"], ["Ana"]]


def test_ties_go_to_dex_plus_wits_then_share_a_slot() -> None:
    # Ana 5+5 = 10, Ben 6+4 = 10 (Ana has the higher Dex + Wits); Cal 5+5 = 10 ties Ana fully.
    order = order_initiative([BEN, ANA, CAL], [6, 5, 5])
    assert order.names == [["Ana", "Cal"], ["Ben"]]
    assert order.declare_order[0][0].name == "Ben"
    assert order.summary() == "Ana 10 = Cal 10 > Ben 10"


def test_declare_lowest_first_act_highest_first() -> None:
    order = order_initiative([ANA, BEN, CAL, DEE], [1, 10, 3, 7])
    acts = [slot[0].name for slot in order.act_order]
    declares = [slot[0].name for slot in order.declare_order]
    assert acts == ["Ben", "Dee", "Cal", "Ana"] and declares == list(reversed(acts))


def test_roll_initiative_draws_one_d10_each() -> None:
    dice = GivenFaces({"initiative": [2, 9]})
    order = roll_initiative([ANA, BEN], dice)
    assert order.names == [["Ben"], ["Ana"]] and dice.remaining() == {}
    assert order.to_dict()["slots"][0][0] == {
        "name": "Ben", "die": 9, "dexterity": 2, "wits": 2, "wound_penalty": 0, "total": 13
    }


def test_initiative_input_errors() -> None:
    with pytest.raises(DiceError, match="one d10 face per combatant: 2 combatants, 1 faces"):
        order_initiative([ANA, BEN], [3])
    with pytest.raises(DiceError, match="face 11 for Ana"):
        order_initiative([ANA], [11])
    with pytest.raises(RulesError, match="Ana appears twice"):
        order_initiative([ANA, ANA], [3, 4])
    with pytest.raises(RulesError, match="dexterity must be a whole number"):
        Combatant("Eve", dexterity=-1, wits=2)


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(1, 10)),
                min_size=1, max_size=8))
def test_act_order_never_puts_a_lower_total_first(rows) -> None:
    combatants = [Combatant(f"c{i}", d, w, p) for i, (d, w, p, _) in enumerate(rows)]
    order = order_initiative(combatants, [row[3] for row in rows])
    keys = [slot[0].key for slot in order.act_order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert sum(len(slot) for slot in order.slots) == len(rows)


# --- health levels ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "levels, name, penalty",
    [(0, None, 0), (1, "Bruised", 0), (2, "Hurt", 1), (3, "Injured", 1), (4, "Wounded", 2),
     (5, "Mauled", 2), (6, "Crippled", 5), (7, "Incapacitated", None)],
)
def test_levels_and_penalties(levels: int, name: str | None, penalty: int | None) -> None:
    track = HealthLevels().damage("lethal", levels)
    assert track.level == name and track.penalty == penalty
    assert track.can_act == (levels < 7)


def test_worse_damage_displaces_lighter() -> None:
    track = HealthLevels().damage("bashing", 2).damage("aggravated").damage("lethal")
    assert track.boxes == ("aggravated", "lethal", "bashing", "bashing")
    assert track.marks() == "*X//..." and track.summary() == "[*X//...] Wounded (−2)"


def test_full_track_upgrades_the_lightest_box() -> None:
    track = HealthLevels().damage("bashing", 7)
    assert track.status == "Incapacitated"
    track = track.damage("bashing")
    assert track.count("lethal") == 1 and track.count("bashing") == 6
    track = track.damage("aggravated")
    assert track.boxes[0] == "aggravated" and track.count("bashing") == 5


def test_beyond_the_track() -> None:
    lethal = HealthLevels().damage("lethal", 8)
    assert lethal.status == "torpor" and not lethal.can_act and lethal.penalty is None
    assert HealthLevels().damage("aggravated", 8).status == "final death"
    assert HealthLevels(vampire=False).damage("lethal", 8).status == "dead"
    # aggravated on a full lethal track first turns boxes aggravated, only then goes beyond
    assert HealthLevels().damage("lethal", 7).damage("aggravated", 7).status == "Incapacitated"


def test_healing_takes_the_lightest_first_or_a_named_kind() -> None:
    track = HealthLevels().damage("bashing", 2).damage("lethal", 2)
    assert track.heal(1).boxes == ("lethal", "lethal", "bashing")
    assert track.heal(1, "lethal").boxes == ("lethal", "bashing", "bashing")
    assert track.heal(9).boxes == ()
    assert HealthLevels().damage("lethal", 8).heal(1).status == "Crippled"


def test_health_round_trips_and_refuses_bad_input() -> None:
    track = HealthLevels().damage("aggravated").damage("bashing", 2)
    assert HealthLevels.from_dict(track.to_dict()) == track
    assert HealthLevels.from_marks("x/*") == HealthLevels(("aggravated", "lethal", "bashing"))
    with pytest.raises(RulesError, match="damage kind 'fire'"):
        HealthLevels().damage("fire")
    with pytest.raises(RulesError, match="health mark 'q'"):
        HealthLevels.from_marks("/q")
    with pytest.raises(RulesError, match="7 boxes, not 8"):
        HealthLevels(("bashing",) * 8)


@settings(max_examples=100)
@given(st.lists(st.tuples(st.sampled_from(["bashing", "lethal", "aggravated"]), st.integers(0, 4)), max_size=6))
def test_damage_never_lightens_the_track(hits) -> None:
    track = HealthLevels()
    for kind, levels in hits:
        after = track.damage(kind, levels)
        assert len(after.boxes) >= len(track.boxes) and len(after.boxes) <= 7
        severity = {"bashing": 0, "lethal": 1, "aggravated": 2}
        assert sum(severity[k] for k in after.boxes) >= sum(severity[k] for k in track.boxes)
        assert list(after.boxes) == sorted(after.boxes, key=severity.get, reverse=True)
        track = after
