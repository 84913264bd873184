"""Export from the log screen: the recap of a small fixed session, checked line by line, and JSON."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from test_log_support import log_app, log_env, open_log, settle  # noqa: F401 - log_env is a fixture

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.rules.v5 import judge, judge_rouse
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.export_dialog import ExportDialog, default_path
from vtm_tui.ui.screens.log import LogScreen


def _at(minute: int) -> datetime:
    return datetime(2026, 11, 29, 21, minute, tzinfo=timezone.utc)


def small_session(folder: Path) -> int:
    """Session 4 of Lisboa Nocturna: a note, a messy critical, a secret bestial failure, a Rouse, the end."""
    store = open_chronicle(folder)
    number = store.start_session(_at(0), title="Night four")
    entries = [
        LogEntry(id="e1", time=_at(1), session=number, kind="note", ruleset="v5", comment="The Prince is late."),
        LogEntry.from_outcome(judge([10, 7, 3], [10, 2], 3), session=number, actor="Inês Valadares",
                              pool="Charisma 4 + Persuasion 1", difficulty=3, comment="the toast", now=_at(2)),
        LogEntry.from_outcome(judge([6, 4], [1, 7], 3), session=number, actor="Vicente Lobo",
                              pool="Wits 4 + Insight 0", difficulty=3, secret=True, now=_at(3)),
        LogEntry.from_outcome(judge_rouse([3], 2), session=number, actor="Inês Valadares", pool="Rouse check",
                              kind="rouse", now=_at(4)),
    ]
    ids = ["e2", "e3", "e4"]
    for entry in entries:
        if entry.id != "e1":
            entry = LogEntry(**{**entry.__dict__, "id": ids.pop(0)})
        store.log(entry)
    store.end_session(_at(30))
    return number


EXPECTED_MARKDOWN = """\
# Session 4 — Night four

- **Chronicle:** Lisboa Nocturna (v5)
- **Date:** 2026-11-29 21:00–21:30
- **Players:** Inês Valadares (Marta)
- **Entries:** 5 (3 rolls)

## The night, roll by roll

- 21:01 · **Storyteller** · note — *The Prince is late.*
- 21:02 · **Inês Valadares** · roll · Charisma 4 + Persuasion 1 · vs 3: **messy critical** (+2) — dice 10 7 3; hunger 10 2 — *the toast*
- 21:03 · **Vicente Lobo** · roll · Wits 4 + Insight 0 · vs 3 (secret): **bestial failure** — dice 6 4; hunger 1 7
- 21:04 · **Inês Valadares** · rouse · Rouse check: **fail** — dice 3
- 21:30 · **Storyteller** · session end

## Outcomes per character

| Character | Rolls | messy critical | bestial failure | fail |
|---|---:|---:|---:|---:|
| Inês Valadares | 2 | 1 | 0 | 1 |
| Vicente Lobo | 1 | 0 | 1 | 0 |
"""


async def test_export_markdown_from_the_screen(log_env):
    number = small_session(log_env)
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        assert screen.scope == number
        await pilot.press("e")
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert dialog.query_one("#export-path").value == str(default_path(log_env, number, "markdown"))
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        written = (log_env / "exports" / "session-0004.md").read_text(encoding="utf-8")
        for got, want in zip(written.splitlines(), EXPECTED_MARKDOWN.splitlines(), strict=True):
            assert got == want
        assert any("Recap written to" in n.message for n in app._notifications)


async def test_export_json_of_another_session_hiding_secrets(log_env):
    number = small_session(log_env)
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(pilot)
        await pilot.press("e")
        dialog = app.screen
        await pilot.press("right")  # the format: Markdown → JSON
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.format == "json"
        assert dialog.query_one("#export-path").value.endswith("session-0004.json")
        assert "For the players (hides every secret)" in str(dialog.query_one("#export-hide").label)
        dialog.query_one("#export-hide").value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        data = json.loads((log_env / "exports" / f"session-{number:04d}.json").read_text(encoding="utf-8"))
        assert data["session"]["number"] == number and data["session"]["title"] == "Night four"
        assert [e["id"] for e in data["entries"]][:4] == ["e1", "e2", "e3", "e4"]
        assert data["entries"][2]["difficulty"] is None  # the secret one, hidden for the players


async def test_a_session_that_does_not_exist_is_refused_in_the_dialog(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(pilot)
        await pilot.press("e")
        dialog = app.screen
        dialog.query_one("#export-session").value = "9"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        assert "session: there is no session 9 (the sessions are 1, 2, 3)" in str(
            dialog.query_one("#export-error").render())
        assert not (log_env / "exports").exists()


async def test_the_dialog_and_the_command_line_write_the_same_recap(log_env, tmp_path):
    """One recap for both doors (vtm_tui.play.recap): the file the dialog writes is the one ``log --export`` writes."""
    from vtm_tui.cli import main

    number = small_session(log_env)
    for fmt, hide in (("markdown", False), ("json", True)):
        cli_file = tmp_path / f"cli-{fmt}-{hide}"
        args = ["log", str(log_env), "--session", str(number), "--export", fmt, "--output", str(cli_file)]
        assert main(args + (["--hide-secret"] if hide else [])) == 0
        app = log_app(log_env)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_log(pilot)
            await pilot.press("e")
            dialog = app.screen
            if fmt == "json":
                await pilot.press("right", "enter")
            dialog.query_one("#export-hide").value = hide
            await pilot.pause()
            await pilot.press("ctrl+s")
            await settle(pilot)
        written = default_path(log_env, number, fmt).read_bytes()
        assert written == cli_file.read_bytes()
