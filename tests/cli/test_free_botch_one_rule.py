"""The free botch (V20 house rule, one a session) is judged by one rule on both paths: the app's roll dialog and
``vtm-tui roll v20 --chronicle`` ask ``play.sessions.free_botch_spent`` of the session the roll goes to."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.cli import main
from vtm_tui.play.record import Recorder
from vtm_tui.store.chronicle_store import open_chronicle

NOW = datetime(2026, 12, 1, 21, 0, tzinfo=timezone.utc)


def _roll(capsys, folder: Path, faces: str) -> dict:
    capsys.readouterr()
    assert main(["roll", "v20", "--pool", "2", "--faces", faces, "--chronicle", str(folder), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _spent_for_app(folder: Path) -> bool:
    return Recorder(open_chronicle(folder), lambda: NOW).free_botch_used()


def test_after_the_session_ends_the_next_roll_has_its_free_botch_on_both_paths(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "nights"
    assert main(["new", str(folder), "--ruleset", "v20"]) == 0
    toml = folder / "chronicle.toml"
    toml.write_text(toml.read_text().replace("free_botch = false", "free_botch = true"))
    first = _roll(capsys, folder, "1,3")  # opens session 1; the botch is forgiven
    assert first["result"] == "failure" and first["free_botch_consumed"] is True
    assert _spent_for_app(folder)  # the same session: the app would not forgive another
    assert main(["session", str(folder), "end"]) == 0
    # The storyteller's next roll opens session 2, whose free botch is unspent: the app said "spent" here, because
    # it looked at the session that had ended, while the command line forgave the botch.
    assert not _spent_for_app(folder)
    second = _roll(capsys, folder, "1,3")
    assert second["result"] == "failure" and second["free_botch_consumed"] is True
    assert _spent_for_app(folder)
