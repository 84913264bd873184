"""TOML reading and atomic writing: broken files are located, saves are all-or-nothing."""

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.store.errors import BrokenFileError, StoreError
from vtm_tui.store.toml_io import atomic_write_text, load_toml, parse_toml, save_toml


def test_broken_file_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "ana.toml"
    path.write_text('name = "Ana"\nhunger = \n')
    with pytest.raises(BrokenFileError) as info:
        load_toml(path)
    assert info.value.line == 2 and info.value.column is not None
    assert str(info.value).startswith(f"{path}, line 2, column")
    assert "nothing was overwritten" in str(info.value)


def test_unterminated_string_at_end(tmp_path: Path) -> None:
    with pytest.raises(BrokenFileError) as info:
        parse_toml('a = 1\nb = "oops', tmp_path / "x.toml")
    assert info.value.line == 2


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b'a = "ok"\nb = "\xff"\n')
    with pytest.raises(BrokenFileError, match="line 2: the file is not UTF-8"):
        load_toml(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="file not found"):
        load_toml(tmp_path / "nope.toml")


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    save_toml(path, {"name": "Old"})
    save_toml(path, {"name": "New", "notes": "line one\nline two"})
    assert load_toml(path) == {"name": "New", "notes": "line one\nline two"}
    assert sorted(os.listdir(tmp_path)) == ["c.toml"]


def test_failed_write_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "c.toml"
    atomic_write_text(path, "name = 'Old'\n")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(StoreError, match="No space left on device.*previous version is untouched"):
        atomic_write_text(path, "name = 'New'\n")
    monkeypatch.undo()
    assert path.read_text() == "name = 'Old'\n"
    assert sorted(os.listdir(tmp_path)) == ["c.toml"]


@settings(max_examples=100)
@given(st.text(), st.text(min_size=1).filter(lambda s: "\r" not in s))
def test_any_text_round_trips(tmp_path_factory, name: str, comment: str) -> None:
    path = tmp_path_factory.mktemp("rt") / "x.toml"
    save_toml(path, {"name": name, "comment": comment})
    assert load_toml(path) == {"name": name, "comment": comment}


def test_a_durable_write_is_flushed_to_disk_and_a_passing_one_is_not(tmp_path, monkeypatch):
    import os

    from vtm_tui.store.toml_io import atomic_write_text

    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    atomic_write_text(tmp_path / "a.toml", "a = 1\n")
    assert len(synced) == 2  # the file, then its folder
    synced.clear()
    atomic_write_text(tmp_path / "b.toml", "b = 1\n", durable=False)
    assert synced == [] and (tmp_path / "b.toml").read_text() == "b = 1\n"
