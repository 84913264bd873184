"""A roll dialog opened again: built once per character and kind, made new at each opening.

A mixin of :class:`~vtm_tui.ui.screens.roll_dialog.RollDialog` (kept by
:mod:`~vtm_tui.ui.screens.roll_shelf`). Composing, styling and laying out the dialog was most of what a
roll cost its roller; opened again, the form is reset to what a new dialog would show and the screen
keeps the styles it has (docs/server.md).
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox, Input, Select

from vtm_tui.model.character import Character
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.textual_compat import css_generation
from vtm_tui.ui.widgets.roll_form import FORM_KEYS, RollForm


class Reopening(VtmNode):
    """``reopen`` for the roll dialog; the dialog provides the state it resets (see RollDialog)."""

    character: Character | None
    kind: str
    mode: str
    form: Any  # the RollForm
    result_view: Any  # the RollResult
    keys_line: Any  # the Static under the form
    _reopened: bool
    _styled_at: int | None

    def reopen(self, character: Character) -> bool:
        """Make this dialog, built and closed before, a new one for ``character``: the form as a new dialog
        would show it (the pool last rolled, empty fields), no result, nothing rolled yet. Opening the roll
        dialog cost its roller 0.3–0.45 s of CPU (composing, styling and laying out some forty widgets);
        opened again it costs a tenth of that, which is what a server of many seats needs (docs/server.md).
        False (and nothing changed) when this dialog cannot serve: another character, or one whose form is
        laid out differently now (see :meth:`RollForm.layout_key`); build a new dialog then."""
        old = self.character
        form = getattr(self, "form", None)
        if (form is None or old is None or character.name != old.name
                or self in self.app.screen_stack
                or RollForm.layout_key(character, self.kind) != RollForm.layout_key(old, self.kind)
                or self.app.chronicle_store is not getattr(self, "_store", None)):
            return False
        self._reopened = True  # its styles are current: the opening's restyle is skipped (update_node_styles)
        self._renew(character)
        return True

    def _renew(self, character: Character) -> None:
        """Every field as new, before the screen shows: the form's fields are never drawn on their own
        (:mod:`~vtm_tui.ui.widgets.field_models`) and nothing of a screen not shown is drawn, so the opening
        draws the whole dialog once. (Done when the screen showed, the form, its status and the keys line
        were drawn a second time after it: 2.5 KB more to the player's terminal.)"""
        form = self.form
        self.character = character
        self.mode = "form"
        self.request = self.outcome = self.result_request = self.result_entry = self.last_entry = None
        self.from_faces = self.free_botch_used = False
        self.items = ()
        self.pending_choice = None
        self._built = None
        with self.prevent(Input.Changed, Checkbox.Changed, Select.Changed):
            form.reset(character, self._opening_pool(), difficulty=self._difficulty_text(),
                       surge_dice=self._surge_dice())
        self.result_view.display = False
        self.query_one("#reroll-faces", Input).display = False
        if str(self.keys_line.content) != FORM_KEYS:
            self.keys_line.update(FORM_KEYS)
        self.keys_line.display = True
        form.display = True
        self._begin()

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle the whole dialog, except when it is opened again with the CSS it was styled with: every
        change of a class or focus since restyled its own widgets at once (see :meth:`reopen`)."""
        generation = css_generation(self.app)
        reopened, self._reopened = self._reopened, False  # only the opening's own restyle (on ScreenResume)
        if reopened and generation is not None and generation == self._styled_at:
            return
        self._styled_at = generation
        super().update_node_styles(animate)
