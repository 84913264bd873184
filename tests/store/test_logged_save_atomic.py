"""A logged edit and its save are all or nothing (issue 27): an edit's entry is appended just before its sheet is
written, and on a full disk the write failed with the entry already on record, for a change that never
happened. Now a failed write takes its entries back out of the log: neither an entry nor a changed file."""

from __future__ import annotations

import errno
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.store import toml_io
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"
NOW = datetime(2026, 3, 1, 21, 0, tzinfo=timezone.utc)


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", target)
    assert open_chronicle(target).start_session() == 4
    return target


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(toml_io.os, "replace", no_space)


@pytest.mark.parametrize("edit", ["notes", "hunger"])
def test_an_edit_whose_save_meets_a_full_disk_leaves_no_entry_and_no_change(lisboa, monkeypatch, edit) -> None:
    store = open_chronicle(lisboa)
    keeper = SheetKeeper(store, lambda: NOW)
    character = store.character("Inês Valadares")
    change = (sheet_edits.set_text(character, "notes", "a new line") if edit == "notes"
              else sheet_edits.hunger(character, 1))
    sheet = store.file_of(character)
    log = lisboa / "sessions" / "0004.toml"
    before = (sheet.read_bytes(), log.read_bytes())
    with monkeypatch.context() as full:
        _disk_full(full)
        with pytest.raises(VtmError, match=r"could not save \(No space left on device\)"):
            keeper.apply(character, change)
    assert (sheet.read_bytes(), log.read_bytes()) == before  # all or nothing
    saved, entry = keeper.apply(store.character("Inês Valadares"), change)  # room again: saved and logged once
    logged = [e for e in read_session(lisboa, 4, recover=False).entries if e.kind == entry.kind]
    assert [e.id for e in logged] == [entry.id]
