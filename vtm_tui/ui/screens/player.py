"""A player's seat (``vtm-tui PATH --player Ana``): their own sheet, the live session log, their rolls.

Everything shown here has passed through :mod:`vtm_tui.play.visibility` first: the sheet view gets a redacted
copy of the character (never saved), the log view gets redacted entries, requests show their Difficulty only
when it is not secret. Edits are made to the store's own character, so a player's change of Hunger never wipes
the storyteller's private notes.

- The sheet: trackers and notes are the player's to change (``d``/``D``/``h``, ``]``/``[``, ``s``, ``e``,
  ``+``/``-`` on a tracker); traits (Humanity and a V20 Path included) only when the chronicle's
  ``players_may_edit_traits`` is on. Every edit is checked on the field it changes
  (:func:`vtm_tui.play.visibility.refusal`), whatever key made it. A player with several characters switches
  with ``c``.
- The log: the current session, read again by the same :class:`~vtm_tui.review.source.SessionTail` the
  storyteller's log screen uses whenever the store's watcher says a session file or a sheet changed
  (:mod:`vtm_tui.ui.chronicle_watch`), so another seat's roll shows at once.
- Rolls: ``r`` opens the roll dialog for the character shown; a storyteller's request appears at the bottom
  (and as a notification) and ``a`` answers it in a dialog pre-filled with the requested pool
  (:mod:`.seat_requests`, :mod:`.player_request`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Static

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.play.visibility import (
    Viewer,
    character_for,
    editable,
    entries_for,
    player_characters,
    refusal,
    viewer_for,
)
from vtm_tui.play.sheet_edits import Edit
from vtm_tui.play.sheet_save import seat_refusal
from vtm_tui.review.source import SessionTail
from vtm_tui.store.errors import ConflictError
from vtm_tui.store.watch import Changes
from vtm_tui.ui.chronicle_watch import Following, follow_chronicle, show_chronicle_file
from vtm_tui.ui.screens.mode_screen import ModeScreen
from vtm_tui.play import sheet_edits
from vtm_tui.ui.seat_text import seat_text
from vtm_tui.ui.sheet_actions import SheetEditActions
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.screens.roll_shelf import RollDialogShelf
from vtm_tui.ui.screens.seat_requests import SeatRequests
from vtm_tui.ui.screens.xp_actions import XpActions
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader
from vtm_tui.ui.widgets.log_view import LogView
from vtm_tui.ui.widgets.sheet_view import SheetView

#: Slot kinds that are traits (dots, die sizes): the storyteller's unless the chronicle lets players change them.
TRAIT_SLOTS = ("dots", "die")
HINT = "r roll · a answer · d/D damage · h heal · ]/[ Hunger · s stain · ctrl+z undo · Tab log · ? keys"


class PlayerScreen(SeatRequests, XpActions, SheetEditActions, ModeScreen[None]):
    """One player's view of the shared chronicle."""

    HELP_TITLE = "Player seat"
    HELP_INTRO = ("Your character's sheet, and the session's log beside it (below it on a narrow terminal); Tab "
                  "switches. The sheet's keys act only while the sheet has the focus. Every change is saved at once "
                  "and logged (ctrl+z takes your last one back); the storyteller sees your rolls as you make them.")
    # Its styles (player.tcss) are read at start on a seat, else later (see VtmApp.LATER_CSS).
    BINDINGS = [
        # Keys that open a dialog are priority bindings: a plain one runs after the keys typed behind it reached
        # the seat, where a comment's letter typed at once is an action ('s' a stain); see docs/architecture.md.
        Binding("r", "roll", "Roll", id="player.roll", priority=True),
        Binding("a", "answer", "Answer request", id="player.answer", priority=True),
        Binding("c", "next_character", "Next character", show=False, id="player.next_character"),
        Binding("d", "damage('d')", "Damage", show=False, id="player.damage"),
        Binding("D", "damage('D')", "Serious damage", show=False, id="player.damage_serious"),
        Binding("h", "heal", "Heal", show=False, id="player.heal"),
        Binding("right_square_bracket", "hunger(1)", "Hunger +1", key_display="]", show=False,
                id="player.hunger_up"),
        Binding("left_square_bracket", "hunger(-1)", "Slake", key_display="[", show=False, id="player.hunger_down"),
        Binding("s", "stain(1)", "Stain", show=False, id="player.stain"),
        Binding("e", "notes", "Notes", show=False, id="player.notes", priority=True),
        Binding("ctrl+e", "edit_sheet", "Edit the whole sheet", show=False, id="player.edit_sheet", priority=True),
        Binding("tab", "switch_pane", "Sheet/log", show=False, id="player.switch_pane"),
        Binding("ctrl+z", "undo", "Undo", show=False, id="player.undo"),
        # Reached only when the sheet's own +/- is off (a trait while traits are the storyteller's): says why.
        Binding("plus,equals_sign,minus", "locked_step", "Traits are the storyteller's", show=False,
                id="player.locked_step"),
        Binding("X", "raise_with_xp", "Raise with experience", show=False, id="player.raise_with_xp", priority=True),
    ]

    selected_character: reactive[Character | None] = reactive(None, always_update=True)
    """The player's character shown — the store's own object (the roll dialog rolls for it); never drawn as is."""
    shown_character: reactive[Character | None] = reactive(None, always_update=True)
    """What the sheet view draws: ``selected_character`` redacted for this player."""

    def __init__(self) -> None:
        super().__init__()
        self.viewer: Viewer = Viewer(player="")
        self.tail: SessionTail | None = None
        self._start_requests()
        self._backlog: list = []  # entries read while a dialog covered the seat
        self._reload_log = False
        self._sheets_touched = False  # the watcher saw a sheet or the chronicle file change since the last look
        self._following: Following | None = None
        self._roll_shelf: RollDialogShelf | None = None

    # -- building -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield VtmHeader(f"{self.player_name}'s seat")
        with Horizontal(id="player-body"):
            with Vertical(id="player-sheet-pane"):
                yield Static("", id="player-who", markup=False)
                sheet = SheetView(id="player-sheet")
                sheet.empty_text = "No character of yours to show: the storyteller names its player."
                yield sheet.data_bind(character=PlayerScreen.shown_character)
            with Vertical(id="player-log-pane"):
                yield Static("Session log", id="player-log-title", markup=False)
                yield LogView(id="player-log", storyteller=False)
        yield Static("", id="player-request", markup=False)
        yield Static(HINT, id="player-status", markup=False)
        yield VtmFooter()

    @property
    def player_name(self) -> str:
        return self.app.player or ""

    @property
    def store(self):  # noqa: ANN201 - the app's ChronicleStore (or None)
        return self.app.chronicle_store

    @property
    def chronicle_dir(self) -> Path | None:
        return self.store.path if self.store is not None else None

    @property
    def own_characters(self) -> list[Character]:
        return player_characters(self.player_name, self.store.characters) if self.store is not None else []

    def on_mount(self) -> None:
        store = self.store
        if store is None:
            return
        self.viewer = viewer_for(self.player_name, store.characters)
        self.open_keeper(store, self.app.clock, self._session_started, player=True)  # a seat never opens a session
        own = self.own_characters
        self.selected_character = own[0] if own else None
        current = store.chronicle.current_session
        # Before the first read, so nothing is missed.
        self._following = follow_chronicle(store.path, self._changed,
                                           "sessions", "characters", "chronicle.toml")
        self.tail = SessionTail(store.path, current, current=lambda: store.chronicle.current_session)
        self._requests_read(self.tail.load(), whole=True)
        self._show_log()
        self._find_requests(announce=False)
        sheet = self.query_one(SheetView)
        sheet.may_step = self._may_step
        sheet.focus()
        if not own and store.broken:  # which sheet is not said: it may be a storyteller character's
            self.say(f"No character of {store.chronicle.name} could be read for {self.player_name!r}: a sheet is "
                     "broken and the storyteller's app names it. The log still shows.", error=True)
        elif not own:
            self.say(f"No character of {store.chronicle.name} is played by {self.player_name!r}; ask the "
                     "storyteller to put your name in its 'player' field. The log still shows.", error=True)

    def watch_selected_character(self, character: Character | None) -> None:
        self.shown_character = character_for(self.viewer, character) if character is not None else None
        who = self.query_one("#player-who", Static)
        own = self.own_characters
        if character is None:
            who.update(Text(f"{self.player_name}: no character", style="italic"))
            return
        more = f"  ({own.index(character) + 1}/{len(own)}, c switches)" if len(own) > 1 and character in own else ""
        who.update(Text.assemble((character.name, "bold"), f" · {self.player_name}{more}"))

    # -- the log --------------------------------------------------------------------------------------
    def _show_log(self) -> None:
        tail = self.tail
        assert tail is not None
        shown = entries_for(self.viewer, tail.entries)
        if tail.number < 1:
            empty = "No session yet: rolls appear here once the storyteller starts one."
        elif tail.problem:
            empty = f"Session {tail.number} cannot be read right now."
        else:
            empty = f"Session {tail.number} has no entries yet; rolls appear here as they are made."
        self.query_one(LogView).show(shown, empty_text=empty)
        title = f"Session {tail.number} · live" if tail.number else "Session log"
        if tail.title:
            title += f" — {tail.title}"
        self.query_one("#player-log-title", Static).update(title)

    def on_unmount(self) -> None:
        if self._following is not None:
            self._following.stop()
        if self._roll_shelf is not None:
            self._roll_shelf.clear()

    def _changed(self, changes: Changes) -> None:
        """The watcher's notice: the sheets are compared with the disk only when it names one of them (another
        player's roll touches the session file alone, and reading ten sheets for it cost 5 ms a roll)."""
        self._sheets_touched = self._sheets_touched or changes.touches("characters", "chronicle.toml")
        show_chronicle_file(self.app, changes)  # a session started or ended at another login: the header says so
        self.poll()

    def poll(self) -> None:
        """New entries from any seat (redacted), new requests, and sheets another process saved.

        While a dialog covers the seat, the log is still read but not redrawn: a repaint behind a modal
        re-sends the whole dialog to the terminal (kilobytes over SSH for nothing seen); it is shown on return.
        """
        tail = self.tail
        if tail is None:
            return
        found = tail.poll()
        self._requests_read(tail.entries if found.reloaded else found.new, whole=found.reloaded)
        self._reload_log = self._reload_log or found.reloaded
        if not found.reloaded:
            self._backlog.extend(found.new)
        if self.app.screen is not self:
            return
        self._flush()

    def _flush(self) -> None:
        changed = self._reload_log or bool(self._backlog)
        if self._reload_log:
            self._show_log()
            self.app.publish_chronicle()
        elif self._backlog:
            self.query_one(LogView).append(entries_for(self.viewer, self._backlog))
        self._reload_log, self._backlog = False, []
        if changed:
            self._find_requests()
        self._reload_sheets_if_changed()

    def _reload_sheets_if_changed(self) -> None:
        store = self.store
        if store is None or not self._sheets_touched:
            return
        self._sheets_touched = False
        try:
            if not store.changed_on_disk():
                return
            store.reload()
        except VtmError:
            self._sheets_touched = True  # a sheet being written by hand right now: the next notice tries again
            return
        self.viewer = viewer_for(self.player_name, store.characters)
        self._reselect()

    def _reselect(self) -> None:
        current = self.selected_character
        own = self.own_characters
        slug = current.slug if current is not None else None
        chosen = next((c for c in own if c.slug == slug), own[0] if own else None)
        if chosen is not current or chosen is None:  # the same object: nothing to draw again (a closed dialog
            self.selected_character = chosen  # redrew the whole sheet, a fifth of the Esc's CPU)

    def on_screen_resume(self) -> None:
        """Back from the roll dialog or the notes: what the log got meanwhile, the sheet as the store holds it."""
        if self.store is not None:
            self._flush()
            self._reselect()

    def action_roll(self) -> None:
        """The roll dialog for the character shown, in a box of fixed height (see :class:`PlayerRollDialog`)."""
        character = self.selected_character
        if character is None:
            return self.say("You have no character to roll for here.", error=True)
        if self._roll_shelf is None:  # built once, opened again: a seat's roll costs no compose (docs/server.md)
            self._roll_shelf = RollDialogShelf(self.app)
        self.app.push_screen(self._roll_shelf.open(character, make=PlayerRollDialog))

    # -- the sheet ------------------------------------------------------------------------------------
    def action_switch_pane(self) -> None:
        sheet, log = self.query_one(SheetView), self.query_one(LogView)
        (log if self.focused is sheet else sheet).focus()

    def action_next_character(self) -> None:
        own = self.own_characters
        if len(own) < 2:
            return self.say("You play one character here.")
        current = self.selected_character
        index = next((i for i, c in enumerate(own) if current is not None and c.slug == current.slug), -1)
        self.selected_character = own[(index + 1) % len(own)]

    def _may_step(self, slot) -> bool:  # noqa: ANN001 - a sheet Slot
        """Whether +/- may change ``slot`` here: the footer offers them only then."""
        character = self.selected_character
        if character is None:
            return False
        options = self.store.chronicle.options if self.store is not None else {}
        return slot.kind not in TRAIT_SLOTS or editable(self.viewer, character, traits=True, options=options)

    def action_locked_step(self) -> None:
        slot = self.query_one(SheetView).focused_slot if isinstance(self.focused, SheetView) else None
        if slot is not None:
            self.say(f"{slot.label}: traits are the storyteller's to change here "
                     "(the chronicle's players_may_edit_traits is off).", error=True)

    def action_undo(self) -> None:
        """Take back this seat's last change (saved and logged too)."""
        if self.keeper is None:
            return
        try:
            character, _entry, said = self.keeper.undo()
        except VtmError as exc:
            return self.say(str(exc).capitalize() + ".", error=True)
        if character is not None:
            self.selected_character = character
        self.say(said)

    def on_sheet_view_step(self, message: SheetView.Step) -> None:
        if self.selected_character is None:
            return
        self.apply(lambda c: sheet_edits.step(c, message.slot, message.delta))

    def action_notes(self) -> None:
        from vtm_tui.store.recovery import save_recovery
        from vtm_tui.ui.screens.notes_editor import NotesEditor

        character = self.selected_character
        if character is None or self.store is None:
            return
        slug, store = character.slug, self.store
        self.app.push_screen(NotesEditor(
            f"Notes — {character.name}", character.notes, save=lambda text: self._save_notes(slug, text),
            current=lambda: next((c.notes for c in store.characters if c.slug == slug), ""),
            recover=lambda text: save_recovery(store.path, f"{slug}-notes", text,
                                               self.app.clock())))

    def _save_notes(self, slug: str, text: str) -> None:
        """The notes editor's save: raises when nothing was saved (the editor keeps the text and says why)."""
        character = next((c for c in self.own_characters if c.slug == slug), None)
        if character is None or self.keeper is None:
            raise VtmError("this character is not yours to change here any more")
        refused = refusal(self.viewer, character, "notes")
        if refused:
            raise VtmError(refused)
        edit = sheet_edits.set_text(character, "notes", text)
        try:
            saved, _entry = self.keeper.apply(character, edit)
        except ConflictError:
            self._reselect()  # the store was reloaded: the other seat's version shows behind the editor
            raise
        self.selected_character = saved
        self.say("Saved · " + edit.describe(saved.name))

    def action_edit_sheet(self) -> None:
        """The sheet editor, when the chronicle lets players change their traits (one logged batch)."""
        from vtm_tui.ui.screens.sheet_editor import SheetEditor

        character = self.selected_character
        if character is None:
            return
        options = self.store.chronicle.options if self.store is not None else {}
        if not editable(self.viewer, character, traits=True, options=options):
            return self.say("Traits are the storyteller's to change here "
                            "(the chronicle's players_may_edit_traits is off).", error=True)
        self.app.push_screen(SheetEditor(character), self._sheet_edited)

    def _sheet_edited(self, edited: Character | None) -> None:
        from vtm_tui.play.sheet_batch import batch_edit

        character = self.selected_character
        if edited is None or character is None or edited.slug != character.slug:
            return
        edit = batch_edit(character, edited)
        if edit is None:
            return
        options = self.store.chronicle.options if self.store is not None else {}
        refused = seat_refusal(self.viewer, character, edit, options)  # each changed value, as a key's edit
        if refused:
            return self.say(f"Nothing saved: {refused}", error=True)
        self.apply(lambda _c: edit, from_key=False)

    def apply(self, make: Callable[[Character], Edit], *, from_key: bool = True) -> None:
        """Edit the store's own character (never the redacted copy), save, log, show.

        A sheet key pressed while the log has the focus changes nothing: a player reading the log pressed
        ``s`` and got a stain."""
        if from_key and isinstance(self.focused, LogView):
            return self.say("The log has the focus: Tab back to your sheet to change it.", error=True)
        character = self.selected_character
        if character is None or self.keeper is None or not editable(self.viewer, character):
            return self.say("Only your own character's trackers and notes are yours to change.", error=True)
        try:
            edit = make(character)
            options = self.store.chronicle.options if self.store is not None else {}
            refused = seat_refusal(self.viewer, character, edit, options)
            if refused:  # checked on what the edit changes, whatever key made it (Humanity is a trait too)
                return self.say(refused, error=True)
            saved, entry = self.keeper.apply(character, edit)
        except ConflictError as exc:
            self.notify(f"{exc}\nReloaded; make the change again if it is still needed.",
                        title="Changed by another seat", severity="error", timeout=10)
            self._reselect()
            return
        except VtmError as exc:
            return self.say(str(exc), error=True)
        self.selected_character = saved
        self.say("Saved · " + edit.as_logged(entry.change).describe(saved.name) + " · ctrl+z undoes")

    def _session_started(self, number: int) -> None:
        self.app.publish_chronicle()

    def xp_allowed(self, character: Character) -> str | None:
        """Spending experience changes traits: a seat may, like ``+``, only under ``players_may_edit_traits``."""
        options = self.store.chronicle.options if self.store is not None else {}
        if editable(self.viewer, character, traits=True, options=options):
            return None
        return ("Experience is the storyteller's to spend here (the chronicle's players_may_edit_traits is off); "
                "ask them.")

    def after_xp(self, saved: Character) -> None:
        self.selected_character = saved

    def say(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#player-status", Static)
        status.update(Text(("⚠ " if error else "") + seat_text(self.app, text), style="" if error else "italic"))
        status.set_class(error, "-error")

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        return [
            ("Answer the storyteller's request", "roll what the storyteller asked for (a)", self.action_answer),
            ("Edit notes", "your character's notes (e)", self.action_notes),
            ("Next character", "when you play several (c)", self.action_next_character),
            ("Raise with experience", "the trait under the cursor, when the storyteller allows it (X)",
             self.action_raise_with_xp),
        ]


class PlayerRollDialog(RollDialog):
    """The roll dialog on a player's seat: the same dialog, its box a fixed height.

    A box of ``height: auto`` shrinks when the form gives way to the result, and a centred box that
    shrinks moves: the whole screen is sent again (about 15 KB at 80×24). A fixed height keeps the
    box still, so a roll key press repaints only the box's inside (the budget: under 8 KB over SSH).
    """

    CSS = """
    PlayerRollDialog #roll-box { height: 100%; }
    """
