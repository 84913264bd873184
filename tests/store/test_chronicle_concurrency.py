"""Two processes saving one sheet at once lose nothing: disjoint changes merge, clashes are refused."""

import multiprocessing
from pathlib import Path

import pytest

from vtm_tui.model.character import new_character
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import ConflictError

ROUNDS = 25


@pytest.fixture(autouse=True)
def _cache_outside_home(tmp_path_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The parsed-sheet cache goes to a temporary folder, not the user's cache."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


def _own_field(path: str, field: str, start: multiprocessing.Event) -> None:
    """Set this process's own advantage to 0..5 repeatedly, never reloading (the merge must cope)."""
    store = open_chronicle(path)
    start.wait()
    for i in range(ROUNDS):
        ana = store.character("ana")
        ana.sheet.advantages[field] = i % 6
        store.save_character(ana)


def _shared_counter(path: str, start: multiprocessing.Event, conflicts) -> None:
    """Add 1 to a field both processes change; on a refused save, reload and redo it (what the app does)."""
    store = open_chronicle(path)
    start.wait()
    for _ in range(ROUNDS):
        while True:
            ana = store.character("ana")
            ana.sheet.experience_total += 1
            try:
                store.save_character(ana)
                break
            except ConflictError:
                with conflicts.get_lock():
                    conflicts.value += 1
                store.reload()


def _chronicle(tmp_path: Path) -> Path:
    store = create_chronicle(tmp_path / "c", "C", "v5")
    store.add_character(new_character("Ana", "v5"))
    return store.path


def test_disjoint_fields_from_two_processes_all_survive(tmp_path: Path) -> None:
    path = _chronicle(tmp_path)
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    workers = [ctx.Process(target=_own_field, args=(str(path), name, start)) for name in ("Herd", "Haven")]
    for w in workers:
        w.start()
    start.set()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    last = (ROUNDS - 1) % 6
    assert open_chronicle(path).character("ana").sheet.advantages == {"Herd": last, "Haven": last}


def test_same_field_from_two_processes_never_loses_an_increment(tmp_path: Path) -> None:
    path = _chronicle(tmp_path)
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    conflicts = ctx.Value("i", 0)
    workers = [ctx.Process(target=_shared_counter, args=(str(path), start, conflicts)) for _ in range(2)]
    for w in workers:
        w.start()
    start.set()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    assert open_chronicle(path).character("ana").sheet.experience_total == 2 * ROUNDS
