"""What every mode's screen (picker, coterie, conflict, log, player) shares: it is never restyled for nothing.

Textual 8.2 restyles a whole screen in three places where nothing about its styles changed, and on a 2-core
machine each cost 10-200 ms of the 100 ms budget for showing the log:

- a new screen has CSS generation -1, so ``switch_mode`` re-parsed the whole stylesheet and restyled every
  widget on the first two visits of each mode (the screen only catches up once mounted);
- its width class (``-narrow``/``-wide``) was first set on its first resize, restyling it again;
- every ``ScreenResume`` (each switch back, each closed dialog) restyles the screen in case the app changed
  while it was hidden.

A new screen is styled as it mounts with the stylesheet and variables of that moment, so it is current by
construction. A later theme change still restyles it (the app's CSS generation moves on), and a resume
still restyles it when the app's classes, focus or size changed while it was hidden.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.types import NoActiveAppError

from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.textual_compat import css_generation, mark_styles_current

ResultType = TypeVar("ResultType")


def _style_state(app: App[Any]) -> tuple[object, ...]:
    """What a hidden screen's styles depend on outside it."""
    return frozenset(app.classes), app.app_focus, app.size, css_generation(app)


class ModeScreen(VtmNode, Screen[ResultType]):
    """A screen shown by an app mode, styled once and restyled only when something changed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        try:
            app = self.app
        except NoActiveAppError:  # built outside a running app: Textual's defaults apply
            self._style_state: tuple[object, ...] | None = None
            return
        mark_styles_current(self, app)
        width = app.size.width
        reached = [name for threshold, name in sorted(app.HORIZONTAL_BREAKPOINTS) if threshold <= width]
        for _threshold, name in app.HORIZONTAL_BREAKPOINTS:
            self.set_class(bool(reached) and name == reached[-1], name, update=False)
        self._style_state = _style_state(app)

    def on_screen_suspend(self) -> None:
        self._style_state = _style_state(self.app)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Runs before Textual's own handler (the subclass comes first in the MRO): skip its restyle
        when nothing it depends on changed."""
        state = _style_state(self.app)
        if state == self._style_state:
            event.refresh_styles = False
        self._style_state = state
