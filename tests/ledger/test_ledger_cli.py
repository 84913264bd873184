"""``vtm-tui note`` and ``vtm-tui ledger``, and the recap grouped by scene with the ledger's changes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vtm_tui.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    target = tmp_path / "chronicle"
    shutil.copytree(EXAMPLE, target)
    return target


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_ledger_add_list_edit_delete(chronicle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "ledger", str(chronicle), "add", "boon", "debtor=Duarte", "creditor=Dona Amália",
                          "size=major", "--json")
    assert status == 0
    boon = json.loads(out)["id"]
    _run(capsys, "ledger", str(chronicle), "add", "bond", "thrall=Inês", "regnant=Amália", "steps=2", "--secret")
    status, out, _ = _run(capsys, "ledger", str(chronicle), "list")
    assert "Duarte owes Dona Amália a major boon" in out and "Inês is bound to Amália, step 2 of 3 [secret]" in out
    status, out, _ = _run(capsys, "ledger", str(chronicle), "list", "--hide-secret", "--json")
    data = json.loads(out)
    assert data["bonds"] == [] and data["boons"][0]["debtor"] == "Duarte"
    assert _run(capsys, "ledger", str(chronicle), "edit", boon, "called_in=yes")[0] == 0
    _, out, _ = _run(capsys, "ledger", str(chronicle), "list", "boons")
    assert "(called in)" in out
    assert _run(capsys, "ledger", str(chronicle), "delete", boon)[0] == 0
    _, out, _ = _run(capsys, "ledger", str(chronicle), "list", "boons")
    assert "(none)" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("add", "favour", "a=b"), "no ledger section 'favour'"),
    (("add", "boon", "debtor=A", "creditor=B", "size=huge"), "'huge' is not one of"),
    (("add", "boon", "debtor"), "not a field=value pair"),
    (("add", "domain", "name=Alfama", "chasse=9"), "out of range 0-5"),
    (("edit", "boon-nope", "size=minor"), "no ledger entry 'boon-nope'"),
    (("add",), "needs a SECTION"),
])  # fmt: skip
def test_bad_input_is_one_line_and_status_2(chronicle: Path, capsys: pytest.CaptureFixture[str], argv, message) -> None:
    status, out, err = _run(capsys, "ledger", str(chronicle), *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (chronicle / "ledger.toml").exists()


def test_broken_ledger_names_file_and_line(chronicle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (chronicle / "ledger.toml").write_text("[[boons]\n", encoding="utf-8")
    status, _, err = _run(capsys, "ledger", str(chronicle), "add", "boon", "debtor=A", "creditor=B")
    assert status == 2 and "ledger.toml, line 1" in err
    assert (chronicle / "ledger.toml").read_text(encoding="utf-8") == "[[boons]\n"


def test_note_scene_secret_and_hide_secret(chronicle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "note", str(chronicle), "Amália lies about the fire", "--secret")[0] == 0
    status, out, _ = _run(capsys, "note", str(chronicle), "The coterie arrives", "--scene", "The Elysium")
    assert status == 0 and "scene marker and note logged" in out
    _run(capsys, "ledger", str(chronicle), "add", "bond", "thrall=Inês", "regnant=Amália", "--secret")
    _run(capsys, "ledger", str(chronicle), "add", "boon", "debtor=Duarte", "creditor=Amália")
    _, out, _ = _run(capsys, "log", str(chronicle), "--session", "current")
    assert "Amália lies" in out and "scene — The Elysium" in out
    _, out, _ = _run(capsys, "log", str(chronicle), "--session", "current", "--hide-secret")
    assert "Amália lies" not in out and "bound" not in out and "The coterie arrives" in out
    _, recap, _ = _run(capsys, "log", str(chronicle), "--export", "markdown", "--session", "current")
    night = recap.split("## The night")[1]
    assert night.index("Amália lies") < night.index("### The Elysium") < night.index("The coterie arrives")
    ledger_part = recap.split("## The ledger")[1]
    assert "bond added: Inês is bound to Amália" in ledger_part and "boon added: Duarte owes Amália" in ledger_part
    _, public, _ = _run(capsys, "log", str(chronicle), "--export", "markdown", "--session", "current", "--hide-secret")
    assert "Amália lies" not in public and "bound" not in public and "### The Elysium" in public
    _, exported, _ = _run(capsys, "log", str(chronicle), "--export", "json", "--session", "current", "--hide-secret")
    data = json.loads(exported)
    assert [s["title"] for s in data["scenes"]] == ["The Elysium"]
    assert [e["comment"] for e in data["ledger"]] == ["boon added: Duarte owes Amália a minor boon"]


def test_note_needs_text_or_scene(chronicle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "note", str(chronicle), "  ")
    assert status == 2 and "give the TEXT" in err
