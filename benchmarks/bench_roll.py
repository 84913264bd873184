"""Key press to roll shown and durably logged: under one 60 Hz frame (16 ms) of app time (docs/architecture.md).

Measured on a temporary copy of the V5 example chronicle:

- the play layer alone: a keystroke's work (request + exact odds), and a roll made, applied, appended with
  fsync and its sheet saved (a failed Rouse check, the case that writes both);
- opening the dialog's default pool from a session of 2,000 logged rolls (read from the end);
- the dialog in the app (Pilot): Enter in the pool field → the result widget updated and the entry on disk,
  timed inside the app (the key's handler, rolling, logging with fsync, updating the widgets) and, for
  information, the whole Pilot round trip (which also waits for the screen to settle).
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.figure import Figure, median_seconds
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play import apply, make_request, odds, perform
from vtm_tui.play.defaults import find_last_pool
from vtm_tui.play.record import Recorder
from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import append_entry

ROOT = Path(__file__).resolve().parents[1]
BUDGET_MS = 16.0
KEYSTROKE_MS = 5.0
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def _copy(tmp: Path) -> Path:
    target = tmp / "lisboa-nocturna"
    shutil.copytree(ROOT / "campaigns" / "lisboa-nocturna", target)
    return target


def _play_figures(path: Path, repeat: int) -> list[Figure]:
    store = open_chronicle(path)
    ines = store.character("ines")
    difficulties = iter(range(10**9))

    def keystroke() -> None:
        request = make_request(ines, "Wits + Awareness + 2", difficulty=str(next(difficulties) % 8))
        odds(request)

    keystroke_ms = median_seconds(keystroke, repeat=repeat, number=50) * 1000
    recorder = Recorder(store, lambda: NOW)
    dice = SeededDice(3)

    def roll_and_log() -> None:
        character = store.character("ines")
        request = make_request(character, "Wits + Awareness", difficulty="3")
        applied = apply(character, request, perform(request, dice), session=recorder.session(), now=NOW)
        recorder.record(applied, character)

    def rouse_and_save() -> None:
        character = store.character("ines")
        character.sheet.hunger = 1  # so the Rouse may fail and the sheet is saved as well as logged
        request = make_request(character, kind="rouse")
        applied = apply(character, request, perform(request, dice), session=recorder.session(), now=NOW)
        recorder.record(applied, character)

    roll_ms = median_seconds(roll_and_log, repeat=repeat, number=5) * 1000
    rouse_ms = median_seconds(rouse_and_save, repeat=repeat, number=5) * 1000
    return [
        Figure("roll: keystroke (request + exact odds)", keystroke_ms, "ms", KEYSTROKE_MS),
        Figure("roll: play layer roll + apply + log (fsync)", roll_ms, "ms", BUDGET_MS),
        Figure("roll: play layer Rouse + log + sheet save", rouse_ms, "ms", BUDGET_MS),
    ]


def _last_pool_figure(path: Path, repeat: int) -> Figure:
    store = open_chronicle(path)
    session = store.chronicle.current_session
    for i in range(2000):
        append_entry(path, LogEntry.new("roll", session=session, ruleset="v5", now=NOW, actor="Zé Pescada",
                                        pool=f"Charisma 3 + Streetwise {i % 5}", result="win", margin=1,
                                        roll={"faces": [7, 7, 3]}))
    ms = median_seconds(lambda: find_last_pool(path, session, "Inês Valadares"), repeat=repeat) * 1000
    return Figure("roll: default pool past 2,000 entries", ms, "ms", BUDGET_MS,
                  note="the character's last roll lies behind all of them")


async def _dialog_ms(path: Path, rolls: int) -> tuple[float, float]:
    """(app time, Pilot round trip) in ms, medians: app time = the key's handler + the layout and paint after it.

    The frame timer's wait between the handler and the paint is not app work, so it is left out. A layout
    paints at its end: it is timed whole (arranging, rendering and painting), not only the paint inside it.
    """
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.clock import fixed_clock
    from vtm_tui.ui.screens.roll_dialog import RollDialog
    from vtm_tui.ui.widgets.roll_result import RollResult

    samples: list[float] = []
    pending: list[float] = []  # app work since the key, while the result is not painted yet
    in_layout = [False]
    painted = [False]  # the result was painted by the layout's own paint
    original_roll = RollDialog.roll
    original_layout = RollDialog._refresh_layout
    original_paint = RollDialog._compositor_refresh

    def timed_roll(self: RollDialog) -> None:
        start = time.perf_counter()
        original_roll(self)
        pending[:] = [time.perf_counter() - start]

    def timed_layout(self: RollDialog, *args: object, **kwargs: object) -> None:
        # A layout ends with its own paint: the whole of it (arranging, rendering, painting) is counted.
        start = time.perf_counter()
        in_layout[0] = True
        try:
            original_layout(self, *args, **kwargs)
        finally:
            in_layout[0] = False
        if pending:
            pending.append(time.perf_counter() - start)
            if painted[0]:
                samples.append(sum(pending))
                pending.clear()
        painted[0] = False

    def timed_paint(self: RollDialog) -> None:
        if in_layout[0]:  # timed as part of the layout around it
            original_paint(self)
            painted[0] = bool(pending)
            return
        start = time.perf_counter()
        original_paint(self)
        if pending:
            samples.append(sum(pending) + time.perf_counter() - start)
            pending.clear()

    RollDialog.roll = timed_roll  # type: ignore[method-assign]
    RollDialog._refresh_layout = timed_layout  # type: ignore[method-assign]
    RollDialog._compositor_refresh = timed_paint  # type: ignore[method-assign]
    round_trips: list[float] = []
    try:
        app = VtmApp(path=path, dice=SeededDice(5), clock=fixed_clock(NOW), keymap={})
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(rolls):
                await pilot.press("r")
                await pilot.pause()
                start = time.perf_counter()
                await pilot.press("enter")
                await pilot.pause()
                round_trips.append(time.perf_counter() - start)
                assert app.screen.query_one(RollResult).display
                await pilot.press("escape")
                await pilot.pause()
    finally:
        RollDialog.roll = original_roll  # type: ignore[method-assign]
        RollDialog._refresh_layout = original_layout  # type: ignore[method-assign]
        RollDialog._compositor_refresh = original_paint  # type: ignore[method-assign]
    samples.sort()
    round_trips.sort()
    return samples[len(samples) // 2] * 1000, round_trips[len(round_trips) // 2] * 1000


def figures(quick: bool) -> list[Figure]:
    repeat = 2 if quick else 9
    with tempfile.TemporaryDirectory() as tmp:
        path = _copy(Path(tmp))
        out = _play_figures(path, repeat)
        out.append(_last_pool_figure(path, repeat))
        inside, round_trip = asyncio.run(_dialog_ms(path, 2 if quick else 15))
        out.append(Figure("roll dialog: Enter → result painted + logged (app)", inside, "ms", BUDGET_MS))
        out.append(Figure("roll dialog: Enter via Pilot round trip", round_trip, "ms", None,
                          note="includes Pilot waiting for the screen to settle"))
    return out
