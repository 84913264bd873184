"""The players' export (``vtm-tui log --hide-secret``, every format, and the app's export "for players")
holds nothing a player may not see: canaries planted in every secret place never come out.

Each canary is first shown to be in the storyteller's output, so every check below can fail.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.model.log_entry import STORYTELLER_COMMENT, LogEntry
from vtm_tui.store import index
from vtm_tui.store.requests import request_entry
from vtm_tui.store.session_log import append_entry, create_session

START = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)

#: Words that must never reach a player, and where each was planted.
CANARIES = {
    "CANARY-ST-COMMENT": "a storyteller-only comment",
    "CANARY-SECRET-ROLL-COMMENT": "the storyteller's comment on a secret roll",
    "CANARY-PRIVATE-BEFORE": "private notes before an edit",
    "CANARY-PRIVATE-AFTER": "private notes after an edit",
    "CANARY-SECRET-NOTE": "a secret note",
    "CANARY-SECRET-REQUEST": "a secret request's prompt",
    "Wits 7": "a storyteller character's dots",
    "Strength 8": "the dots of a storyteller character named like a player's",
    "CANARY-SPC-HEALTH": "a storyteller character's tracker",
    "Moderate": "a secret Ingenuity-style Difficulty name",
}


def _add(folder: Path, minute: int, kind: str = "roll", **fields) -> LogEntry:
    entry = LogEntry.new(kind, session=1, ruleset="v5", now=START + timedelta(minutes=minute), **fields)
    append_entry(folder, entry)
    return entry


@pytest.fixture
def chronicle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    folder = tmp_path / "leaky"
    (folder / "characters").mkdir(parents=True)
    (folder / "chronicle.toml").write_text('schema_version = 1\nname = "Leaky"\nruleset = "v5"\ncurrent_session = 1\n'
                                           "session_open = true\n", encoding="utf-8")
    for slug, name, kind, player in (("ines", "Inês Valadares", "pc", "Marta"),
                                     ("ines-2", "Ines Valadares", "spc", ""),
                                     ("rita", "Rita Calado", "spc", "")):
        (folder / "characters" / f"{slug}.toml").write_text(
            f'schema_version = 1\nname = "{name}"\nkind = "{kind}"\nplayer = "{player}"\n', encoding="utf-8")
    create_session(folder, 1, started=START, title="Canaries")
    secret_roll = {"faces": [7, 7, 2], "successes": 2, "difficulty": 5, "difficulty_name": "Moderate",
                   "margin": 0, "shortfall": 3, "win": False, "result": "failure"}
    _add(folder, 1, actor="Inês Valadares", pool="Wits 2 + Awareness 1", difficulty=3, result="win", margin=1,
         roll={"faces": [8, 9, 10], "successes": 3, "win": True}, comment="public words",
         extra={STORYTELLER_COMMENT: "CANARY-ST-COMMENT"})
    _add(folder, 2, actor="Inês Valadares", pool="Wits 2 + Awareness 1", difficulty=5, secret=True,
         result="failure", roll=secret_roll, comment="CANARY-SECRET-ROLL-COMMENT")
    _add(folder, 3, "edit", actor="Inês Valadares",
         change={"field": "private_notes", "before": "CANARY-PRIVATE-BEFORE", "after": "CANARY-PRIVATE-AFTER"})
    _add(folder, 4, "note", secret=True, comment="CANARY-SECRET-NOTE")
    append_entry(folder, request_entry(session=1, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness",
                                       difficulty=6, secret=True, prompt="CANARY-SECRET-REQUEST",
                                       now=START + timedelta(minutes=5)))
    _add(folder, 6, actor="Rita Calado", pool="Wits 7 + Awareness 2", difficulty=2, result="win", margin=1,
         roll={"faces": [9, 9, 1], "successes": 2, "win": True})
    _add(folder, 7, actor="Ines Valadares", pool="Strength 8 + Brawl 1", difficulty=5, secret=True,
         result="failure", roll=secret_roll, comment="CANARY-SECRET-ROLL-COMMENT")
    _add(folder, 8, "damage", actor="Rita Calado",
         change={"field": "health", "before": "ok", "after": "CANARY-SPC-HEALTH"})
    return folder


def _run(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> str:
    assert main(["log", str(folder), *args]) == 0
    return capsys.readouterr().out


FORMATS = [(), ("--json",), ("--session", "1", "--export", "markdown"), ("--session", "1", "--export", "json"),
           ("--character", "Ines Valadares"), ("--text", "canary")]


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: " ".join(f) or "text")
def test_the_players_export_holds_no_canary(chronicle: Path, capsys, fmt: tuple[str, ...]) -> None:
    storyteller = _run(capsys, chronicle, *fmt)
    planted = [word for word in CANARIES if word in storyteller]
    assert planted, "the storyteller's output should hold canaries"
    players = _run(capsys, chronicle, *fmt, "--hide-secret")
    leaked = [f"{word} ({CANARIES[word]})" for word in CANARIES if word in players]
    assert not leaked


def test_the_players_json_has_no_number_that_gives_a_secret_difficulty_away(chronicle: Path, capsys) -> None:
    rows = [json.loads(line) for line in _run(capsys, chronicle, "--json", "--hide-secret").splitlines()]
    secret = [row for row in rows if row["secret"]]
    assert secret and all(row["result"] == "failure" for row in secret)  # the table hears the outcome
    for row in secret:
        assert row["difficulty"] is None and "margin" not in row
        assert not {"difficulty", "difficulty_name", "margin", "shortfall"} & set(row["roll"])
    recap = json.loads(_run(capsys, chronicle, "--session", "1", "--export", "json", "--hide-secret"))
    for row in recap["entries"]:
        if row["secret"]:
            assert "margin" not in row and "shortfall" not in row["roll"]


def test_the_players_export_still_shows_what_the_table_may_see(chronicle: Path, capsys) -> None:
    text = _run(capsys, chronicle, "--hide-secret")
    assert "public words" in text and "Rita Calado: roll Wits + Awareness" in text and "vs ? (secret)" in text


def test_the_apps_export_for_players_holds_no_canary(chronicle: Path) -> None:
    from vtm_tui.ui.screens.export_dialog import ExportRequest, recap_text

    for fmt in ("markdown", "json"):
        storyteller = recap_text(chronicle, ExportRequest(1, fmt, Path("x")))
        assert "CANARY-ST-COMMENT" in storyteller
        players = recap_text(chronicle, ExportRequest(1, fmt, Path("x"), hide_secret=True))
        assert not [word for word in CANARIES if word in players], fmt
