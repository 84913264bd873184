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
from vtm_tui.store import log_format, toml_io
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


def test_a_log_with_a_torn_last_block_is_never_cut_into(lisboa, monkeypatch) -> None:
    """A torn block (an earlier crash) is set aside by the append, so the log shrinks before this save's entry
    goes in: cutting back to the size before would leave half an entry. It is set aside first, then cut back to."""
    store = open_chronicle(lisboa)
    keeper = SheetKeeper(store, lambda: NOW)
    log = lisboa / "sessions" / "0004.toml"
    with log.open("ab") as handle:
        handle.write(b"\n[[entry]]\nid = \"torn\"\nkind = \"no")  # a crash in the middle of an append
    character = store.character("Inês Valadares")
    with monkeypatch.context() as full:
        _disk_full(full)
        with pytest.raises(VtmError):
            keeper.apply(character, sheet_edits.hunger(character, 1))
    assert log_format.ends_with_marker(log.read_bytes())  # whole: nothing half cut
    assert read_session(lisboa, 4, recover=False).entries == []  # the torn block set aside, no hunger entry
