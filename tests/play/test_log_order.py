"""The log's order is the order of the saves (issue 27: under two storytellers, three seats and SIGKILLs, 7 of
1,204 tracker entries were logged out of order, 3→2 before 4→3).

Why: a sheet edit's entry was appended after the save had let the store's lock go, so another login could save
and log in between. Now the entry is appended under the lock, just before the write (the save's
``before_write``): saves are one after another under that lock, and so are their entries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from vtm_tui.cli import main
from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.store import lock, session_log
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

from tests.merged_saves import NOW
from tests.merged_saves import copy_in_session as _copy

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def test_an_edit_is_logged_under_the_lock_before_its_sheet_is_written(tmp_path, monkeypatch) -> None:
    chronicle = _copy(tmp_path, "the-iron-vigil")
    keeper = SheetKeeper(open_chronicle(chronicle), lambda: NOW)
    sheet = chronicle / "characters" / "edwin-hallam.toml"
    before = sheet.read_bytes()
    seen: list[tuple[bool, bool]] = []
    append = session_log.append_entry

    def watched(chronicle_dir, entry, **kwargs):  # noqa: ANN001, ANN202
        held = os.path.abspath(keeper.store.lock_path) in lock._held_paths()
        seen.append((held, sheet.read_bytes() == before))
        return append(chronicle_dir, entry, **kwargs)

    monkeypatch.setattr(session_log, "append_entry", watched)
    for make in (lambda c: sheet_edits.hunger(c, 1), lambda c: sheet_edits.hunger(c, 1)):
        character = keeper.store.character("edwin")
        keeper.apply(character, make(character))
        before = sheet.read_bytes()
    keeper.undo()
    assert seen == [(True, True)] * 3


def test_six_processes_spending_blood_log_the_chain_in_the_order_of_their_saves(tmp_path: Path) -> None:
    chronicle = tmp_path / "vigil"
    shutil.copytree(EXAMPLES / "the-iron-vigil", chronicle)
    assert main(["session", str(chronicle), "start"]) == 0
    session = open_chronicle(chronicle).chronicle.current_session
    before = len(read_session(chronicle, session, recover=False).entries)
    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "vtm_tui", "sheet", str(chronicle), "--character", "edwin", "hunger", "+1"]
    started = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for _ in range(6)]
    assert [p.communicate(timeout=120) and p.returncode for p in started] == [0] * 6
    entries = read_session(chronicle, session, recover=False).entries[before:]
    assert [(e.change["before"], e.change["after"]) for e in entries] == [(9 - n, 8 - n) for n in range(6)]
