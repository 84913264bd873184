"""Start-up: the first screen is painted once, outside Textual's start-up batch, without a second stylesheet
parse, and what can wait (the collector, the V5 engine's table, the other screens) waits."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

from ui_support import make_app
from textual.app import App
from textual.css.stylesheet import Stylesheet

from vtm_tui.ui.screens.coterie import CoterieScreen


async def test_the_first_screen_is_painted_outside_the_start_up_batch(campaigns, monkeypatch):
    """A frame painted inside Textual's start-up batch is dropped: the terminal waited for the next one."""
    batches: list[int] = []
    original = App._display

    def display(self, screen, renderable):
        if isinstance(screen, CoterieScreen) and renderable is not None:
            batches.append(self._batch_count)
        return original(self, screen, renderable)

    monkeypatch.setattr(App, "_display", display)
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    assert batches and batches[0] == 0


async def test_start_up_parses_the_stylesheet_once_in_the_vtm_theme(campaigns, monkeypatch):
    reparsed: list[int] = []
    original = Stylesheet.reparse

    def counting(self):
        reparsed.append(1)
        return original(self)

    monkeypatch.setattr(Stylesheet, "reparse", counting)
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert reparsed == []  # setting the theme in __init__ re-parsed everything once more
        assert app.theme == "vtm" and app.has_class("-theme-vtm") and app.has_class("-dark-mode")
        assert app.stylesheet._variables == app.get_css_variables()  # the vtm theme's, not textual-dark's


async def test_a_later_theme_change_goes_through_textual_and_back(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        assert app.has_class("-theme-textual-light", "-light-mode") and not app.has_class("-theme-vtm")
        app.theme = "vtm"  # ours stays on offer after the start
        await pilot.pause()
        assert app.has_class("-theme-vtm", "-dark-mode") and not app.has_class("-theme-textual-light")
        assert app.stylesheet._variables == app.get_css_variables()


async def test_returning_to_a_built_screen_is_not_held_back(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.switch_mode("log")  # first visit: Textual's 50 ms hold hides the screen being built
        assert app._batch_count == 1
        await pilot.pause(0.1)
        app.switch_mode("coterie")  # built: shown at once
        assert app._batch_count == 0


async def test_the_collector_is_back_on_after_the_first_paint(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    gc.disable()  # as ``vtm-tui`` starts the app
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()


ENGINE_CHILD = """
import asyncio, json, sys
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.widgets.sheet_view import SheetView

async def main():
    app = VtmApp(path=sys.argv[1], keymap={})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        sheet = str(app.screen.query_one(SheetView).sheet_layout.text)
    print(json.dumps("surge +" in sheet))

asyncio.run(main())
"""


def test_the_v5_engine_table_follows_the_first_sheet(campaigns, tmp_path):
    """In a fresh process (this one has the engine imported) the sheet is first drawn without the V5 engine,
    which a thread imports; the Blood Potency line fills in once it is there."""
    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", ENGINE_CHILD, str(campaigns / "lisboa-nocturna")],
                         capture_output=True, text=True, env=env, timeout=120, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) is True  # the Blood Potency line filled in


async def test_styling_the_first_screen_does_not_copy_the_themes_for_each_style(campaigns, monkeypatch):
    """Textual looks the current theme up for every colour it resolves; ours is answered at once
    (``VtmApp.get_theme``), where each lookup copied every theme into a new dict, 800 times a start."""
    from vtm_tui.ui.app import VtmApp

    copies: list[int] = []
    original = VtmApp.available_themes

    def counting(self):
        copies.append(1)
        return original.fget(self)

    monkeypatch.setattr(VtmApp, "available_themes", property(counting))
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert app.current_theme.name == "vtm"
    assert len(copies) < 20
