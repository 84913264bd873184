"""Regenerate the experience and import screenshots in ``screenshots/`` (shown in README.md and docs/screenshots.md).

    python tools/screenshots_experience.py            # into screenshots/
    python tools/screenshots_experience.py --out DIR  # somewhere else

Like tools/screenshots.py: the real app under ``App.run_test`` at 80×24, on a temporary copy of the example
chronicles, seeded dice and a fixed clock; Duarte is given 30 experience first so there is something to spend.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vtm_tui.play import experience as xp  # noqa: E402
from vtm_tui.rules.dice import SeededDice  # noqa: E402
from vtm_tui.store.chronicle_store import open_chronicle  # noqa: E402
from vtm_tui.ui.app import VtmApp  # noqa: E402
from vtm_tui.ui.clock import fixed_clock  # noqa: E402
from vtm_tui.ui.widgets.sheet_view import SheetView  # noqa: E402

from screenshots import NOW, example_campaigns, out_folder, workspace  # noqa: E402

FIXTURE = ROOT / "tests" / "play" / "import_fixtures" / "wod5e-vampire.json"


async def shoot(campaigns: Path, out: Path, name: str, spend: bool = False, import_: bool = False) -> None:
    app = VtmApp(path=campaigns / "lisboa-nocturna", campaigns=campaigns, dice=SeededDice(7),
                 clock=fixed_clock(NOW), keymap={})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if import_:
            app.screen.action_import()
            await pilot.pause()
            await pilot.press(*"sebastiao.json", "enter")
        else:
            await pilot.press("tab")
            sheet = app.screen.query_one(SheetView)
            while sheet.cursor != "skills.Brawl":
                await pilot.press("j")
            await pilot.press("X")
            if spend:
                await pilot.press("enter")
                await pilot.pause()
                sheet.scroll_end(animate=False)
        await pilot.pause(0.2)
        app.save_screenshot(f"{name}.svg", path=str(out))
    print(out / f"{name}.svg")


def main(argv: list[str] | None = None) -> int:
    out = out_folder(__doc__, argv)
    with workspace() as work:
        shutil.copy(FIXTURE, work / "sebastiao.json")
        for name, kwargs in (("xp-spend", {}), ("xp-history", {"spend": True}), ("import", {"import_": True})):
            campaigns = example_campaigns(work / name)
            store = open_chronicle(campaigns / "lisboa-nocturna")
            xp.award(store, [store.character("Duarte")], 30, "the harbour job", now=NOW)
            asyncio.run(shoot(campaigns, out, name, **kwargs))
    return 0

if __name__ == "__main__":
    sys.exit(main())
