"""Regenerate the log screen's SVG screenshots in ``screenshots/`` (beside ``tools/screenshots.py``).

    python tools/screenshots_log.py            # into screenshots/
    python tools/screenshots_log.py --out DIR  # somewhere else

On a temporary copy of Lisboa Nocturna, times shown in UTC, the history index in the temporary folder,
each shot waiting for the background workers, so running it twice gives the same files.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vtm_tui.rules.dice import SeededDice  # noqa: E402
from vtm_tui.ui.app import VtmApp  # noqa: E402
from vtm_tui.ui.clock import fixed_clock  # noqa: E402

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
#: (file name, size, session to show first or None for the current one, keys)
SHOTS = (
    ("log", (100, 30), None, ()),
    ("log-80x24", (80, 24), None, ()),
    ("log-filtered", (100, 30), None, ("a", "m")),
    ("log-detail", (100, 30), 1, ("home", "down", "down", "enter")),
    ("log-statistics", (100, 30), 1, ("t",)),
    ("log-sessions", (80, 24), None, ("s",)),
)


async def _settle(pilot) -> None:
    await pilot.pause()
    while any(not worker.is_finished for worker in pilot.app.workers):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause(0.1)


async def take(name: str, size: tuple[int, int], session: int | None, keys: tuple[str, ...], chronicle: Path,
               out: Path) -> Path:
    app = VtmApp(path=chronicle, dice=SeededDice(7), clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await _settle(pilot)
        if session is not None:
            app.screen.show_session(session)
            await _settle(pilot)
        for key in keys:
            await pilot.press(key)
            await _settle(pilot)
        app.save_screenshot(f"{name}.svg", path=str(out))
    return out / f"{name}.svg"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"), help="folder for the SVG files")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TZ"] = "UTC"
    time.tzset()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "campaigns" / "lisboa-nocturna", work / "campaigns" / "lisboa-nocturna")
        os.chdir(work)
        os.environ["VTM_TUI_KEYMAP"] = str(work / "no-keymap.toml")
        os.environ["VTM_TUI_CACHE"] = str(work / "cache")
        for name, size, session, keys in SHOTS:
            written = asyncio.run(take(name, size, session, keys, work / "campaigns" / "lisboa-nocturna", out))
            print(f"{written}  {size[0]}×{size[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
