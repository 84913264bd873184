"""A cache pickle is read only when no one but this user could have written it (unpickling runs code)."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from vtm_tui.store.private_file import open_private
from vtm_tui.store.sheet_cache import SheetCache, cache_path

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")


def _file(tmp_path: Path, mode: int = 0o600, folder_mode: int = 0o700) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir()
    target = folder / "x.pickle"
    target.write_bytes(pickle.dumps({"a": 1}))
    target.chmod(mode)
    folder.chmod(folder_mode)
    return target


def test_a_private_file_opens(tmp_path: Path) -> None:
    handle = open_private(_file(tmp_path))
    assert handle is not None
    with handle:
        assert pickle.load(handle) == {"a": 1}


@pytest.mark.parametrize(("mode", "folder_mode"), [(0o620, 0o700), (0o602, 0o700), (0o600, 0o770), (0o600, 0o777)])
def test_a_file_others_could_write_is_not_read(tmp_path: Path, mode: int, folder_mode: int) -> None:
    assert open_private(_file(tmp_path, mode, folder_mode)) is None


def test_a_link_or_a_missing_file_is_not_read(tmp_path: Path) -> None:
    target = _file(tmp_path)
    link = target.parent / "link.pickle"
    link.symlink_to(target)
    assert open_private(link) is None
    assert open_private(target.parent / "missing.pickle") is None


def test_the_sheet_cache_ignores_a_pickle_others_could_have_written(tmp_path: Path, monkeypatch) -> None:
    """A planted pickle in a group-writable cache file is never unpickled: the cache starts empty."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache-root"))
    chronicle = tmp_path / "nights"
    chronicle.mkdir()
    path = cache_path(chronicle)
    path.parent.mkdir(parents=True)
    path.parent.chmod(0o700)

    class Boom:
        def __reduce__(self):
            return (os.system, ("touch " + str(tmp_path / "ran"),))

    path.write_bytes(pickle.dumps((1, {b"k": Boom()})))
    path.chmod(0o666)
    SheetCache(chronicle)
    assert not (tmp_path / "ran").exists()
