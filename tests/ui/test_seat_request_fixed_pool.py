"""The seat's request dialog asks the kind's declaration whether its pool is fixed (``KindSpec.fixed_pool``).

Before, it kept its own list (``("rouse", "check", "remorse")``) beside the roll dialog's, and a Frenzy request
offered a Pool field the roll then ignored (a Frenzy test's pool is Willpower + Humanity // 3, as the roll
dialog shows it). Now both dialogs read one declaration: a fixed pool is greyed out and the faces field is first.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input

from vtm_tui.rules.dice import SeededDice
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.requests import ask_for_roll, request_entry
from vtm_tui.ui.app import VtmApp

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


@pytest.mark.parametrize(("kind", "pool", "fixed"), [("frenzy", "", True), ("rouse", "", True),
                                                      ("test", "Wits + Awareness", False)])
async def test_a_fixed_pool_is_greyed_and_the_faces_come_first(tmp_path: Path, monkeypatch, kind: str, pool: str,
                                                               fixed: bool) -> None:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLE, folder)
    open_chronicle(folder).start_session()
    ask_for_roll(folder, request_entry(session=4, ruleset="v5", actor="Inês Valadares", pool=pool, roll_kind=kind,
                                       difficulty=None))
    app = VtmApp(folder, dice=SeededDice(1), player="Marta", keymap={})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.poll()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        pool_field = app.screen.query_one("#request-pool", Input)
        assert pool_field.disabled is fixed
        assert app.focused is app.screen.query_one("#request-faces" if fixed else "#request-pool", Input)
