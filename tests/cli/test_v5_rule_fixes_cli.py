"""``roll v5``: the rule fixes of issue 17 (forced Rouse at Hunger 5, Willpower strategies that cannot help)."""

import json

from vtm_tui.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_forced_rouse_passed_at_hunger_five_calls_for_hunger_frenzy(capsys) -> None:
    code, out, _ = run(capsys, "roll", "v5", "--kind", "rouse", "--hunger", "5", "--forced", "--faces", "8", "--json")
    data = json.loads(out)
    assert code == 0 and data["result"] == "pass" and data["hunger_after"] == 5
    assert data["consequence"] == "hunger frenzy test at Difficulty 4 required"
    code, out, _ = run(capsys, "roll", "v5", "--kind", "rouse", "--hunger", "5", "--forced", "--faces", "8")
    assert code == 0 and "hunger frenzy test at Difficulty 4" in out


def test_avoid_messy_that_cannot_undo_the_messy_critical_rerolls_nothing(capsys) -> None:
    args = ("roll", "v5", "--pool", "6", "--hunger", "1", "--difficulty", "4", "--faces", "10,10,10,10,1",
            "--hunger-faces", "10", "--reroll", "avoid_messy")
    code, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 0 and data["result"] == "messy_critical" and data["successes"] == 9
    assert data["reroll"]["willpower_damage"] == 0 and data["reroll"]["indices"] == []
    assert data["reroll"]["reason"] == ("the messy critical cannot be undone: 4 regular tens, only 3 can be re-rolled;"
                                        " reroll_failures or maximize_criticals could help")
    code, out, _ = run(capsys, *args)
    assert code == 0 and "no Willpower re-roll (avoid_messy)" in out and "could help" in out


def test_maximize_criticals_with_no_reachable_critical_says_no_strategy_helps(capsys) -> None:
    args = ("roll", "v5", "--pool", "1", "--difficulty", "1", "--faces", "9", "--reroll", "maximize_criticals")
    code, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 0 and data["result"] == "win" and data["reroll"]["willpower_damage"] == 0
    assert data["reroll"]["reason"].endswith("; no strategy helps")
    code, out, _ = run(capsys, *args)
    assert code == 0 and out.rstrip().endswith("no strategy helps")
