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
