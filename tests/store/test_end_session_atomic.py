"""Ending a session is all or nothing (issue 27): on a full disk the ``session_end`` entry was appended, then
``chronicle.toml``'s save failed, so the session stayed open; later rolls were logged after its end and a second
end wrote a second ``session_end``. Now a failed save takes the end back out of the log."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.play.notes import add_note
from vtm_tui.store import toml_io, tracked_file
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

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
