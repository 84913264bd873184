"""Characters in and out of the chronicle from the coterie: "Import character…" and "Export character".

A mixin of :class:`~vtm_tui.ui.screens.coterie.CoterieScreen`; the storyteller's only (a seat has no such
command). Importing and exporting themselves are headless (:mod:`vtm_tui.play.importing`,
:mod:`vtm_tui.play.exporting`), shared with ``vtm-tui import`` / ``export``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from vtm_tui.errors import VtmError
from vtm_tui.ui.app_base import VtmNode

if TYPE_CHECKING:
    from vtm_tui.model.character import Character


class TransferActions(VtmNode):
    """For a screen with ``selected_character``, ``characters``, ``say``, ``_show`` and a ``#filter`` field."""

    selected_character: Character | None
    characters: list[Character]

    def say(self, text: str, *, error: bool = False) -> None:  # provided by the screen
        raise NotImplementedError

    def _show(self, saved: Character) -> None:  # provided by the screen
        raise NotImplementedError

    def action_import(self) -> None:
        """The storyteller's "Import character…": a path field (never on a seat; the seat has no such command)."""
        from vtm_tui.ui.screens.import_dialog import ImportDialog

        store = self.app.chronicle_store
        if store is not None:
            self.app.push_screen(ImportDialog(store), self._imported)

    def action_export_character(self) -> None:
        """The selected character's printable sheet and JSON, into ``<chronicle>/exports/`` (never overwriting)."""
        from vtm_tui.play.exporting import export_files

        character, store = self.selected_character, self.app.chronicle_store
        if character is None or store is None:
            return self.say("No character selected.", error=True)
        try:
            written = export_files(character, store.chronicle, store.path / "exports")
        except (VtmError, OSError) as exc:
            return self.say(f"Could not export {character.name}: {exc}", error=True)
        self.say(f"Exported {character.name}: " + ", ".join(f"exports/{p.name}" for p in written))

    def _imported(self, name: str | None) -> None:
        if not name:
            return
        self.query_one("#filter", Input).value = ""
        saved = next((c for c in self.characters if c.name == name), None)
        if saved is not None:
            self._show(saved)
