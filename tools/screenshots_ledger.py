"""Regenerate the ledger's SVG screenshots in ``screenshots/`` (beside ``tools/screenshots.py``).

    python tools/screenshots_ledger.py            # into screenshots/
    python tools/screenshots_ledger.py --out DIR  # somewhere else

On a temporary copy of Lisboa Nocturna with the ledger of :data:`LEDGER` (fixed ids, so running it twice gives
the same files); the snapshot tests (``tests/ui/test_snapshots_ledger.py``) use the same scene.
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

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
LEDGER = '''schema_version = 1

[[boons]]
id = "boon-0001"
debtor = "Duarte Moniz"
creditor = "Dona Amália Corte-Real"
size = "major"
note = "For the docks at Alcântara: she kept the Sheriff away the night the warehouse burned."

[[boons]]
id = "boon-0002"
debtor = "Frei Anselmo"
creditor = "Inês Valadares"
size = "minor"
called_in = true

[[boons]]
id = "boon-0003"
debtor = "Dona Amália Corte-Real"
creditor = "Vicente Lobo"
size = "blood"
secret = true
note = "Nobody at court knows the Prince's seneschal owes the Nosferatu this much."

[[bonds]]
id = "bond-0001"
thrall = "Rita Calado"
regnant = "Dona Amália Corte-Real"
steps = 2
note = "Rita does not know the second drink was in the wine."
secret = true

[[domains]]
id = "dom-0001"
name = "Alfama"
holder = "the coterie"
chasse = 3
lien = 2
portillon = 1
masquerade_threat = 2
note = "Fado houses and tourists; the Second Inquisition watches the Sé."

[[domains]]
id = "dom-0002"
name = "Cais do Sodré"
holder = "Vicente Lobo"
chasse = 4
lien = 1
portillon = 2
masquerade_threat = 3

[[relationships]]
id = "rel-0001"
who = "Inês Valadares"
whom = "Filipe Valadares"
relation = "brother, Touchstone"

[[relationships]]
id = "rel-0002"
who = "Leonor \\"Nora\\" Aires"
whom = "Padre Amaro"
relation = "owes her life"

[[timeline]]
id = "night-0001"
when = "1 October 2026"
event = "The coterie is presented at Elysium."
session = 1

[[timeline]]
id = "night-0002"
when = "3 October 2026"
event = "Fire at the Alcântara warehouse."
session = 3
'''
#: (file name, size, keys pressed on the ledger screen)
SHOTS = (
    ("ledger", (100, 30), ()),
    ("ledger-80x24", (80, 24), ()),
    ("ledger-domains", (100, 30), ("right", "right")),
    ("ledger-edit", (100, 30), ("enter",)),
    ("ledger-player", (100, 30), ()),
    ("note-dialog", (80, 24), ("ctrl+n", *"The Elysium", "tab", "right")),
)


def write_scene(chronicle: Path) -> None:
    """Give ``chronicle`` the example ledger."""
    (chronicle / "ledger.toml").write_text(LEDGER, encoding="utf-8")


async def take(name: str, size: tuple[int, int], keys: tuple[str, ...], chronicle: Path, out: Path) -> Path:
    from vtm_tui.rules.dice import SeededDice
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.clock import fixed_clock
    from vtm_tui.ui.screens.ledger import LedgerScreen

    LedgerScreen.POLL_SECONDS = None
    player = "Marta" if name == "ledger-player" else None
    app = VtmApp(path=chronicle, dice=SeededDice(7), clock=fixed_clock(NOW), keymap={}, player=player)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        await pilot.press(*[{" ": "space"}.get(k, k) for k in keys])
        await pilot.pause(0.2)
        target = out / f"{name}.svg"
        app.save_screenshot(filename=target.name, path=str(out))
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ["VTM_TUI_CACHE"] = str(Path(tmp) / "cache")
        for name, size, keys in SHOTS:
            chronicle = Path(tmp) / name
            shutil.copytree(ROOT / "campaigns" / "lisboa-nocturna", chronicle)
            write_scene(chronicle)
            print(asyncio.run(take(name, size, keys, chronicle, out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
