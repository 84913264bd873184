"""Failure handling (escalate, modify, abandon) and the turn order in combat."""

import pytest

from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.ingenuity import Task, TurnOrder, judge


def test_priscilla_escalates_then_modifies_the_climb() -> None:
    wall = Task("climb to the third floor", "Complex")
    failed = wall.attempt(judge("d4", "d4", 2, 2, 3), by="Priscilla")  # 4, well below 12
    assert failed.status == "failed" and failed.attempts[0].risk == "safe"
    assert failed.options == ("escalate", "modify", "abandon")
    again = failed.escalate()  # she may keep trying, at the risk of falling
    assert (again.status, again.attempt_number, again.risk) == ("open", 2, "small")
    assert again.summary() == "climb to the third floor (Complex 12): open after 1 attempt, attempt 2 at small risk"
    second = again.attempt(5)
    easier = second.modify("Challenging", "climb to the second floor")
    assert (easier.description, easier.difficulty.value, easier.attempts, easier.previous) == (
        "climb to the second floor", 10, (), second,
    )  # fmt: skip
    assert easier.attempt(judge("d4", "d4", 4, 4, 20)).status == "succeeded"  # 8 + luck 4 = 12


def test_fabian_breaks_the_window_instead() -> None:
    window = Task("pry the window open", 12).attempt(7)
    broken = window.modify(6, "break the window")
    assert broken.difficulty.label == "Standard 6" and broken.attempt(7).status == "succeeded"


def test_fabian_jams_the_lock_after_escalating_twice() -> None:
    lock = Task("pick the complicated lock", "Daunting")
    risks = []
    for total in (9, 11, 13):
        lock = lock.attempt(total, by="Fabian")
        risks.append(lock.attempts[-1].risk)
        if lock.can_escalate:
            lock = lock.escalate()
    assert risks == ["safe", "small", "serious"] and lock.escalations == 2
    assert lock.options == ("modify", "abandon")
    with pytest.raises(RulesError, match="already escalated 2 times"):
        lock.escalate()
    jammed = lock.abandon()
    assert jammed.locked and jammed.options == ()
    with pytest.raises(RulesError, match="abandoned and no one may attempt it again"):
        jammed.attempt(20, by="Priscilla")
    with pytest.raises(RulesError, match="abandoned"):
        jammed.modify(4)


def test_task_moves_the_rules_forbid() -> None:
    task = Task("climb", 8)
    with pytest.raises(RulesError, match="no attempt has failed yet"):
        task.escalate()
    done = task.attempt(9)
    with pytest.raises(RulesError, match="already succeeded"):
        done.attempt(3)
    with pytest.raises(RulesError, match="escalate, modify or abandon it first"):
        task.attempt(3).attempt(3)
    with pytest.raises(RulesError, match="not a test result"):
        task.attempt("high")
    with pytest.raises(RulesError, match="trivial task needs no test"):
        Task("walk", "Trivial")
    assert task.abandon().locked  # a task may be given up before anyone tries


def test_teams_alternate_picking_members_who_have_not_acted() -> None:
    order = TurnOrder.start({"coterie": ["Ana", "Bo", "Cy"], "ghouls": ["G1"]})
    assert order.current_team == "coterie" and order.choices == ("Ana", "Bo", "Cy")
    order = order.act("Bo")
    assert order.current_team == "ghouls"
    order = order.act("G1")
    # The ghouls are out of members: the coterie acts twice in a row.
    assert order.current_team == "coterie" and order.choices == ("Ana", "Cy")
    order = order.act("Cy")
    assert order.current_team == "coterie" and order.round == 1
    order = order.act("Ana")
    assert order.round == 2 and order.current_team == "coterie" and order.choices == ("Ana", "Bo", "Cy")
    assert [h[2] for h in order.history] == ["Bo", "G1", "Cy", "Ana"]


def test_three_teams_in_the_storytellers_order() -> None:
    order = TurnOrder.start([("raiders", ["R"]), ("defenders", ["D1", "D2"]), ("wolves", ["W"])])
    seen = []
    for _ in range(4):
        team = order.current_team
        member = order.choices[0]
        seen.append(team)
        order = order.act(member)
    assert seen == ["raiders", "defenders", "wolves", "defenders"] and order.round == 2


def test_surprise_round_lets_only_the_surprising_team_act() -> None:
    order = TurnOrder.start({"hunters": ["H"], "vampires": ["V1", "V2"]}, surprise="vampires")
    assert order.round == 0 and order.current_team == "vampires"
    order = order.act("V2")
    assert order.current_team == "vampires" and order.choices == ("V1",)
    order = order.act("V1")
    assert order.round == 1 and order.current_team == "hunters" and order.surprise is None
    assert order.summary() == "round 1: hunters picks from H"


def test_turn_mistakes_are_refused() -> None:
    order = TurnOrder.start({"a": ["x"], "b": ["y"]})
    with pytest.raises(RulesError, match="'y' is not on team 'a'"):
        order.act("y")
    with pytest.raises(RulesError, match="at least two teams"):
        TurnOrder.start({"a": ["x"]})
    with pytest.raises(RulesError, match="no team 'c'"):
        TurnOrder.start({"a": ["x"], "b": ["y"]}, surprise="c")
    with pytest.raises(RulesError, match="repeated member"):
        TurnOrder.start({"a": ["x", "x"], "b": ["y"]})


def test_members_fall_and_join() -> None:
    order = TurnOrder.start({"a": ["x", "z"], "b": ["y"]}).act("x")
    order = order.remove("b", "y")  # b is out: a continues
    assert order.current_team == "a" and order.choices == ("z",)
    order = order.add("b", "w")
    assert order.current_team == "b"  # b's turn came up again with a newcomer
    order = order.act("w").act("z")
    assert order.round == 2
    order = order.add("c", "newcomer")
    assert [t.name for t in order.teams] == ["a", "b", "c"]
    with pytest.raises(RulesError, match="already on team"):
        order.add("c", "newcomer")


def test_task_round_trips_through_plain_data() -> None:
    task = Task("climb", "Complex").attempt(5, by="Priscilla").escalate().attempt(7).modify(10, "second floor")
    data = task.to_dict()
    assert data["previous"]["attempts"][0] == {"total": 5, "success": False, "risk": "safe", "by": "Priscilla"}
    assert Task.from_dict(data) == task
    with pytest.raises(RulesError, match="status 'won'"):
        Task.from_dict({**data, "status": "won"})
    with pytest.raises(RulesError, match="escalations 3"):
        Task.from_dict({**data, "escalations": 3})
    with pytest.raises(RulesError, match="incomplete or malformed"):
        Task.from_dict({"status": "open"})


def test_turn_order_round_trips_through_plain_data() -> None:
    order = TurnOrder.start({"hunters": ["H"], "vampires": ["V1", "V2"]}, surprise="vampires").act("V1")
    assert TurnOrder.from_dict(order.to_dict()) == order
    later = order.act("V2").act("H")
    assert TurnOrder.from_dict(later.to_dict()) == later
    broken = {**later.to_dict(), "acted": [["hunters", "Nobody"]]}
    with pytest.raises(RulesError, match="'Nobody' acted but is not on team 'hunters'"):
        TurnOrder.from_dict(broken)
    with pytest.raises(RulesError, match="incomplete or malformed"):
        TurnOrder.from_dict({"round": 1})
