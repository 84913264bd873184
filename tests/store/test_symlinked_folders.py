"""``characters/`` or ``sessions/`` symlinked outside the chronicle was followed for reads and writes (issue 27):
it is refused, with one message naming the folder, by the app's store and by ``vtm-tui log``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.errors import VtmError
from vtm_tui.store.chronicle_store import open_chronicle

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


@pytest.mark.parametrize("folder", ["characters", "sessions"])
def test_a_symlinked_folder_is_refused_by_name(tmp_path: Path, monkeypatch, capsys, folder: str) -> None:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    chronicle = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", chronicle)
    outside = tmp_path / "elsewhere"
    (chronicle / folder).rename(outside)
    (chronicle / folder).symlink_to(outside)
    before = sorted(p.name for p in outside.iterdir())
    with pytest.raises(VtmError, match=f"{folder}: a symbolic link"):
        open_chronicle(chronicle)
    assert main(["log", str(chronicle)]) == 2
    assert f"{folder}: a symbolic link" in capsys.readouterr().err
    assert sorted(p.name for p in outside.iterdir()) == before
