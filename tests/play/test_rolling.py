"""Odds, rolling, typed faces, follow-ups and applying results — all on given faces."""

from __future__ import annotations

from fractions import Fraction

import pytest
from play_characters import NOW, v5_vampire, vampire, v20_character, ingenuity_character  # noqa: F401 - fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.errors import VtmError
from vtm_tui.model.character_v5 import Tracker
from vtm_tui.play import (
    after_surge,
    apply,
    describe_result,
    faces_hint,
    follow_ups,
    judge_faces,
    make_request,
    note_entry,
    odds,
    perform,
    reroll_odds,
    surge_rouse,
    willpower_reroll,
)
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.v5 import judge, odds_report


def test_v5_odds_are_the_engines(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty=3)
    view = odds(request)
    engine = odds_report(5, 2, 3).base
    assert view.rows == tuple(engine.outcomes.items())
    assert view.p_win == pytest.approx(engine.p_win)
    assert [name for name, _ in view.rows][:2] == ["messy_critical", "critical_win"]


def test_v20_and_ingenuity_odds_sum_to_one(v20_character, ingenuity_character):
    v20 = odds(make_request(v20_character, "Dexterity + Stealth", difficulty=6))
    assert [n for n, _ in v20.rows] == ["success", "failure", "botch"]
    assert sum(p for _, p in v20.rows) == pytest.approx(1)
    ing = odds(make_request(ingenuity_character, "Strength + Combat", difficulty=8))
    assert [n for n, _ in ing.rows] == ["success", "failure"]
    assert sum(p for _, p in ing.rows) == pytest.approx(1)
    assert odds(make_request(ingenuity_character, "Strength + Combat")).p_win is None


def test_rouse_odds(vampire):
    assert odds(make_request(vampire, kind="rouse")).p_win == 0.5
    assert odds(make_request(vampire, kind="rouse", rouse_reroll=True)).p_win == 0.75


@settings(max_examples=60, deadline=None)
@given(pool=st.integers(0, 12), hunger=st.integers(0, 5), difficulty=st.integers(0, 8))
def test_v5_odds_sum_to_one(pool, hunger, difficulty):
    ch = v5_vampire(hunger=hunger)
    ch.sheet.attributes["Wits"] = 1
    request = make_request(ch, f"Wits + {pool}" if pool else "Wits", difficulty=difficulty)
    assert sum(p for _, p in odds(request).rows) == pytest.approx(1)


def test_perform_v5_with_given_faces(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty=3)
    outcome = perform(request, GivenFaces({"regular": [10, 7, 3], "hunger": [10, 4]}))
    assert outcome.result == "messy_critical" and outcome.margin == 2
    assert describe_result(outcome) == "messy critical, margin 2"


def test_judge_faces_with_and_without_the_bar(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty=3)
    with_bar = judge_faces(request, "10 7 3 | 1 4")
    without = judge_faces(request, "0,7,3,1,4")
    assert with_bar == without
    assert with_bar.hunger_faces == (1, 4) and with_bar.result == "bestial_failure"
    with pytest.raises(VtmError, match="expected 5 faces: 3 regular | 2 Hunger"):
        judge_faces(request, "10 7 3 1")
    with pytest.raises(VtmError, match="got 2 | 3"):
        judge_faces(request, "10 7 | 3 1 4")
    with pytest.raises(VtmError, match="not on a d10"):
        judge_faces(request, "11 7 3 1 4")


def test_judge_faces_v20_and_ingenuity(v20_character, ingenuity_character):
    v20 = make_request(v20_character, "Dexterity + Stealth", difficulty=6)
    assert judge_faces(v20, "1 3 8 7 10").result == "success"
    assert judge_faces(v20, "1 3 2 4 5").result == "botch"
    ing = make_request(ingenuity_character, "Strength + Combat", specialty="Boat hook", difficulty=10)
    outcome = judge_faces(ing, "5 2 20")
    assert outcome.total == 5 + 2 + 2 + 4 and outcome.win
    assert any("Lucky" in f.text for f in follow_ups(outcome, ing))
    with pytest.raises(VtmError, match="Faces"):
        judge_faces(ing, "5 2")


def test_failure_with_successes_offers_a_cost_and_the_strategies(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty=3)
    outcome = judge_faces(request, "7 3 2 | 4 5")
    items = {f.action: f for f in follow_ups(outcome, request, vampire)}
    assert "Win at a cost? 2 successes short" in items["cost"].text
    rerolls = [f for f in follow_ups(outcome, request, vampire) if f.action == "reroll"]
    assert [f.strategy for f in rerolls] == ["reroll_failures", "maximize_criticals", "avoid_messy",
                                              "risky_avoid_messy"]
    failures = rerolls[0]
    assert failures.indices == (2, 1) and failures.available
    # Two re-rolled dice must both succeed: 1/4 (plain or ten, any mix) exactly.
    assert failures.odds.p_win == pytest.approx(0.25)
    assert not rerolls[2].available and "not a messy critical" in rerolls[2].text
    assert items["pick"].key == "p"


def test_reroll_odds_match_brute_force():
    first = judge([10, 7, 3], [10, 4], 4)  # messy critical with one Hunger ten
    view = reroll_odds(first, (0, 2))
    counts: dict[str, int] = {}
    for a in range(1, 11):
        for b in range(1, 11):
            result = judge([a, 7, b], [10, 4], 4).result
            counts[result] = counts.get(result, 0) + 1
    for name, p in view.rows:
        assert Fraction(counts.get(name, 0), 100) == Fraction(p).limit_denominator(1000)


def test_willpower_reroll_applies_damage_and_links_to_the_roll(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty=3)
    first = judge_faces(request, "7 3 2 | 4 5")
    original = apply(vampire, request, first, session=3, now=NOW)
    assert original.entries[0].kind == "roll" and not original.changed
    rerolled = willpower_reroll(first, "reroll_failures", GivenFaces({"reroll": [8, 10]}))
    assert rerolled.result == "win"
    applied = apply(vampire, request, rerolled, session=3, now=NOW, ref=original.entries[0].id)
    entry = applied.entries[0]
    assert entry.kind == "reroll" and entry.ref == original.entries[0].id
    assert entry.change == {"field": "willpower", "before": {"superficial": 0, "aggravated": 0},
                            "after": {"superficial": 1, "aggravated": 0}}
    assert applied.character.sheet.willpower.superficial == 1
    assert vampire.sheet.willpower.superficial == 0  # the given character is left alone
    assert entry.roll["before"]["faces"] == [7, 3, 2]


def test_reroll_on_a_full_willpower_track_turns_aggravated():
    ch = v5_vampire(willpower=Tracker(superficial=4))
    request = make_request(ch, "Dexterity + Brawl", difficulty=2)
    first = judge_faces(request, "7 3 2 1 | 4 5")
    assert any("Aggravated" in f.text for f in follow_ups(first, request, ch) if f.action == "reroll")
    after = apply(ch, request, willpower_reroll(first, [1], GivenFaces({"reroll": [9]})), session=1, now=NOW)
    assert (after.character.sheet.willpower.superficial, after.character.sheet.willpower.aggravated) == (3, 1)


def test_failed_rouse_raises_hunger_after_the_effect(vampire):
    request = make_request(vampire, kind="rouse")
    outcome = judge_faces(request, "3")
    assert [f.text for f in follow_ups(outcome, request)] == ["Hunger 2 → 3 (applied after the effect)"]
    applied = apply(vampire, request, outcome, session=1, now=NOW)
    assert applied.character.sheet.hunger == 3
    entry = applied.entries[0]
    assert (entry.kind, entry.difficulty, entry.change["after"]) == ("rouse", None, 3)
    passed = apply(vampire, request, judge_faces(request, "6"), session=1, now=NOW)
    assert passed.character.sheet.hunger == 2 and not passed.changed


def test_forced_rouse_failing_at_hunger_five_calls_for_frenzy():
    ch = v5_vampire(hunger=5)
    request = make_request(ch, kind="rouse", voluntary=False)
    outcome = judge_faces(request, "2")
    frenzy = [f for f in follow_ups(outcome, request) if f.action == "frenzy"]
    assert frenzy and frenzy[0].difficulty == 4 and frenzy[0].key == "f"


def test_forced_rouse_passing_at_hunger_five_also_offers_the_frenzy_test():
    ch = v5_vampire(hunger=5)
    request = make_request(ch, kind="rouse", voluntary=False)
    frenzy = [f for f in follow_ups(judge_faces(request, "9"), request) if f.action == "frenzy"]
    assert frenzy and frenzy[0].text == "Passed at Hunger 5: hunger frenzy test at Difficulty 4"


def test_blood_surge_rouse_then_the_bigger_pool(vampire):
    request = make_request(vampire, "Dexterity + Brawl", surge=True, difficulty=2)
    dice = GivenFaces({"regular": [2, 7, 7, 3, 3, 1, 5], "hunger": [6, 6]})
    rouse = surge_rouse(request, dice)
    assert rouse.hunger_after == 3
    outcome = perform(request, dice)
    assert outcome.pool == 8


def test_blood_surge_test_rolls_with_the_hunger_after_its_rouse():
    """docs/rules.md: the surged test rolls with the Hunger after the Rouse, and the result shows that Rouse."""
    ch = v5_vampire(hunger=4)
    request = make_request(ch, "Dexterity + Brawl", surge=True, difficulty=2)
    assert request.hunger == 4 and "one more if the Rouse fails" in faces_hint(request)
    dice = GivenFaces({"regular": [3, 7, 7, 6], "hunger": [6, 6, 6, 6, 1]})
    rouse = surge_rouse(request, dice)
    surged = after_surge(request, rouse)
    assert (rouse.result, surged.hunger, surged.dice) == ("fail", 5, 8)
    outcome = perform(surged, dice)
    assert outcome.hunger_faces == (6, 6, 6, 6, 1) and outcome.faces == (7, 7, 6)
    texts = [f.text for f in follow_ups(outcome, surged, ch)]
    assert texts[0] == "Blood Surge Rouse: 3 → fail, Hunger 4 → 5; the test rolls 5 Hunger dice"
    kept = after_surge(request, surge_rouse(request, GivenFaces({"regular": [8]})))
    assert kept.hunger == 4 and "Hunger stays 4" in kept.notes[-1]


def test_remorse_applies_humanity():
    ch = v5_vampire(stains=2)
    request = make_request(ch, kind="remorse")
    failed = apply(ch, request, judge_faces(request, "4"), session=2, now=NOW)
    assert (failed.character.sheet.humanity, failed.character.sheet.stains) == (6, 0)
    assert failed.entries[0].kind == "remorse"
    assert failed.entries[0].change["after"] == {"humanity": 6, "stains": 0}
    kept = apply(ch, request, judge_faces(request, "9"), session=2, now=NOW)
    assert (kept.character.sheet.humanity, kept.character.sheet.stains) == (7, 0)


def test_frenzy_follow_up(vampire):
    request = make_request(vampire, kind="frenzy", difficulty=3)
    texts = [f.text for f in follow_ups(judge_faces(request, "10 10 1 1 1 1"), request)]
    assert texts == ["Resisted at no cost (critical win)"]
    texts = [f.text for f in follow_ups(judge_faces(request, "7 7 7 1 1 1"), request)]
    assert texts == ["Resisted, but the turn is spent"]


def test_v20_willpower_spend_is_applied(v20_character):
    request = make_request(v20_character, "Dexterity + Stealth", willpower=True)
    outcome = judge_faces(request, "1 1 2 3 4")
    assert outcome.result == "success"
    applied = apply(v20_character, request, outcome, session=1, now=NOW)
    assert applied.character.sheet.willpower_current == 3
    assert applied.entries[0].change == {"field": "willpower", "before": 4, "after": 3}


def test_v20_free_botch_option(v20_character):
    request = make_request(v20_character, "Dexterity + Stealth", options={"free_botch": True})
    outcome = judge_faces(request, "1 2 2 3 4")
    assert outcome.result == "failure"
    assert any("free botch" in f.text for f in follow_ups(outcome, request))
    used = make_request(v20_character, "Dexterity + Stealth", options={"free_botch": True}, free_botch_used=True)
    assert judge_faces(used, "1 2 2 3 4").result == "botch"


def test_log_entry_fields(vampire):
    request = make_request(vampire, "Wits + Awareness", difficulty=3, secret=True, comment="the ledger")
    entry = apply(vampire, request, judge_faces(request, "7 7 7 | 1 1"), session=4, now=NOW).entries[0]
    assert (entry.session, entry.actor, entry.pool, entry.difficulty, entry.secret, entry.comment) == (
        4, "Inês", "Wits 3 + Awareness 2", 3, True, "the ledger")
    assert entry.time == NOW and entry.roll["hunger_faces"] == [1, 1]
    note = note_entry(request, "won at a cost", session=4, now=NOW, ref=entry.id)
    assert note.kind == "note" and note.ref == entry.id


def test_no_strategy_helps_is_said_when_none_can_change_the_result(vampire):
    """Pool 1, Difficulty 1, a 9: maximize_criticals would turn a certain win into a coin toss."""
    request = make_request(vampire, "Wits", modifier=-2, difficulty=1)
    mortal_roll = judge([9], (), 1)
    items = follow_ups(mortal_roll, request, vampire)
    rerolls = {f.strategy: f for f in items if f.action == "reroll"}
    assert not rerolls["maximize_criticals"].available
    assert rerolls["maximize_criticals"].text == ("maximize criticals: re-rolling one 6-9 cannot make a new pair of "
                                                 "tens, it only risks a success")
    assert "No strategy helps: no Willpower re-roll can change this result for the better" in [f.text for f in items]


def test_avoid_messy_with_four_regular_tens_is_not_offered_but_the_others_are(vampire):
    request = make_request(vampire, "Wits + Awareness", modifier=1, difficulty=4)
    first = judge([10, 10, 10, 10, 1], [10], 4)
    items = follow_ups(first, request, vampire)
    rerolls = {f.strategy: f for f in items if f.action == "reroll"}
    assert not rerolls["avoid_messy"].available and not rerolls["risky_avoid_messy"].available
    assert rerolls["avoid_messy"].text == "avoid a messy critical: 4 regular tens, only 3 can be re-rolled"
    assert rerolls["reroll_failures"].available
    assert not any(f.text.startswith("No strategy helps") for f in items)


def test_blood_surge_odds_weigh_the_rouse_that_may_add_a_hunger_die():
    """Half the Rouse checks fail, and then the test rolls one more Hunger die: the odds are the even mix."""
    ch = v5_vampire(hunger=2)
    request = make_request(ch, "Dexterity + Brawl", surge=True, difficulty=3)
    view = odds(request)
    before, after = odds_report(request.dice, 2, 3).base, odds_report(request.dice, 3, 3).base
    assert view.p_win == pytest.approx((before.p_win + after.p_win) / 2)
    assert dict(view.rows)["bestial_failure"] == pytest.approx(
        (before["bestial_failure"] + after["bestial_failure"]) / 2)


def test_v20_degree_reads_as_english(v20_character):
    """Issue 19 (11): "a exceptional success", "1 net successes"."""
    request = make_request(v20_character, "Dexterity + Stealth", difficulty=6)
    texts = [f.text for f in follow_ups(judge_faces(request, "7 8 9 7 3"), request)]
    assert "4 net successes: an exceptional success" in texts
    texts = [f.text for f in follow_ups(judge_faces(request, "7 2 3 4 5"), request)]
    assert "1 net success: a marginal success" in texts
