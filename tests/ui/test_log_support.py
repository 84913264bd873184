"""Shared set-up of the log screen's tests (no tests here): UTC display, a private index cache, helpers."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from ui_support import make_app

from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.screens.log import LogScreen


@pytest.fixture
def log_env(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example chronicles, times shown in UTC, the history index in tmp_path; returns Lisboa Nocturna."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    yield campaigns / "lisboa-nocturna"
    monkeypatch.delenv("TZ")
    time.tzset()


def log_app(folder: Path) -> VtmApp:
    return make_app(folder)


async def open_log(pilot) -> LogScreen:
    """Press 3 and wait until the log screen has read its session and the index has been built."""
    await pilot.pause()
    await pilot.press("3")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LogScreen)
    return screen


async def settle(pilot, rounds: int = 50) -> None:
    """Let background workers (the index, a history query) finish and their results land."""
    await pilot.pause()
    for _ in range(rounds):
        busy = [w for w in pilot.app.workers if not w.is_finished]
        if not busy:
            break
        await pilot.app.workers.wait_for_complete(busy)
        await pilot.pause()
    await pilot.pause()


def shown_ids(screen: LogScreen) -> list[str]:
    return [row.id for row in screen.view.rows]
