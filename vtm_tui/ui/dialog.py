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
