"""Roll dialogs kept between rolls: built once per character and kind, then opened again.

Composing the roll dialog (its form, trait list and exact odds) was most of what a roll cost its roller; a
server of many seats (docs/server.md) cannot afford it for every roll. :meth:`RollDialog.reopen` makes a kept
dialog new again; this module keeps them.
"""

from __future__ import annotations

from typing import Any

from textual.app import ScreenStackError

from vtm_tui.model.character import Character
from vtm_tui.ui.screens.roll_dialog import RollDialog


class RollDialogShelf:
    """Roll dialogs built once and opened again (:meth:`RollDialog.reopen`), a few characters' worth.

    Each is installed in the app (Textual then keeps a closed screen's widgets instead of removing them) under
    a name of its own; the least recently opened goes when more than :attr:`KEEP` are kept, and
    :meth:`clear` lets them all go (a seat's screen leaving, another chronicle opening)."""

    KEEP = 4

    def __init__(self, app: Any) -> None:
        self.app = app
        self._kept: dict[tuple[type, str, str], RollDialog] = {}

    def open(self, character: Character, kind: str = "test", make: type[RollDialog] = RollDialog) -> RollDialog:
        """A dialog to push for ``character``: the kept one made new again, else a new one (then kept)."""
        key = (make, character.name, kind)
        dialog = self._kept.pop(key, None)
        if dialog is not None and dialog.reopen(character):
            self._kept[key] = dialog  # most recently opened last
            return dialog
        if dialog is not None:
            self._drop(dialog)
        dialog = make(character, kind=kind)
        self.app.install_screen(dialog, f"roll-dialog-{id(dialog)}")
        self._kept[key] = dialog
        while len(self._kept) > self.KEEP:
            self._drop(self._kept.pop(next(iter(self._kept))))
        return dialog

    def _drop(self, dialog: RollDialog) -> None:
        try:
            self.app.uninstall_screen(dialog)
        except ScreenStackError:  # still open in another mode's stack (rare): it stays installed, forgotten here
            return
        if dialog.is_attached:
            dialog.remove()

    def clear(self) -> None:
        for dialog in self._kept.values():
            self._drop(dialog)
        self._kept.clear()
