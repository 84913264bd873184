"""Regenerate the SVG screenshots in ``screenshots/`` (shown in README.md and docs/screenshots.md).

    python tools/screenshots.py            # all of them, into screenshots/
    python tools/screenshots.py --out DIR  # somewhere else

Each screenshot drives the real app with ``App.run_test`` at a fixed size, on a temporary copy of the
example chronicles, with seeded dice and a fixed clock, so running it twice gives the same files.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vtm_tui.rules.dice import SeededDice  # noqa: E402
from vtm_tui.ui.app import VtmApp  # noqa: E402
from vtm_tui.ui.clock import fixed_clock  # noqa: E402

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
Steps = Callable[[object], Awaitable[None]]


@dataclass(frozen=True)
class Shot:
    name: str  # file name without .svg
    title: str
    chronicle: str | None  # None: the picker
    size: tuple[int, int] = (100, 30)
    keys: tuple[str, ...] = ()
    until: str = field(default="")  # move the sheet cursor down to this slot first


#: The conflict tracker (2), driven by keys alone: participants added, a round begun, a contest rolled.
_V5_FIGHT = ("2", "a", "down", "space", *["down"] * 6, "space", "ctrl+s", "a", "tab", "tab", *"Ghoul", "tab", "2",
             "ctrl+s", "N", "c", "ctrl+r", "escape", "n")
_ALL_FOUR = ("2", "a", "space", "down", "space", "down", "space", "down", "space", "ctrl+s")
CONFLICT_SHOTS = (
    Shot("conflict-v5", "Conflict (V5)", "lisboa-nocturna", keys=_V5_FIGHT),
    Shot("conflict-v5-80x24", "Conflict at 80×24", "lisboa-nocturna", size=(80, 24), keys=_V5_FIGHT),
    Shot("conflict-contest", "Conflict: a contest rolled", "lisboa-nocturna", keys=(*_V5_FIGHT, "c", "ctrl+r")),
    Shot("conflict-v20", "Conflict (V20): initiative, split pools", "the-iron-vigil",
         keys=(*_ALL_FOUR, "N", "down", "m", "n", "n", "n", "n", "n")),
    Shot("conflict-ingenuity", "Conflict (Ingenuity): a surprise round", "lanterns-of-saltmarsh",
         keys=(*_ALL_FOUR, "down", "down", "down", "z", "c", "ctrl+r", "escape")),
)

SHOTS = (
    Shot("picker", "Chronicle picker", None),
    Shot("coterie-v5", "Coterie (V5)", "lisboa-nocturna", keys=("tab",)),
    Shot("coterie-v5-trackers", "Coterie (V5): blood and trackers", "lisboa-nocturna", until="willpower"),
    Shot("coterie-v20", "Coterie (V20)", "the-iron-vigil", keys=("tab",)),
    Shot("coterie-ingenuity", "Coterie (Ingenuity)", "lanterns-of-saltmarsh", keys=("tab",)),
    Shot("coterie-80x24", "Coterie at 80×24", "lisboa-nocturna", size=(80, 24), keys=("tab",)),
    Shot("help", "Help (?)", "lisboa-nocturna", size=(80, 24), keys=("tab", "question_mark")),
    Shot("blood", "Blood dialog (b): powers, mend, hunt, compulsions", "lisboa-nocturna", size=(80, 24), keys=("b",)),
    Shot("blood-hunt", "Hunting (b, Hunt)", "lisboa-nocturna", size=(80, 24), keys=("b", *["down"] * 5, "enter")),
    *CONFLICT_SHOTS,
)


async def take(shot: Shot, campaigns: Path, out: Path) -> Path:
    path = campaigns / shot.chronicle if shot.chronicle else None
    app = VtmApp(path=path, campaigns=campaigns, dice=SeededDice(7), clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=shot.size) as pilot:
        await pilot.pause()
        if shot.until:
            from vtm_tui.ui.widgets.sheet_view import SheetView

            await pilot.press("tab")
            sheet = app.screen.query_one(SheetView)
            while sheet.cursor != shot.until:
                await pilot.press("j")
        for key in shot.keys:
            await pilot.press(key)
        await pilot.pause(0.2)
        app.save_screenshot(f"{shot.name}.svg", path=str(out))
    return out / f"{shot.name}.svg"


def out_folder(description: str, argv: list[str] | None) -> Path:
    """The ``--out`` folder every screenshot tool takes (default ``screenshots/``), made and resolved."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"), help="folder for the SVG files")
    out = Path(parser.parse_args(argv).out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    return out


@contextmanager
def workspace() -> Iterator[Path]:
    """A temporary working folder, made the current one so paths on screen read ``campaigns/...``; no keymap
    or cache of the user's leaks into a screenshot."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        os.chdir(work)
        os.environ["VTM_TUI_KEYMAP"] = str(work / "no-keymap.toml")
        os.environ["VTM_TUI_CACHE"] = str(work / "cache")
        yield work


def example_campaigns(folder: Path) -> Path:
    """A fresh copy of the example chronicles in ``folder/campaigns`` (a screenshot never changes the originals)."""
    campaigns = folder / "campaigns"
    shutil.copytree(ROOT / "campaigns", campaigns, ignore=shutil.ignore_patterns(".*"))
    from vtm_tui.store.chronicle_store import open_chronicle

    for chronicle in sorted(p for p in campaigns.iterdir() if (p / "chronicle.toml").is_file()):
        store = open_chronicle(chronicle)
        if not store.chronicle.session_open:  # tonight's session, as a storyteller starts it before playing:
            store.start_session(NOW)  # a change after an ended session would be asked about first
    return campaigns


def main(argv: list[str] | None = None) -> int:
    out = out_folder(__doc__, argv)
    with workspace() as work:
        campaigns = example_campaigns(work)
        for shot in SHOTS:
            written = asyncio.run(take(shot, campaigns, out))
            print(f"{written}  {shot.title} {shot.size[0]}×{shot.size[1]}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
