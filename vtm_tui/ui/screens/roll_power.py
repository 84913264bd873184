"""The roll dialog's ``ctrl+o``: use a power — its Rouse checks first, then its pool in the form.

A mixin of :class:`~vtm_tui.ui.screens.roll_dialog.RollDialog`. The power is picked from the
sheet's powers (the Blood dialog, powers only); its Rouse checks are made and logged at once
through the same runner as the coterie's ``b`` (Blood Potency's re-roll, a ghoul's Aggravated
damage, Oblivion stains), and the form then holds the power's pool: the roll that follows uses
the Hunger the checks left, with Blood Potency's power bonus added by the request.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.app_base import VtmNode


class PowerActions(VtmNode):
    """``action_power`` for the roll dialog's form page."""

    mode: str
    kind: str
    character: Any

    def action_power(self) -> None:
        from vtm_tui.ui.screens.blood_dialog import BloodDialog

        if self.mode != "form" or self.character is None:
            return
        if not ruleset_for(self.character.ruleset).roll_kind(self.kind).ordinary:  # a power's pool is a test's
            return
        infos = getattr(self.character.sheet, "power_infos", None)
        if infos is None or not infos():
            message = "No powers on this sheet with a known level (add them to its [powers] table)"
            self.form.show_error(message)  # type: ignore[attr-defined]
            return
        dialog = BloodDialog(self.character, powers_only=True)
        self.app.push_screen(dialog, self._power_chosen)

    def _power_chosen(self, choice: str | None) -> None:
        from vtm_tui.ui.screens.blood_runner import record_choice
        from vtm_tui.ui.messages import CharacterChanged

        if choice is None or self.character is None:
            return
        recorded = record_choice(self, self.character, choice, {}, self._session_started)  # type: ignore[attr-defined]
        if isinstance(recorded, str):
            self.form.show_error(recorded)  # type: ignore[attr-defined]
            return
        done, self.character = recorded
        self.post_message(CharacterChanged(self.character))  # type: ignore[attr-defined]
        pool = self.query_one("#pool", Input)  # type: ignore[attr-defined]
        if done.power is not None and done.power.pool:
            pool.value = done.power.pool
            pool.cursor_position = len(pool.value)
        comment = self.query_one("#comment", Input)  # type: ignore[attr-defined]
        if not comment.value.strip():
            comment.value = done.power.name if done.power is not None else ""
        self._built = None  # the Hunger changed: build the request again
        self.refresh_request()  # type: ignore[attr-defined]
        self.keys_line.update(done.summary)  # type: ignore[attr-defined]
        pool.focus()
