"""``vtm-tui roll v5`` and ``vtm-tui odds v5``: the stable contract of docs/command-line.md."""

import json
import subprocess
import sys

import pytest

from vtm_tui.cli import main
from vtm_tui.rules.v5 import RESULTS, STRATEGIES


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


GIVEN = ("roll", "v5", "--pool", "6", "--hunger", "2", "--difficulty", "2", "--faces", "7,3,2,1", "--hunger-faces", "10,4")


def test_roll_human_line(capsys) -> None:
    code, out, err = run(capsys, *GIVEN)
    assert code == 0 and err == ""
    assert out == "6 dice (2 Hunger) vs 2: 7 3 2 1 | 10 4 → 2 successes, win, margin 0\n"


def test_roll_json(capsys) -> None:
    code, out, _ = run(capsys, *GIVEN, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["ruleset"] == "v5" and data["result"] == "win" and data["win"] is True
    assert data["successes"] == 2 and data["margin"] == 0
    assert data["faces"] == [7, 3, 2, 1] and data["hunger_faces"] == [10, 4]


def test_zero_on_the_die_reads_as_ten(capsys) -> None:
    code, out, _ = run(capsys, "roll", "v5", "--pool", "3", "--difficulty", "3", "--faces", "0,0,2", "--json")
    data = json.loads(out)
    assert code == 0 and data["faces"] == [10, 10, 2] and data["result"] == "critical_win"


def test_seeded_roll_repeats(capsys) -> None:
    args = ("roll", "v5", "--pool", "7", "--hunger", "3", "--difficulty", "3", "--seed", "42", "--json")
    first = run(capsys, *args)[1]
    assert first == run(capsys, *args)[1]
    assert len(json.loads(first)["faces"]) == 4


def test_reroll_with_typed_faces(capsys) -> None:
    code, out, _ = run(capsys, *GIVEN, "--reroll", "reroll_failures", "--reroll-faces", "9,0,8", "--json")
    data = json.loads(out)
    assert code == 0 and data["result"] == "messy_critical" and data["rerolled"]
    assert data["before"]["result"] == "win" and data["reroll"]["willpower_damage"] == 1


def test_reroll_by_position(capsys) -> None:
    code, out, _ = run(capsys, *GIVEN, "--reroll", "2", "--reroll-faces", "6")
    assert code == 0 and "Willpower re-roll (by hand) 3 → 6" in out


def test_specialty_modifier_and_warning(capsys) -> None:
    code, out, err = run(capsys, "roll", "v5", "--pool", "2", "--specialty", "1", "--modifier", "5", "--seed", "1")
    assert code == 0 and out.startswith("8 dice")
    assert "beyond the ±3 dice guideline" in err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--kind", "rouse", "--hunger", "2", "--faces", "3"), "Rouse check: 3 → fail, Hunger 2 → 3"),
        (("--kind", "rouse", "--hunger", "5", "--forced", "--faces", "4"), "hunger frenzy test at Difficulty 4"),
        (("--kind", "check", "--faces", "6"), "Check: 6 → pass"),
        (("--kind", "remorse", "--humanity", "6", "--stains", "1", "--faces", "2,9,1"), "stains cleared, Humanity stays 6"),
        (("--kind", "frenzy", "--willpower", "3", "--humanity", "6", "--faces", "7,8,9,10,2"), "resisted, but the turn is spent"),
        (("--kind", "tracker", "--pool", "3", "--difficulty", "2", "--faces", "6,6,1"), "Tracker roll: 3 dice vs 2"),
        (("--pool", "6", "--difficulty", "3", "--automatic"), "6 dice vs 3: automatic win, margin 0"),
        (("--pool", "2", "--hunger", "1", "--mortal", "--faces", "6,6"), "2 dice (no Difficulty): 6 6"),
    ],
)
def test_kinds_of_roll(capsys, args, expected) -> None:
    code, out, _ = run(capsys, "roll", "v5", *args)
    assert code == 0 and expected in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--pool", "6", "--hunger", "2", "--faces", "7,3,2", "--hunger-faces", "10,4"),
         "--faces: expected 4 faces (pool 6, 2 of them Hunger), got 3"),
        (("--pool", "6", "--hunger", "2", "--faces", "7,3,2,1"), "--hunger-faces: expected 2 faces"),
        (("--pool", "3", "--faces", "1,2,11"), "--faces: face 11 is not on a d10"),
        (("--pool", "3", "--faces", "1,x,2"), "--faces: 'x' is not a whole number"),
        (("--pool", "-2"), "--pool -2 is negative"),
        (("--pool", "3", "--hunger", "6"), "--hunger: 6 is above 5"),
        (("--pool", "3", "--difficulty", "abc"), "--difficulty: 'abc' is not a whole number"),
        (("--pool", "3", "--kind", "frenzy", "--reroll", "reroll_failures"), "Willpower cannot re-roll a Frenzy test"),
        ((*GIVEN[2:], "--reroll", "1,5", "--reroll-faces", "9,9"), "die #5 (showing 10) is a Hunger die"),
        ((*GIVEN[2:], "--reroll", "reroll_failures", "--reroll-faces", "9"), "--reroll-faces: expected 3 faces"),
        ((*GIVEN[2:], "--reroll", "lucky"), "unknown re-roll strategy 'lucky'"),
        ((*GIVEN[2:], "--reroll", "0,1"), "'0' is not a die position"),
        (("--kind", "check", "--faces", "7", "--hunger-faces", "1"), "a check has no Hunger dice"),
        (("--kind", "remorse", "--humanity", "7", "--stains", "5"), "5 stains do not fit in the 3 empty boxes"),
        (("--kind", "rouse", "--hunger", "5"), "cannot rouse the blood voluntarily"),
        (("--pool", "5", "--difficulty", "3", "--automatic"), "twice the Difficulty"),
        (("--kind", "remorse", "--humanity", "7"), "no stains"),
        (("--kind", "test",), "--pool: required"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, args, message) -> None:
    code, out, err = run(capsys, "roll", "v5", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err


def test_odds_json(capsys) -> None:
    code, out, _ = run(capsys, "odds", "v5", "--pool", "6", "--hunger", "2", "--difficulty", "3", "--json")
    data = json.loads(out)
    assert code == 0 and set(data["outcomes"]) == set(RESULTS)
    assert sum(data["outcomes"].values()) == pytest.approx(1.0)
    assert data["p_win"] == pytest.approx(data["outcomes"]["win"] + data["outcomes"]["critical_win"] + data["outcomes"]["messy_critical"])
    assert set(data["strategies"]) == set(STRATEGIES)
    assert all(sum(s["outcomes"].values()) == pytest.approx(1.0) for s in data["strategies"].values())
    assert "expected_successes" in data


def test_odds_table(capsys) -> None:
    code, out, _ = run(capsys, "odds", "v5", "--pool", "1", "--difficulty", "1")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "V5 odds, 1 die vs 1: win 50.00%, expected successes 0.50"
    assert "no re-roll" in lines[1] and any(line.startswith("chance to win") for line in lines)
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize(
    ("args", "message"),
    [(("--pool", "x"), "--pool: 'x' is not a whole number"), (("--pool", "61"), "up to 60"), ((), "--pool: required")],
)
def test_odds_bad_input(capsys, args, message) -> None:
    code, out, err = run(capsys, "odds", "v5", *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "v5", "--pool", "4", "--faces", "1,2,3"),
        ("odds", "v5", "--pool", "3", "--hunger", "-1"),
    ],
)
def test_subprocess_bad_input_exit_2_one_line_no_traceback(args) -> None:
    proc = subprocess.run([sys.executable, "-m", "vtm_tui", *args], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("vtm-tui")


def test_character_hunger_comes_from_the_sheet(tmp_path, capsys) -> None:
    """With --chronicle/--character and no --hunger, the sheet's Hunger (and creature) decide."""
    import json
    import shutil
    from pathlib import Path

    from vtm_tui.cli import main

    chronicle = tmp_path / "lisboa"
    shutil.copytree(Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna", chronicle)
    assert main(["session", str(chronicle), "start"]) == 0
    capsys.readouterr()
    base = ["roll", "v5", "--chronicle", str(chronicle), "--pool", "6", "--seed", "1", "--json"]
    assert main([*base, "--character", "nora"]) == 0  # Leonor "Nora" Aires, Hunger 4
    nora = json.loads(capsys.readouterr().out)
    assert nora["hunger"] == 4 and len(nora["hunger_faces"]) == 4
    assert main([*base, "--character", "nora", "--hunger", "1"]) == 0  # typed Hunger wins
    assert len(json.loads(capsys.readouterr().out)["hunger_faces"]) == 1
    assert main([*base, "--character", "rita"]) == 0  # Rita Calado, a mortal: no Hunger dice
    assert json.loads(capsys.readouterr().out)["hunger_faces"] == []
