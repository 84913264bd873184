"""The header says which session is running even when another login started or ended it: the log screen and a
player's seat hear ``chronicle.toml`` change and read it again (read only: an observer never writes it)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from test_log_support import log_app, log_env, open_log  # noqa: F401 - log_env is a fixture
from ui_support import make_app, until

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.widgets.header import VtmHeader

WHEN = datetime(2026, 11, 29, 21, 40, tzinfo=timezone.utc)


def _header(app) -> str:
    return app.screen.query_one(VtmHeader).describe()


async def test_the_log_screens_header_follows_a_session_started_and_ended_elsewhere(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_log(pilot)
        assert "session 3 (ended)" in _header(app)
        before = (log_env / "chronicle.toml").read_bytes()
        other = open_chronicle(log_env)  # the storyteller's other login, or `vtm-tui session PATH start`
        assert other.start_session(WHEN) == 4
        await until(pilot, lambda: "session 4 —" in _header(app))
        written = (log_env / "chronicle.toml").read_bytes()
        assert written != before
        other.end_session(WHEN)
        await until(pilot, lambda: "session 4 (ended)" in _header(app))
        assert app.chronicle_store.chronicle.current_session == 4
        assert not app.chronicle_store.chronicle.session_open


@pytest.fixture
def lisboa(campaigns: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    return campaigns / "lisboa-nocturna"


async def test_a_seats_header_follows_a_session_the_storyteller_started(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "session 3 (ended)" in _header(app)
        storyteller = open_chronicle(lisboa)
        assert storyteller.start_session(WHEN) == 4
        await until(pilot, lambda: "session 4 —" in _header(app))
        storyteller.end_session(WHEN)
        await until(pilot, lambda: "session 4 (ended)" in _header(app))


async def test_reading_the_chronicle_again_never_writes_it(lisboa: Path) -> None:
    """A hand-edited chronicle.toml (a comment, its own layout) read again by an observer stays byte for byte."""
    store = open_chronicle(lisboa)
    path = lisboa / "chronicle.toml"
    path.write_text("# kept by hand\n" + path.read_text().replace("current_session = 3", "current_session = 4"))
    text = path.read_bytes()
    assert store.reread_chronicle() is True
    assert store.chronicle.current_session == 4
    assert path.read_bytes() == text
    assert store.reread_chronicle() is False
