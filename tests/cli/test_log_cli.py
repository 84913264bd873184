"""``vtm-tui log``: printing, filtering, JSON lines, recaps; bad input is one line and exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import index
from vtm_tui.store import log_format as fmt
from vtm_tui.store.session_log import append_entry, create_session, end_session, session_path

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def utc_and_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Times print in local time: pin it to UTC (and put it back), and keep the index in tmp."""
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def add(chronicle: Path, session: int, minute: int, kind: str = "roll", **fields) -> LogEntry:
    entry = LogEntry.new(kind, session=session, ruleset="v5", now=START + timedelta(days=session, minutes=minute), **fields)
    append_entry(chronicle, entry)
    return entry


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    folder = tmp_path / "lisbon"
    (folder / "characters").mkdir(parents=True)
    (folder / "chronicle.toml").write_text(
        'schema_version = 1\nname = "Lisboa | Nocturna"\nruleset = "v5"\ncurrent_session = 2\n'
    )
    (folder / "characters" / "ines.toml").write_text('schema_version = 1\nname = "Inês *Valadares*"\nkind = "pc"\nplayer = "Marta"\n')
    (folder / "characters" / "prince.toml").write_text('schema_version = 1\nname = "The Prince"\nkind = "spc"\n')
    create_session(folder, 1, started=START + timedelta(days=1), title="First")
    add(folder, 1, 5, actor="Inês *Valadares*", pool="Wits 3 + Awareness 2", difficulty=3, result="win", margin=2,
        roll={"faces": [7, 10, 3], "hunger_faces": [6]}, comment="the guard\nat the door")
    add(folder, 1, 9, actor="The Prince", pool="Charisma 5 + Persuasion 4", difficulty=4, secret=True,
        result="failure", roll={"faces": [1, 2]})
    create_session(folder, 2, started=START + timedelta(days=2), title="Second")
    add(folder, 2, 1, actor="Inês *Valadares*", pool="Rouse check", kind="rouse", result="fail",
        change={"field": "hunger", "before": 1, "after": 2})
    add(folder, 2, 4, actor="Inês *Valadares*", pool="Dex 2 + Stealth 1", difficulty=2, result="bestial_failure",
        roll={"faces": [3], "hunger_faces": [1]}, comment="Łódź")
    add(folder, 2, 8, kind="note", comment="The Prince leaves.")
    end_session(folder, 2, ended=START + timedelta(days=2, hours=3))
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["log", *[str(a) for a in args]])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_prints_every_session_by_default(chronicle: Path, capsys) -> None:
    code, out, _ = run(capsys, chronicle)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 6
    assert lines[0] == ("S1 2026-11-30 20:05 Inês *Valadares*: roll Wits 3 + Awareness 2 vs 3 → win +2 "
                        "[dice 7 10 3; hunger 6] — the guard / at the door")  # fmt: skip
    assert lines[1].startswith("S1 2026-11-30 20:09 The Prince: roll Charisma 5 + Persuasion 4 vs 4 (secret) → failure")
    assert lines[2].endswith("(hunger 1 → 2)") and lines[4].startswith("S2 2026-12-01 20:08 Storyteller: note")


def test_hide_secret(chronicle: Path, capsys) -> None:
    _, out, _ = run(capsys, chronicle, "--session", "1", "--hide-secret")
    assert "vs ? (secret)" in out and "vs 4" not in out


def test_session_current_and_number(chronicle: Path, capsys) -> None:
    _, current, _ = run(capsys, chronicle, "--session", "current")
    _, two, _ = run(capsys, chronicle, "--session", "2")
    assert current == two and len(two.splitlines()) == 4 and all(l.startswith("S2 ") for l in two.splitlines())


def test_filters_across_sessions_use_the_index(chronicle: Path, capsys) -> None:
    _, out, _ = run(capsys, chronicle, "--character", "INÊS *valadares*", "--result", "win,bestial_failure")
    assert [l.split()[0] for l in out.splitlines()] == ["S1", "S2"]
    assert index.index_path(chronicle).exists()
    _, out, _ = run(capsys, chronicle, "--kind", "note", "--kind", "session_end")
    assert len(out.splitlines()) == 2
    _, out, _ = run(capsys, chronicle, "--text", "łÓDŹ")
    assert len(out.splitlines()) == 1 and "bestial_failure" in out


def test_same_filters_within_one_session(chronicle: Path, capsys) -> None:
    _, out, _ = run(capsys, chronicle, "--session", "2", "--character", "inês *valadares*", "--kind", "rouse")
    assert len(out.splitlines()) == 1 and "rouse Rouse check" in out


def test_limit_keeps_the_newest_in_order(chronicle: Path, capsys) -> None:
    _, out, _ = run(capsys, chronicle, "--limit", "2")
    lines = out.splitlines()
    assert len(lines) == 2 and "note" in lines[0] and "session_end" in lines[1]
    _, out, _ = run(capsys, chronicle, "--session", "1", "--limit", "1")
    assert out.startswith("S1 2026-11-30 20:09 The Prince")


def test_json_lines_carry_every_field(chronicle: Path, capsys) -> None:
    _, out, _ = run(capsys, chronicle, "--json", "--session", "1")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 2
    assert rows[0]["roll"] == {"faces": [7, 10, 3], "hunger_faces": [6]} and rows[0]["time"] == "2026-11-30T20:05:00Z"
    assert rows[1]["secret"] is True and rows[1]["difficulty"] == 4
    _, hidden, _ = run(capsys, chronicle, "--json", "--session", "1", "--hide-secret")
    assert json.loads(hidden.splitlines()[1])["difficulty"] is None


def test_no_match_says_so_on_stderr(chronicle: Path, capsys) -> None:
    code, out, err = run(capsys, chronicle, "--character", "prince", "--kind", "note")
    assert code == 0 and out == "" and "no entries match" in err


def test_characters_are_found_as_roll_finds_them(chronicle: Path, capsys) -> None:
    """Issue 19: ``--character duarte`` (docs/command-line.md's example) matched nothing and exited 0."""
    for typed in ("ines", "INÊS", "valadares", "prince"):
        code, out, _ = run(capsys, chronicle, "--character", typed)
        assert code == 0 and out, typed
    _, out, _ = run(capsys, chronicle, "--character", "ines")
    assert len(out.splitlines()) == 3 and all("Inês *Valadares*:" in line for line in out.splitlines())


@pytest.mark.parametrize(("args", "said"), [
    (["--character", "Nobody"], "no character 'Nobody'; the characters are: Inês *Valadares*, The Prince"),
    (["--result", "nonsense"], "--result nonsense: not one of bestial_failure, botch, critical_win"),
    (["--kind", "rol"], "--kind rol: not one of check, conflict, contest"),
])
def test_unknown_names_and_words_are_refused_with_the_list(chronicle: Path, capsys, args, said) -> None:
    code, out, err = run(capsys, chronicle, *args)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1


def test_a_torn_block_is_reported_on_stderr(chronicle: Path, capsys) -> None:
    path = session_path(chronicle, 2)
    path.write_bytes(path.read_bytes() + fmt.format_block(LogEntry.new("note", session=2, ruleset="v5"))[:40])
    code, out, err = run(capsys, chronicle, "--session", "2")
    assert code == 0 and len(out.splitlines()) == 4
    assert err.startswith("vtm-tui: warning: ") and "was moved to 0002.toml.torn-" in err


def test_export_markdown(chronicle: Path, capsys) -> None:
    code, out, _ = run(capsys, chronicle, "--export", "markdown", "--session", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "# Session 1 — First"
    assert "- **Chronicle:** Lisboa \\| Nocturna (v5)" in lines
    assert "- **Date:** 2026-11-30 20:00" in lines
    assert "- **Players:** Inês \\*Valadares\\* (Marta)" in lines  # only player characters, with their players
    assert any(l.startswith("- 20:05 · **Inês \\*Valadares\\*** · roll · Wits 3 + Awareness 2 · vs 3: **win** (+2)")
               for l in lines)  # fmt: skip
    assert "| Character | Rolls | win | failure |" in lines
    assert "| Inês \\*Valadares\\* | 1 | 1 | 0 |" in lines and "| The Prince | 1 | 0 | 1 |" in lines


def test_export_defaults_to_the_current_session_and_writes_a_file(chronicle: Path, capsys, tmp_path: Path) -> None:
    target = tmp_path / "recap.md"
    code, out, err = run(capsys, chronicle, "--export", "markdown", "--output", target)
    assert code == 0 and out == "" and "written to" in err
    text = target.read_text()
    assert text.startswith("# Session 2 — Second\n") and "- **Date:** 2026-12-01 20:00–23:00" in text
    assert "| Inês \\*Valadares\\* | 2 | 1 | 1 |" in text


def test_export_json(chronicle: Path, capsys) -> None:
    _, out, _ = run(capsys, chronicle, "--export", "json", "--session", "2")
    data = json.loads(out)
    assert data["chronicle"] == {"name": "Lisboa | Nocturna", "ruleset": "v5"}
    assert data["session"] == {"number": 2, "title": "Second", "started": "2026-12-01T20:00:00Z",
                               "ended": "2026-12-01T23:00:00Z", "players": ["Inês *Valadares*"]}  # fmt: skip
    assert data["outcomes"] == {"Inês *Valadares*": {"rolls": 2, "fail": 1, "bestial_failure": 1}}
    assert [e["kind"] for e in data["entries"]] == ["rouse", "roll", "note", "session_end"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--session", "7"], "0007.toml: no such session log"),
        (["--output", "x.md"], "--output goes with --export"),
        (["--export", "markdown", "--session", "all"], "recap of one session"),
        (["--export", "json", "--character", "Bo"], "--export recaps a whole session"),
    ],
)
def test_bad_requests(chronicle: Path, capsys, args: list[str], message: str) -> None:
    code, _, err = run(capsys, chronicle, *args)
    assert code == 2 and message in err and err.count("\n") == 1


def test_not_a_chronicle(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, tmp_path)
    assert code == 2 and "not a chronicle folder" in err


def test_as_a_subprocess_errors_are_one_line(chronicle: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "vtm_tui", "log", str(chronicle), "--session", "zero"],
                         capture_output=True, text=True, env=env)  # fmt: skip
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "'zero' is not a session number" in out.stderr
    ok = subprocess.run([sys.executable, "-m", "vtm_tui", "log", str(chronicle), "--json"],
                        capture_output=True, text=True, env=env)  # fmt: skip
    assert ok.returncode == 0 and len(ok.stdout.splitlines()) == 6


def test_first_index_build_shows_progress_on_a_terminal(chronicle: Path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, chronicle, "--character", "The Prince")
    assert code == 0 and len(out.splitlines()) == 1
    assert "indexing the history: 0%" in err and err.endswith("indexing the history: 100%\n")
    _, _, again = run(capsys, chronicle, "--character", "The Prince")
    assert again == ""  # already indexed: nothing to show


def test_a_roll_of_typed_faces_says_so_as_the_apps_log_does(chronicle: Path, capsys) -> None:
    """Faces typed from physical dice are marked ``typed`` in ``vtm-tui log`` (issue 27: only the app said so)."""
    from vtm_tui.model.typed import mark_typed

    create_session(chronicle, 3, started=START + timedelta(days=3))
    append_entry(chronicle, mark_typed(LogEntry.new("roll", session=3, ruleset="v5", now=START + timedelta(days=3),
                                                    actor="Inês *Valadares*", pool="Wits 3", difficulty=2,
                                                    result="win", roll={"faces": [8, 9, 2]})))
    add(chronicle, 3, 5, actor="Inês *Valadares*", pool="Wits 3", difficulty=2, result="win", roll={"faces": [8, 9]})
    code, out, _ = run(capsys, chronicle, "--session", "3")
    typed, rolled = out.strip().splitlines()[-2:]
    assert code == 0 and "[typed: dice 8 9 2]" in typed
    assert "typed" not in rolled and "[dice 8 9]" in rolled
