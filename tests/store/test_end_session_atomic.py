"""Ending a session is all or nothing (issue 27): on a full disk the ``session_end`` entry was appended, then
``chronicle.toml``'s save failed, so the session stayed open; later rolls were logged after its end and a second
end wrote a second ``session_end``. Now a failed save takes the end back out of the log, and a logged end (a
process killed between the two writes) is final: the chronicle file is put right and nothing is logged after it."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.play.notes import add_note
from vtm_tui.play.sessions import NoSessionOpen, session_for_action
from vtm_tui.store import toml_io, tracked_file
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import end_session, read_session

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", target)
    assert open_chronicle(target).start_session() == 4
    return target


def _kinds(chronicle: Path, number: int) -> list[str]:
    return [e.kind for e in read_session(chronicle, number, recover=False).entries]


def test_a_full_disk_leaves_the_session_open_in_both_files_and_one_end_later(lisboa, monkeypatch) -> None:
    real = toml_io.atomic_write_text

    def full(path, text, *args, **kwargs):  # noqa: ANN001, ANN202
        if Path(path).name == "chronicle.toml":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, text, *args, **kwargs)

    monkeypatch.setattr(tracked_file, "atomic_write_text", full)
    store = open_chronicle(lisboa)
    with pytest.raises((OSError, VtmError)):
        store.end_session()
    assert "session_end" not in _kinds(lisboa, 4)
    assert store.chronicle.session_open
    monkeypatch.setattr(tracked_file, "atomic_write_text", real)  # room again
    assert open_chronicle(lisboa).chronicle.session_open
    add_note(store, "the rolls go on in session 4")
    assert store.end_session() == 4
    with pytest.raises(VtmError, match="already ended"):
        store.end_session()
    assert _kinds(lisboa, 4) == ["note", "session_end"]


def test_a_logged_end_is_final_even_when_chronicle_toml_still_says_open(lisboa) -> None:
    end_session(lisboa, 4, ended=open_chronicle(lisboa).chronicle.last_session)  # killed before the save
    store = open_chronicle(lisboa)
    assert store.chronicle.session_open  # what the file says
    with pytest.raises(NoSessionOpen):
        session_for_action(store, player=True)  # a seat: refused, nothing after the end
    assert not open_chronicle(lisboa).chronicle.session_open  # the file is put right
    add_note(store, "the storyteller's next note")  # opens session 5, never after 4's end
    assert _kinds(lisboa, 4) == ["session_end"]
    assert _kinds(lisboa, 5) == ["note"]
