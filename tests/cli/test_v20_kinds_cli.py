"""``roll v20 --kind damage|soak|frenzy|rotschreck|degeneration`` and ``odds v20 --kind``."""

import json
import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "the-iron-vigil"


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("kind", ["damage", "soak"])
def test_damage_and_soak_of_one_and_three_are_no_botch(capsys, kind) -> None:
    data = run_json(capsys, "roll", "v20", "--kind", kind, "--pool", "2", "--faces", "1,3")
    assert (data["result"], data["successes"], data["kind"], data["free_botch_consumed"]) == (
        "failure", 0, kind, False)
    code, out, _ = run(capsys, "roll", "v20", "--kind", kind, "--pool", "2", "--faces", "1,3")
    assert code == 0 and "botch" not in out and ("no damage dealt" in out or "no damage soaked" in out)


def test_ones_cancel_on_damage_unless_the_house_rule_says_not(capsys) -> None:
    args = ("roll", "v20", "--kind", "damage", "--pool", "3", "--faces", "8,7,1")
    assert run_json(capsys, *args)["successes"] == 1
    assert run_json(capsys, *args, "--ones-do-not-cancel")["successes"] == 2
    assert run_json(capsys, "roll", "v20", "--pool", "3", "--faces", "8,7,1", "--ones-do-not-cancel")["successes"] == 1


def test_damage_odds_have_no_botch(capsys) -> None:
    data = run_json(capsys, "odds", "v20", "--kind", "damage", "--pool", "3")
    assert data["outcomes"]["botch"] == 0 and data["p_win"] == pytest.approx(0.74)
    spared = run_json(capsys, "odds", "v20", "--kind", "soak", "--pool", "3", "--ones-do-not-cancel")
    assert spared["p_win"] == pytest.approx(0.875)


def test_virtue_roll_with_a_pool_number(capsys) -> None:
    data = run_json(capsys, "roll", "v20", "--kind", "rotschreck", "--pool", "2", "--difficulty", "8",
                    "--faces", "9,2")
    assert data["kind"] == "rotschreck" and data["result"] == "success"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--kind", "frenzy", "--faces", "8"], "--pool: required for a frenzy roll"),
        (["--kind", "damage", "--pool", "2", "--willpower"], "not spent on a damage roll"),
        (["--kind", "frenzy", "--pool", "2", "--willpower"], "not spent on a Virtue roll"),
        (["--kind", "soak", "--pool", "2", "--automatic"], "an automatic success is for tests"),
        (["--kind", "dance", "--pool", "2"], "invalid choice"),
    ],
)
def test_bad_kinds_input_is_one_line_exit_2(capsys, args, needle) -> None:
    code, out, err = run(capsys, "roll", "v20", *args)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_degeneration_for_a_character_costs_a_dot_of_humanity_and_is_logged(capsys, tmp_path) -> None:
    folder = tmp_path / "vigil"
    shutil.copytree(EXAMPLE, folder)
    assert main(["session", str(folder), "start"]) == 0
    capsys.readouterr()
    common = ("roll", "v20", "--kind", "degeneration", "--chronicle", str(folder), "--character", "Edwin",
              "--difficulty", "7")
    data = run_json(capsys, *common, "--faces", "4,5,6")  # Conscience 3
    assert data["result"] == "failure" and data["changes"] == ["Humanity 6 → 5 (degeneration)"]
    assert open_chronicle(folder).character("Edwin Hallam").sheet.path_rating == 5
    code, out, _ = run(capsys, *common, "--faces", "9,5,6")
    assert code == 0 and "no degeneration" in out and "saved" not in out
    entries = read_session(folder, 2, recover=False).entries
    lost, kept = entries[-2:]
    assert lost.roll["kind"] == "degeneration" and lost.change == {"field": "path_rating", "before": 6, "after": 5}
    assert lost.actor == "Edwin Hallam" and lost.difficulty == 7 and kept.change == {}
    code, out, err = run(capsys, *common, "--faces", "9,5")
    assert code == 2 and "expected 3" in err
    frenzy = run_json(capsys, "roll", "v20", "--kind", "frenzy", "--chronicle", str(folder), "--character",
                      "Edwin", "--faces", "7,7")  # Self-Control 2
    assert frenzy["result"] == "success" and frenzy["kind"] == "frenzy"
    assert read_session(folder, 2, recover=False).entries[-1].kind == "frenzy"


def test_a_damage_roll_logged_in_a_chronicle_is_a_roll_and_keeps_the_free_botch(capsys, tmp_path) -> None:
    folder = tmp_path / "vigil"
    shutil.copytree(EXAMPLE, folder)
    toml = folder / "chronicle.toml"
    toml.write_text(toml.read_text().replace("free_botch = false", "free_botch = true"))
    assert main(["session", str(folder), "start"]) == 0
    capsys.readouterr()
    log = ("--chronicle", str(folder))
    damage = run_json(capsys, "roll", "v20", "--kind", "damage", "--pool", "2", "--faces", "1,3", *log)
    assert damage["result"] == "failure" and not damage["free_botch_consumed"]
    test = run_json(capsys, "roll", "v20", "--pool", "2", "--faces", "1,3", *log)
    assert test["result"] == "failure" and test["free_botch_consumed"]  # the free botch was still there
    entries = read_session(folder, 2, recover=False).entries
    assert [e.kind for e in entries[-2:]] == ["roll", "roll"]


def test_a_degeneration_roll_defaults_to_the_cores_difficulty_8_as_the_dialog_does(capsys) -> None:
    assert main(["roll", "v20", "--pool", "3", "--kind", "degeneration", "--faces", "7,7,7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["difficulty"], data["result"]) == (8, "failure")
    assert main(["roll", "v20", "--pool", "3", "--faces", "7,7,7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["difficulty"] == 6
