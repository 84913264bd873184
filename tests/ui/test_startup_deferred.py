"""What start-up leaves until after the first paint stays left: checked by what a fresh process has imported
and read when the first screen is painted (timed tests are not allowed; ``python -m benchmarks startup``
measures the time), and by what the deferred work still does once it runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from textual.app import App
from ui_support import make_app, sheet_text, until

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.app import VtmApp
from vtm_tui.ui.screens.coterie import CoterieScreen

FIRST_PAINT_CHILD = """
import asyncio, dataclasses, json, sys
from textual.app import App
from vtm_tui.ui.app import VtmApp

seen = {}
original = App._display

def display(self, screen, renderable):
    if not seen and screen.children:
        seen["modules"] = sorted(sys.modules)
        seen["css"] = sorted(path for path, _var in self.stylesheet.source if path.endswith(".tcss"))
        seen["screen"] = type(screen).__name__
        seen["dataclasses"] = sorted(f"{name}.{key}" for name, module in list(sys.modules.items())
                                     if name.startswith("vtm_tui") for key, value in vars(module).items()
                                     if isinstance(value, type) and dataclasses.is_dataclass(value)
                                     and value.__module__ == name)
    return original(self, screen, renderable)

App._display = display

async def main():
    app = VtmApp(path=sys.argv[1], player=sys.argv[2] or None)  # the keymap file is read, as by vtm-tui
    async with app.run_test(size=(80, 24)) as pilot:
        while not seen:
            await asyncio.sleep(0.001)
        await pilot.pause()
        await app.workers.wait_for_complete()
        seen["css_after"] = sorted(path for path, _var in app.stylesheet.source if path.endswith(".tcss"))
    print(json.dumps(seen))

asyncio.run(main())
"""

#: Imported by nothing the first screen shows; each cost start-up time when it was (see docs/architecture.md).
NOT_BEFORE_THE_FIRST_PAINT = (
    "importlib.metadata",  # textual.__version__ (20-50 ms with email and zipfile)
    "hashlib", "_hashlib",  # OpenSSL's library, for a few short digests (vtm_tui.model.digest has them)
    "inotify_simple",  # the chronicle watcher (ctypes, 30 ms)
    "argparse",  # only the command line needs it
    "vtm_tui.play", "vtm_tui.review", "vtm_tui.conflict", "vtm_tui.commands",
    "vtm_tui.rules.v20", "vtm_tui.rules.ingenuity",  # the other rule sets' engines
    "vtm_tui.rules.v5.rolling", "vtm_tui.rules.v5.exact_odds",  # the V5 dice engine and odds
    "vtm_tui.rules.v5.reroll", "vtm_tui.rules.v5.turn_order", "vtm_tui.rules.v5.results",  # named like functions
    "vtm_tui.ui.screens.roll_dialog", "vtm_tui.ui.screens.log", "vtm_tui.ui.screens.conflict",
    "vtm_tui.model.character_v20", "vtm_tui.model.character_ingenuity",  # a V5 chronicle reads V5 sheets only
    "vtm_tui.model.conflict", "vtm_tui.model.log_entry", "vtm_tui.store.sheet_merge",  # a change's, a save's
    "vtm_tui.ui.keymap",  # the user's keymap file
    "vtm_tui.ui.widgets.sheet_layout",  # the sheet's drawing: comes with sheet_<id>.py, drawn after the paint
    "vtm_tui.store.seats", "vtm_tui.ui.widgets.seats_view",  # this app's seat and everyone else's
    "vtm_tui.store.watch", "vtm_tui.ui.chronicle_watch",  # the watcher, started after the paint
    "tomli_w",  # writing TOML: opening a chronicle only reads
    "tomllib",  # reading TOML: every sheet of a chronicle opened before is in the parsed-sheet cache
    # The facets' Protocols and the data they take: loaded with the facet that is first asked for, not with RuleSet.
    "vtm_tui.rules.roll_play", "vtm_tui.rules.roll_request", "vtm_tui.rules.roll_views", "vtm_tui.rules.logged",
    "vtm_tui.rules.command_line", "vtm_tui.rules.conflict_round",
    # What guided creation and quick characters read (seven frozen dataclasses: the dearest module to import).
    "vtm_tui.rules.sheet_spec", "vtm_tui.rules.v5.creation", "vtm_tui.rules.v5.templates",
    # Catalogues, each a frozen dataclass and a table of it: asked for by forms and the drawn sheet, and by a sheet
    # read from its text, never by one from the sheet cache (5 M instructions each before the paint).
    "vtm_tui.rules.v5.catalogue", "vtm_tui.rules.catalogue.v5_powers",
)


#: Dataclasses of ours defined before the first paint. Defining one compiles its methods (Python 3.11): 2-4 M
#: instructions each, frozen ones the most; the footer's keys and the sheet's slots are named tuples for that. The
#: model's (Character, V5Sheet…) are what the first screen reads; the catalogues' wait for the sheet's drawing.
MAX_DATACLASSES = 7


def _first_paint(chronicle: Path, tmp_path: Path, player: str = "") -> dict:
    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache"), "VTM_TUI_KEYMAP": str(tmp_path / "keymap.toml")}
    out = subprocess.run([sys.executable, "-c", FIRST_PAINT_CHILD, str(chronicle), player],
                         capture_output=True, text=True, env=env, timeout=120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_first_screen_is_painted_before_what_it_does_not_need(campaigns, tmp_path):
    _first_paint(campaigns / "lisboa-nocturna", tmp_path)  # fills the caches (parsed sheets and styles)
    seen = _first_paint(campaigns / "lisboa-nocturna", tmp_path)  # as every later start finds them
    assert seen["screen"] == "CoterieScreen"
    modules = set(seen["modules"])
    loaded = [name for name in NOT_BEFORE_THE_FIRST_PAINT if name in modules]
    assert loaded == []
    assert [Path(path).name for path in seen["css"]] == ["app.tcss"]  # the other screens' styles come later
    assert len(seen["dataclasses"]) <= MAX_DATACLASSES, seen["dataclasses"]
    later = {Path(path).name for path in seen["css_after"]}
    assert {Path(name).name for name in VtmApp.LATER_CSS} <= later


def test_a_players_first_screen_has_its_styles_at_the_first_paint(campaigns, tmp_path):
    seen = _first_paint(campaigns / "lisboa-nocturna", tmp_path, player="Marta")
    assert seen["screen"] == "PlayerScreen"
    assert sorted(Path(path).name for path in seen["css"]) == ["app.tcss", "player.tcss"]


async def test_a_screen_pushed_before_the_first_paint_has_its_styles(campaigns, monkeypatch):
    monkeypatch.setattr(VtmApp, "_after_first_paint", lambda self: None)  # as if the first paint were still to come
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not any(path.endswith("roll_dialog.tcss") for path, _ in app.stylesheet.source)
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RollDialog"
        assert any(path.endswith("roll_dialog.tcss") for path, _ in app.stylesheet.source)
        box = app.screen.query_one("#roll-box")
        assert box.styles.border_top[0] != ""  # roll_dialog.tcss draws the box's border


async def test_a_sheet_saved_before_the_watcher_starts_is_shown(campaigns, monkeypatch):
    """The watcher starts after the first paint; what another login saved in between is still found."""
    monkeypatch.setattr(CoterieScreen, "POLL_SECONDS", 3600.0)  # no timer: only the watcher and that first look
    chronicle = campaigns / "lisboa-nocturna"
    original = CoterieScreen._follow

    def save_first(self, folder):
        other = open_chronicle(chronicle)
        theirs = other.character("Duarte Moniz")
        theirs.notes = "Saved while the first screen was drawn."
        other.save_character(theirs)
        original(self, folder)

    monkeypatch.setattr(CoterieScreen, "_follow", save_first)
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Saved while the first screen was drawn." in sheet_text(app))
        assert app.screen._following is not None


async def test_the_seat_is_taken_once_the_first_screen_is_up(campaigns, monkeypatch):
    """``set_store`` holds the seat back until the first paint; then this app sits, as the storyteller."""
    from vtm_tui.store.seats import list_seats

    chronicle = campaigns / "lisboa-nocturna"
    at_paint: list[object] = []
    original = VtmApp._after_first_paint

    def after_first_paint(self):
        at_paint.append(self.seat_keeper.seat)
        original(self)

    monkeypatch.setattr(VtmApp, "_after_first_paint", after_first_paint)
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.seat_keeper.seat is not None)
        assert at_paint == [None]
        assert [(seat.role, seat.pid) for seat in list_seats(chronicle)] == [("storyteller", os.getpid())]


def test_the_first_paint_probe_sees_a_painted_screen():
    """The child above hooks ``App._display``, Textual's private paint; a rename would make it see nothing."""
    assert callable(getattr(App, "_display", None))


async def test_the_keymap_file_still_applies_once_the_first_screen_is_up(campaigns, tmp_path, monkeypatch):
    keymap = tmp_path / "my-keymap.toml"
    keymap.write_text('"app.log" = "l"\n')
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(keymap))
    app = make_app(campaigns / "lisboa-nocturna", keymap=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("l")
        assert app.current_mode == "log"


async def test_the_first_frame_is_not_held_for_a_thread_switch(campaigns, monkeypatch):
    """Textual's writer thread sends a frame; until the first one is out the app's thread hands the interpreter
    lock over within half a millisecond (it went on drawing the sheet for 5 ms, the default switch interval,
    while the frame waited). After the first paint the interval is the interpreter's own again."""
    import sys

    before = sys.getswitchinterval()
    at_paint: list[float] = []
    original = App._display

    def display(self, screen, renderable):
        if not at_paint and screen.children:
            at_paint.append(sys.getswitchinterval())
        return original(self, screen, renderable)

    monkeypatch.setattr(App, "_display", display)
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app._painted)
        assert at_paint and at_paint[0] < before / 5
        assert sys.getswitchinterval() == before
    assert sys.getswitchinterval() == before
