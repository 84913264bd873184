"""A player who answers the storyteller's request with another pool (``+ 5``) is logged and shown as such.

Before, the answer's entry held only the player's pool: nothing told the storyteller that the pool asked for
was changed (issue 27). Now the entry keeps the asked pool (``asked_pool``), the storyteller's log line says
``changed ·``, its detail names the pool asked, and ``vtm-tui log`` prints it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from vtm_tui.cli import main
from vtm_tui.model.asked import changed_from
from vtm_tui.review.detail import detail_rows
from vtm_tui.review.lines import format_entry
from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.requests import ask_for_roll, request_entry
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.app import VtmApp

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


def chronicle_with_a_request(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLE, folder)
    open_chronicle(folder).start_session()
    ask_for_roll(folder, request_entry(session=4, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness",
                                       difficulty=3, secret=False, prompt="the door"))
    return folder


async def answer(folder: Path, pool_typed: str | None) -> None:
    """Marta's seat: ``a``, the pool changed (or not), Enter."""
    app = VtmApp(folder, dice=SeededDice(1), player="Marta", keymap={})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.poll()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        if pool_typed is not None:
            pool = app.screen.query_one("#request-pool")
            pool.value = pool_typed
            await pilot.pause()
        app.screen.query_one("#request-pool").focus()
        await pilot.press("enter")
        await pilot.pause()


def answer_entry(folder: Path):
    entries = read_session(folder, 4, recover=False).entries
    return next(entry for entry in entries if entry.kind == "roll" and entry.ref)


async def test_a_pool_changed_from_the_request_is_logged_and_shown_as_changed(tmp_path, monkeypatch, capsys):
    folder = chronicle_with_a_request(tmp_path, monkeypatch)
    await answer(folder, "Wits + Awareness + 5")
    entry = answer_entry(folder)
    assert entry.pool == "Wits 3 + Awareness 2 + 5" and changed_from(entry) == "Wits + Awareness"
    assert format_entry(entry).what.startswith("changed · ")
    assert ("Asked", "Wits + Awareness (the storyteller's request; this pool was changed)") in [
        (row.label, row.value) for row in detail_rows(entry)]
    assert main(["log", str(folder), "--session", "4"]) == 0
    out = capsys.readouterr().out
    assert "(changed from the pool asked: Wits + Awareness)" in out
    app = VtmApp(folder, dice=SeededDice(1), keymap={})  # the storyteller's log screen
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        text = "\n".join("".join(segment.text for segment in strip) for strip in strips)
        assert "changed · Wits 3" in text  # said first, where the column's width cuts nothing of it


async def test_the_pool_asked_for_as_the_player_types_it_is_not_a_change(tmp_path, monkeypatch, capsys):
    """``wits+awareness`` is the pool asked for: the same dice from the sheet, no mark."""
    folder = chronicle_with_a_request(tmp_path, monkeypatch)
    await answer(folder, "wits+awareness")
    entry = answer_entry(folder)
    assert changed_from(entry) == "" and not format_entry(entry).what.startswith("changed")
    assert main(["log", str(folder), "--session", "4"]) == 0
    assert "changed from" not in capsys.readouterr().out
