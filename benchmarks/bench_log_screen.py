"""The log screen against its budget (docs/architecture.md, issue 7), on 100,000 entries over 300 sessions.

- Newest entries shown: from pressing ``3`` to the log screen drawn with the
  current session (headless app, 100×30, app CPU time): under 100 ms, on the
  first visit (Textual builds the screen) and on later ones; beside it, what
  Textual itself takes to show the coterie again, and the headless part alone
  (read the newest entries, format a screenful).
- A combined filter over all sessions (a character, messy results, a word) once
  the index is built, as the screen runs it (sync check + query): under 300 ms.
  All sessions unfiltered: the newest rows the screen shows first (under 100 ms),
  and the whole list that replaces them (for information).
- Scrolling all history: one screenful of index rows read from their files and
  formatted, under one 60 Hz frame (16 ms).
- Keys during the first index build: from an arrow key reaching the app to the
  line under the moved cursor drawn, median while the index is built in the
  background (budget 100 ms), next to the same key with nothing in the
  background. Pilot's waits for the app to go idle are not counted: they measure
  the background work, not the wait a storyteller sees.
- Resident memory of the app showing all 100,000 entries (measured in a
  subprocess, ``ru_maxrss``): under 200 MB.

The chronicle comes from :mod:`benchmarks.synthetic`; everything is written in
temporary folders and the index in a temporary cache. ``quick`` uses 2,000
entries over 10 sessions.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from textual import events

from benchmarks.figure import Figure, best_ms
from benchmarks.synthetic import build_chronicle
from vtm_tui.ui.screens.log import FIRST_PAINT

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def _chronicle(entries: int, sessions: int):
    with tempfile.TemporaryDirectory(prefix="vtm-bench-log-") as tmp:
        folder = Path(tmp) / "chronicle"
        build_chronicle(folder, entries=entries, sessions=sessions)
        old = os.environ.get("VTM_TUI_CACHE")
        os.environ["VTM_TUI_CACHE"] = str(Path(tmp) / "cache")
        try:
            yield folder
        finally:
            if old is None:
                os.environ.pop("VTM_TUI_CACHE", None)
            else:
                os.environ["VTM_TUI_CACHE"] = old


def _newest_cpu(folder: Path) -> float:
    from vtm_tui.review.lines import format_entry
    from vtm_tui.review.source import SessionTail
    from vtm_tui.store.session_log import session_numbers

    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        tail = SessionTail(folder, session_numbers(folder)[-1])
        for entry in tail.load_recent(FIRST_PAINT)[-30:]:
            format_entry(entry)
        best = min(best, time.process_time() - start)
    return best * 1000


def _filters(folder: Path, repeat: int) -> tuple[float, float, int, int, float]:
    from vtm_tui.review.filters import MESSY_RESULTS, LogFilter
    from vtm_tui.review.source import history_rows
    from vtm_tui.store.index import sync_index

    sync_index(folder)
    actor = history_rows(folder, LogFilter(), sessions=[1])[0][1].actor or "Ana Reyes"
    combined = LogFilter().with_actor(actor).with_results(*MESSY_RESULTS).with_text("the")
    found = len(history_rows(folder, combined)[0])
    every = len(history_rows(folder, LogFilter())[0])
    return (best_ms(lambda: history_rows(folder, combined), repeat), best_ms(lambda: history_rows(folder, LogFilter()), 3),
            found, every, best_ms(lambda: history_rows(folder, LogFilter(), newest=FIRST_PAINT), repeat))


def _screenful(folder: Path) -> float:
    from vtm_tui.review.filters import LogFilter
    from vtm_tui.review.lines import format_entry
    from vtm_tui.review.source import EntryCache, history_rows

    rows = history_rows(folder, LogFilter())[0]
    worst = 0.0
    for start in range(0, len(rows) - 30, max(1, len(rows) // 20)):  # 20 cold pages across history
        cache = EntryCache(folder)
        begin = time.process_time()
        for entry in cache.get_many(rows[start:start + 30]):
            if entry is not None:
                format_entry(entry, with_date=True)
        worst = max(worst, time.process_time() - begin)
    return worst * 1000


async def _app_figures(folder: Path, cold: bool, repeat: int) -> tuple[float, ...]:
    """Milliseconds: wall and CPU from pressing 3 to the log's first line drawn (median of ``repeat`` fresh
    screens); slowest and median key answered while the first index build runs; wall and CPU of a return
    to the screen already built.

    "Drawn" is a frame handed to the terminal (Textual's ``post_display_hook``, called after each one), not a
    method of the view: how the view paints its lines (formatted, or reused as painted) is its own business.
    """
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.screens.log import LogScreen

    first: list[tuple[float, float]] = []  # the first frame with the log's rows on it, since cleared
    cursor_drawn: list[float] = []  # the first frame with the cursor moved by the key, since cleared
    cursor_before = [-1]

    def frame_shown() -> None:  # the app's post_display_hook
        try:
            screen = app.screen
        except Exception:  # no screen any more: the app is closing
            return
        if not isinstance(screen, LogScreen) or not screen.view.rows:
            return
        if not first:
            first.append((time.perf_counter(), time.process_time()))
        if not cursor_drawn and screen.view.cursor != cursor_before[0]:
            cursor_drawn.append(time.perf_counter())

    async def key_latency(key: str) -> float:
        """Milliseconds from the key reaching the app to the frame with the moved cursor handed to the
        terminal: what the storyteller waits for (Pilot's own waits for idleness are not counted)."""
        screen = app.screen
        assert isinstance(screen, LogScreen)
        cursor_before[0] = screen.view.cursor
        cursor_drawn.clear()
        event = events.Key(key, None)
        event.set_sender(app)
        begin = time.perf_counter()
        app.post_message(event)  # as the terminal driver delivers a key
        for _ in range(5000):  # at most 5 s
            if cursor_drawn:
                break
            await asyncio.sleep(0.001)
        assert cursor_drawn, f"{key} was never answered"
        latency = (cursor_drawn[0] - begin) * 1000
        await pilot.pause()
        return latency

    walls, cpus, keys = [], [], []
    back_walls: list[float] = []
    back_cpus: list[float] = []
    idle_keys: list[float] = []
    coterie_cpus: list[float] = []
    app = VtmApp(path=folder, keymap={})
    app.post_display_hook = frame_shown  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.5)
        for attempt in range(repeat):
            first.clear()
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press("3")
            for _ in range(10_000):  # at most 10 s
                if first:
                    break
                await asyncio.sleep(0.001)
            assert first, "the log was never drawn"
            walls.append((first[0][0] - wall) * 1000)
            cpus.append((first[0][1] - cpu) * 1000)
            screen = app.screen
            assert isinstance(screen, LogScreen) and screen.view.rows
            if cold and attempt == 0:
                for _ in range(60):
                    if all(w.is_finished for w in app.workers):
                        break
                    keys.append(await key_latency("up"))
            await app.workers.wait_for_complete()
            await pilot.press("1")
            await pilot.pause()
            await asyncio.sleep(0.2)
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press("3")  # back to the screen already built: what every later visit costs
            await pilot.pause()  # drawn again from what it painted before
            back_walls.append((time.perf_counter() - wall) * 1000)
            back_cpus.append((time.process_time() - cpu) * 1000)
            if attempt == 0:
                await pilot.press("end")
                for _ in range(10):  # the same keys with nothing in the background: the baseline
                    idle_keys.append(await key_latency("up"))
            await pilot.press("1")
            await pilot.pause()
            await asyncio.sleep(0.2)
            await pilot.press("2")
            await pilot.pause()
            await asyncio.sleep(0.2)
            cpu = time.process_time()
            await pilot.press("1")  # baseline: back to the coterie, a screen built before
            await pilot.pause()
            coterie_cpus.append((time.process_time() - cpu) * 1000)
            app.remove_mode("log")  # the next 3 builds a fresh screen (the app reads the session again)
            app.add_mode("log", app.MODES["log"])
            await asyncio.sleep(0.2)
    return (statistics.median(walls), statistics.median(cpus), max(keys, default=0.0),
            statistics.median(keys) if keys else 0.0, statistics.median(back_walls), statistics.median(back_cpus),
            statistics.median(idle_keys), statistics.median(coterie_cpus))


MEMORY_SCRIPT = """
import asyncio, resource, sys
from vtm_tui.ui.app import VtmApp

async def main():
    app = VtmApp(path=sys.argv[1], keymap={})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await app.workers.wait_for_complete()
        await pilot.press("a")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        for _ in range(10):
            await pilot.press("pageup")
        print(len(screen.view.rows), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)

asyncio.run(main())
"""


def _memory(folder: Path) -> tuple[int, float]:
    out = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(folder)], capture_output=True, text=True,
                         check=True, cwd=ROOT, env=os.environ.copy())
    rows, kilobytes = out.stdout.split()[-2:]
    return int(rows), int(kilobytes) / 1024


def _load() -> str:
    return "load average %.1f on %d cores" % (os.getloadavg()[0], os.cpu_count() or 1)


def figures(quick: bool) -> list[Figure]:
    entries, sessions = (2_000, 10) if quick else (100_000, 300)
    size = f"{entries:,} entries"
    result: list[Figure] = []
    with _chronicle(entries, sessions) as folder:
        wall, cpu, key_max, key_median, back_wall, back_cpu, idle_key, coterie_cpu = asyncio.run(
            _app_figures(folder, cold=True, repeat=2 if quick else 5))
        result.append(Figure(f"log: press 3, screen built, newest drawn, CPU ({size})", cpu, "ms", 100.0,
                             "first visit: Textual builds the screen; app CPU time, median"))
        result.append(Figure("log: press 3, screen built, newest drawn, wall", wall, "ms", None, _load()))
        result.append(Figure("log: press 3 again, newest drawn, CPU", back_cpu, "ms", 100.0,
                             f"every later visit; wall {back_wall:.0f} ms"))
        result.append(Figure("baseline: press 1 back to the coterie, CPU", coterie_cpu, "ms", None,
                             "Textual's own cost of showing a built screen again, for comparison"))
        result.append(Figure("log: key answered during first index build, median", key_median, "ms", 100.0,
                             f"slowest {key_max:.0f} ms; the build runs in a child process"))
        result.append(Figure("log: key answered with nothing in the background, median", idle_key, "ms", None,
                             "the same key (up) after the build, for comparison"))
        result.append(Figure(f"log: newest {FIRST_PAINT} entries read + 30 lines formatted, CPU",
                             _newest_cpu(folder), "ms", None))
        combined, every, found, total, newest = _filters(folder, 3 if quick else 5)
        result.append(Figure(f"log: combined filter, all sessions ({size})", combined, "ms", 300.0,
                             f"character + messy results + a word: {found} rows; sync check included"))
        result.append(Figure(f"log: all sessions, newest {FIRST_PAINT} listed first ({size})", newest, "ms", 100.0,
                             "what the screen shows before the whole list"))
        result.append(Figure(f"log: all history unfiltered ({size})", every, "ms", None,
                             f"{total:,} rows listed, in a worker after the newest"))
        result.append(Figure("log: one screenful of history read + drawn, CPU", _screenful(folder), "ms", 16.0,
                             "30 rows read at their offsets and formatted, worst of 20 cold pages"))
        rows, megabytes = _memory(folder)
        result.append(Figure(f"log: resident memory, all {rows:,} entries listed", megabytes, "MB", 200.0,
                             "ru_maxrss of the app in a subprocess"))
    return result


if __name__ == "__main__":
    for figure in figures("--quick" in sys.argv):
        print(figure.line(), flush=True)
