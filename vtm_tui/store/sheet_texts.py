"""The text checks every sheet save makes: its name and notes, before anything is written.

Kept apart from the store so that the play layer can ask them first too: a change refused for its text
(a control character pasted into the notes, notes past their size) is refused before the session question
(:mod:`vtm_tui.play.sessions`), so answering "start session 4" never opens a session for a change that is
then refused.
"""

from __future__ import annotations

from vtm_tui.model.character import Character
from vtm_tui.model.limits import MAX_NAME, MAX_NOTES, check_length, check_text
from vtm_tui.rules.user_text import refuse_unsafe


def check_sheet_texts(character: Character, before: Character | None) -> None:
    """Refuse a sheet whose name or notes are beyond :mod:`vtm_tui.model.limits`, or whose changed notes hold a
    terminal control (:func:`~vtm_tui.rules.user_text.refuse_unsafe`). Notes a sheet already held (edited by
    hand) do not stop other changes to it: they are shown through the leaving filter."""
    check_text(character.name, "The name", MAX_NAME)
    check_length(character.notes, "The notes", MAX_NOTES)
    check_length(character.private_notes, "The storyteller-only notes", MAX_NOTES)
    if before is None or character.notes != before.notes:
        refuse_unsafe(character.notes, "The notes", lines=True)
    if before is None or character.private_notes != before.private_notes:
        refuse_unsafe(character.private_notes, "The storyteller-only notes", lines=True)
