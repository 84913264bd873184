"""The parsed-sheet cache is disposable: it never changes what a chronicle loads as."""

from pathlib import Path

import pytest

from vtm_tui.model.character import new_character
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.sheet_cache import SheetCache, cache_path


@pytest.fixture
def chronicle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    store = create_chronicle(tmp_path / "c", "C", "v5")
    store.add_character(new_character("Ana", "v5"))
    return store.path


def test_cache_lives_outside_the_chronicle_and_is_hit(chronicle: Path, tmp_path: Path) -> None:
    open_chronicle(chronicle)
    assert cache_path(chronicle).is_file() and tmp_path / "cache" in cache_path(chronicle).parents
    cache = SheetCache(chronicle)
    text = (chronicle / "characters" / "ana.toml").read_text()
    cache.parse(text, chronicle / "characters" / "ana.toml")
    assert (cache.hits, cache.misses) == (1, 0)


def test_a_changed_file_is_parsed_again(chronicle: Path) -> None:
    open_chronicle(chronicle)
    path = chronicle / "characters" / "ana.toml"
    path.write_text(path.read_text().replace("humanity = 7", "humanity = 4"))
    assert open_chronicle(chronicle).character("ana").sheet.humanity == 4


def test_a_broken_file_is_reported_even_when_an_old_version_was_cached(chronicle: Path) -> None:
    open_chronicle(chronicle)
    path = chronicle / "characters" / "ana.toml"
    path.write_text(path.read_text().replace("humanity = 7", "humanity = = 7"))
    assert "ana.toml, line" in open_chronicle(chronicle).broken[path]


def test_a_garbage_cache_is_ignored_and_rebuilt(chronicle: Path) -> None:
    open_chronicle(chronicle)
    cache_path(chronicle).write_bytes(b"not a pickle at all")
    assert open_chronicle(chronicle).character("ana").name == "Ana"
    assert SheetCache(chronicle)._old  # rebuilt


def test_an_unwritable_cache_folder_is_harmless(chronicle: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VTM_TUI_CACHE", "/proc/no-such-place")
    assert open_chronicle(chronicle).character("ana").name == "Ana"
