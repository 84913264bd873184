"""Fixtures for the app's Pilot and snapshot tests: copies of the example chronicles, and async tests run
without a plugin. Tests never write into the repository. The helpers they import live in ui_support.py."""

from __future__ import annotations

import asyncio
import inspect
import shutil
from pathlib import Path

import pytest
from ui_support import EXAMPLE_NAMES, EXAMPLES, no_polling, start_tonights_session


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run ``async def`` tests (Pilot) in a fresh event loop; no asyncio plugin is needed."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**arguments))
    return True


@pytest.fixture
def campaigns(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the example chronicles in tmp_path/campaigns; the working folder is tmp_path.

    Every example's last session has ended, so the app asks "Start session 4 for this change?" before a
    storyteller's change. A test marked ``tonights_session`` (one about something else: a sheet key, the ledger,
    a roll) gets each copy with its next session started, as the storyteller starts tonight's before anyone acts
    (:func:`ui_support.start_tonights_session`); the question itself is tested in
    tests/adversarial/test_session_question.py."""
    target = tmp_path / "campaigns"
    target.mkdir()
    for name in EXAMPLE_NAMES:
        shutil.copytree(EXAMPLES / name, target / name)
        if request.node.get_closest_marker("tonights_session") is not None:
            start_tonights_session(target / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VTM_TUI_CAMPAIGNS", raising=False)
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    return target


no_polling()


@pytest.fixture(autouse=True)
def _steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text cursor that never blinks: Textual turns it on and off on a 0.5 s timer, so a snapshot taken on a busy
    machine, where a screen took longer than that to settle, caught it hidden. The timer's tick does nothing here;
    focus still shows the cursor and leaving the field hides it."""
    from textual.widgets import Input, TextArea

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)


@pytest.fixture
def lisboa_in_session(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lisboa with session 3 open, its own cache folder: a player's seat never opens a session, so a seat's roll
    or edit needs one open (tests/adversarial/test_sessions.py)."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    path = campaigns / "lisboa-nocturna"
    chronicle = path / "chronicle.toml"
    chronicle.write_text(chronicle.read_text(encoding="utf-8").replace("session_open = false", "session_open = true"),
                         encoding="utf-8")
    return path
