"""Six ``vtm-tui sheet … hunger +1`` started at once on one V20 sheet: every save lands (blood 9 → 3) and the six
log entries say what each really did, a chain 9 → 8 → … → 3 in some order, not two "8 → 7" and three "6 → 5".

The headless cases, with the order fixed, are tests/play/test_sheet_save_merged.py."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.merged_saves import another_login_saves_first
from vtm_tui.cli import main
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"
PROCESSES = 6


def test_six_processes_spending_blood_at_once_log_a_chain(tmp_path: Path) -> None:
    chronicle = tmp_path / "vigil"
    shutil.copytree(EXAMPLES / "the-iron-vigil", chronicle)
    assert main(["session", str(chronicle), "start"]) == 0
    store = open_chronicle(chronicle)
    assert store.character("edwin").sheet.blood == 9
    session = store.chronicle.current_session
    before = len(read_session(chronicle, session, recover=False).entries)
    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "vtm_tui", "sheet", str(chronicle), "--character", "edwin", "--json",
               "hunger", "+1"]
    started = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for _ in range(PROCESSES)]
    outputs = [process.communicate(timeout=120) for process in started]
    assert [p.returncode for p in started] == [0] * PROCESSES, [err for _out, err in outputs]
    assert open_chronicle(chronicle).character("edwin").sheet.blood == 9 - PROCESSES
    entries = read_session(chronicle, session, recover=False).entries[before:]
    pairs = sorted(((e.change["before"], e.change["after"]) for e in entries), reverse=True)
    assert pairs == [(9 - n, 8 - n) for n in range(PROCESSES)]
    said = sorted((c["before"], c["after"]) for out, _err in outputs for c in json.loads(out)["changes"])
    assert said == sorted(pairs)  # each process's output says what its entry says


def test_the_lines_printed_say_what_the_save_did(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """The order made certain: another login spends a point between this command's reading and its save."""
    chronicle = tmp_path / "vigil"
    shutil.copytree(EXAMPLES / "the-iron-vigil", chronicle)
    assert main(["session", str(chronicle), "start"]) == 0
    capsys.readouterr()
    another_login_saves_first(monkeypatch, chronicle)  # 9 → 8
    assert main(["sheet", str(chronicle), "--character", "edwin", "hunger", "+1"]) == 0
    assert capsys.readouterr().out == "Edwin Hallam: blood 8 → 7\n"
