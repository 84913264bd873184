"""Fixtures for the app's Pilot and snapshot tests: copies of the example chronicles, a fixed clock,
seeded dice, and no user keymap. Tests never write into the repository."""

from __future__ import annotations

import asyncio
import inspect
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.rules.dice import SeededDice
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"
EXAMPLE_NAMES = ("lisboa-nocturna", "the-iron-vigil", "lanterns-of-saltmarsh")
FIXED_NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run ``async def`` tests (Pilot) in a fresh event loop; no asyncio plugin is needed."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**arguments))
    return True


@pytest.fixture
def campaigns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the example chronicles in tmp_path/campaigns; the working folder is tmp_path."""
    target = tmp_path / "campaigns"
    target.mkdir()
    for name in EXAMPLE_NAMES:
        shutil.copytree(EXAMPLES / name, target / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VTM_TUI_CAMPAIGNS", raising=False)
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    return target


def no_polling() -> None:
    """Tests decide when the disk is looked at (a poll racing a keypress would make them flaky)."""
    from vtm_tui.ui.screens.coterie import CoterieScreen

    CoterieScreen.POLL_SECONDS = None


no_polling()


def make_app(path: Path | str | None = None, campaigns: Path | None = None, **kwargs) -> VtmApp:
    """The app as the tests run it: seeded dice, a fixed clock, no user keymap."""
    kwargs.setdefault("keymap", {})
    return VtmApp(path=path, campaigns=campaigns, dice=SeededDice(7), clock=fixed_clock(FIXED_NOW), **kwargs)


def screen_text(app: VtmApp) -> str:
    """Everything on the screen as plain text (for asserting on what a person would read)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def character_file(chronicle: Path, slug: str) -> dict:
    """A character file as the store wrote it."""
    import tomllib

    return tomllib.loads((chronicle / "characters" / f"{slug}.toml").read_text(encoding="utf-8"))


def log_entries(chronicle: Path, session: int) -> list[dict]:
    """The [[entry]] blocks of ``session`` and every later session, in order.

    The examples' last sessions have ended, so a change made in a test opens the next
    session (entries never go after a session's end); reading on from the example's
    last session sees the entries the test's actions appended.
    """
    import tomllib

    found: list[dict] = []
    path = chronicle / "sessions" / f"{session:04d}.toml"
    while path.is_file():
        found.extend(tomllib.loads(path.read_text(encoding="utf-8")).get("entry", []))
        session += 1
        path = chronicle / "sessions" / f"{session:04d}.toml"
    return found


def sheet_text(app) -> str:
    """The whole drawn sheet, scrolled into view or not."""
    from vtm_tui.ui.widgets.sheet_view import SheetView

    layout = app.screen.query_one(SheetView).sheet_layout
    return layout.text.plain if layout is not None else ""
