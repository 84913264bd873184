"""``vtm-tui blood``: the V5 upkeep from a shell, logged and saved like the app's Blood dialog."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


@pytest.fixture
def chronicle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLE, target)
    assert main(["session", str(target), "start"]) == 0
    return target


def sheet(chronicle: Path, name: str):
    return open_chronicle(chronicle).character(name).sheet


def test_a_power_from_the_shell_rouses_logs_and_saves(chronicle: Path, capsys) -> None:
    hunger = sheet(chronicle, "duarte").hunger
    assert main(["blood", str(chronicle), "power", "prowess", "--character", "duarte", "--faces", "3"]) == 0
    assert f"Prowess: 1 Rouse (3 fail), Hunger {hunger} → {hunger + 1}" in capsys.readouterr().out
    assert sheet(chronicle, "duarte").hunger == hunger + 1
    [entry] = read_session(chronicle, 4).entries[-1:]
    assert (entry.kind, entry.pool, entry.change["after"]) == ("rouse", "Prowess", hunger + 1)


def test_hunt_slake_and_compulsion_from_the_shell(chronicle: Path, capsys) -> None:
    # Duarte (Alleycat): Strength 4 + Brawl 3, Hunger 3 → 4 regular then 3 Hunger faces, then Resonance 6, 2
    assert main(["blood", str(chronicle), "hunt", "--character", "duarte", "--difficulty", "2",
                 "--faces", "7,7,2,2,3,3,4,6,2", "--amount", "1"]) == 0
    out = capsys.readouterr().out
    assert "Phlegmatic (fleeting)" in out
    assert sheet(chronicle, "duarte").resonance == "Phlegmatic (fleeting)"
    assert sheet(chronicle, "duarte").hunger == 2
    assert main(["blood", str(chronicle), "compulsion", "clan", "--character", "duarte", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["changes"] == ["Rebellion compulsion added"]
    assert sheet(chronicle, "duarte").conditions == ["Rebellion compulsion"]
    assert main(["blood", str(chronicle), "clear", "--character", "duarte"]) == 0
    assert sheet(chronicle, "duarte").conditions == []


@pytest.mark.parametrize(("argv", "message"), [
    (["slake", "x", "--character", "ines"], "slake: how much Hunger"),
    (["power", "Nope", "--character", "ines"], "'Nope' is not a power on the sheet"),
    (["blush", "--character", "ze", "--faces", "3"], "is a ghoul"),
    (["awaken", "--character", "ines", "--faces", "3,4"], "more faces given than dice rolled"),
    (["mend", "--character", "ines", "--faces", "3"], "no Superficial Health damage to mend"),
])
def test_bad_input_is_one_line_and_changes_nothing(chronicle: Path, capsys, argv, message) -> None:
    before = (chronicle / "characters" / "ines-valadares.toml").read_text()
    assert main(["blood", str(chronicle), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert (chronicle / "characters" / "ines-valadares.toml").read_text() == before
