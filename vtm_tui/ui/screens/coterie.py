"""The coterie (``1``): the characters on the left, the selected one's full sheet on the right.

Everything is done with keys. Attributes go down: the screen's reactive ``selected_character`` is bound to
the sheet view's ``character``. Messages come up: the sheet posts :class:`SheetView.Step` for ``+``/``-``;
the roll dialog (or anything else) posts :class:`~vtm_tui.ui.messages.CharacterChanged` after changing a sheet.
Every change goes through a :class:`~vtm_tui.play.sheet_save.SheetKeeper`: saved at once, logged, undoable.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Input, OptionList, Static

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.rules.ruleset import RuleSet, ruleset_for, short_title
from vtm_tui.store.errors import ConflictError
from vtm_tui.ui.screens.coterie_blood import BloodActions
from vtm_tui.ui.screens.mode_screen import ModeScreen
from vtm_tui.ui.screens.coterie_create import CreateActions
from vtm_tui.ui.screens.coterie_transfer import TransferActions
from vtm_tui.ui.messages import CharacterChanged
from vtm_tui.ui.sheet_actions import SheetEditActions
from vtm_tui.ui.widgets.character_list import CharacterList
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader
from vtm_tui.ui.widgets.sheet_view import SheetView
from vtm_tui.ui.screens.xp_actions import XpActions

if TYPE_CHECKING:
    from vtm_tui.play.sheet_edits import Edit
    from vtm_tui.ui.chronicle_watch import Following

#: The status line before a chronicle is open.
HINT = "Tab: sheet · +/- dots · d/D damage · h heal · e notes · a add · ? keys"


def status_hint(rules: RuleSet) -> str:
    """The status line's first hint: only keys that do something on this rule set's sheets."""
    return " · ".join(["Tab: sheet", *rules.sheet_key_hints(), "e notes", "a add", "? keys"])


class CoterieScreen(BloodActions, CreateActions, XpActions, TransferActions, SheetEditActions, ModeScreen[None]):
    """Characters and their sheets, edited with keys alone."""

    HELP_TITLE = "Coterie"
    AUTO_FOCUS = "#characters"
    HELP_INTRO = ("↑/↓ or j/k move (in the list: characters; in the sheet: traits), Tab or →/← switch between "
                  "list and sheet, / filters the list. Every change is saved at once and logged; ctrl+z undoes.")
    BINDINGS = [
        Binding("slash", "filter", "Filter", key_display="/", show=False, id="coterie.filter"),
        Binding("d", "damage('d')", "Damage", id="sheet.damage"),
        Binding("D", "damage('D')", "Aggravated/lethal damage", show=False, id="sheet.damage_serious"),
        Binding("x", "damage('x')", "Aggravated damage", show=False, id="sheet.damage_aggravated"),
        Binding("h", "heal", "Heal", id="sheet.heal"),
        Binding("right_square_bracket", "hunger(1)", "Hunger +1", key_display="]", show=False, id="sheet.hunger_up"),
        Binding("left_square_bracket", "hunger(-1)", "Slake", key_display="[", show=False, id="sheet.hunger_down"),
        Binding("s", "stain(1)", "Stain", show=False, id="sheet.stain"),
        Binding("S", "stain(-1)", "Remove a stain", show=False, id="sheet.unstain"),
        Binding("e", "notes('notes')", "Notes", show=False, id="coterie.notes"),
        Binding("E", "notes('private_notes')", "Storyteller notes", show=False, id="coterie.private_notes"),
        Binding("a", "add", "Add", show=False, id="coterie.add"),
        Binding("R", "rename", "Rename", show=False, id="coterie.rename"),
        Binding("A", "quick", "Quick storyteller character", show=False, id="coterie.quick"),
        Binding("c", "create", "Guided creation", show=False, id="coterie.create"),
        Binding("ctrl+e", "edit_sheet", "Edit the whole sheet", show=False, id="coterie.edit_sheet"),
        Binding("ctrl+z", "undo", "Undo", id="coterie.undo"),
        Binding("t", "toggle_list", "Hide/show list", show=False, id="coterie.toggle_list"),
        Binding("X", "raise_with_xp", "Raise with experience", show=False, id="sheet.raise_with_xp"),
        Binding("N", "new_with_xp", "New trait with experience", show=False, id="coterie.new_with_xp"),
        Binding("G", "award_xp", "Give experience", show=False, id="coterie.award_xp"),
        # V5 rolls the sheet calls for, one key each, in the roll dialog (vtm_tui.ui.screens.roll_dialog).
        Binding("f", "roll_kind('frenzy')", "Frenzy test", show=False, id="coterie.frenzy"),
        Binding("m", "roll_kind('remorse')", "Remorse test", show=False, id="coterie.remorse"),
        Binding("u", "roll_kind('rouse')", "Rouse check", show=False, id="coterie.rouse"),
        # V5 upkeep: powers' Rouse checks, mend, awaken, slake, hunt, compulsions (ui/screens/blood_dialog.py).
        Binding("b", "blood", "Blood", id="coterie.blood"),
    ]

    #: Whether to look for sheets another login saved (None: never; tests decide when). Looked at when the store's
    #: watcher says a sheet changed, and on coming back to the screen: only while this screen is on top, so a
    #: dialog never holds a sheet older than the store's. (Once a period in seconds, hence the name.)
    POLL_SECONDS: float | None = 3.0

    selected_character: reactive[Character | None] = reactive(None, always_update=True)
    """The character whose sheet shows (the roll dialog rolls for it)."""

    def __init__(self) -> None:
        super().__init__()
        self._following: Following | None = None

    # -- building -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield VtmHeader("coterie")
        with Horizontal(id="coterie-body"):
            with Vertical(id="roster"):
                search = Input(placeholder="/ filter", id="filter")
                search.can_focus = False  # reached by / only: Tab switches list and sheet, never types here
                yield search
                yield CharacterList(id="characters")
            with Vertical(id="sheet-pane"):
                yield SheetView(id="sheet").data_bind(character=CoterieScreen.selected_character)
                yield Static("", id="status")
        yield VtmFooter()

    def on_mount(self) -> None:
        store = self.app.chronicle_store
        if store is not None:
            self.open_keeper(store, self.app.clock, self._session_started)
        self.query_one(CharacterList).follow = self._follow_list
        self.refresh_list()
        self.say(status_hint(ruleset_for(store.chronicle.ruleset)) if store is not None else HINT)
        if self.POLL_SECONDS and store is not None:
            self.call_after_refresh(self._follow, store.path)

    def _follow(self, folder: Path) -> None:
        """Watch the chronicle, once the sheets are on screen: starting the watcher (the inotify module and
        its thread) took 30-40 ms before the first paint. What another login saved since the store was
        read is looked for once the watching is in place, so nothing in between is missed."""
        if not self.is_attached or self._following is not None:
            return
        from vtm_tui.ui.chronicle_watch import follow_chronicle  # with the store's watcher: not before the paint

        self._following = follow_chronicle(folder, lambda _changes: self.poll_disk(), "characters", "chronicle.toml")
        self.poll_disk()

    def on_unmount(self) -> None:
        if self._following is not None:
            self._following.stop()

    def on_screen_resume(self) -> None:
        """What another login saved while a dialog covered the screen."""
        if self._following is not None:
            self.poll_disk()

    _reload_failed = False  # the status line says "Could not reload": cleared once the files read again

    def poll_disk(self) -> None:
        """Show what another login saved (a second SSH session on the same chronicle)."""
        store = self.app.chronicle_store
        if store is None or self.app.screen is not self:
            return
        try:
            if not store.changed_on_disk():
                if self._reload_failed:  # put back as it was read: the message goes with the problem
                    self._reload_failed = False
                    self.say(status_hint(ruleset_for(store.chronicle.ruleset)))
                return
            store.reload()
        except VtmError as exc:
            self._reload_failed = True
            self.say(f"Could not reload: {exc}", error=True)
            return
        self._reload_failed = False
        self.app.publish_chronicle()
        current = self.selected_character
        self.selected_character = None if current is None else next(
            (c for c in self.characters if c.slug == current.slug), None)
        self.refresh_list(keep=current.slug if current is not None else None)
        self.say("Reloaded: another process changed this chronicle.")

    @property
    def characters(self) -> list[Character]:
        store = self.app.chronicle_store
        return list(store.characters) if store is not None else []

    def refresh_list(self, keep: str | None = None) -> None:
        """Show the store's characters (filtered), keeping the selection where it can."""
        roster = self.query_one(CharacterList)
        current = self.selected_character
        keep = keep or (current.slug if current is not None else None)
        roster.show(self.characters, self.query_one("#filter", Input).value, keep)
        self.selected_character = roster.character_at(roster.highlighted)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        return [
            ("Add character", "a new player or storyteller character (a)", self.action_add),
            ("Rename character", "rename the selected character (R)", self.action_rename),
            ("Edit notes", "the selected character's notes (e)", lambda: self.action_notes("notes")),
            ("Edit storyteller notes", "notes only the storyteller sees (E)",
             lambda: self.action_notes("private_notes")),
            ("Undo", "undo the last change (ctrl+z)", self.action_undo),
            ("Filter characters", "type to narrow the list (/)", self.action_filter),
            ("Hide or show the list", "give the sheet the whole width (t)", self.action_toggle_list),
            ("Raise with experience", "the trait under the sheet's cursor, cost shown first (X)",
             self.action_raise_with_xp),
            ("New trait with experience", "a specialty, advantage, Discipline, ritual or formula (N)",
             self.action_new_with_xp),
            ("Give experience", "to the selected character or the whole coterie, with a reason (G)",
             self.action_award_xp),
            ("Import character…", "from a Progeny, Foundry WoD5e or worldofdarkness JSON file",
             self.action_import),
            ("Export character sheet", "Markdown and JSON of the selected character, into exports/",
             self.action_export_character),
            *self._kind_commands(),
            *self.create_commands(),
        ]

    def _kind_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Rolls of other kinds for the selected character (V20 damage, soak, frenzy, Rötschreck, degeneration),
        as the rule set's package lists them."""
        from vtm_tui.rules.kinds import listed_kinds

        character = self.selected_character
        kinds = listed_kinds(character.ruleset) if character is not None else {}
        keys = {binding.action: binding.key for binding in self.BINDINGS}
        return [(label[:1].upper() + label[1:],
                 "roll it for the selected character" + (f" ({key})" if (key := keys.get(f"roll_kind('{kind}')"))
                                                         else ""),
                 lambda kind=kind: self.action_roll_kind(kind)) for kind, label in kinds.items()]

    # -- selection and filter -------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if isinstance(event.option_list, CharacterList):
            character = event.option_list.character_at(event.option_index)
            if character is not self.selected_character:
                self.selected_character = character

    def _follow_list(self, character: Character) -> None:
        if character is not self.selected_character:
            self.selected_character = character

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if isinstance(event.option_list, CharacterList):
            self.query_one(SheetView).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter":
            self.refresh_list()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "filter":
            self.query_one(CharacterList).focus()

    def on_key(self, event) -> None:  # noqa: ANN001 - Textual's Key event
        focused = self.focused
        if isinstance(focused, Input) and focused.id == "filter" and event.key in ("escape", "down"):
            if event.key == "escape":
                focused.value = ""
            self.query_one(CharacterList).focus()
            event.stop()

    def action_filter(self) -> None:
        if self.has_class("-hide-roster"):
            self.remove_class("-hide-roster")
        search = self.query_one("#filter", Input)
        search.can_focus = True
        search.focus()

    def on_descendant_blur(self, event) -> None:  # noqa: ANN001 - Textual's DescendantBlur
        """The filter leaves the Tab order again once left: keys meant for a sheet never type into it."""
        if isinstance(event.widget, Input) and event.widget.id == "filter":
            event.widget.can_focus = False

    def action_toggle_list(self) -> None:
        self.toggle_class("-hide-roster")
        if self.has_class("-hide-roster"):
            self.query_one(SheetView).focus()

    # -- edits ----------------------------------------------------------------------------------
    def on_sheet_view_step(self, message: SheetView.Step) -> None:
        from vtm_tui.play import sheet_edits

        self.apply(lambda c: sheet_edits.step(c, message.slot, message.delta))

    def apply(self, make: Callable[[Character], Edit]) -> None:
        """Make an edit of the selected character, save it, log it, show it."""
        character = self.selected_character
        if character is None or self.keeper is None:
            return self.say("No character selected.", error=True)
        try:
            edit = make(character)
            saved, entry = self.keeper.apply(character, edit)
        except ConflictError as exc:
            return self._conflict(exc)
        except VtmError as exc:
            return self.refused(exc, lambda: self.apply(make))
        self._show(saved)
        self.say("Saved · " + edit.as_logged(entry.change).describe(saved.name) + " · ctrl+z undoes")

    def action_undo(self) -> None:
        if self.keeper is None:
            return
        try:
            character, _entry, said = self.keeper.undo()
        except ConflictError as exc:
            return self._conflict(exc)
        except VtmError as exc:
            return self.refused(exc, self.action_undo)
        if character is None:
            self.selected_character = None
            self.refresh_list()
        else:
            self._show(character)
        self.say(said)

    def _show(self, saved: Character) -> None:
        """The saved sheet replaces the shown one (the store already holds it)."""
        self.refresh_list(keep=saved.slug)
        if self.selected_character is None or self.selected_character.slug != saved.slug:
            self.selected_character = saved
        else:
            self.selected_character = next((c for c in self.characters if c.slug == saved.slug), saved)

    def _conflict(self, error: ConflictError) -> None:
        self.notify(f"{error}\nThe sheets were reloaded from disk; make the change again if it is still needed.",
                    title="Changed by another process", severity="error", timeout=12)
        self.refresh_list()
        self.say("Reloaded after a change by another process.", error=True)

    def after_xp(self, saved: Character) -> None:
        self._show(saved)

    def _session_started(self, number: int) -> None:
        self.app.publish_chronicle()
        from vtm_tui.play.sessions import started_note

        self.notify(started_note(number) + ".", title="Session", timeout=10)

    def say(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.update(Text(("⚠ " if error else "") + text, style="" if error else "italic"))
        status.set_class(error, "-error")

    def on_character_changed(self, message: CharacterChanged) -> None:
        """A sheet changed elsewhere (the roll dialog): show the stored version."""
        message.stop()
        store = self.app.chronicle_store
        if message.character is None and store is not None:
            try:
                store.reload()
            except VtmError as exc:
                self.notify(str(exc), severity="error")
        keep = message.character.slug if message.character is not None else None
        self.refresh_list(keep=keep)

    # -- dialogs ----------------------------------------------------------------------------------
    def action_add(self) -> None:
        from vtm_tui.ui.screens.new_character import NewCharacterDialog

        store = self.app.chronicle_store
        if store is None:
            return
        self.app.push_screen(NewCharacterDialog(store.chronicle.ruleset), self._added)

    def _added(self, answer: dict | None) -> None:
        if answer is None or self.keeper is None:
            return
        from vtm_tui.model.character import new_character

        try:
            character = new_character(answer["name"], self.keeper.store.chronicle.ruleset, kind=answer["kind"],
                                      player=answer["player"])
            if answer.get("creature"):  # asked only where a sheet says what it is
                character.sheet.creature = answer["creature"]
            saved, _ = self.keeper.add(character)
        except VtmError as exc:
            return self.refused(exc, lambda: self._added(answer))
        self.query_one("#filter", Input).value = ""
        self._show(saved)
        self.say(f"Added {saved.name} · ctrl+z removes it again")

    def action_rename(self) -> None:
        from vtm_tui.ui.screens.new_character import RenameDialog

        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        self.app.push_screen(RenameDialog(character.name), self._renamed)

    def _renamed(self, new_name: str | None) -> None:
        character = self.selected_character
        if not new_name or character is None or self.keeper is None or new_name == character.name:
            return
        try:
            saved, _ = self.keeper.rename(character, new_name)
        except VtmError as exc:
            return self.refused(exc, lambda: self._renamed(new_name))
        self._show(saved)
        self.say(f"Renamed {character.name} → {saved.name} · ctrl+z undoes")

    def action_notes(self, field: str) -> None:
        from vtm_tui.ui.screens.notes_editor import NotesEditor

        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        from vtm_tui.store.recovery import save_recovery

        title = "Notes" if field == "notes" else "Storyteller-only notes"
        slug, store = character.slug, self.app.chronicle_store
        self.app.push_screen(NotesEditor(
            f"{title} — {character.name}", getattr(character, field),
            save=lambda text: self._save_text(slug, field, text),
            current=lambda: str(getattr(self._stored(slug), field, "")),
            recover=lambda text: save_recovery(store.path, f"{slug}-{field}", text,
                                               self.app.clock())))

    def _stored(self, slug: str) -> Character | None:
        """The store's own character with this file name (fresh after a reload)."""
        store = self.app.chronicle_store
        return next((c for c in store.characters if c.slug == slug), None) if store is not None else None

    def _save_text(self, slug: str, field: str, text: str) -> None:
        """The notes editor's save: raises when nothing was saved (the editor keeps the text and says why)."""
        from vtm_tui.play import sheet_edits

        character = self._stored(slug)
        if character is None or self.keeper is None:
            raise VtmError("the character is gone (another process removed or renamed it)")
        try:
            saved, _entry = self.keeper.apply(character, sheet_edits.set_text(character, field, text))
        except ConflictError:
            self.refresh_list()  # the store was reloaded: show the other login's version behind the editor
            raise
        self._show(saved)
        self.say("Saved · " + sheet_edits.set_text(character, field, text).describe(saved.name) + " · ctrl+z undoes")

    def action_roll(self) -> None:
        self.app.action_roll()

    def action_roll_kind(self, kind: str) -> None:
        """A roll of another kind for the selected character, in the roll dialog: V5 Frenzy, Remorse, Rouse;
        V20 frenzy, Rötschreck, degeneration (the kinds the rule set's package offers)."""
        from vtm_tui.rules.kinds import kind_title, roll_kinds

        character = self.selected_character
        if character is None:
            return self.say("No character selected.", error=True)
        if kind not in roll_kinds(character.ruleset):
            return self.say(f"A {kind_title(kind)} is not a {short_title(character.ruleset)} roll; use r to roll "
                            "here.", error=True)
        self.app.push_screen(self.app.roll_dialog_for(character, kind))
