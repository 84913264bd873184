"""Small messages that travel up between screens (attributes go down, messages go up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from vtm_tui.model.character import Character


class CharacterChanged(Message):
    """A character's sheet changed (and was saved) somewhere else, e.g. in the roll dialog.

    ``character`` is the sheet as saved, or None to have the coterie screen reload every sheet from the store.
    Post it to the app or to the coterie screen; the coterie screen shows the new state.
    """

    def __init__(self, character: Character | None = None) -> None:
        super().__init__()
        self.character = character
