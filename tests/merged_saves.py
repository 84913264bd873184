"""What the tests of merged saves share: an example chronicle copied with a session open, and "another login
saves first", which puts a second keeper's blood spend between this process's reading and its save (the order
made certain, no timing involved). Used by tests/play, tests/cli and tests/ui."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.store.chronicle_store import open_chronicle

EXAMPLES = Path(__file__).resolve().parents[1] / "campaigns"
NOW = datetime(2026, 11, 30, 22, 0, tzinfo=timezone.utc)


def copy_in_session(tmp_path: Path, name: str) -> Path:
    """The example ``name`` copied under ``tmp_path``, with a session open."""
    target = tmp_path / name
    shutil.copytree(EXAMPLES / name, target)
    store = open_chronicle(target)
    if not store.chronicle.session_open:
        store.start_session(NOW)
    return target


def another_login_saves_first(monkeypatch: pytest.MonkeyPatch, chronicle: Path, slug: str = "edwin") -> None:
    """Every :meth:`SheetKeeper.apply` from now on is preceded by another login's spend of one of ``slug``'s
    blood points (V20's Iron Vigil: Edwin, 9 → 8 the first time)."""
    apply = SheetKeeper.apply

    def another_login_first(self: SheetKeeper, before, edit):  # noqa: ANN001, ANN202
        other = SheetKeeper(open_chronicle(chronicle), self.clock)
        character = other.store.character(slug)
        apply(other, character, sheet_edits.hunger(character, 1))
        return apply(self, before, edit)

    monkeypatch.setattr(SheetKeeper, "apply", another_login_first)
