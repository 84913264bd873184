"""`vtm-tui new`, `vtm-tui session` and the `--chronicle` hooks of `roll`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vtm_tui.cli import main
from vtm_tui.commands.chronicle import character_pool, record_roll
from vtm_tui.errors import VtmError
from vtm_tui.model.character import new_character
from vtm_tui.rules.v5 import judge
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session


@pytest.fixture(autouse=True)
def _cache_outside_home(tmp_path_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The parsed-sheet cache goes to a temporary folder, not the user's cache."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vtm_tui", *args], capture_output=True, text=True)


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    store = create_chronicle(tmp_path / "noites", "Noites", "v5")
    ana = new_character("Ana Sousa", "v5", player="Marta")
    ana.sheet.attributes.update(Wits=3, Resolve=2, Composure=3)
    ana.sheet.skills["Awareness"] = 2
    ana.sheet.humanity, ana.sheet.stains = 7, 2
    store.add_character(ana)
    store.add_character(new_character("Rui", "v5", kind="spc"))
    return store.path


def test_new_creates_a_chronicle_and_refuses_to_overwrite(tmp_path: Path, capsys) -> None:
    assert main(["new", str(tmp_path / "x"), "--ruleset", "v20", "--name", "Old \"Ways\"", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"path": str(tmp_path / "x"), "name": 'Old "Ways"', "ruleset": "v20"}
    assert open_chronicle(tmp_path / "x").chronicle.name == 'Old "Ways"'
    assert main(["new", str(tmp_path / "x"), "--ruleset", "v5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already a chronicle" in err


def test_new_with_a_bad_ruleset_is_one_line() -> None:
    out = run_cli("new", "somewhere", "--ruleset", "v6")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "invalid choice: 'v6'" in out.stderr


def test_session_start_end_and_remorse_list(chronicle: Path, capsys) -> None:
    assert main(["session", str(chronicle), "start", "--title", "Fado"]) == 0
    assert "session 1 of 'Noites' started: Fado" in capsys.readouterr().out
    assert main(["session", str(chronicle), "start"]) == 2
    assert "session 1 is still open" in capsys.readouterr().err
    assert main(["session", str(chronicle), "end"]) == 0
    out = capsys.readouterr().out
    assert "session 1 of 'Noites' ended" in out
    assert "Ana Sousa: Humanity 7, 2 stains → Remorse with 1 die" in out
    log = read_session(chronicle, 1)
    assert [e.kind for e in log.entries] == ["session_end"]
    assert main(["session", str(chronicle), "end"]) == 2
    assert "session 1 has already ended" in capsys.readouterr().err


def test_session_end_with_remorse_rolls_applies_and_logs(chronicle: Path, capsys) -> None:
    main(["session", str(chronicle), "start"])
    capsys.readouterr()
    assert main(["session", str(chronicle), "end", "--remorse", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [rolled] = data["remorse"]
    assert rolled["character"] == "Ana Sousa" and data["remorse_due"] == []
    ana = open_chronicle(chronicle).character("ana").sheet
    assert ana.stains == 0 and ana.humanity == rolled["humanity_after"]
    assert ana.humanity == (7 if rolled["win"] else 6)
    entries = read_session(chronicle, 1).entries
    assert [e.kind for e in entries] == ["remorse", "session_end"]
    assert entries[0].actor == "Ana Sousa" and len(entries[0].roll["faces"]) == 1  # 10 - 7 - 2 = 1 die
    # The roll dialog's entry, field for field (play.apply): its pool text and its change of Humanity and stains.
    # The command line wrote a shape of its own ("Remorse 1", the change's after a bare number) before.
    assert entries[0].pool == "Remorse 1 (10 − Humanity 7 − stains 2)" and entries[0].comment == "end of session"
    assert entries[0].change == {"field": "humanity", "before": {"humanity": 7, "stains": 2},
                                 "after": {"humanity": ana.humanity, "stains": 0}}


def test_character_pool_resolves_names_and_prefixes(chronicle: Path) -> None:
    assert character_pool(str(chronicle), "ana", "wits + aw") == (5, "Wits 3 + Awareness 2")
    assert character_pool(str(chronicle), "Ana Sousa", "Resolve + Composure - 1") == (4, "Resolve 2 + Composure 3 - 1")
    with pytest.raises(VtmError, match="unknown trait 'Flying'"):
        character_pool(str(chronicle), "ana", "Wits + Flying")
    with pytest.raises(VtmError, match="no character 'zé'"):
        character_pool(str(chronicle), "zé", "Wits")


def test_record_roll_starts_session_one_then_appends(chronicle: Path, capsys) -> None:
    outcome = judge([7, 3, 8], [10], 2)
    entry_id = record_roll(str(chronicle), outcome, character="ana", pool="Wits 3 + Awareness 2", difficulty=2,
                           secret=True, comment="spotting the tail")
    assert "Session 1 started now (the chronicle had none yet)" in capsys.readouterr().err
    [entry] = read_session(chronicle, 1).entries
    assert (entry.id, entry.actor, entry.kind, entry.result, entry.secret) == (
        entry_id, "Ana Sousa", "roll", outcome.result, True)
    assert entry.roll["faces"] == [7, 3, 8] and entry.comment == "spotting the tail"
    record_roll(str(chronicle), outcome, character=None, pool="4", difficulty=2, secret=False, comment="")
    assert len(read_session(chronicle, 1).entries) == 2 and capsys.readouterr().err == ""


def test_record_roll_after_the_end_opens_the_next_session_and_says_so(chronicle: Path, capsys) -> None:
    """The one session rule (vtm_tui.play.sessions), as the app applies it: never after a session's end."""
    store = open_chronicle(chronicle)
    store.start_session()
    store.end_session()
    record_roll(str(chronicle), judge([7], [], 1), character=None, pool="1", difficulty=1, secret=False, comment="")
    assert "Session 2 started now (session 1 had ended)" in capsys.readouterr().err
    assert len(read_session(chronicle, 2).entries) == 1


def test_record_roll_refuses_another_ruleset(chronicle: Path) -> None:

    class V20Like:
        ruleset, result, win, margin = "v20", "success", True, 1

        def to_dict(self) -> dict:
            return {}

        def summary(self) -> str:
            return "1 success"

    with pytest.raises(VtmError, match="plays v5, not v20: the roll was not logged"):
        record_roll(str(chronicle), V20Like(), character=None, pool="1", difficulty=6, secret=False, comment="")


def test_roll_command_logs_into_the_chronicle(chronicle: Path) -> None:
    pytest.importorskip("vtm_tui.commands.declared")
    out = run_cli("roll", "v5", "--pool", "Wits + Awareness", "--difficulty", "2", "--chronicle", str(chronicle),
                  "--character", "ana", "--faces", "7,3,8,1,6", "--comment", "the tail", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    [entry] = read_session(chronicle, 1).entries
    assert data["logged"] == entry.id and entry.pool == "Wits 3 + Awareness 2" and entry.actor == "Ana Sousa"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(comment=st.text(st.characters(exclude_categories=("Cs", "Cc"), exclude_characters="\u061c\u200e\u200f"
                                     "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")
                      | st.sampled_from("\t\n"), max_size=120))
def test_any_comment_round_trips_through_the_log(chronicle: Path, comment: str) -> None:
    """Any plain text (tab and newline included) is logged as typed; a terminal control is refused
    (tests/adversarial/test_escape_doors.py)."""
    entry_id = record_roll(str(chronicle), judge([7], [], 1), character="rui", pool="1", difficulty=1, secret=False,
                           comment=comment)
    number = open_chronicle(chronicle).chronicle.current_session
    [entry] = [e for e in read_session(chronicle, number).entries if e.id == entry_id]
    assert entry.comment == comment and entry.actor == "Rui"
