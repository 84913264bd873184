"""Regenerate the roll dialog's SVG screenshots in ``screenshots/`` (beside ``tools/screenshots.py``).

    python tools/screenshots_roll.py            # into screenshots/
    python tools/screenshots_roll.py --out DIR  # somewhere else

Inês Valadares rolls Wits + Awareness against Difficulty 3 on a temporary copy of the example chronicle,
with given dice (a messy critical) and a fixed clock, so running it twice gives the same files.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vtm_tui.rules.dice import GivenFaces  # noqa: E402
from vtm_tui.ui.app import VtmApp  # noqa: E402
from vtm_tui.ui.clock import fixed_clock  # noqa: E402

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
#: (file name, size, keys after the dialog opened: "" = before rolling)
SHOTS = (
    ("roll-odds", (100, 30), ()),
    ("roll-messy-critical", (100, 30), ("right", "enter")),
    ("roll-80x24", (80, 24), ("right", "enter")),
)


async def take(name: str, size: tuple[int, int], keys: tuple[str, ...], chronicle: Path, out: Path) -> Path:
    dice = GivenFaces({"regular": [10, 7, 3], "hunger": [10, 4]})
    app = VtmApp(path=chronicle, dice=dice, clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("down", "r")
        await pilot.pause()
        pool = app.screen.query_one("#pool")
        pool.value = "wits + aw"
        pool.cursor_position = len(pool.value)
        pool.cursor_blink = False
        app.screen.query_one("#difficulty").value = "3"
        await pilot.pause(0.3)
        for key in keys:
            await pilot.press(key)
        await pilot.pause(0.2)
        app.save_screenshot(f"{name}.svg", path=str(out))
    return out / f"{name}.svg"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"), help="folder for the SVG files")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        chronicle = Path(tmp) / "lisboa-nocturna"
        shutil.copytree(ROOT / "campaigns" / "lisboa-nocturna", chronicle)
        from vtm_tui.store.chronicle_store import open_chronicle

        open_chronicle(chronicle).start_session(NOW)  # tonight's session: the example's last one has ended
        for name, size, keys in SHOTS:
            print(asyncio.run(take(name, size, keys, chronicle, out)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
