"""``vtm-tui sheet``: damage, healing, Hunger, stains and values of a sheet from a shell, saved and logged as the
app's keys do (the parity with the keys themselves is tests/ui/test_one_path_sheet.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lisboa with session 4 open."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", target)
    assert main(["session", str(target), "start"]) == 0
    return target


def sheet(chronicle: Path, name: str):
    return open_chronicle(chronicle).character(name).sheet


def entries(chronicle: Path) -> list:
    return list(read_session(chronicle, 4, recover=False).entries)


def refused(capsys, *argv: str) -> str:
    """Run a command that must be refused: exit 2, one line on stderr, nothing on stdout."""
    assert main(list(argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


def test_help_names_every_action_with_examples(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["sheet", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for action in ("damage", "heal", "hunger", "stain", "set", "examples:", "--player"):
        assert action in text


def test_each_press_is_one_entry_and_the_stdout_says_each(lisboa: Path, capsys) -> None:
    before = len(entries(lisboa))
    assert main(["sheet", str(lisboa), "--character", "ines", "damage", "aggravated", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Inês Valadares: health sup 0 agg 0 → sup 0 agg 1",
                                                    "Inês Valadares: health sup 0 agg 1 → sup 0 agg 2"]
    assert main(["sheet", str(lisboa), "--character", "ines", "heal"]) == 0
    assert main(["sheet", str(lisboa), "--character", "ines", "stain", "-1"]) == 0
    new = entries(lisboa)[before:]
    assert [(e.kind, e.actor, e.change["field"]) for e in new] == [
        ("damage", "Inês Valadares", "health"), ("damage", "Inês Valadares", "health"),
        ("heal", "Inês Valadares", "health"), ("stain", "Inês Valadares", "stains")]
    assert sheet(lisboa, "ines").health.aggravated == 1


def test_a_refused_press_among_several_saves_none(lisboa: Path, capsys) -> None:
    """Duarte's 6 boxes take 2 more Aggravated at most: asking for 9 saves none of them."""
    health, count = sheet(lisboa, "duarte").health.to_toml(), len(entries(lisboa))
    error = refused(capsys, "sheet", str(lisboa), "--character", "duarte", "damage", "aggravated", "9")
    assert error == "vtm-tui: error: Health is all Aggravated already (6 boxes) (press 5 of 9; nothing was saved)"
    assert sheet(lisboa, "duarte").health.to_toml() == health and len(entries(lisboa)) == count


@pytest.mark.parametrize(("argv", "said"), [
    (["damage", "bashing"], "damage: health takes superficial or aggravated, not 'bashing'"),
    (["heal", "--track", "blood"], "blood is not a track"),
    (["hunger"], "hunger: say how much, +1 (the app's ]) or -1 (the app's [)"),
    (["hunger", "2"], "hunger: +N or -N with N from 1 to 20, not '2'"),
    (["stain", "+1", "+1"], "stain: one number at most, got '+1 +1'"),
    (["hunger", "+1", "--track", "health"], "hunger: --track is for damage and heal"),
    (["set", "attributes.Strength"], "set: give FIELD VALUE pairs, e.g. 'set attributes.Strength 3'"),
    (["set", "attributes.Strength", "9"], "Inês Valadares: field 'attributes.Strength': 9 is out of range 1-5"),
    (["set", "attributes.Strenght", "3"], "Inês Valadares: field 'attributes.Strenght': is not a attribute"),
    (["set", "name", "Ana"], "name: a character's name, rule set and kind are not changed by set"),
    (["set", "attributes", "3"], "attributes is a table: set one of its values (attributes.NAME)"),
    (["set", "skills.Bra\nwl", "2"], "set: 'skills.Bra\\nwl' is not a field of the sheet"),
    (["set", "clan", "x" * 61], "Clan: 61 characters, more than the 60 allowed (nothing was saved)"),
    (["notes"], 'notes: give the new notes as one argument, in quotes: notes "..."'),
    (["stain", "--private"], "stain: --private is for notes"),
    (["notes", "x" * 50_001], "The notes"),
])
def test_bad_input_is_one_line_and_nothing_changes(lisboa: Path, capsys, argv: list[str], said: str) -> None:
    file = lisboa / "characters" / "ines-valadares.toml"
    text, count = file.read_text(encoding="utf-8"), len(entries(lisboa))
    error = refused(capsys, "sheet", str(lisboa), "--character", "ines", *argv)
    assert error.startswith(f"vtm-tui: error: {said}")
    assert file.read_text(encoding="utf-8") == text and len(entries(lisboa)) == count


def test_set_is_the_sheet_editors_one_change(lisboa: Path, capsys) -> None:
    assert main(["sheet", str(lisboa), "--character", "ines", "set", "attributes.Strength", "3",
                 "skills.Brawl", "2", "concept", "Fado singer"]) == 0
    [entry] = entries(lisboa)[-1:]
    assert entry.kind == "edit" and entry.comment == "3 changes saved together"
    assert entry.change["field"] == "sheet"
    assert entry.change["after"] == {"attributes.Strength": 3, "skills.Brawl": 2, "concept": "Fado singer"}
    assert sheet(lisboa, "ines").attributes["Strength"] == 3


def test_notes_are_the_notes_editors_save_and_private_ones_stay_the_storytellers(lisboa: Path, capsys) -> None:
    assert main(["sheet", str(lisboa), "--character", "ines", "notes", "Owes Amália a minor boon", "--private"]) == 0
    assert capsys.readouterr().out == "Inês Valadares: private notes changed (24 characters)\n"
    [entry] = entries(lisboa)[-1:]
    assert (entry.kind, entry.change["field"], entry.change["after"]) == (
        "edit", "private_notes", "Owes Amália a minor boon")
    assert open_chronicle(lisboa).character("ines").private_notes == "Owes Amália a minor boon"
    error = refused(capsys, "sheet", str(lisboa), "--character", "ines", "--player", "Marta",
                    "notes", "mine now", "--private")
    assert error == "vtm-tui: error: Private notes are the storyteller's."
    assert main(["sheet", str(lisboa), "--character", "ines", "--player", "Marta", "notes", "Fado on Fridays"]) == 0
    assert open_chronicle(lisboa).character("ines").notes == "Fado on Fridays"


def test_a_seat_keeps_the_seats_rights(lisboa: Path, capsys) -> None:
    """``--player`` acts as that player's seat: trackers of their own character yes, traits and others' no,
    in the app's words (vtm_tui.play.visibility.refusal)."""
    assert main(["sheet", str(lisboa), "--character", "ines", "--player", "Marta", "hunger", "+1"]) == 0
    capsys.readouterr()
    error = refused(capsys, "sheet", str(lisboa), "--character", "ines", "--player", "Marta",
                    "set", "attributes.Strength", "3")
    assert error == ("vtm-tui: error: Strength: traits are the storyteller's to change here "
                     "(the chronicle's players_may_edit_traits is off).")
    error = refused(capsys, "sheet", str(lisboa), "--character", "duarte", "--player", "Marta", "damage")
    assert error == "vtm-tui: error: Only your own character's trackers and notes are yours to change."


def test_the_storytellers_edit_opens_the_next_session_and_says_so(tmp_path: Path, capsys) -> None:
    target = tmp_path / "vigil"
    shutil.copytree(EXAMPLES / "the-iron-vigil", target)
    assert main(["sheet", str(target), "--character", "silas", "damage", "lethal"]) == 0
    err = capsys.readouterr().err
    assert err == f"vtm-tui: {target}: Session 2 started now (session 1 had ended)\n"
    [entry] = read_session(target, 2, recover=False).entries
    assert entry.change == {"field": "health", "before": {"bashing": 1, "lethal": 2, "aggravated": 0},
                            "after": {"bashing": 1, "lethal": 3, "aggravated": 0}}
