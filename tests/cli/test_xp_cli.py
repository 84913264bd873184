"""`vtm-tui xp`: award, spend (--json keys), refusals with exit status 2 and one line."""

import json
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.model.character import new_character
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    store = create_chronicle(tmp_path / "c", "C", "v5")
    for name in ("Ana", "Bia"):
        ch = new_character(name, "v5", player=name)
        ch.sheet.clan = "Ventrue"
        store.add_character(ch)
    store.add_character(new_character("Rui", "v5", kind="spc"))
    return store.path


def test_award_all_gives_player_characters_only(chronicle, capsys):
    assert main(["xp", str(chronicle), "award", "4", "--all", "--reason", "story end"]) == 0
    totals = {c.name: c.sheet.experience_total for c in open_chronicle(chronicle).characters}
    assert totals == {"Ana": 4, "Bia": 4, "Rui": 0}
    assert "Ana: +4 experience" in capsys.readouterr().out


def test_spend_json_prints_one_object(chronicle, capsys):
    main(["xp", str(chronicle), "award", "10", "--character", "ana", "--reason", "r"])
    capsys.readouterr()
    assert main(["xp", str(chronicle), "spend", "--character", "ana", "--raise", "Dominate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {k: data[k] for k in ("trait", "from", "to", "cost", "remaining")} == {
        "trait": "Dominate", "from": 0, "to": 1, "cost": 5, "remaining": 5}


@pytest.mark.parametrize("args, message", [
    (["spend", "--character", "ana", "--raise", "Strength"], "costs 10 experience, only 0 unspent"),
    (["spend", "--character", "ana", "--raise", "Nope"], "no such trait"),
    (["award", "3", "--reason", "x"], "needs --character NAME or --all"),
    (["award", "3", "--all"], "--reason is empty"),
    (["spend", "--character", "ana"], "needs --character NAME and --raise TRAIT"),
])
def test_refusals_exit_2_with_one_line(chronicle, capsys, args, message):
    assert main(["xp", str(chronicle), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_costs_lists_the_table(chronicle, capsys):
    assert main(["xp", str(chronicle), "costs"]) == 0
    assert "attribute: new level × 5" in capsys.readouterr().out


def test_spend_power_names_the_power_a_disciplines_new_dot_brings(chronicle, capsys):
    main(["xp", str(chronicle), "award", "20", "--character", "ana", "--reason", "r"])
    assert main(["xp", str(chronicle), "spend", "--character", "ana", "--raise", "Dominate", "--power", "compel"]) == 0
    sheet = open_chronicle(chronicle).character("ana").sheet
    assert sheet.disciplines["Dominate"] == 1 and [p.name for p in sheet.powers["Dominate"]] == ["Compel"]
    capsys.readouterr()
    assert main(["xp", str(chronicle), "spend", "--character", "ana", "--raise", "Dominate",
                 "--power", "Dementation"]) == 2  # its amalgam, Obfuscate 2, is missing
    assert "'Dementation' is not a power Dominate 2 may bring (choices: Cloud Memory, Mesmerize)" in \
        capsys.readouterr().err


def test_a_ritual_without_blood_sorcery_exits_2_naming_what_is_missing(chronicle, capsys):
    main(["xp", str(chronicle), "award", "20", "--character", "ana", "--reason", "r"])
    capsys.readouterr()
    assert main(["xp", str(chronicle), "spend", "--character", "ana", "--raise", "Ritual: Ward against Ghouls"]) == 2
    assert "a level-1 ritual needs Blood Sorcery 1 (has 0)" in capsys.readouterr().err
