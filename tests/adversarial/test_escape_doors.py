"""No byte of a terminal control typed or imported by anyone reaches any output, through any door (issue 27).

C0 and C1 controls and CSI, OSC and DCS sequences, ended by ST or by BEL, are sent through each door: every
import format (Progeny, Foundry WoD5e, Foundry worldofdarkness, this tool's own JSON), the command line's
``sheet`` notes, ``note``, ``ledger``, ``session --title`` and a roll's comment, a template, and the app's notes
editor. Each is refused (typed text, a name) or cleaned (another tool's file); a sheet that holds them anyway
(edited by hand) is shown through the leaving filter: the command line writes them as visible ``\\u001b``
escapes, the app's screen (the storyteller's and a seat's) drops them. No output (stdout, stderr, the screen as
sent to the terminal, a saved file, an export) holds one.

Before, a vtm-tui JSON import kept every byte: a name holding ``ESC]52;c;…ESC\\`` set the storyteller's
clipboard from ``vtm-tui import`` and ``vtm-tui log``, and reached the app's list and log and the seat.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from pathlib import Path

import pytest

from tests.ui.ui_support import EXAMPLES, make_app, no_polling, screen_text, start_tonights_session
from vtm_tui.cli import main
from vtm_tui.play.importing import import_character
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.terminal_text import UNSAFE

FIXTURES = Path(__file__).parent.parent / "play" / "import_fixtures"
#: What a hostile file or person sends: each C0 control but tab and newline, DEL, C1 controls, and whole
#: sequences (CSI; OSC, DCS ended by ST or BEL, 7-bit and 8-bit).
SEQUENCES = {
    "C0": "".join(chr(c) for c in range(0x20) if chr(c) not in "\t\n") + "\x7f",
    "C1": "".join(chr(c) for c in range(0x80, 0xA0)),
    "CSI": "\x1b[?1049l\x1b[2J\x9b31m",
    "OSC+ST": "\x1b]52;c;aGVsbG8=\x1b\\",
    "OSC+BEL": "\x1b]0;owned\x07",
    "DCS+ST": "\x1bP+q544e\x1b\\",
    "DCS+BEL": "\x90$q m\x07",
    "bidi": "\u202eevil\u202c\u2066\u2028",
}
ALL = "".join(SEQUENCES.values())


def _clean(text: str) -> bool:
    """No unsafe character (an ESC, a C1 control, BEL, a bidirectional override ...) in ``text``."""
    return UNSAFE.search(text) is None


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    no_polling()
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    return folder


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _saved_files(folder: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.toml") if "cache" not in p.parts)


# -- entering: imports ---------------------------------------------------------------------------------------------
def _hostile_export(tmp_path: Path, fixture: str, where: str) -> Path:
    """``fixture`` with every sequence in its notes-like text and in the key ``where`` says."""
    data = json.loads((FIXTURES / fixture).read_text())
    if fixture.startswith("progeny"):
        data["notes"] = f"notes {ALL} end"
        data["concept"] = f"concept {ALL}"
    elif fixture.startswith("wod20-v7-pc"):  # the 7.x PC actor: notes in bio, Abilities as items
        data["system"]["bio"]["notes"] = f"<p>bio {ALL} end</p>"
        data["system"]["bio"]["concept"] = f"concept {ALL}"
        next(i for i in data["items"] if i["name"] == "Hobby Talent")["name"] = f"Hobby{ALL}Talent"
    elif fixture.startswith("wod"):
        system = data.get("system") or data.get("data")
        system["biography"] = f"<p>bio {ALL} end</p>"
        system["notes"] = f"notes {ALL}"
    file = tmp_path / f"{where}-{fixture}"
    file.write_text(json.dumps(data), encoding="utf-8")
    return file


@pytest.mark.parametrize("fixture", ["progeny-v1.json", "progeny-v0.json", "wod5e-vampire.json",
                                     "wod20-vampire.json", "wod20-v7-pc-vampire.json"])
def test_each_import_format_cleans_what_it_brings(lisboa: Path, tmp_path: Path, fixture: str, capsys) -> None:
    from vtm_tui.store.catalog import create_chronicle

    ruleset = "v20" if fixture.startswith("wod20") else "v5"
    folder = lisboa if ruleset == "v5" else create_chronicle(tmp_path / "v20", "V20", "v20").path
    file = _hostile_export(tmp_path, fixture, "notes")
    code, out, err = _run(capsys, "import", folder, file)
    assert code == 0, err
    assert _clean(out + err) and _clean(_saved_files(folder))
    assert " end" in _saved_files(folder)  # the text around a sequence is kept, the whole sequence is not


@pytest.mark.parametrize("name", SEQUENCES)
def test_this_tools_own_json_is_cleaned_and_a_hostile_name_refused(lisboa: Path, tmp_path: Path, name: str,
                                                                   capsys) -> None:
    code, out, err = _run(capsys, "export", lisboa, "--character", "Rita", "--format", "json")
    data = json.loads(out)
    payload = SEQUENCES[name]
    data["character"].update(name=f"Evil{payload}One", notes=f"n{payload}n", concept=f"c{payload}",
                             extra_key={f"k{payload}": [f"v{payload}"]})
    (tmp_path / "named.json").write_text(json.dumps(data), encoding="utf-8")
    data["character"]["name"] = "Plain One"
    (tmp_path / "plain.json").write_text(json.dumps(data), encoding="utf-8")
    code, out, err = _run(capsys, "import", lisboa, tmp_path / "named.json", tmp_path / "plain.json")
    assert code == 2 and "its name holds a control character" in err
    assert "imported Plain One" in out
    assert _clean(out + err) and _clean(_saved_files(lisboa))
    code, out, err = _run(capsys, "log", lisboa)
    assert code == 0 and _clean(out + err)


# -- entering: what people type ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", SEQUENCES)
def test_each_typed_door_refuses_them(lisboa: Path, name: str, capsys) -> None:
    payload = f"a{SEQUENCES[name]}b"
    before = _saved_files(lisboa)
    doors = [
        ("sheet", lisboa, "notes", payload, "--character", "Rita"),
        ("sheet", lisboa, "notes", payload, "--character", "Rita", "--private"),
        ("note", lisboa, payload),
        ("note", lisboa, "words", "--scene", payload),
        ("ledger", lisboa, "add", "boon", "debtor=Rita Calado", "creditor=Duarte Moniz", "size=minor",
         f"note={payload}"),
        ("roll", "v5", "--chronicle", lisboa, "--character", "Rita", "--pool", "3", "--difficulty", "2",
         "--comment", payload),
        ("roll", "v5", "--chronicle", lisboa, "--character", "Rita", "--pool", "3", "--difficulty", "2",
         "--st-comment", payload),
    ]
    for argv in doors:
        code, out, err = _run(capsys, *argv)
        assert code != 0 and "control character" in err, (argv, err)
        assert _clean(out + err), argv
    code, out, err = _run(capsys, "session", lisboa, "end")
    code, out, err = _run(capsys, "session", lisboa, "start", "--title", payload)
    assert code != 0 and "control character" in err and _clean(out + err)
    assert _saved_files(lisboa) == before or _clean(_saved_files(lisboa))


def test_a_name_is_refused_and_normalised_through_the_store(lisboa: Path) -> None:
    from vtm_tui.errors import VtmError
    from vtm_tui.model.character import new_character

    store = open_chronicle(lisboa)
    for bad in ("A\x00b", "Rita\u202eCalado", "Ana\u2028Luz", "Ana\u2066x", "x\x1b]0;t\x07", "x\x9b1m"):
        with pytest.raises(VtmError, match="control character"):
            store.add_character(new_character(bad, "v5"))
        with pytest.raises(VtmError, match="control character"):
            store.rename_character(store.character("Rita"), bad)
    nfd = "In\u0065\u0302s  Valadares "  # e + combining circumflex, a double space, a trailing one
    with pytest.raises(VtmError, match="already has a character called 'Inês Valadares'"):
        store.add_character(new_character(nfd, "v5"))
    with pytest.raises(VtmError, match="already has a character called 'Inês Valadares'"):
        store.rename_character(store.character("Rita"), "INÊS\tvaladares")
    added = store.add_character(new_character("  Ze\u0301 \n Novo ", "v5"))
    assert added.name == "Z\u00e9 Novo"  # NFC, spaces collapsed and stripped
    assert open_chronicle(lisboa).character("Novo").name == added.name
    from vtm_tui.play.quick import quick_character
    from vtm_tui.store.templates import load_templates

    template = load_templates(lisboa, "v5").templates[0]
    with pytest.raises(VtmError, match="control character"):
        quick_character(template, "Thug\u202e", "v5")
    assert quick_character(template, "Big   Thug", "v5").name == "Big Thug"


def test_an_nfd_or_double_spaced_import_does_not_land_beside_the_real_one(lisboa: Path, tmp_path: Path,
                                                                         capsys) -> None:
    code, out, _ = _run(capsys, "export", lisboa, "--character", "Inês", "--format", "json")
    data = json.loads(out)
    for spelling in ("In\u0065\u0302s Valadares", "Inês  Valadares", " inês valadares\t"):
        data["character"]["name"] = spelling
        (tmp_path / "twin.json").write_text(json.dumps(data), encoding="utf-8")
        code, out, err = _run(capsys, "import", lisboa, tmp_path / "twin.json")
        assert code == 2 and "already has a character called 'Inês Valadares'" in err
    assert [c.name for c in open_chronicle(lisboa).characters].count("Inês Valadares") == 1
    assert len(list((lisboa / "characters").glob("ines*"))) == 1


def test_a_template_holding_them_is_refused_with_its_file(lisboa: Path) -> None:
    from vtm_tui.store.templates import load_templates

    (lisboa / "templates").mkdir()
    (lisboa / "templates" / "bad.toml").write_text(
        'label = "thug \\u001b]0;owned\\u0007"\n\n[character]\nconcept = "x"\n', encoding="utf-8")
    loaded = load_templates(lisboa, "v5")
    assert any("bad.toml" in p and "control character" in p for p in loaded.problems)
    assert all(_clean(t.label) for t in loaded.templates)


# -- leaving: what a sheet holds anyway (edited by hand) ------------------------------------------------------------
def _plant_by_hand(folder: Path, slug: str = "rita-calado") -> None:
    """A sheet edited by hand: every sequence in the name (TOML escapes, as a text editor can write them)."""
    path = folder / "characters" / f"{slug}.toml"
    escaped = ALL.encode("unicode_escape").decode("ascii").replace("\\x", "\\u00")
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'^name = .*$', lambda _m: f'name = "Rita Calado {escaped}"', text, count=1, flags=re.M)
    path.write_text(text + f'\n', encoding="utf-8")
    assert any("\x1b]52" in c.name for c in open_chronicle(folder).characters)  # the loader keeps what it says


def test_the_command_line_writes_them_as_visible_escapes(lisboa: Path, capsys) -> None:
    _plant_by_hand(lisboa)
    for argv in (("log", lisboa), ("export", lisboa, "--character", "Rita"),
                 ("export", lisboa, "--character", "Rita", "--format", "json"),
                 ("roll", "v5", "--chronicle", lisboa, "--character", "Rita", "--pool", "2", "--difficulty", "1"),
                 ("sheet", lisboa, "damage", "1", "--character", "Rita"), ("log", lisboa),
                 ("sheet", lisboa, "damage", "1", "--character", "Nobody")):
        code, out, err = _run(capsys, *argv)
        assert _clean(out + err), argv
    assert "\\u001b]52;c;" in out + err or "\\u001b]52;c;" in _run(capsys, "log", lisboa)[1]
    code, out, _ = _run(capsys, "export", lisboa, "--character", "Rita", "--format", "json")
    assert "\x1b" in json.loads(out)["character"]["name"]  # still valid JSON meaning the same text
    for fmt in ("markdown", "json"):  # an export written to a file is read on a terminal too
        target = lisboa.parent / f"rita.{fmt}"
        assert _run(capsys, "export", lisboa, "--character", "Rita", "--format", fmt, "--output", target)[0] == 0
        assert _clean(target.read_text(encoding="utf-8")) and "\\u001b" in target.read_text(encoding="utf-8")
    recap = lisboa.parent / "recap.md"
    assert _run(capsys, "log", lisboa, "--session", "4", "--export", "markdown", "--output", recap)[0] == 0
    assert _clean(recap.read_text(encoding="utf-8"))


async def _sent(app, keys: tuple[str, ...]) -> str:
    """What the app sends the terminal for its whole screen after ``keys`` (Textual's own codes included)."""
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        update = app.screen._compositor.render_full_update()
        return update.render_segments(app.console)


def _without_textuals_own(sent: str) -> str:
    """``sent`` without the sequences Textual writes itself (cursor moves, colours, hyperlinks, sync)."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b]8;[^\x1b]*\x1b\\", "", sent)


@pytest.mark.parametrize("player", [None, "Marta"], ids=["storyteller", "seat"])
def test_the_apps_screen_never_sends_them(lisboa: Path, player: str | None) -> None:
    _plant_by_hand(lisboa, "ines-valadares")  # Marta's character
    keys = ("slash", "R", "i", "t", "a", "enter") if player is None else ()
    sent = asyncio.run(_sent(make_app(lisboa, player=player), keys))
    assert "Rita Calado" in sent and "52;c;aGVsbG8=" in sent  # her name is on screen, the printable rest too
    rest = _without_textuals_own(sent)
    assert "\x1b" not in rest and _clean(rest.replace("\n", "")), [c for c in rest if UNSAFE.match(c)][:5]


def test_the_apps_notes_editor_refuses_them_and_keeps_the_text(lisboa: Path) -> None:
    from textual.widgets import TextArea

    start_tonights_session(lisboa)  # what is refused is the text, not a change after the ended session 3

    async def scene() -> tuple[str, str, str]:
        app = make_app(lisboa)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("slash", "R", "i", "t", "a", "enter", "e")
            await pilot.pause()
            app.screen.query_one(TextArea).text = f"typed {SEQUENCES['OSC+ST']} here"
            await pilot.press("escape")
            await pilot.pause()
            kept = app.screen.query_one(TextArea).text if type(app.screen).__name__ == "NotesEditor" else ""
            return type(app.screen).__name__, screen_text(app), kept

    screen, said, kept = asyncio.run(scene())
    assert screen == "NotesEditor" and "Not saved: The notes holds a control character" in " ".join(said.split())
    assert kept == f"typed {SEQUENCES['OSC+ST']} here"  # the typed text is never lost
    assert "\x1b" not in open_chronicle(lisboa).character("Rita").notes
