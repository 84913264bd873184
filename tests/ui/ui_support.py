"""What the app's tests share: the example chronicles, a fixed clock, the app as tests build it, and ways to
read what it drew and wrote.

A module of its own, not conftest.py: ``from conftest import …`` picks whichever conftest module was
imported first, so running ``pytest tests/review tests/ui`` failed to collect (the review's has fixtures
only). ``conftest.py`` keeps the fixtures and the async test hook.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.rules.dice import SeededDice
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock

EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"
EXAMPLE_NAMES = ("lisboa-nocturna", "the-iron-vigil", "lanterns-of-saltmarsh")
FIXED_NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def no_polling() -> None:
    """Tests decide when the disk is looked at (a poll racing a keypress would make them flaky)."""
    from vtm_tui.ui.screens.coterie import CoterieScreen

    CoterieScreen.POLL_SECONDS = None



async def until(pilot, condition, within: float = 120.0) -> None:
    """Let the app run until ``condition()`` holds: a file watcher's notice comes from another thread, at a
    moment no pause can name. Fails after ``within`` seconds: a bound for a broken build, not a measure, so it is
    long (a passing test returns the moment the condition holds; a busy machine must not fail it)."""
    import asyncio
    import time

    limit = time.monotonic() + within
    await pilot.pause()
    while not condition():
        assert time.monotonic() < limit, "the app never showed the change"
        await asyncio.sleep(0.005)
        await pilot.pause()


def start_tonights_session(chronicle: Path) -> int:
    """Start the chronicle's next session, as the storyteller does at the table before anyone acts ("Start
    session"; every example's last session has ended): a test of something else then acts in an open session
    and is never asked "Start session 4 for this change?". Started at :data:`FIXED_NOW`, the app's clock in
    the tests. Returns the session's number."""
    from vtm_tui.store.chronicle_store import open_chronicle

    return open_chronicle(chronicle).start_session(FIXED_NOW)


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

    The examples' last sessions have ended, so a test's changes go to the next session (started by the test's
    set-up, or by answering the app's question); reading on from the example's last session sees the entries
    the test's actions appended.
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


async def press_together(pilot, *keys: str) -> None:
    """Send keys the way a burst arrives (SSH, typeahead): all queued before the app handles any of them.

    ``pilot.press`` waits for the app to go idle after each key, which hides what a burst loses.
    """
    from textual import events

    app = pilot.app
    for key in keys:
        char = " " if key == "space" else (key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()
