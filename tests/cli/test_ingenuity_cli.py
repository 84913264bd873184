"""``vtm-tui roll ingenuity`` and ``vtm-tui odds ingenuity`` through the real entry point."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from vtm_tui.cli import main
from vtm_tui.rules.ingenuity import odds


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors exit from inside parse_args
        code = int(exc.code)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_typed_faces_human_line(capsys) -> None:
    code, out, err = run(
        capsys, "roll", "ingenuity", "--attribute", "d8", "--skill", "d6", "--bonus", "1",
        "--difficulty", "8", "--faces", "5,3", "--luck", "20",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out == "d8 + d6 + 1 vs Moderate 8: 5 + 3 + 1, luck 20 (+4) → 13, success\n"


def test_json_has_the_promised_fields(capsys) -> None:
    data = run_json(capsys, "roll", "ingenuity", "--attribute", "D6", "--skill", "6", "--bonus", "1",
                    "--difficulty", "moderate", "--faces", "3,4", "--luck", "11")  # fmt: skip
    assert data["ruleset"] == "ingenuity" and data["result"] == "success" and data["win"] is True
    assert (data["total"], data["margin"], data["lucky"]) == (8, 0, False)
    assert data["faces"]["attribute"] == 3 and data["faces"]["skill"] == 4 and data["faces"]["luck"] == 11


def test_failure_and_margin(capsys) -> None:
    data = run_json(capsys, "roll", "ingenuity", "--attribute", "d4", "--faces", "1,3", "--luck", "5",
                    "--difficulty", "Moderate")  # fmt: skip
    assert (data["result"], data["win"], data["total"], data["dice"]["skill"]) == ("failure", False, 4, "d4")


def test_advantage_with_reroll_faces(capsys) -> None:
    data = run_json(capsys, "roll", "ingenuity", "--attribute", "d10", "--skill", "d10", "--advantage", "3",
                    "--faces", "1,2", "--luck", "5", "--reroll-faces", "3,4,9")  # fmt: skip
    assert [(r["die"], r["replaced"], r["kept"]) for r in data["faces"]["rerolls"]] == [
        ("attribute", 1, 3), ("skill", 2, 4), ("attribute", 3, 9),
    ]  # fmt: skip
    assert data["total"] == 13 and data["result"] == "rolled"


def test_disadvantage_and_hand_picks(capsys) -> None:
    data = run_json(capsys, "roll", "ingenuity", "--attribute", "d8", "--skill", "d6", "--disadvantage", "1",
                    "--faces", "7,5", "--luck", "1", "--reroll-faces", "2")  # fmt: skip
    assert data["faces"]["attribute"] == 2 and data["total"] == 7
    picked = run_json(capsys, "roll", "ingenuity", "--attribute", "d6", "--skill", "d12", "--advantage", "1",
                      "--pick", "attribute", "--faces", "2,6", "--luck", "1", "--reroll-faces", "5")  # fmt: skip
    assert picked["faces"]["rerolls"][0]["die"] == "attribute" and picked["faces"]["rerolls"][0]["picked"]


def test_assists_and_sizes(capsys) -> None:
    data = run_json(capsys, "roll", "ingenuity", "--attribute", "d8", "--skill", "d6", "--faces", "4,3",
                    "--luck", "9", "--assist", "5", "--assist", "12", "--size", "miniscule",
                    "--opponent-size", "medium")  # fmt: skip
    assert (data["assist_bonus"], data["size_bonus"], data["total"]) == (3, 3, 13)


def test_passive_test_rolls_nothing(capsys) -> None:
    code, out, _ = run(capsys, "roll", "ingenuity", "--attribute", "d8", "--skill", "d6", "--bonus", "1",
                       "--difficulty", "8", "--passive")  # fmt: skip
    assert code == 0 and out == "passive d8 + d6 + 1 vs Moderate 8: 4 + 3 + 1 → 8, success\n"


def test_seeded_rolls_repeat(capsys) -> None:
    argv = ("roll", "ingenuity", "--attribute", "d12", "--skill", "d8", "--advantage", "2", "--seed", "7")
    first = run_json(capsys, *argv)
    assert run_json(capsys, *argv) == first
    assert first["faces"]["luck"] is not None and len(first["faces"]["rerolls"]) <= 2


def test_luck_test(capsys) -> None:
    data = run_json(capsys, "roll", "ingenuity", "--luck-test", "--luck", "20")
    assert data["result"] == "success" and data["lucky"] and data["faces"] == {"luck": 20}
    code, out, _ = run(capsys, "roll", "ingenuity", "--luck-test", "--luck-target", "11", "--luck", "10")
    assert code == 0 and out == "luck test (d20 vs 11): 10, failure\n"


def test_odds_json(capsys) -> None:
    data = run_json(capsys, "odds", "ingenuity", "--attribute", "d6", "--skill", "d6", "--bonus", "1",
                    "--difficulty", "8")  # fmt: skip
    expected = odds("d6", "d6", bonus=1, difficulty=8)
    assert data["ruleset"] == "ingenuity"
    assert Fraction(data["p_win_exact"]) == expected.p_win
    assert data["outcomes"] == {"success": float(expected.p_win), "failure": float(1 - expected.p_win)}
    assert abs(sum(data["distribution"].values()) - 1) < 1e-12 and min(map(int, data["distribution"])) == 3


def test_odds_with_advantage_human(capsys) -> None:
    code, out, _ = run(capsys, "odds", "ingenuity", "--attribute", "d12", "--skill", "d12", "--advantage", "3",
                       "--difficulty", "Ambitious")  # fmt: skip
    first, header, *rows = out.splitlines()
    assert code == 0 and first.startswith("d12 + d12 vs Ambitious 20, advantage 3: success ")
    assert header == "total  exactly  at least" and rows[0].split()[0] == "2" and rows[-1].split()[0] == "28"


def test_odds_without_difficulty(capsys) -> None:
    data = run_json(capsys, "odds", "ingenuity", "--attribute", "d4", "--disadvantage", "2")
    assert data["p_win"] is None and data["outcomes"] == {"rolled": 1.0} and data["net_advantage"] == -2


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--attribute", "d7"], "--attribute: die 'd7' is not a step die; use d4, d6, d8, d10 or d12"),
        (["--attribute", "d6", "--skill", "d20"], "--skill: die 'd20' is not a step die"),
        (["--attribute", "Dexterity"], "--attribute 'Dexterity': give a die (d4, d6, d8, d10 or d12); a trait name"),
        (["--attribute", "d8", "--faces", "9,1", "--luck", "3"], "--faces: attribute face 9 is not on a d8 (1-8)"),
        (["--attribute", "d8", "--faces", "8,5", "--luck", "3"], "--faces: skill face 5 is not on a d4 (1-4)"),
        (["--attribute", "d8", "--faces", "8,1", "--luck", "21"], "--luck: face 21 is not on the d20 luck die (1-20)"),
        (["--attribute", "d8", "--faces", "8,1", "--luck", "0"], "--luck: face 0 is not on the d20 luck die"),
        (["--attribute", "d8", "--faces", "8"], "--faces: expected 2 faces (attribute, skill), got 1"),
        (["--attribute", "d8", "--faces", "8,1"], "--faces needs --luck"),
        (["--attribute", "d8", "--luck", "3"], "--luck: only with --faces"),
        (["--attribute", "d8", "--advantage", "1", "--faces", "1,1", "--luck", "2"],
         "--reroll-faces: re-roll 1 (the attribute d8) needs a face, but only 0 re-roll faces were given"),
        (["--attribute", "d8", "--advantage", "1", "--faces", "1,1", "--luck", "2", "--reroll-faces", "9"],
         "--reroll-faces: re-roll face 9 for the attribute die is not on a d8"),
        (["--attribute", "d8", "--faces", "1,1", "--luck", "2", "--reroll-faces", "4"],
         "--reroll-faces: 1 re-roll faces given but only 0 re-rolls were made"),
        (["--attribute", "d8", "--bonus", "5"], "argument --bonus: 5 is above 4"),
        (["--attribute", "d8", "--difficulty", "hard"], "argument --difficulty: difficulty 'hard' is not a number"),
        (["--attribute", "d8", "--difficulty", "trivial"], "a trivial task needs no test"),
        (["--attribute", "d8", "--size", "small"], "--size needs --opponent-size"),
        (["--attribute", "d8", "--passive", "--advantage", "1"], "a passive test rolls no dice"),
        (["--skill", "d8"], "--attribute is required"),
        (["--luck-test", "--attribute", "d6"], "--luck-test rolls the luck die alone: drop --attribute"),
        (["--attribute", "d8", "--pick", "luck", "--advantage", "1"], "'luck' is not 'attribute' or 'skill'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, fragment) -> None:
    code, out, err = run(capsys, "roll", "ingenuity", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err, err


def test_odds_bad_input(capsys) -> None:
    code, _, err = run(capsys, "odds", "ingenuity", "--attribute", "d6", "--skill", "d3")
    assert code == 2 and "die 'd3' is not a step die" in err and err.count("\n") == 1
    code, _, err = run(capsys, "odds", "ingenuity", "--skill", "d6")
    assert code == 2 and "--attribute" in err


class _Sheet:
    """Stands in for a chronicle's character: only what the command asks of it."""

    def __init__(self, ruleset: str = "ingenuity") -> None:
        self.name, self.ruleset = "Fabian", ruleset

    def traits(self) -> dict[str, int]:
        return {"Strength": 4, "Dexterity": 6, "Intellect": 8, "Resolve": 6, "Handling": 6, "Athletics": 4}


def _fake_character(monkeypatch, sheet: _Sheet, logged: list) -> None:
    import vtm_tui.commands.chronicle as chronicle

    monkeypatch.setattr(chronicle, "find_character", lambda path, name: (None, sheet))
    monkeypatch.setattr(chronicle, "record_roll", lambda path, outcome, **kw: logged.append(kw) or "e1")


def test_trait_names_from_the_characters_sheet(capsys, tmp_path) -> None:
    """Trait names take their dice from the sheet and the test is logged by the play layer (one path)."""
    import shutil
    from pathlib import Path

    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.store.session_log import read_session

    folder = tmp_path / "saltmarsh"
    shutil.copytree(Path(__file__).resolve().parents[2] / "campaigns" / "lanterns-of-saltmarsh", folder)
    data = run_json(capsys, "roll", "ingenuity", "--chronicle", str(folder), "--character", "bram", "--attribute",
                    "dex", "--skill", "handling", "--bonus", "1", "--faces", "3,4", "--luck", "2", "--difficulty", "8")
    assert data["dice"] == {"attribute": "d6", "skill": "d6"} and data["total"] == 8
    session = open_chronicle(folder).chronicle.current_session
    [entry] = read_session(folder, session, recover=False).entries
    assert data["logged"] == entry.id and entry.actor == "Bram Cole"
    assert entry.pool == "Dexterity d6 + Handling d6 + 1" and entry.difficulty == 8


def test_trait_name_errors(capsys, monkeypatch) -> None:
    _fake_character(monkeypatch, _Sheet(), [])
    code, _, err = run(capsys, "roll", "ingenuity", "--chronicle", "x", "--character", "Fabian", "--attribute", "cha")
    assert code == 2 and "--attribute 'cha' for Fabian: unknown trait 'cha'" in err
    _fake_character(monkeypatch, _Sheet("v5"), [])
    code, _, err = run(capsys, "roll", "ingenuity", "--chronicle", "x", "--character", "Fabian", "--attribute", "dex")
    assert code == 2 and "Fabian is a v5 character" in err


def test_subprocess_bad_face_exit_2_one_line_no_traceback() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vtm_tui", "roll", "ingenuity", "--attribute", "d6", "--faces", "7,1", "--luck", "20"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "vtm-tui: error: --faces: attribute face 7 is not on a d6 (1-6)\n"
    assert "Traceback" not in out.stderr


def test_luck_target_only_with_a_luck_test(capsys) -> None:
    code, _, err = run(capsys, "roll", "ingenuity", "--attribute", "d6", "--luck-target", "11")
    assert code == 2 and "--luck-target: only with --luck-test" in err


def test_help_lists_the_options(capsys) -> None:
    code, out, _ = run(capsys, "roll", "ingenuity", "--help")
    assert code == 0
    for option in ("--attribute", "--skill", "--faces", "--luck", "--reroll-faces", "--advantage", "--chronicle"):
        assert option in out
