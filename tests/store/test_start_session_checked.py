"""Starting a session writes nothing when ``chronicle.toml`` as it would be saved is one the loader refuses."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import StoreError

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def test_a_session_past_the_chronicle_files_range_is_not_started(tmp_path: Path, monkeypatch) -> None:
    """``current_session`` is read as 0–9999. Session 10000's file was written, then the chronicle's save was
    refused: the file stayed, and every later start said "session 10000 already exists"."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    chronicle = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", chronicle)
    path = chronicle / "chronicle.toml"
    path.write_text(re.sub(r"(?m)^current_session = \d+$", "current_session = 9999", path.read_text()))
    before = path.read_bytes()
    sessions = sorted(p.name for p in (chronicle / "sessions").iterdir())
    store = open_chronicle(chronicle)
    for _attempt in range(2):
        with pytest.raises(StoreError, match=r"current_session.*10000.*session 10000 was not started"):
            store.start_session()
    assert sorted(p.name for p in (chronicle / "sessions").iterdir()) == sessions
    assert path.read_bytes() == before
    assert open_chronicle(chronicle).chronicle.current_session == 9999
