"""How the app starts fast and switches screens without waiting: the work around Textual 8.2's start-up.

Kept apart from the app's own logic (modes, the open chronicle, app-wide keys) because every piece here
answers a measured cost (``python -m benchmarks startup``, ``log_screen``) and leans on how Textual 8.2
behaves inside; upgrading Textual means checking this module (``tests/ui/test_startup.py`` fails when a
cost comes back).
"""

from __future__ import annotations

import gc
import importlib
from functools import partial
from typing import TYPE_CHECKING

from textual.app import App

if TYPE_CHECKING:
    from textual.widget import AwaitMount

#: What the warm-up imports after the first paint, in the order a storyteller or a player reaches it.
WARM_STORYTELLER = ("vtm_tui.ui.screens.coterie", "vtm_tui.ui.screens.roll_dialog", "vtm_tui.ui.screens.log",
                    "vtm_tui.ui.screens.conflict")
WARM_PLAYER = ("vtm_tui.ui.screens.player", "vtm_tui.ui.screens.roll_dialog")


def import_quietly(modules: tuple[str, ...]) -> None:
    """Import ``modules``; a failure is left for the screen that needs the module to report."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the real import raises it again, where it can be shown
            return
    gc.freeze()  # as after start-up: long-lived, kept out of the collector's scans


class FastStart(App[None]):
    """Mixed into the app: the theme without a second parse, no paint held back for nothing, and what can
    wait (the collector, the other screens' imports) after the first paint."""

    _painted = False  # the first screen has been shown
    _hold_paint = True  # see switch_mode
    player: str | None

    def _start_in_theme(self, name: str) -> None:
        """Start in theme ``name`` without Textual's theme watcher.

        The watcher re-parses the whole stylesheet and restyles every widget (15-35 ms), which before the
        first screen is the first parse done twice. Nothing is parsed or styled yet, so the stylesheet's
        variables and the app's theme classes are all that must follow; later theme changes (the command
        palette) go through the watcher as usual.
        """
        self.set_reactive(App.theme, name)
        theme = self.current_theme
        classes = {old: False for old in self.classes if old.startswith("-theme-")}
        classes.update({f"-theme-{theme.name}": True, "-dark-mode": theme.dark, "-light-mode": not theme.dark})
        self.update_classes(classes, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)
        self.stylesheet.set_variables(self.get_css_variables())

    def _after_first_paint(self) -> None:
        self._painted = True
        self._freeze_startup_objects()
        self._warm_up()

    def switch_mode(self, mode: str) -> AwaitMount:
        """Switch modes without holding back the paint when there is nothing to hide.

        Textual holds every paint back 50 ms on a switch so that a screen still being built is not seen
        half done. A screen already built (every visit but the first) has nothing to hide, and neither
        has the first screen at start-up (nothing is shown yet): there the hold only delayed what the
        storyteller asked for, and at start-up it dropped the first frame (about 90 ms later on screen).
        """
        self._hold_paint = self._painted and mode not in self._screen_stacks
        try:
            return super().switch_mode(mode)
        finally:
            self._hold_paint = True

    def delay_update(self, delay: float = 0.05) -> None:
        if self._hold_paint:
            super().delay_update(delay)

    def _warm_up(self) -> None:
        """After the first paint, import in a thread what the other screens need.

        The log screen's modules (the review layer, the SQLite index) take about 80 ms to import and the
        conflict screen's about 250 ms; imported on the key press they alone broke the 100 ms budget for
        showing the log. A thread keeps the screen answering keys while it runs (the GIL is handed back
        every few milliseconds); a screen opened before it is done simply waits for that module.
        """
        modules = WARM_PLAYER if self.player is not None else WARM_STORYTELLER
        self.run_worker(partial(import_quietly, modules), thread=True, group="warm-up", exit_on_error=False)

    @staticmethod
    def _freeze_startup_objects() -> None:
        """Move what start-up built (Textual, the screens, the sheets) out of the garbage collector's
        sight: it lives as long as the app, and scanning it again and again put 1-6 ms collector
        pauses at random into key presses, enough to miss the 16 ms roll budget.

        No ``gc.collect()`` first: it took about 110 ms here, holding the interpreter while Textual's
        writer thread still had the first frame to send, so the terminal showed it that much later.
        The few thousand cyclic leftovers of start-up it would free are frozen instead (well under 1 MB).
        """
        gc.freeze()
        gc.enable()  # the command line turned it off for start-up (vtm_tui.cli.run_app)
