"""`vtm-tui import` and `vtm-tui export`: output, --json, exit status 2 with one line, no overwrite."""

import json
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.store.catalog import create_chronicle

FIXTURES = Path(__file__).parents[1] / "play" / "import_fixtures"


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


@pytest.fixture
def v5(tmp_path: Path) -> Path:
    return create_chronicle(tmp_path / "c", "C", "v5").path


def test_import_prints_what_was_not_mapped(v5, capsys):
    assert main(["import", str(v5), str(FIXTURES / "wod5e-vampire.json")]) == 0
    out = capsys.readouterr().out
    assert "imported Sebastião Vaz from wod5e" in out and "  not mapped: skills.piloting" in out


def test_import_json_and_the_format_option(v5, capsys):
    assert main(["import", str(v5), str(FIXTURES / "progeny-v0.json"), "--format", "progeny", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["imported"][0]["character"] == "Old Progeny Brujah"
    assert main(["import", str(v5), str(FIXTURES / "progeny-v1.json"), "--format", "wod5e"]) == 2


def test_import_refuses_to_overwrite_then_replaces(v5, capsys):
    main(["import", str(v5), str(FIXTURES / "progeny-v1.json")])
    capsys.readouterr()
    assert main(["import", str(v5), str(FIXTURES / "progeny-v1.json")]) == 2
    err = capsys.readouterr().err
    assert "use --replace" in err and err.count("\n") == 1
    assert main(["import", str(v5), str(FIXTURES / "progeny-v1.json"), "--replace"]) == 0
    assert "replaced Marta Reis" in capsys.readouterr().out


def test_import_of_a_broken_file_is_one_line(v5, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    assert main(["import", str(v5), str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not JSON (line 1, column 2" in err and "Traceback" not in err


def test_export_markdown_to_a_file_and_no_overwrite(v5, tmp_path, capsys):
    main(["import", str(v5), str(FIXTURES / "progeny-v1.json")])
    out = tmp_path / "marta.md"
    assert main(["export", str(v5), "--character", "marta", "--output", str(out)]) == 0
    assert out.read_text().startswith("# Marta Reis")
    assert main(["export", str(v5), "--character", "marta", "--output", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["export", str(v5), "--character", "marta", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "vtm-tui character" and data["character"]["name"] == "Marta Reis"


def test_one_bad_file_among_several_is_one_line_and_the_rest_import(v5, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["import", str(v5), str(bad), str(FIXTURES / "progeny-v0.json")]) == 2
    captured = capsys.readouterr()
    errors = [line for line in captured.err.splitlines() if line.startswith("vtm-tui: error:")]
    assert len(errors) == 1 and "bad.json" in errors[0]
    # the import that went through opened the chronicle's first session, and stderr says so (play/sessions.py)
    assert captured.err.splitlines()[1:] == [f"vtm-tui: {v5}: Session 1 started now (the chronicle had none yet)"]
    assert "imported Old Progeny Brujah" in captured.out


def test_an_imported_character_rolls_by_trait_names_at_once(v5, capsys):
    main(["import", str(v5), str(FIXTURES / "progeny-v1.json")])
    capsys.readouterr()
    assert main(["roll", "v5", "--chronicle", str(v5), "--character", "marta", "--pool", "Wits + Auspex",
                 "--difficulty", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["faces"]) + len(data["hunger_faces"]) == 5 and data["logged"]
