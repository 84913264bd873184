"""The coterie's ``b`` (``coterie.blood``): the V5 Blood dialog and what its choice sets going.

A mixin of :class:`~vtm_tui.ui.screens.coterie.CoterieScreen`, kept apart so the screen stays one thing: the
choice runs through the headless layer (:mod:`vtm_tui.ui.screens.blood_runner` → :mod:`vtm_tui.play.blood`),
then a forced Rouse at Hunger 5 opens the frenzy test it owes, and a power with a pool opens its roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.app_base import VtmNode

if TYPE_CHECKING:
    from vtm_tui.model.character import Character


class BloodActions(VtmNode):
    """For the coterie: needs ``app``, ``characters``, ``selected_character``, ``say``, ``_show``,
    ``refresh_list`` and ``_session_started`` from the screen."""

    app: Any
    selected_character: Character | None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``b`` (and its footer entry) only where the chronicle's sheets have blood to tend."""
        if action == "blood":  # asked on every footer refresh: the facet (a light module), not the play layer
            store = self.app.chronicle_store
            return bool(self.characters) and store is not None and \
                ruleset_for(store.chronicle.ruleset).blood_upkeep().refusal() is None
        return True

    def action_blood(self, compulsion_due: bool = False) -> None:
        """The Blood dialog for the selected character; its choice runs through the headless layer."""
        from vtm_tui.play.blood import upkeep_refusal
        from vtm_tui.ui.screens.blood_dialog import BloodDialog

        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        refusal = upkeep_refusal(character)
        if refusal:
            return self.say(refusal, error=True)
        # After an ended session the question comes first: nothing is chosen or rolled while it waits.
        self.app.before_logging(lambda: self.app.push_screen(BloodDialog(character, compulsion_due=compulsion_due),
                                                             self._blood_chosen))

    def _blood_chosen(self, choice: str | None) -> None:
        from vtm_tui.ui.screens.blood_dialog import FeedDialog

        if choice is None or self.selected_character is None:
            return
        if choice in ("hunt", "slake"):
            self.app.push_screen(FeedDialog(self.selected_character, choice),
                                 lambda answer: answer is not None and self._run_blood(choice, answer))
            return
        self._run_blood(choice, {})

    def _run_blood(self, choice: str, answer: dict) -> None:
        from vtm_tui.ui.screens.blood_runner import record_choice

        character = self.selected_character
        if character is None:
            return
        recorded = record_choice(self, character, choice, answer, self._session_started)
        if isinstance(recorded, str):
            self.refresh_list()
            return self.say(recorded, error=True)
        done, saved = recorded
        self._show(saved)
        self.say(done.summary)
        if getattr(done, "compulsion_due", False):
            self.action_blood(compulsion_due=True)
        from vtm_tui.ui.screens.roll_dialog import RollDialog

        if done.frenzy_difficulty is not None:  # a forced Rouse at Hunger 5: the hunger frenzy test comes first
            self.app.push_screen(RollDialog.for_frenzy(saved, done.frenzy_difficulty))
            return
        pool = getattr(done.power, "pool", "")
        if pool:  # the power's Rouse checks are made: its roll, at the Hunger they left, Blood Potency's bonus added
            self.app.push_screen(RollDialog(saved, pool=pool))
