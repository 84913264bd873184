"""The coterie's ways to make a character beyond ``a``: ``A`` a quick storyteller character from a template,
``c`` guided creation (a wizard following the rule set's core book); and ``ctrl+e``, the sheet editor, whose
batch of edits is saved as one logged change (the diff) that ``ctrl+z`` reverts whole.

A mixin for :class:`~vtm_tui.ui.screens.coterie.CoterieScreen`, kept apart so the screen stays small. Both
end where ``a`` ends: ``SheetKeeper.add`` saves the character through the store and logs one entry
("added storyteller character"), and ``ctrl+z`` removes it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vtm_tui.errors import VtmError
from vtm_tui.ui.app_base import VtmNode

if TYPE_CHECKING:
    from collections.abc import Callable

    from vtm_tui.model.character import Character
    from vtm_tui.rules.sheet_spec import QuickTemplate
    from vtm_tui.play.sheet_edits import Edit


class CreateActions(VtmNode):
    """``action_quick`` and ``action_create`` for the coterie screen (which provides keeper, say, _show)."""

    # Provided by CoterieScreen (declared for readers and type checkers).
    keeper: Any
    selected_character: Character | None

    if TYPE_CHECKING:
        def say(self, text: str, *, error: bool = False) -> None: ...

        def apply(self, make: Callable[[Character], Edit]) -> None: ...

        def _show(self, saved: Character) -> None: ...

        def refused(self, error: Exception, retry: Callable[[], object]) -> None: ...

    def create_commands(self) -> list[tuple[str, str, Any]]:
        """The command palette's entries for these actions."""
        return [
            ("Quick storyteller character", "from a template, in seconds (A)", self.action_quick),
            ("Guided creation", "a new character step by step, by the book (c)", self.action_create),
            ("Edit the whole sheet", "every field and trait, saved as one change (ctrl+e)", self.action_edit_sheet),
            ("Copy the templates into templates/", "the shipped quick-character templates, to edit by hand",
             self.action_copy_templates),
        ]

    def action_copy_templates(self) -> None:
        """Write the rule set's shipped templates to ``templates/`` (never over a file already there)."""
        from vtm_tui.rules.ruleset import ruleset_for
        from vtm_tui.store.templates import save_template, templates_dir

        store = self.app.chronicle_store
        if store is None:
            return
        folder = templates_dir(store.path)
        written = []
        try:
            for template in ruleset_for(store.chronicle.ruleset).quick_templates():
                if not (folder / f"{template.id}.toml").exists():
                    save_template(store.path, template)
                    written.append(template.id)
        except (VtmError, OSError) as exc:
            return self.say(f"Could not write the templates: {exc}", error=True)
        self.say(f"{len(written)} template(s) written to {folder}"
                 if written else f"Every shipped template is already in {folder}")

    def action_quick(self) -> None:
        from vtm_tui.store.templates import load_templates
        from vtm_tui.ui.screens.quick_character import QuickCharacterDialog

        store = self.app.chronicle_store
        if store is None:
            return
        loaded = load_templates(store.path, store.chronicle.ruleset)
        self.app.push_screen(QuickCharacterDialog(loaded.templates, loaded.problems), self._quick_made)

    def _quick_made(self, answer: tuple[QuickTemplate, str] | None) -> None:
        if answer is None or self.keeper is None:
            return
        from vtm_tui.play.quick import quick_character

        template, name = answer
        try:
            character = quick_character(template, name, self.keeper.store.chronicle.ruleset)
        except VtmError as exc:
            return self.say(str(exc), error=True)
        self._add_made(character, f"from the template {template.label}")

    def action_create(self) -> None:
        from vtm_tui.ui.screens.creation_wizard import CreationWizard

        store = self.app.chronicle_store
        if store is None:
            return
        self.app.push_screen(CreationWizard(store.chronicle.ruleset), self._add_made)

    def action_edit_sheet(self) -> None:
        from vtm_tui.ui.screens.sheet_editor import SheetEditor

        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        self.app.push_screen(SheetEditor(character), self._sheet_edited)

    def _sheet_edited(self, edited: Character | None) -> None:
        from vtm_tui.play.sheet_batch import batch_edit

        character = self.selected_character
        if edited is None or character is None or edited.slug != character.slug:
            return
        edit = batch_edit(character, edited)
        if edit is None:
            return self.say("No changes to save.")
        self.apply(lambda _c: edit)

    def _add_made(self, character: Character | None, how: str = "by guided creation") -> None:
        if character is None or self.keeper is None:
            return
        try:
            saved, _ = self.keeper.add(character)
        except VtmError as exc:
            return self.refused(exc, lambda: self._add_made(character, how))
        self._show(saved)
        self.say(f"Added {saved.name} {how} · ctrl+z removes it again")
