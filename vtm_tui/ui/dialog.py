"""The one base of every modal dialog: a typed ``self.app`` and one stylesheet (``dialog.tcss``).

The stylesheet is the dialogs' default CSS, not a file in the app's ``CSS_PATH``: a dialog's own default CSS
then wins over it where both set something (Textual ranks a subclass's default CSS above its base's, and any
app stylesheet above all default CSS), so each dialog keeps only what differs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from textual.screen import ModalScreen

from vtm_tui.ui.app_base import VtmNode

ResultType = TypeVar("ResultType")


class VtmDialog(VtmNode, ModalScreen[ResultType]):
    """A modal dialog over the dimmed screen: its box (a ``Vertical`` or ``VerticalScroll``) in the middle."""

    DEFAULT_CSS = Path(__file__).with_name("dialog.tcss").read_text(encoding="utf-8")
    #: Keys typed while the dialog is being built wait for it (:mod:`vtm_tui.ui.key_hold`) until it is ready.
    HOLDS_KEYS_UNTIL_READY = True

    def on_screen_resume(self) -> None:
        """Shown (new, or opened again): ready for keys once the focus its opening asked for has landed. Textual
        defers a ``focus()`` to the app's queue, so the word goes through that queue too, behind it (Textual
        calls this after the dialog's own ``on_mount``)."""
        self.app.call_later(self.app.key_hold.ready, self)
