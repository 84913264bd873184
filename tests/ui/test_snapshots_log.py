"""SVG snapshots of the log screen: the live session, a filtered view of all sessions, statistics, a detail.

A fixed clock, seeded dice, times shown in UTC, copies of the examples (Lisboa Nocturna), the history index
in tmp_path; each snapshot waits for the background index so no progress bar is caught half-way. Update
after an intended change with ``pytest tests/ui/test_snapshots_log.py --snapshot-update`` and look at the
report before committing.
"""

from __future__ import annotations

import pytest
from test_log_support import log_app, log_env, settle  # noqa: F401 - log_env is a fixture

SIZES = [(100, 30), (80, 24)]


def _keys(*keys: str, session: int | None = None):
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("3")
        await settle(pilot)
        if session is not None:
            pilot.app.screen.show_session(session)
            await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_log(snap_compare, log_env, size):
    assert snap_compare(log_app(log_env), terminal_size=size, run_before=_keys())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_log_filtered(snap_compare, log_env, size):
    assert snap_compare(log_app(log_env), terminal_size=size, run_before=_keys("a", "m", "tab"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_log_statistics(snap_compare, log_env, size):
    assert snap_compare(log_app(log_env), terminal_size=size, run_before=_keys("t", session=1))


def test_log_detail(snap_compare, log_env):
    assert snap_compare(log_app(log_env), terminal_size=(80, 24),
                        run_before=_keys("home", "down", "down", "enter", session=1))
