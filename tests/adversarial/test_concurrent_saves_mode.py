"""Saves keep the file's permission bits: a chronicle shared with a group stays readable by it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from seat_support import chronicle_copy

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.toml_io import atomic_write_text


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "sheet.toml"
    target.write_text("a = 1\n", encoding="utf-8")
    os.chmod(target, 0o640)
    atomic_write_text(target, "a = 2\n")
    assert target.read_text(encoding="utf-8") == "a = 2\n"
    assert _mode(target) == 0o640


def test_a_new_file_gets_the_umask_default_not_0600(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "new.toml", "a = 1\n")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "new.toml") == 0o644


def test_a_sheet_saved_through_the_store_keeps_group_read(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    store = open_chronicle(chronicle_copy(tmp_path))
    character = store.characters[0]
    path = store.file_of(character)
    os.chmod(path, 0o664)
    character.notes = character.notes + "\nmore"
    store.save_character(character)
    assert _mode(path) == 0o664
