"""``vtm-tui roll v20`` and ``vtm-tui odds v20``, in process (and once as a real process)."""

import json
import subprocess
import sys

import pytest

from vtm_tui.cli import main
from vtm_tui.rules.v20 import extended_odds, roll_odds


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_one_line_error(code: int, out: str, err: str, *needles: str) -> None:
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err


# --- roll ----------------------------------------------------------------------------------------


def test_roll_judges_given_faces_as_json(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "5", "--difficulty", "6", "--faces", "1,3,8,7,10")
    assert data["ruleset"] == "v20" and data["result"] == "success" and data["win"] is True
    assert data["successes"] == 2 and data["degree"] == "moderate" and data["margin"] == 2
    assert data["faces"] == [1, 3, 8, 7, 10]


def test_roll_human_line(capsys) -> None:
    code, out, _ = run(capsys, "roll", "v20", "--pool", "5", "--faces", "1 3 8 7 10")
    assert code == 0 and out == "5 dice vs 6: 10 8 7 3 1 → 2 successes, success (moderate)\n"


def test_seed_feodor_and_the_botch_from_the_command_line(capsys) -> None:
    feodor = run_json(capsys, "roll", "v20", "--pool", "6", "--difficulty", "7", "--faces", "2,5,6,6,4,3")
    assert feodor["result"] == "failure" and feodor["degree"] is None and feodor["win"] is False
    botch = run_json(capsys, "roll", "v20", "--pool", "5", "--difficulty", "8", "--faces", "1,3,4,3,7")
    assert botch["result"] == "botch" and botch["successes"] == 0 and botch["margin"] == 0


def test_zero_face_is_a_ten_and_specialty_doubles_it(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "0,2", "--specialty")
    assert data["faces"] == [10, 2] and data["successes"] == 2 and data["specialty"] is True
    single = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "0,2", "--specialty",
                      "--no-specialty-doubling")
    assert single["successes"] == 1


def test_willpower_prevents_the_botch(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "3", "--faces", "1,1,2", "--willpower")
    assert data["result"] == "success" and data["successes"] == 1 and data["willpower"] is True


def test_free_botch(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "3", "--faces", "1,2,3", "--free-botch")
    assert data["result"] == "failure" and data["free_botch_consumed"] is True


def test_seeded_rolls_repeat_and_match_the_pool(capsys) -> None:
    first = run_json(capsys, "roll", "v20", "--pool", "7", "--seed", "11")
    second = run_json(capsys, "roll", "v20", "--pool", "7", "--seed", "11")
    assert first == second and len(first["faces"]) == 7


def test_wounds_and_modifier_change_the_face_count(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "6", "--wounds", "2", "--modifier", "1",
                    "--faces", "8,8,8,8,8")
    assert data["pool"] == 5 and data["successes"] == 5
    code, out, err = run(capsys, "roll", "v20", "--pool", "6", "--wounds", "2", "--faces", "8,8,8,8,8")
    assert_one_line_error(code, out, err, "--faces gives 5 faces but the pool is 4 dice (6 - 2 wounds)")


def test_seed_winters_second_attempt_at_difficulty_7(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "4", "--attempt", "2", "--faces", "7,2,3,4")
    assert data["difficulty"] == 7 and data["attempt"] == 2 and data["result"] == "success"
    code, out, err = run(capsys, "roll", "v20", "--pool", "4", "--difficulty", "9", "--attempt", "3")
    assert_one_line_error(code, out, err, "--attempt 3", "Difficulty 11", "impossible")


def test_automatic_success(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--pool", "6", "--difficulty", "5", "--automatic")
    assert data["automatic"] is True and data["result"] == "success" and data["successes"] == 1
    assert data["degree"] == "marginal" and data["faces"] == []
    code, out, err = run(capsys, "roll", "v20", "--pool", "4", "--difficulty", "5", "--automatic")
    assert_one_line_error(code, out, err, "no automatic success", "(4 dice)", "(5)")


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--pool", "5", "--difficulty", "11"], "--difficulty 11 is out of range"),
        (["--pool", "5", "--difficulty", "1"], "a V20 Difficulty is 2-10"),
        (["--pool", "5", "--faces", "1,2"], "--faces gives 2 faces but the pool is 5 dice"),
        (["--pool", "5", "--faces", "1,2,3,4,11"], "face 11 is not on a d10"),
        (["--pool", "2", "--faces", "1,x"], "'x' is not a whole number"),
        (["--pool", "100"], "--pool 100 is out of range: 0-99"),
        (["--pool", "-1"], "--pool -1 is negative"),
        (["--pool", "Wits + Etiquette"], "needs --chronicle and --character"),
        (["--pool", "²"], "--pool '²'"),
        (["--pool", "3", "--automatic", "--faces", "8,8,8"], "--automatic takes no --faces"),
        (["--pool", "3", "--difficulty", "six"], "'six' is not a whole number"),
        (["--pool", "3", "--attempt", "0"], "--attempt"),
    ],
)
def test_roll_bad_input_is_one_line_exit_2(capsys, args: list[str], needle: str) -> None:
    assert_one_line_error(*run(capsys, "roll", "v20", *args), needle)


# --- odds ----------------------------------------------------------------------------------------


def test_odds_json_is_exact(capsys) -> None:
    data = run_json(capsys, "odds", "v20", "--pool", "5", "--difficulty", "6")
    exact = roll_odds(5, 6)
    assert data["outcomes"] == {name: float(p) for name, p in exact.outcomes.items()}
    assert data["outcomes"] == {"success": 0.844, "failure": 0.13499, "botch": 0.02101}
    assert data["p_win"] == 0.844 and abs(sum(data["outcomes"].values()) - 1) < 1e-12
    assert data["net_successes"]["0"] == 0.156 and abs(sum(data["net_successes"].values()) - 1) < 1e-12


def test_odds_flags(capsys) -> None:
    data = run_json(capsys, "odds", "v20", "--pool", "4", "--difficulty", "8", "--specialty", "--willpower")
    assert data["outcomes"]["success"] == 1.0 and data["outcomes"]["botch"] == 0.0
    assert data["specialty"] is True and data["willpower"] is True
    raised = run_json(capsys, "odds", "v20", "--pool", "4", "--attempt", "3")
    assert raised["difficulty"] == 8 and raised["attempt"] == 3
    wounded = run_json(capsys, "odds", "v20", "--pool", "4", "--wounds", "1")
    assert wounded["pool"] == 3
    free = run_json(capsys, "odds", "v20", "--pool", "2", "--free-botch")
    assert free["outcomes"]["botch"] == 0.0


def test_odds_extended(capsys) -> None:
    data = run_json(capsys, "odds", "v20", "--pool", "6", "--difficulty", "7", "--extended-target", "10",
                    "--rolls", "5", "--botch", "fail")
    expected = extended_odds(6, 7, 10, 5, botch_rule="fail")
    assert data["extended"]["p_reach"] == expected.p_reach and data["extended"]["botch"] == "fail"
    assert len(data["extended"]["by_roll"]) == 5


def test_odds_human_table(capsys) -> None:
    code, out, _ = run(capsys, "odds", "v20", "--pool", "5", "--extended-target", "15", "--rolls", "5")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "5 dice vs 6: success 84.40%  failure 13.50%  botch 2.10%"
    assert lines[1].startswith("net successes: 0: 15.60% | 1: 19.65%")
    assert lines[3].startswith("extended: 15 successes within 5 rolls (a botch restarts the tally): ")


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--pool", "5", "--difficulty", "12"], "--difficulty 12"),
        (["--pool", "5", "--rolls", "3"], "--extended-target and --rolls go together"),
        (["--pool", "5", "--extended-target", "60", "--rolls", "3"], "the extended target must be"),
        (["--pool", "abc"], "'abc' is not a whole number"),
        (["--pool", "5", "--botch", "again"], "invalid choice: 'again'"),
        (["--difficulty", "6"], "--pool"),
    ],
)
def test_odds_bad_input_is_one_line_exit_2(capsys, args: list[str], needle: str) -> None:
    assert_one_line_error(*run(capsys, "odds", "v20", *args), needle)


def test_real_process_bad_input_exits_2_with_one_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vtm_tui", "roll", "v20", "--pool", "5", "--difficulty", "11"],
        capture_output=True, text=True,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "vtm-tui: error: --difficulty 11 is out of range: a V20 Difficulty is 2-10 (default 6)\n"


# --- logging to a chronicle: its house rules apply ------------------------------------------------


def test_chronicle_house_rules_and_free_botch_per_session(capsys, tmp_path) -> None:
    folder = tmp_path / "nights"
    assert main(["new", str(folder), "--ruleset", "v20"]) == 0
    toml = folder / "chronicle.toml"
    text = toml.read_text()
    assert "free_botch = false" in text and "specialty_doubles = true" in text
    toml.write_text(text.replace("free_botch = false", "free_botch = true")
                    .replace("specialty_doubles = true", "specialty_doubles = false"))
    capsys.readouterr()
    log = ["--chronicle", str(folder)]
    single = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "10,3", "--specialty", *log)
    assert single["successes"] == 1 and single["logged"]
    first = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "1,3", *log)
    assert first["result"] == "failure" and first["free_botch_consumed"] is True
    second = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "1,3", *log)
    assert second["result"] == "botch" and second["free_botch_consumed"] is False
    # --free-botch says the storyteller grants it anyway
    again = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "1,3", "--free-botch", *log)
    assert again["result"] == "failure"


def test_chronicle_of_another_ruleset_is_refused(capsys, tmp_path) -> None:
    folder = tmp_path / "v5nights"
    assert main(["new", str(folder), "--ruleset", "v5"]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "roll", "v20", "--pool", "2", "--faces", "8,3", "--chronicle", str(folder))
    assert_one_line_error(code, out, err, "plays v5, not v20")


def test_odds_resisted(capsys) -> None:
    data = run_json(capsys, "odds", "v20", "--pool", "5", "--against", "4", "--against-difficulty", "7")
    assert data["resisted"]["opponent_pool"] == 4 and data["resisted"]["opponent_difficulty"] == 7
    parts = data["resisted"]["p_actor"] + data["resisted"]["p_tie"] + data["resisted"]["p_opponent"]
    assert abs(parts - 1) < 1e-12 and data["resisted"]["p_actor"] > data["resisted"]["p_opponent"]
    code, out, _ = run(capsys, "odds", "v20", "--pool", "3", "--against", "3")
    assert code == 0 and out.splitlines()[-1].startswith("resisted by 3 dice vs 6: actor wins ")
    assert_one_line_error(*run(capsys, "odds", "v20", "--pool", "3", "--against-difficulty", "7"), "needs --against")
    assert_one_line_error(*run(capsys, "odds", "v20", "--pool", "3", "--against", "3", "--against-difficulty", "1"),
                          "--against-difficulty 1 is out of range")


def _veronica_chronicle(tmp_path, **health: int):
    from vtm_tui.model.character import Character
    from vtm_tui.model.character_v20 import V20Health, V20Sheet
    from vtm_tui.store.chronicle_store import open_chronicle

    folder = tmp_path / "atlanta"
    assert main(["new", str(folder), "--ruleset", "v20"]) == 0
    sheet = V20Sheet(abilities={"Finance": 4}, health=V20Health(**health))
    sheet.attributes["Perception"] = 2
    open_chronicle(folder).add_character(Character("Veronica", sheet=sheet))
    return folder


def test_named_pool_from_the_sheet_with_its_wound_penalty(capsys, tmp_path) -> None:
    folder = _veronica_chronicle(tmp_path, bashing=2)  # Hurt: −1
    capsys.readouterr()
    common = ["--chronicle", str(folder), "--character", "veronica"]
    data = run_json(capsys, "roll", "v20", "--pool", "Perception + Finance", "--faces", "8,8,8,8,8", *common)
    assert data["pool"] == 5 and data["successes"] == 5 and data["logged"]
    assert 'pool = "Perception 2 + Finance 4 - 1 wounds"' in (folder / "sessions" / "0001.toml").read_text()
    # --wounds overrides the sheet
    data = run_json(capsys, "roll", "v20", "--pool", "perc + fin", "--wounds", "0", "--faces", "8,8,8,8,8,8", *common)
    assert data["pool"] == 6
    code, out, err = run(capsys, "roll", "v20", "--pool", "Perception + Finance + Strength", *common)
    assert_one_line_error(code, out, err, "Veronica", "3 Traits", "at most two")


def test_incapacitated_character_cannot_roll(capsys, tmp_path) -> None:
    folder = _veronica_chronicle(tmp_path, lethal=7)
    capsys.readouterr()
    code, out, err = run(capsys, "roll", "v20", "--pool", "Perception + Finance", "--chronicle", str(folder),
                         "--character", "Veronica")
    assert_one_line_error(code, out, err, "Veronica is Incapacitated")
