"""Regenerate the creation, sheet-editor and quick-character screenshots (README.md, docs/screenshots.md).

    python tools/screenshots_create.py            # into screenshots/
    python tools/screenshots_create.py --out DIR  # somewhere else

Like tools/screenshots.py: the real app under ``App.run_test`` at 80×24, on a temporary copy of the example
chronicles, seeded dice and a fixed clock, driven by the same keys a storyteller presses.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vtm_tui.rules.dice import SeededDice  # noqa: E402
from vtm_tui.ui.app import VtmApp  # noqa: E402
from vtm_tui.ui.clock import fixed_clock  # noqa: E402

from screenshots import NOW, example_campaigns, out_folder, workspace  # noqa: E402

#: Screenshot name → the keys pressed on the coterie of Lisboa Nocturna before it is taken.
SHOTS: dict[str, tuple[str, ...]] = {
    "create-v5": ("c", *"Ana Luz", "pagedown", "pagedown", "down", "enter", "down", "enter",
                  *[key for dots in "4333222" for key in (dots, "down")]),
    "sheet-editor": ("ctrl+e", "ctrl+u", *"Sommelier", "pagedown", "5", "down", "4"),
    "sheet-editor-powers": ("ctrl+e", *["pagedown"] * 5, *"Cel", "right", "enter"),
    "quick-character": ("A", "down", "down"),
}


async def shoot(campaigns: Path, out: Path, name: str, keys: tuple[str, ...]) -> None:
    app = VtmApp(path=campaigns / "lisboa-nocturna", campaigns=campaigns, dice=SeededDice(7),
                 clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause(0.2)
        app.save_screenshot(f"{name}.svg", path=str(out))
    print(out / f"{name}.svg")


def main(argv: list[str] | None = None) -> int:
    out = out_folder(__doc__, argv)
    with workspace() as work:
        for name, keys in SHOTS.items():
            asyncio.run(shoot(example_campaigns(work / name), out, name, keys))
    return 0

if __name__ == "__main__":
    sys.exit(main())
