"""How the app starts fast and switches screens without waiting: the work around Textual 8.2's start-up.

Kept apart from the app's own logic (modes, the open chronicle, app-wide keys) because every piece here
answers a measured cost (``python -m benchmarks startup``, ``log_screen``) and leans on how Textual 8.2
behaves inside; upgrading Textual means checking this module (``tests/ui/test_startup.py`` fails when a
cost comes back).
"""

from __future__ import annotations

import gc
import importlib
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

if TYPE_CHECKING:
    from textual.widget import AwaitMount

#: What the warm-up imports after the first paint, in the order a storyteller or a player reaches it.
WARM_STORYTELLER = ("vtm_tui.ui.screens.coterie", "vtm_tui.ui.screens.roll_dialog", "vtm_tui.ui.screens.log",
                    "vtm_tui.ui.screens.conflict")
WARM_PLAYER = ("vtm_tui.ui.screens.player", "vtm_tui.ui.screens.roll_dialog")
#: The interpreter's thread switch interval (seconds) until the first frame is out; see FastStart.hurry_first_frame.
FIRST_FRAME_SWITCH = 0.0005


def import_quietly(modules: tuple[str, ...]) -> None:
    """Import ``modules``; a failure is left for the screen that needs the module to report."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the real import raises it again, where it can be shown
            return
    gc.freeze()  # as after start-up: long-lived, kept out of the collector's scans


class FastStart(App[None]):
    """Mixed into the app: no paint held back for nothing, and what can wait (the collector, the other
    screens' imports) after the first paint."""

    _painted = False  # the first screen has been shown
    _hold_paint = True  # see switch_mode
    _later_css_read = False  # see read_later_css
    _switch_interval: float | None = None  # the interpreter's own, while hurry_first_frame changed it
    player: str | None
    #: The other screens' stylesheets (paths under ``vtm_tui/ui/``): not parsed before the first paint.
    LATER_CSS: tuple[str, ...] = ()

    def hurry_first_frame(self) -> None:
        """Let Textual's writer thread send the first frame as soon as it has it.

        The frame goes to the terminal from a thread, which needs the interpreter lock; the app's own thread
        goes on at once (the sheet is drawn, its module imported) and gives the lock up only every switch
        interval, 5 ms: the frame reached the terminal 5 ms after it was made. Until the first paint the
        interval is :data:`FIRST_FRAME_SWITCH`; no other thread wants the lock then (the input thread waits
        in ``select``), so it costs nothing else."""
        if self._switch_interval is None:
            self._switch_interval = sys.getswitchinterval()
            sys.setswitchinterval(FIRST_FRAME_SWITCH)

    def _restore_switch_interval(self) -> None:
        if self._switch_interval is not None:
            sys.setswitchinterval(self._switch_interval)
            self._switch_interval = None

    def on_unmount(self) -> None:
        self._restore_switch_interval()  # an app ended before its first paint (Textual calls each class's handler)

    def _after_first_paint(self) -> None:
        self._painted = True
        self._restore_switch_interval()
        self.read_later_css()
        self._freeze_startup_objects()
        self._warm_up()

    def read_later_css(self) -> None:
        """Add :attr:`LATER_CSS` to the stylesheet (once): after the first paint, or before another screen,
        whichever comes first. Parsing every screen's styles before the first paint was start-up time spent
        on screens not shown yet."""
        if self._later_css_read:
            return
        self._later_css_read = True
        folder = Path(__file__).parent
        later = [folder / name for name in self.LATER_CSS if folder / name not in self.css_path]
        self.css_path.extend(later)  # where Textual's own re-reads (``--dev`` CSS watching) look
        self.stylesheet.read_all(later)
        self.stylesheet.parse()  # now: a style lookup must not meet the new sources half read

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        self.read_later_css()
        return super().push_screen(*args, **kwargs)

    def mode_built(self, mode: str) -> bool:
        """Whether ``mode``'s screen has been built (it has a screen stack: it was shown at least once)."""
        try:
            self.get_screen_stack(mode)
        except KeyError:
            return False
        return True

    def switch_mode(self, mode: str) -> AwaitMount:
        """Switch modes without holding back the paint when there is nothing to hide.

        Textual holds every paint back 50 ms on a switch so that a screen still being built is not seen
        half done. A screen already built (every visit but the first) has nothing to hide, and neither
        has the first screen at start-up (nothing is shown yet): there the hold only delayed what the
        storyteller asked for, and at start-up it dropped the first frame (about 90 ms later on screen).
        """
        if self.current_mode != self.DEFAULT_MODE:  # any mode but the first screen's needs every style
            self.read_later_css()
        if not self._painted:  # the first screen comes through here
            self.hurry_first_frame()
        self._hold_paint = self._painted and not self.mode_built(mode)
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
