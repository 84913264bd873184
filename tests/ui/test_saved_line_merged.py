"""The coterie's and a seat's "Saved · …" line says what the save did when another login's save was merged in
between (the log entry says so too: tests/play/test_sheet_save_merged.py), not the values the screen had read."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from ui_support import EXAMPLES, screen_text

from tests.merged_saves import another_login_saves_first

from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.ui.screens.player import PlayerScreen

NOW = fixed_clock(datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc))


@pytest.fixture
def vigil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The V20 example with a session open, and another login that spends one of Edwin's blood points just
    before this app's save of any edit (the order made certain, no timing involved)."""
    chronicle = tmp_path / "vigil"
    shutil.copytree(EXAMPLES / "the-iron-vigil", chronicle)
    open_chronicle(chronicle).start_session(datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc))
    another_login_saves_first(monkeypatch, chronicle)  # 9 → 8
    return chronicle


@pytest.mark.parametrize("player", [None, "Priya"])
async def test_saved_says_blood_eight_to_seven(vigil: Path, player: str | None) -> None:
    app = VtmApp(path=vigil, dice=SeededDice(1), clock=NOW, keymap={}, player=player)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(10):
            if app.screen.selected_character.name == "Edwin Hallam":
                break
            await pilot.press("c" if isinstance(app.screen, PlayerScreen) else "down")
            await pilot.pause()
        await pilot.press("right_square_bracket")  # spends a blood point
        await pilot.pause()
        text = screen_text(app)
    assert "blood 8 → 7" in text and "blood 9 → 8" not in text
    assert open_chronicle(vigil).character("edwin").sheet.blood == 7
