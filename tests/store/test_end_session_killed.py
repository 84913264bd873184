"""Ending a session is all or nothing even when the process is killed between its two writes (issue 27): the
``session_end`` entry appended, then SIGKILL before ``chronicle.toml`` is saved closed. The next load finishes the
end (store/session_end.py), so the session is closed in both files and nothing is logged after its end; a kill
before the append leaves it open in both; a session reopened by hand stays open."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from vtm_tui.play.notes import add_note
from vtm_tui.play.sessions import NoSessionOpen, session_for_action
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.paths import SESSION_ENDING
from vtm_tui.store.session_log import read_session

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"

#: Ends the chronicle's session, and is killed (SIGKILL) at the named point of the end.
KILLED_CHILD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from vtm_tui.store import session_log
    from vtm_tui.store.chronicle_store import ChronicleStore, open_chronicle

    chronicle, point = Path(sys.argv[1]), sys.argv[2]
    if point == "before_save":  # the end is appended: killed before chronicle.toml says closed
        ChronicleStore.save_chronicle = lambda self: os.kill(os.getpid(), signal.SIGKILL)
    else:  # killed before the end is appended
        session_log.end_session = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)
    open_chronicle(chronicle).end_session()
""")


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", target)
    assert open_chronicle(target).start_session() == 4
    return target


def _kinds(chronicle: Path, number: int) -> list[str]:
    return [e.kind for e in read_session(chronicle, number, recover=False).entries]


def _killed(chronicle: Path, point: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", KILLED_CHILD, str(chronicle), point], env=env, timeout=120,
                          capture_output=True, text=True)
    assert done.returncode == -signal.SIGKILL, done.stderr


def test_killed_between_the_end_and_the_save_the_next_load_finishes_the_end(lisboa: Path) -> None:
    add_note(open_chronicle(lisboa), "before the end")
    _killed(lisboa, "before_save")
    assert _kinds(lisboa, 4) == ["note", "session_end"]  # the end was appended, the file not saved
    assert (lisboa / SESSION_ENDING).exists()
    store = open_chronicle(lisboa)  # the next load
    assert not store.chronicle.session_open
    assert "session_open = false" in (lisboa / "chronicle.toml").read_text(encoding="utf-8")
    assert not (lisboa / SESSION_ENDING).exists()
    with pytest.raises(NoSessionOpen):
        session_for_action(store, player=True)  # a seat: refused, nothing after the end
    add_note(store, "the storyteller's next note")  # opens session 5, never after 4's end
    assert _kinds(lisboa, 4) == ["note", "session_end"]
    assert _kinds(lisboa, 5) == ["note"]


def test_a_store_already_open_finishes_the_end_at_its_next_action(lisboa: Path) -> None:
    store = open_chronicle(lisboa)  # a seat open all along
    _killed(lisboa, "before_save")
    with pytest.raises(NoSessionOpen):
        session_for_action(store, player=True)
    assert _kinds(lisboa, 4) == ["session_end"]
    assert not open_chronicle(lisboa).chronicle.session_open


def test_killed_before_the_end_is_appended_the_session_stays_open_in_both(lisboa: Path) -> None:
    _killed(lisboa, "before_append")
    store = open_chronicle(lisboa)
    assert store.chronicle.session_open and _kinds(lisboa, 4) == []
    assert not (lisboa / SESSION_ENDING).exists()
    add_note(store, "still session 4")
    assert store.end_session() == 4
    assert _kinds(lisboa, 4) == ["note", "session_end"]


def test_a_session_reopened_by_hand_stays_open(lisboa: Path) -> None:
    store = open_chronicle(lisboa)
    store.end_session()
    path = lisboa / "chronicle.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("session_open = false", "session_open = true"),
                    encoding="utf-8")
    assert open_chronicle(lisboa).chronicle.session_open
