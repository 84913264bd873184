"""The conflict tracker (``2``): turn order for the chronicle's rule set, rounds, contests, damage, tallies.

The screen is a thin shell over the headless :mod:`vtm_tui.conflict`: every key
builds a :class:`~vtm_tui.conflict.context.Table` (rule set, options, the
session, the clock, the sheets), calls one tracker function and hands the
returned :class:`~vtm_tui.conflict.context.Change` to :meth:`ConflictScreen.apply`,
which saves changed sheets through the store, appends the log entries, and
saves ``conflict.toml`` — so quitting mid-round and reopening resumes at the
same turn. ctrl+z takes the last change back (sheets and conflict, logged).
"""

from __future__ import annotations

import copy
from functools import partial
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from vtm_tui.conflict import declarations, roster, tallies, tracker
from vtm_tui.conflict.context import Change, ConflictError, Table, concerned, undo_entry
from vtm_tui.conflict.wounds import sync
from vtm_tui.errors import VtmError
from vtm_tui.model.conflict import Conflict
from vtm_tui.rules.ruleset import RuleSet, ruleset_for
from vtm_tui.store.errors import ConflictError as StoreConflict
from vtm_tui.ui.screens.mode_screen import ModeScreen
from vtm_tui.ui.messages import CharacterChanged
from vtm_tui.ui.screens.conflict_dialogs import ConflictDialogs
from vtm_tui.ui.widgets.footer import VtmFooter
from vtm_tui.ui.widgets.header import VtmHeader
from vtm_tui.ui.widgets.participant_row import details
from vtm_tui.ui.widgets.turn_order_view import TurnOrderView

if TYPE_CHECKING:
    from vtm_tui.model.character import Character
    from vtm_tui.store.chronicle_store import ChronicleStore

UNDO_DEPTH = 50


def keys_hint(rules: RuleSet) -> str:
    """The keys a storyteller needs most in this rule set's fights (the footer cannot hold them all at 80
    columns): only keys that do something here."""
    parts = ["a add", *rules.conflict_round().key_hints(), rules.damage_key_hint()]
    return " · ".join([*parts, "O out", "t/T tally"])


class ConflictScreen(ConflictDialogs, ModeScreen[None]):
    """Runs a conflict from first blow to last."""

    HELP_TITLE = "Conflict"
    HELP_INTRO = ("a adds characters or extras; N begins a round; n / p step the turns; c rolls a contest. "
                  "d/D/x (damage), O (take out), g, m, J/K act on the row marked → (↑/↓, Home/End move it; "
                  "▶ is who acts). t / T start and roll extended actions. V5: g declares the action (press again for the next; "
                  "the log keeps the final choice), s passes. V20: m declares multiple actions, b spends blood. "
                  "Ingenuity: Enter picks who acts, z opens with a surprise round. "
                  "Everything is saved and logged at once; ctrl+z undoes.")
    # Its styles (conflict.tcss) are read after the first screen's (see VtmApp.LATER_CSS).
    BINDINGS = [
        Binding("n", "next_turn", "Next", id="conflict.next_turn"),
        Binding("N", "next_round", "Round", id="conflict.next_round"),
        Binding("c", "contest", "Contest", id="conflict.contest"),
        Binding("a", "add", "Add", id="conflict.add"),
        Binding("p", "previous_turn", "Previous turn", show=False, id="conflict.previous_turn"),
        Binding("s", "pass_turn", "Pass (to the end)", show=False, id="conflict.pass"),
        Binding("g", "declare", "Declare action (V5)", show=False, id="conflict.declare"),
        Binding("m", "multiple", "Multiple actions (V20)", show=False, id="conflict.multiple"),
        Binding("z", "surprise", "Surprise round (Ingenuity)", show=False, id="conflict.surprise"),
        Binding("shift+up,K", "move(-1)", "Move up the order", show=False, id="conflict.move_up"),
        Binding("shift+down,J", "move(1)", "Move down the order", show=False, id="conflict.move_down"),
        Binding("d", "damage('d')", "Damage (Superficial/bashing)", show=False, id="conflict.damage"),
        Binding("D", "damage('D')", "Damage (Aggravated/lethal)", show=False, id="conflict.damage_serious"),
        Binding("x", "damage('x')", "Aggravated damage", show=False, id="conflict.damage_aggravated"),
        Binding("b", "spend_blood", "Spend blood (V20)", show=False, id="conflict.spend_blood"),
        Binding("O", "take_out", "Take out / back in", show=False, id="conflict.take_out"),
        Binding("delete", "remove", "Remove from the conflict", show=False, id="conflict.remove"),
        Binding("S", "side", "Change side", show=False, id="conflict.side"),
        Binding("t", "new_tally", "New extended action", show=False, id="conflict.new_tally"),
        Binding("T", "roll_tally", "Roll extended action", show=False, id="conflict.roll_tally"),
        Binding("E", "end", "End the conflict", show=False, id="conflict.end"),
        Binding("ctrl+z", "undo", "Undo", show=False, id="conflict.undo"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.conflict: Conflict = tracker.new_conflict()
        self.broken: str = ""
        self.undo_stack: list[tuple[Conflict, list[Character], tuple[str, ...]]] = []  # and whom it concerned
        self._confirm_end = False
        self._last_row: str | None = None  # the row whose details the status line last showed

    # -- building -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield VtmHeader("conflict")
        yield Static("", id="conflict-round", markup=False)
        yield TurnOrderView(id="turn-order")
        yield Static("", id="conflict-tallies", markup=False)
        yield Static("", id="conflict-hint", markup=False)
        yield Static("", id="conflict-status", markup=False)
        yield VtmFooter()

    @property
    def store(self) -> ChronicleStore:
        store = self.app.chronicle_store
        if store is None:
            raise ConflictError("open a chronicle first")
        return store

    def on_mount(self) -> None:
        self.load()
        self.query_one(TurnOrderView).focus()

    def on_screen_resume(self) -> None:
        """Back from another screen: sheets may have changed there (damage healed in the coterie)."""
        if self.broken or self.app.chronicle_store is None:
            return
        try:  # a blood spend on a sheet (]) counted in this round's state meanwhile (vtm_tui.play.turn_blood)
            self.conflict = self.store.load_conflict() or self.conflict
        except VtmError:
            self.load()  # broken by hand meanwhile: say so, save nothing
            return
        changed = sync(self.conflict, self.table(log=False))
        if changed is not None:
            self.run(lambda t: sync(self.conflict, t) or changed)
        else:
            self.refresh_view()

    def load(self) -> None:
        """Read ``conflict.toml`` (a broken file is reported and never overwritten)."""
        try:
            loaded = self.store.load_conflict()
        except VtmError as exc:
            self.broken = str(exc)
            self.refresh_view()
            self.say(f"conflict.toml cannot be read: {exc}. Fix the file, then press 2 again.", error=True)
            return
        self.broken = ""
        self.conflict = loaded if loaded is not None else tracker.new_conflict()
        self.refresh_view(keep=None)
        if loaded is None:
            self.say("No conflict yet: a adds participants, N begins round 1.")
        else:
            self.say(f"Resumed: {tracker.round_label(self.conflict, self.table(log=False))}.")

    # -- the table of facts every operation reads ----------------------------------------------
    def table(self, *, log: bool = True) -> Table:
        store = self.store
        chronicle = store.chronicle
        session = chronicle.current_session
        if log:
            from vtm_tui.play.sessions import session_for_action

            found = session_for_action(store, now=self.app.clock())
            session = found.number
            if found.started:
                self.app.publish_chronicle()
                self.notify(found.note + ".", title="Session", timeout=10)
        return Table.build(chronicle.ruleset, max(1, session), self.app.clock(),
                           chronicle.options, store.characters)

    @property
    def dice(self):  # noqa: ANN201 - the app's DiceSource
        return self.app.dice

    # -- showing --------------------------------------------------------------------------------
    def refresh_view(self, keep: str | None = "") -> None:
        if self.app.chronicle_store is None:
            return
        table = self.table(log=False)
        current = tracker.actor(self.conflict, table)
        view = self.query_one(TurnOrderView)
        view.show(self.conflict, table, current, keep=view.selected_name if keep == "" else keep)
        self._last_row = view.selected_name
        self.query_one("#conflict-round", Static).update(self._round_line(table, current))
        self.query_one("#conflict-tallies", Static).update(self._tallies_text())
        self.query_one("#conflict-tallies", Static).display = bool(self.conflict.tallies)
        self.query_one("#conflict-hint", Static).update(keys_hint(table.rules) + " · ? all keys")

    def _round_line(self, table: Table, current) -> str:  # noqa: ANN001
        label = tracker.round_label(self.conflict, table)
        title = f"{self.conflict.title} · " if self.conflict.title else ""
        if self.broken:
            return "conflict.toml is broken: nothing is saved until it is fixed"
        if not tracker.started(self.conflict):
            count = len(self.conflict.participants)
            return f"{title}{label}: {count} participant{'s' if count != 1 else ''} · N begins round 1"
        if current is None:
            return f"{title}{label} · nobody left to act · N: next round"
        verb, extra = tracker.turn_line(self.conflict, table)
        return f"{title}{label} · ▶ {current.name} {verb}{extra}"

    def _tallies_text(self) -> str:
        lines = []
        for tally in self.conflict.tallies:
            mark = "✓" if tally.done else "⟳"
            lines.append(f"{mark} {tally.label} — {tallies.text(tally)}")
        return "\n".join(lines)

    def say(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#conflict-status", Static)
        status.set_class(error, "-error")
        status.update(text)

    @property
    def selected(self) -> str | None:
        return self.query_one(TurnOrderView).selected_name

    # -- applying a change ---------------------------------------------------------------------
    def apply(self, change: Change) -> Change:
        """Save the sheets, log the entries, save the conflict; remember how to undo it."""
        if self.broken:
            raise ConflictError("conflict.toml is broken; fix it by hand (the message names the line) and press 2")
        if declarations.pending(change.conflict):  # a cycled declaration is logged once play moves on
            change = declarations.settled_after(self.conflict, change, self.table())
        store = self.store
        before_sheets = [copy.deepcopy(store.character(c.name)) for c in change.characters]
        moved = [c.name for c in before_sheets if store.sheet_changed_on_disk(c)]
        for character, read in zip(change.characters, before_sheets):
            try:
                if moved:  # worked out on a sheet another login has changed since: before anything is saved
                    raise _moved(moved[0])
                saved = store.save_character(character, before_write=partial(_unmoved, read))
            except StoreConflict:
                store.reload()  # another process changed the same fields: show theirs, try again
                self.refresh_view()
                raise
            self.app.post_message(CharacterChanged(saved))
        for entry in change.entries:
            store.log(entry)
        self.undo_stack.append((copy.deepcopy(self.conflict), before_sheets, concerned(change)))
        del self.undo_stack[:-UNDO_DEPTH]
        self.conflict = store.save_conflict(change.conflict)
        self.refresh_view()
        self.say(change.message)
        return change

    def run(self, operation: Callable[[Table], Change]) -> Change | None:
        """Run one tracker operation; a refusal is shown on the status line, never raised."""
        from vtm_tui.play.sessions import SessionEnded

        self._confirm_end = False
        try:
            return self.apply(operation(self.table()))
        except SessionEnded as exc:  # asked before any die is rolled; s starts the next session and runs it again
            self.app.ask_next_session(exc, lambda: self.run(operation))
            return None
        except VtmError as exc:
            self.say(str(exc), error=True)
            return None

    # -- turns ----------------------------------------------------------------------------------
    def action_next_turn(self) -> None:
        self.run(lambda t: tracker.next_turn(self.conflict, t, self.dice))

    def action_previous_turn(self) -> None:
        self.run(lambda t: tracker.previous_turn(self.conflict, t))

    def action_next_round(self) -> None:
        self.run(lambda t: tracker.next_round(self.conflict, t, self.dice))

    def action_pass_turn(self) -> None:
        self.run(lambda t: tracker.pass_turn(self.conflict, t))

    def action_move(self, step: int) -> None:
        name = self.selected
        if name is not None:
            self.run(lambda t: roster.move(self.conflict, t, name, step))

    def action_declare(self) -> None:
        name = self.selected
        if name is None:
            return
        self.run(lambda t: tracker.declare_next(self.conflict, t, name, self.dice))

    def action_multiple(self) -> None:
        name = self.selected
        if name is None:
            return
        self.run(lambda t: tracker.more_actions(self.conflict, t, name))

    def action_surprise(self) -> None:
        name = self.selected
        if name is None:
            return
        side = roster.find(self.conflict, name).side
        self.run(lambda t: tracker.next_round(self.conflict, t, self.dice, surprise=side))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Moving the cursor shows the row's details (pools, Willpower...) on the status line."""
        name = event.row_key.value
        if name is None or name == self._last_row or event.cursor_row != event.data_table.cursor_row:
            return  # a rebuild moving the cursor through rows back to where it was: not a person's move
        self._last_row = str(name)
        try:
            p = roster.find(self.conflict, str(name))
        except VtmError:
            return
        self.say(details(p, self.conflict, self.table(log=False)))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row: where Enter picks (Ingenuity's teams), the team whose turn it is picks that member."""
        event.stop()
        picks = ruleset_for(self.store.chronicle.ruleset).conflict_round().pick_keys()
        if "enter" not in picks or not tracker.started(self.conflict):
            return
        name = str(event.row_key.value)
        self.run(lambda t: tracker.pick(self.conflict, t, name))

    # -- ending and undoing ---------------------------------------------------------------------
    def action_end(self) -> None:
        if not self._confirm_end:
            self._confirm_end = True
            self.say("Press E again to end the conflict (conflict.toml goes to trash/; the log keeps everything).")
            return
        self._confirm_end = False
        try:
            table = self.table()
            for entry in declarations.settle(Change(self.conflict), table).entries:
                self.store.log(entry)
            self.store.log(table.entry("conflict", comment=f"the conflict ends after round {self.conflict.round}"))
            self.store.clear_conflict()
        except VtmError as exc:
            self.say(str(exc), error=True)
            return
        self.conflict = tracker.new_conflict()
        self.undo_stack.clear()
        self.refresh_view(keep=None)
        self.say("The conflict is over. a adds participants for a new one.")

    def action_undo(self) -> None:
        from vtm_tui.play.sessions import SessionEnded

        if not self.undo_stack:
            self.say("Nothing to undo.", error=True)
            return
        try:
            table = self.table()  # before the pop: a change refused here (a session to start) can be undone again
            conflict, sheets, names = self.undo_stack.pop()
            store = self.store
            for sheet in sheets:
                current = store.character(sheet.name)
                sheet.slug = current.slug
                self.app.post_message(CharacterChanged(store.save_character(sheet)))
            store.log(undo_entry(table, [s.name for s in sheets], names))
            self.conflict = store.save_conflict(conflict)
        except SessionEnded as exc:  # asked before anything is taken back
            return self.app.ask_next_session(exc, self.action_undo)
        except VtmError as exc:
            self.say(str(exc), error=True)
            return
        self.refresh_view()
        self.say("Undone.")

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        return [
            ("Add to the conflict", "characters or extras (a)", self.action_add),
            ("Name the conflict", "a title shown above the turn order", self.action_title),
            ("Change side", "move the highlighted participant to another side (S)", self.action_side),
            ("Next turn", "the next participant acts (n)", self.action_next_turn),
            ("Next round", "begin the next round (N)", self.action_next_round),
            ("Contest", "roll a contest between two participants (c)", self.action_contest),
            ("New extended action", "a tally toward a target (t)", self.action_new_tally),
            ("Roll extended action", "this turn's roll for a tally (T)", self.action_roll_tally),
            ("End the conflict", "file it away (E twice)", self.action_end),
            ("Undo conflict change", "take back the last change (ctrl+z)", self.action_undo),
        ]


def _moved(name: str) -> StoreConflict:
    return StoreConflict(f"{name}'s sheet was changed at another login meanwhile; nothing was saved or logged. "
                         "The tracker shows it as it is now: make the change again")


def _unmoved(read: Character, replaced: Character, _saved: Character) -> None:
    """Refuse a save that would merge another login's change into the sheet the change was worked out on: its
    message and log entry (``/////``) would say what the merged file (``X////``) does not hold."""
    if replaced.to_toml() != read.to_toml():
        raise _moved(read.name)
