"""One bad file in ``sessions/`` is named and skipped, never fatal to the others (issue 27: a FIFO named
``sessions/0009.toml`` made ``vtm-tui log`` refuse every session)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", target)
    os.mkfifo(target / "sessions" / "0009.toml")
    (target / "sessions" / "0007.toml").write_bytes(b"")
    (target / "sessions" / "0008.toml").write_text("this is [not TOML\n", encoding="utf-8")
    return target


@pytest.mark.parametrize("filters", [[], ["--kind", "roll"], ["--limit", "5"]])
def test_the_good_sessions_print_and_the_bad_files_are_named(lisboa: Path, capsys, filters) -> None:
    assert main(["log", str(lisboa), *filters]) == 0
    out, err = capsys.readouterr()
    assert out.strip()  # sessions 1 to 3 printed
    assert "0009.toml" in err and "skipped" in err
    if not filters:  # read one by one: each bad file is named
        assert "0007.toml" in err and "0008.toml" in err
    assert "Traceback" not in err
