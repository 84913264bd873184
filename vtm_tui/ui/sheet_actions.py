"""The damage, heal, Hunger and stain keys shared by every screen that edits a sheet.

The storyteller's coterie screen and a player's seat both bind ``d``/``D``/``x``,
``h``, ``]``/``[`` and ``s``/``S`` to the same headless edits of :mod:`vtm_tui.play.sheet_edits`
(the ones ``vtm-tui sheet`` calls), saved and logged by the screen's
:class:`~vtm_tui.play.sheet_save.SheetKeeper`; the screens differ only in how an edit
is checked and announced (their own ``apply`` and ``say``), so the key actions live here once.

The keeper is built on its first use, not when the screen mounts: :mod:`vtm_tui.play` loads
every engine, and the first screen is painted before any of them (tests/ui/test_startup_deferred.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from vtm_tui.rules.ruleset import ruleset_for

if TYPE_CHECKING:
    from vtm_tui.model.character import Character
    from vtm_tui.play.sheet_edits import Edit
    from vtm_tui.play.sheet_save import SheetKeeper
    from vtm_tui.store.chronicle_store import ChronicleStore
    from vtm_tui.ui.app_base import VtmAppBase

#: The damage keys, lightest blow first: each marks what the rule set's ``sheet_edits().damage_severity`` says
#: (the track they act on when the cursor is on none is its ``sheet_damage_field``).
DAMAGE_KEYS = "dDx"


class SheetEditActions:
    """Key actions for a screen with a ``SheetView``, a ``selected_character``, ``apply`` and ``say``."""

    selected_character: Character | None
    app: VtmAppBase  # the screen's, typed by VtmNode
    _keeper: SheetKeeper | None = None
    _open_keeper: Callable[[], SheetKeeper] | None = None

    def apply(self, make: Callable[[Character], Edit]) -> None:  # provided by the screen
        raise NotImplementedError

    def say(self, text: str, *, error: bool = False) -> None:  # provided by the screen
        raise NotImplementedError

    def refused(self, error: Exception, retry: Callable[[], object]) -> None:
        """Say why a change was refused; a change after an ended session is asked about instead
        (:class:`~vtm_tui.play.sessions.SessionEnded`: ``s`` starts the next and runs ``retry``)."""
        from vtm_tui.play.sessions import SessionEnded

        if isinstance(error, SessionEnded):
            self.app.ask_next_session(error, retry)
        else:
            self.say(str(error), error=True)

    def open_keeper(self, store: ChronicleStore, clock: Callable[[], datetime],
                    on_session_started: Callable[[int], None] | None = None, *, player: bool = False) -> None:
        """Edits of ``store``'s characters go through a SheetKeeper, built when the first one needs it."""
        def build() -> SheetKeeper:
            from vtm_tui.play.sheet_save import SheetKeeper

            return SheetKeeper(store, clock, on_session_started, player=player)

        self._keeper, self._open_keeper = None, build

    @property
    def keeper(self) -> SheetKeeper | None:
        """The screen's SheetKeeper (None before a chronicle is open)."""
        if self._keeper is None and self._open_keeper is not None:
            self._keeper = self._open_keeper()
        return self._keeper

    def _track(self) -> str:
        """The track under the sheet's cursor, else the rule set's Health."""
        from vtm_tui.ui.widgets.sheet_view import SheetView

        sheet = self.query_one(SheetView)  # type: ignore[attr-defined]
        slot = sheet.focused_slot if self.focused is sheet else None  # type: ignore[attr-defined]
        character = self.selected_character
        if slot is not None and slot.kind in ("tracker", "count") and slot.field != "fate":
            return slot.field
        return ruleset_for(character.ruleset).sheet_damage_field if character else "health"

    def action_damage(self, key: str) -> None:
        from vtm_tui.play import sheet_edits

        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        field = self._track()
        severity = ruleset_for(character.ruleset).sheet_edits().damage_severity(field, DAMAGE_KEYS.index(key))
        self.apply(lambda c: sheet_edits.damage(c, field, severity))

    def action_heal(self) -> None:
        from vtm_tui.play import sheet_edits

        field = self._track()
        self.apply(lambda c: sheet_edits.heal(c, field))

    def action_hunger(self, delta: int) -> None:
        from vtm_tui.play import sheet_edits

        self.apply(lambda c: sheet_edits.hunger(c, delta))

    def action_stain(self, delta: int) -> None:
        from vtm_tui.play import sheet_edits

        self.apply(lambda c: sheet_edits.add_stain(c, delta))
