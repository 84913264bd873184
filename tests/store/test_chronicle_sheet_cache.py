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


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from vtm_tui.model.character import Character

    read: list[str] = []
    original = Character.from_toml.__func__

    def from_toml(cls, data, **kwargs):
        read.append(kwargs["where"])
        return original(cls, data, **kwargs)

    monkeypatch.setattr(Character, "from_toml", classmethod(from_toml))
    return read


def test_a_sheet_read_before_is_not_checked_again_and_reads_the_same(chronicle: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = chronicle / "characters" / "ana.toml"
    path.write_text(path.read_text().replace("[skills]\n", "[skills]\nFencing = 2\n"))  # a warning: not standard
    first = open_chronicle(chronicle)
    read = _count_reads(monkeypatch)
    again = open_chronicle(chronicle)
    assert read == []  # the checked sheet came from the cache
    assert again.characters == first.characters and again.characters[0].slug == "ana"
    assert again.characters[0] is not first.characters[0]  # a fresh copy: one store's edits never reach another's
    assert again.warnings == first.warnings and any("Fencing" in w for w in again.warnings)


def test_a_changed_file_is_checked_again(chronicle: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    open_chronicle(chronicle)
    read = _count_reads(monkeypatch)
    path = chronicle / "characters" / "ana.toml"
    path.write_text(path.read_text().replace("humanity = 7", "humanity = 5"))
    assert open_chronicle(chronicle).character("ana").sheet.humanity == 5
    assert read == [str(path)]


def test_changed_code_checks_every_sheet_again(chronicle: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checked sheets depend on the model's code: when a module the cache noted changes, none is reused."""
    from vtm_tui.store import sheet_cache

    module = tmp_path / "model_module.py"
    module.write_text("RULE = 1\n")
    info = module.stat()
    monkeypatch.setattr(sheet_cache, "code_stamps", lambda: [(str(module), info.st_size, info.st_mtime_ns)])
    open_chronicle(chronicle)
    read = _count_reads(monkeypatch)
    open_chronicle(chronicle)
    assert read == []
    module.write_text("RULE = 22\n")  # the code that reads sheets changed
    open_chronicle(chronicle)
    assert len(read) == 1
    module.unlink()
    open_chronicle(chronicle)
    assert len(read) == 2


def test_the_cache_notes_the_code_that_reads_sheets(chronicle: Path) -> None:
    from vtm_tui.store.sheet_cache import code_stamps, code_unchanged

    open_chronicle(chronicle)
    files = {Path(file).name for file, _size, _mtime in code_stamps()}
    assert {"character.py", "character_v5.py", "validation.py", "migrate.py"} <= files
    assert code_unchanged(code_stamps()) and not code_unchanged([]) and not code_unchanged("junk")
