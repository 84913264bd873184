"""The roll dialog's follow-up actions: Willpower re-rolls (by strategy, by hand, from typed faces),
a Rouse check, the hunger frenzy owed, and win at a cost noted.

A mixin of :class:`~vtm_tui.ui.screens.roll_dialog.RollDialog`, kept apart so each file holds one
responsibility: the dialog builds, rolls and shows; this reacts to the keys on the result page.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from vtm_tui.errors import VtmError
from vtm_tui.play import FollowUp, make_request, note_entry, perform, reroll_indices, reroll_odds, willpower_reroll
from vtm_tui.rules.dice import GivenFaces, parse_faces
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.widgets.dice_view import PICK_KEYS


class FollowUpActions(VtmNode):
    """Key actions of the result page; the dialog provides the state they read (see RollDialog)."""

    # Provided by RollDialog (declared for readers and type checkers).
    mode: str
    outcome: Any
    from_faces: bool
    pending_choice: Any
    result_view: Any  # the RollResult
    character: Any  # the Character rolling

    def action_digit(self, key: str) -> None:
        if self.mode == "pick":
            self._toggle_pick(PICK_KEYS.index(key))
            return
        item = self._item("reroll", key)
        if item is None:
            return
        if not item.available:
            self._say(item.text)
            return
        self._reroll(item.strategy, len(item.indices))

    def _reroll(self, choice: Any, count: int) -> None:
        if self.from_faces:
            self.pending_choice = choice
            field = self.query_one("#reroll-faces", Input)
            field.placeholder = f"type the {count} re-rolled face{'s' if count != 1 else ''}, then Enter (Esc cancels)"
            field.value = ""
            field.display = True
            self.mode = "faces"
            field.focus()
            return
        self._apply_reroll(choice, self.app.dice)

    def _typed_reroll(self, text: str) -> None:
        try:
            faces = parse_faces(text, sides=10, what="Re-rolled faces")
            choice = self.pending_choice
            wanted = len(reroll_indices(self.outcome, choice)) if isinstance(choice, str) else len(choice)
            if len(faces) != wanted:  # checked before anything is logged
                raise VtmError(f"Re-rolled faces: expected {wanted}, got {len(faces)}")
            if not self._apply_reroll(choice, GivenFaces({"reroll": faces})):
                return  # the reason is shown; the field stays for another try
        except VtmError as exc:
            self._say(str(exc))
            return
        self.query_one("#reroll-faces", Input).display = False

    def _apply_reroll(self, choice: Any, dice: Any) -> bool:
        assert self.result_request is not None
        try:
            outcome = willpower_reroll(self.outcome, choice, dice)
        except VtmError as exc:
            self._say(str(exc))
            return False
        ref = self.result_entry.id if self.result_entry else ""
        self._record(self.result_request, outcome, ref=ref, show=True)
        return True

    def action_pick(self) -> None:
        self.mode = "pick"
        self.result_view.set_pick(True)
        self._say("Pick up to 3 regular dice with their keys, Enter re-rolls them (1 Willpower), Esc cancels")
        self.refresh_bindings()

    def _toggle_pick(self, index: int) -> None:
        result = self.result_view
        roll = self.outcome
        if index >= len(roll.faces):
            self._say(f"die #{index + 1} is not a regular die: Willpower re-rolls only regular dice")
            return
        picked = list(result.picked)
        if index in picked:
            picked.remove(index)
        elif len(picked) >= 3:
            self._say("Willpower re-rolls at most 3 dice")
            return
        else:
            picked.append(index)
        result.set_pick(True, tuple(picked))
        if picked:
            view = reroll_odds(roll, picked)
            self._say(f"Picked {len(picked)}: win {view.p_win:.1%} after the re-roll · Enter re-rolls · Esc cancels")
        else:
            self._say("Pick up to 3 regular dice with their keys, Enter re-rolls them, Esc cancels")

    def action_confirm(self) -> None:
        if self.mode == "form":  # Enter on a tick box (the fields' own Enter rolls first): roll, as the hint says
            self.roll()
            return
        if self.mode == "pick":
            picked = list(self.result_view.picked)
            if not picked:
                self._say("Pick at least one regular die first (its key is shown above it)")
                return
            self._reroll(picked, len(picked))
            return
        self.dismiss(self.last_entry)

    def action_rouse(self) -> None:
        self._follow_roll("rouse")

    def action_frenzy(self) -> None:
        item = self._item("frenzy")
        self._follow_roll("frenzy", difficulty=item.difficulty if item else 4)

    def _follow_roll(self, kind: str, difficulty: int | None = None) -> None:
        assert self.character is not None
        try:
            request = make_request(self.character, kind=kind, difficulty=difficulty)
            outcome = perform(request, self.app.dice)
        except VtmError as exc:
            self._say(str(exc))
            return
        self.from_faces = False
        self._record(request, outcome, ref=self.result_entry.id if self.result_entry else "", show=True)

    def action_compulsion(self) -> None:
        """After a messy critical or a bestial failure: the Blood dialog's compulsions, saved and logged."""
        from vtm_tui.ui.screens.blood_dialog import BloodDialog

        if self.character is None:
            return
        self.app.push_screen(BloodDialog(self.character, compulsion_due=True),
                             self._compulsion_chosen)

    def _compulsion_chosen(self, choice: str | None) -> None:
        from vtm_tui.ui.screens.blood_runner import record_choice
        from vtm_tui.ui.messages import CharacterChanged

        if choice is None or self.character is None:
            return
        recorded = record_choice(self, self.character, choice, {}, self._session_started)  # type: ignore[attr-defined]
        if isinstance(recorded, str):
            self._say(recorded)
            return
        done, self.character = recorded
        self.post_message(CharacterChanged(self.character))  # type: ignore[attr-defined]
        self._say(done.summary)

    def action_cost(self) -> None:
        if self.recorder is None or self.result_request is None:
            return
        try:  # the session too: a seat whose session ended meanwhile is told, not crashed
            entry = note_entry(self.result_request, "win at a cost: the goal is reached, with a cost",
                               session=self.recorder.session(self.result_request.kind),
                               now=self.app.clock(),
                               ref=self.result_entry.id if self.result_entry else "")
            self.recorder.log(entry)
        except VtmError as exc:
            self._say(str(exc))
            return
        # Taking the goal at a cost settles the roll: no Willpower re-roll, no second note.
        settled = FollowUp("info", "Won at a cost (noted in the log): the roll is settled")
        self.items = tuple(i for i in self.items if i.action not in ("reroll", "pick", "cost")) + (settled,)
        self.result_view.set_follow(self.items, self._result_keys())
        self.refresh_bindings()
