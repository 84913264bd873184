"""No save writes a file the loader refuses (issue 27): an import, or any other write, is read back by the loader's
own rules (size, nesting, the model) before a byte is written; a refusal names the file and nothing changes.

Before, each of the three files below imported with exit status 0 and a log entry, and the character was then gone
from every command (its sheet too big or too deep to load)."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from vtm_tui.model.character import new_character
from vtm_tui.play.exporting import to_json
from vtm_tui.play.importing import ImportRefused, import_character
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import StoreError

from play_characters import NOW

FIXTURES = Path(__file__).parent / "import_fixtures"


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


def _own_export(tmp_path: Path, name: str, **changes) -> Path:
    """This tool's own JSON export of a Progeny character, renamed and changed."""
    store = create_chronicle(tmp_path / "source", "S", "v5")
    character = import_character(store, FIXTURES / "progeny-v1.json", now=NOW).character
    data = json.loads(to_json(character))
    data["character"].update(name=name, **changes)
    file = tmp_path / f"{name}.json"
    file.write_text(json.dumps(data))
    return file


def _deep(levels: int) -> dict:
    top: dict = {}
    inner = top
    for _ in range(levels):
        inner["k"] = {}
        inner = inner["k"]
    return top


@pytest.mark.parametrize(("changes", "reason"), [
    ({"concept": "x" * 1_500_000}, r"bytes, more than the 1,048,576"),
    ({"unknown": _deep(40)}, r"nested more than 32 levels deep"),
    ({"experience": {"history": [{"time": "2026-01-01T00:00:00Z", "amount": 1, "reason": "a night's work, "
                                  "logged"} for _ in range(20_000)]}}, r"bytes, more than the 1,048,576"),
], ids=["1.5 MB string", "40 deep", "20,000 experience rows"])
def test_an_import_the_loader_would_refuse_is_refused_and_writes_nothing(tmp_path, changes, reason) -> None:
    file = _own_export(tmp_path, "Hostile Import", **changes)
    store = create_chronicle(tmp_path / "c", "C", "v5")
    before = sorted(p.name for p in (tmp_path / "c").rglob("*"))
    with pytest.raises(ImportRefused, match=rf"Hostile Import\.json: .*hostile-import\.toml: nothing was saved: "
                                            rf".*loader refuses.*{reason}"):
        import_character(store, file, now=NOW)
    assert sorted(p.name for p in (tmp_path / "c").rglob("*")) == before  # no sheet, no log entry
    assert open_chronicle(tmp_path / "c").characters == [] and not open_chronicle(tmp_path / "c").broken


def test_a_save_of_any_other_kind_is_read_back_before_it_is_written(tmp_path) -> None:
    """Not only imports: a sheet saved with a value the loader refuses (here a table nested too deep among the
    sheet's unknown keys, which the model keeps) is refused by the store, and the file on disk is unchanged."""
    store = create_chronicle(tmp_path / "c", "C", "v5")
    added = store.add_character(new_character("Ana", "v5"))
    path = store.file_of(added)
    text = path.read_text()
    with pytest.raises(StoreError, match=r"ana\.toml: nothing was saved: .*nested more than 32 levels deep"):
        store.save_character(replace(added, extra={"deep": _deep(40)}))
    assert path.read_text() == text
    with pytest.raises(StoreError, match=r"nothing was saved"):
        store.add_character(replace(new_character("Bea", "v5"), extra={"x": _deep(40)}))
    assert [c.name for c in open_chronicle(tmp_path / "c").characters] == ["Ana"]
    assert not list((tmp_path / "c" / "characters").glob("bea*"))


def test_a_name_at_the_models_limit_exports_and_imports_back(tmp_path) -> None:
    """This tool's own export goes through the importers' name check now: it takes what the model takes (100)."""
    from vtm_tui.model.limits import MAX_NAME

    file = _own_export(tmp_path, "N" * MAX_NAME)
    store = create_chronicle(tmp_path / "c", "C", "v5")
    assert import_character(store, file, now=NOW).character.name == "N" * MAX_NAME


def test_an_import_holding_half_a_surrogate_pair_is_refused_and_writes_nothing(tmp_path) -> None:
    """JSON may spell a lone surrogate (``"\\ud800"``), which no UTF-8 file can hold: the sheet's save raised
    UnicodeEncodeError while writing (a crash report, not a message) and left its temporary file beside the sheets."""
    file = _own_export(tmp_path, "Hostile Import", concept="Torn \ud800 half")
    assert "\\ud800" in file.read_text()
    store = create_chronicle(tmp_path / "c", "C", "v5")
    before = sorted(p.name for p in (tmp_path / "c").rglob("*"))
    with pytest.raises(ImportRefused, match=r"hostile-import\.toml: nothing was saved: .*loader refuses.*line \d+, "
                                            r"'concept' would hold text that cannot be written as UTF-8"):
        import_character(store, file, now=NOW)
    assert sorted(p.name for p in (tmp_path / "c").rglob("*")) == before


def test_a_chronicle_whose_file_could_not_be_written_is_refused_by_name(tmp_path) -> None:
    with pytest.raises(StoreError, match=r"chronicle\.toml: nothing was saved: .*'description' would hold text "
                                         r"that cannot be written as UTF-8"):
        create_chronicle(tmp_path / "c", "C", "v5", description="a \udcff byte")
    assert not (tmp_path / "c").exists()  # no folder either: a second try would take it for a campaigns folder
