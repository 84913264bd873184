"""``vtm-tui ask``: the storyteller's roll requests from a shell (listed, withdrawn, refused when wrong)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.store.requests import open_requests
from vtm_tui.store.session_log import read_session

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


@pytest.fixture
def chronicle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLE, target)
    return target


def test_asking_with_no_session_open_starts_the_next_and_says_so(chronicle: Path, capsys) -> None:
    """The one session rule (vtm_tui.play.sessions), as for a roll: the storyteller's action opens session 4."""
    assert main(["ask", str(chronicle), "--character", "ines", "--pool", "Wits + Awareness"]) == 0
    assert "Session 4 started now (session 3 had ended)" in capsys.readouterr().err
    assert len(open_requests(read_session(chronicle, 4).entries)) == 1


def test_ask_list_and_withdraw(chronicle: Path, capsys) -> None:
    assert main(["session", str(chronicle), "start"]) == 0
    assert main(["ask", str(chronicle), "--character", "ines", "--pool", "Wits + Awareness", "--difficulty", "4",
                 "--secret", "--prompt", "a shadow"]) == 0
    assert "asked Inês Valadares (Marta)" in capsys.readouterr().out
    [ask] = open_requests(read_session(chronicle, 4).entries)
    assert (ask.actor, ask.pool, ask.difficulty, ask.secret, ask.prompt) == (
        "Inês Valadares", "Wits + Awareness", 4, True, "a shadow")
    assert main(["ask", str(chronicle)]) == 0
    assert f"{ask.id}  Inês Valadares: Wits + Awareness vs 4 (secret) — a shadow" in capsys.readouterr().out
    assert main(["ask", str(chronicle), "--cancel", ask.id]) == 0
    assert open_requests(read_session(chronicle, 4).entries) == []
    assert main(["ask", str(chronicle), "--cancel", ask.id]) == 2
    assert "no open request has that id" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--character", "nobody", "--pool", "Wits"], "no character 'nobody'"),
    (["--character", "ines", "--pool", "Wits", "--difficulty", "500"], "--difficulty 500 is out of range (0-100)"),
    (["--character", "ines"], "needs a pool"),
    (["--character", "ines", "--kind", "dance"], "roll kind 'dance'"),
])
def test_bad_requests_are_one_line_errors(chronicle: Path, capsys, args: list[str], message: str) -> None:
    assert main(["session", str(chronicle), "start"]) == 0
    capsys.readouterr()
    assert main(["ask", str(chronicle), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_storyteller_comment_that_is_not_utf8_is_refused_and_logs_nothing(chronicle: Path, capsys) -> None:
    """A byte that is not UTF-8 in an argument reaches Python as a lone surrogate. The storyteller's comment is
    kept among the entry's other keys, which the model does not check: writing the block raised
    UnicodeEncodeError (a crash report); the append's read-back now refuses it by name and logs nothing."""
    assert main(["session", str(chronicle), "start"]) == 0
    path = chronicle / "sessions" / "0004.toml"
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["ask", str(chronicle), "--character", "ines", "--pool", "Wits", "--st-comment", "x\udcffy"]) == 2
    err = capsys.readouterr().err
    assert "nothing was logged" in err and "'storyteller_comment' holds characters that cannot be written" in err
    assert "Traceback" not in err and "crash" not in err
    assert path.read_bytes() == before
    assert read_session(chronicle, 4).entries == []
