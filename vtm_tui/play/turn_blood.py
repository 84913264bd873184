"""A blood spend made on a sheet counts toward the conflict's turn (V20's blood per turn), headless.

The coterie screen, a player's seat and ``vtm-tui sheet`` save every sheet edit through
:class:`~vtm_tui.play.sheet_save.SheetKeeper`, which asks :func:`counted` first: when the edit spends blood
(the rule set's ``turn_spend``) and the character takes part in a running conflict, the spend is checked
against what they already spent this round (``b`` on the conflict screen included) and the conflict to save
with it counted is returned; beyond the limit a :class:`~vtm_tui.errors.VtmError` refuses it before anything
is saved; ``ctrl+z`` of that edit takes it out of the round's count again (:func:`uncount`). The counting
itself is :mod:`vtm_tui.rules.turn_blood`, shared with :mod:`vtm_tui.conflict.blood`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.play.sheet_edits import Edit
from vtm_tui.rules import turn_blood
from vtm_tui.rules.ruleset import ruleset_for

if TYPE_CHECKING:
    from vtm_tui.model.conflict import Conflict, Participant
    from vtm_tui.model.log_entry import LogEntry
    from vtm_tui.store.chronicle_store import ChronicleStore


def spent_by(character: Character, edit: Edit) -> int:
    """The blood ``edit`` spends against a per-turn limit (0: none, or no such limit in the rule set)."""
    return ruleset_for(character.ruleset).sheet_edits().turn_spend(edit.kind, edit.field, edit.before, edit.after)


def counted(store: ChronicleStore, character: Character, amount: int) -> Conflict | None:
    """The running conflict with ``amount`` blood of ``character`` counted in this round, to save with the
    sheet; None when nothing is to be counted (no spend, no conflict, not a participant). Raises VtmError
    when the spend goes beyond what the turn allows."""
    if amount <= 0:
        return None
    from vtm_tui.rules.conflict_round import started  # a blood spend's: not at start

    conflict = store.load_conflict()
    if conflict is None or not started(conflict):
        return None
    taking_part = _participant(conflict, character)
    if taking_part is None:
        return None
    name = taking_part.name
    refused = ruleset_for(character.ruleset).sheet_edits().turn_spend_refusal(
        character.sheet, name, turn_blood.spent_this_turn(conflict, name), amount)
    if refused:
        raise VtmError(refused)
    turn_blood.count_spend(conflict, name, amount)
    return conflict


def uncount(store: ChronicleStore, character: Character, entry: LogEntry, counted_in: int) -> None:
    """``ctrl+z`` took back a spend :func:`counted` counted in round ``counted_in``: while that round lasts, it
    no longer counts (a mistaken ``]`` must not use up the turn). Nothing to do in a later round or with no
    conflict."""
    change = entry.change
    amount = ruleset_for(character.ruleset).sheet_edits().turn_spend(
        entry.kind, str(change.get("field", "")), change.get("before"), change.get("after"))
    conflict = store.load_conflict() if amount > 0 else None
    if conflict is None or conflict.round != counted_in:
        return
    taking_part = _participant(conflict, character)
    if taking_part is None:
        return
    spent = turn_blood.spent_this_turn(conflict, taking_part.name)
    if spent:
        turn_blood.count_spend(conflict, taking_part.name, -min(amount, spent))
        store.save_conflict(conflict)


def _participant(conflict: Conflict, character: Character) -> Participant | None:
    """The conflict's participant playing ``character`` (a nameless extra never is)."""
    return next((p for p in conflict.participants
                 if p.extra.get("kind") != "extra" and p.extra.get("character", p.name) == character.name), None)
