"""Hostile ``vtm-tui xp`` and ``vtm-tui sheet`` input (issue 27): huge, negative and non-ASCII numbers, markup,
escapes, NUL, unknown traits and fields, another player's character as a seat. Each is refused with one line
naming what was wrong, nothing is written, and no control character reaches the terminal; markup is kept as text.

Found by trying them: an award's ``--reason`` holding an escape was cut silently (``ESC]0;x BEL`` saved as
``]0;x``), and ``sheet set`` wrote any unknown field (``nosuch.field``) to the sheet as a key the model ignores."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui.ui_support import EXAMPLES
from vtm_tui.cli import main
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.terminal_text import UNSAFE


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    return folder


def _files(folder: Path) -> dict[str, str]:
    return {str(p): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.toml"))}


@pytest.mark.parametrize("argv", [
    ("xp", "{c}", "award", "99999999999999999999", "--character", "Rita", "--reason", "r"),
    ("xp", "{c}", "award", "-5", "--character", "Rita", "--reason", "r"),
    ("xp", "{c}", "award", "１２", "--character", "Rita", "--reason", "r"),
    ("xp", "{c}", "award", "1", "--character", "Rita", "--reason", "r\x1b]0;owned\x07"),
    ("xp", "{c}", "award", "1", "--character", "Rita", "--reason", "r\u202ex"),
    ("xp", "{c}", "award", "1", "--character", "Rita", "--reason", "x" * 5000),
    ("xp", "{c}", "spend", "--character", "Rita", "--raise", "Str\x1b[31m"),
    ("xp", "{c}", "spend", "--character", "Rita", "--raise", "[/oops]"),
    ("xp", "{c}", "spend", "--character", "Nobody\x9b2J", "--raise", "Strength"),
    ("sheet", "{c}", "damage", "superficial", "99999999", "--character", "Rita"),
    ("sheet", "{c}", "hunger", "-99999999999999", "--character", "Rita"),
    ("sheet", "{c}", "set", "attributes.Strength", "999999999999", "--character", "Rita"),
    ("sheet", "{c}", "set", "attributes.[/oops]", "3", "--character", "Rita"),
    ("sheet", "{c}", "set", "nosuch.field", "3", "--character", "Rita"),
    ("sheet", "{c}", "set", "nosuch", "3", "--character", "Rita"),
    ("sheet", "{c}", "set", "concept", "a\x1b]52;c;aGk=\x1b\\", "--character", "Rita"),
    ("sheet", "{c}", "notes", "a\x00b", "--character", "Rita"),
    ("sheet", "{c}", "set", "attributes.Strength", "3", "--character", "Rita", "--player", "Marta"),
    ("sheet", "{c}", "notes", "mine now", "--character", "Inês", "--player", "Rui"),
    ("sheet", "{c}", "notes", "a\x1b[2J", "--character", "Inês", "--player", "Marta"),
], ids=lambda argv: " ".join(a.encode("unicode_escape").decode()[:20] for a in argv[2:5]))
def test_hostile_input_is_refused_and_writes_nothing(lisboa: Path, argv: tuple[str, ...], capsys) -> None:
    before = _files(lisboa)
    try:
        code = main([a.format(c=lisboa) for a in argv])
    except SystemExit as exc:  # argparse's refusal of an argument's type
        code = exc.code
    out = capsys.readouterr()
    assert code != 0 and out.err.startswith("vtm-tui") and out.out == ""
    assert "Traceback" not in out.err and UNSAFE.search(out.err) is None
    assert _files(lisboa) == before


def test_markup_is_kept_as_text(lisboa: Path, capsys) -> None:
    assert main(["sheet", str(lisboa), "set", "concept", "[@click=app.quit]x[/]", "--character", "Rita"]) == 0
    assert main(["xp", str(lisboa), "award", "2", "--character", "Rita", "--reason", "[bold]night[/oops]"]) == 0
    rita = open_chronicle(lisboa).character("Rita")
    assert rita.to_toml()["concept"] == "[@click=app.quit]x[/]"
    assert rita.sheet.experience_history[-1].note == "[bold]night[/oops]"
