"""``r``: the roll dialog — a pool with live exact odds, the dice, the result and what follows.

A thin shell over :mod:`vtm_tui.play`: the form's text becomes a request
(the form's :class:`~vtm_tui.rules.roll_options.RollOptions` to ``request_for``), the chart shows ``odds(request)``, Enter rolls with the
app's dice (or judges typed faces), and every roll is appended to the session
log the moment it is made, before the sheet it changes is saved. The result page
offers the V5 follow-ups as one-key actions: Willpower re-roll by strategy
(``1``-``4``, each with its exact odds given the dice showing) or by hand
(``p``), a Rouse check (``u``, as on the coterie), the hunger frenzy a failed forced Rouse owes
(``f``), win at a cost noted (``c``); ``n`` rolls again, Enter or Esc closes.

Seams with the app: ``app.chronicle_store``, ``app.dice``, ``app.clock``; the
dialog posts :class:`~vtm_tui.ui.messages.CharacterChanged` after saving a sheet.
Frenzy and Remorse open with ``RollDialog.for_frenzy(character)`` and
``for_remorse``; any kind with ``RollDialog(character, kind=...)``.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, Static

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play import FollowUp, RollRequest, apply, default_pool, faces_hint, follow_ups, headline, judge_faces
from vtm_tui.play import odds, perform
from vtm_tui.play.request import request_for
from vtm_tui.play.roll_path import RollMade, make_roll
from vtm_tui.play.sessions import SessionEnded
from vtm_tui.play.record import Recorder
from vtm_tui.rules.kind_spec import KindSpec
from vtm_tui.rules.ruleset import ruleset_for, short_title
from vtm_tui.store.errors import ConflictError
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.messages import CharacterChanged
from vtm_tui.ui.screens.roll_followups import FollowUpActions
from vtm_tui.ui.screens.roll_power import PowerActions
from vtm_tui.ui.screens.roll_reopen import Reopening
from vtm_tui.ui.textual_compat import OneFrameScreen
from vtm_tui.ui.widgets.dice_view import PICK_KEYS
from vtm_tui.ui.widgets.roll_form import FORM_KEYS, LIVE_FIELDS, RollForm
from vtm_tui.ui.widgets.roll_result import RollResult


class RollDialog(OneFrameScreen, Reopening, FollowUpActions, PowerActions, VtmDialog[LogEntry | None]):
    """Roll for one character; returns the last logged roll entry (None if nothing was rolled)."""

    HELP_TITLE = "Roll dialog"
    # Its styles (roll_dialog.tcss) are read after the first screen's (see VtmApp.LATER_CSS).
    BINDINGS = [
        Binding("escape", "back", "Close", id="roll.close"),
        Binding("enter", "confirm", "Roll / close / re-roll picked", show=False, id="roll.confirm"),
        *[Binding(key, f"digit('{key}')", f"Re-roll strategy {key}" if key in "1234" else "Pick die",
                  show=False, id=f"roll.digit_{key}") for key in PICK_KEYS],
        Binding("p", "pick", "Re-roll by hand", show=False, id="roll.pick"),
        Binding("u", "rouse", "Rouse check", show=False, id="roll.rouse"),  # u as on the coterie; o is the app's
        Binding("f", "frenzy", "Frenzy test", show=False, id="roll.frenzy"),
        Binding("c", "cost", "Win at a cost", show=False, id="roll.cost"),
        Binding("k", "compulsion", "Compulsion", show=False, id="roll.compulsion"),
        Binding("ctrl+o", "power", "Use a power (its Rouse checks first)", show=False, id="roll.power"),
        Binding("n,r", "again", "New roll", show=False, id="roll.again"),
    ]

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's own, without its repaint: a screen repaints all of itself when focus moves, and a roll
    moves focus from the pool to the result, so every roll re-sent the whole screen (~6 KB over SSH).
    The widgets that gain and lose focus restyle and repaint themselves."""

    def __init__(self, character: Character | None, *, kind: str = "test", difficulty: int | None = None,
                 pool: str = "") -> None:
        super().__init__()
        self.character = character
        self.kind = kind
        self.initial_pool = pool  # e.g. a power's pool, after its Rouse checks (the coterie's Blood dialog)
        self.initial_difficulty = difficulty
        self.mode = "form"  # form | result | pick | faces
        self.request: RollRequest | None = None
        self.outcome: Any = None
        self.result_request: RollRequest | None = None
        self.result_entry: LogEntry | None = None
        self.last_entry: LogEntry | None = None
        self.from_faces = False
        self.items: tuple[FollowUp, ...] = ()
        self.pending_choice: Any = None
        self.recorder: Recorder | None = None
        self.free_botch_used = False
        self._built: tuple[object, object, RollRequest] | None = None  # (sheet, form values, request built)
        self._store: object = None  # the chronicle store the recorder writes to
        self._reopened = False  # opened again and not yet shown (its styles are current: see update_node_styles)
        self._styled_at: int | None = None  # the app's CSS generation when the whole dialog was last restyled

    @classmethod
    def for_frenzy(cls, character: Character | None, difficulty: int = 4) -> RollDialog:
        """A Frenzy test (Willpower + Humanity // 3, no Hunger dice), Difficulty 4 unless told."""
        return cls(character, kind="frenzy", difficulty=difficulty)

    @classmethod
    def for_remorse(cls, character: Character | None) -> RollDialog:
        """The end-of-session Remorse test (10 − Humanity − stains dice)."""
        return cls(character, kind="remorse")

    @property
    def selected_character(self) -> Character | None:
        return self.character

    @property
    def kind_spec(self) -> KindSpec:
        """The roll's kind as its rule set declares it: the title, the pool the rules fix, the ordinary test."""
        assert self.character is not None
        return ruleset_for(self.character.ruleset).roll_kind(self.kind)

    # -- building ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="roll-box") as box:
            if self.character is None:
                yield Static("No character is selected: pick one on the coterie screen (1), then press r.")
                return
            box.border_title = f"{self.kind_spec.title} — {self.character.name}"
            box.border_subtitle = short_title(self.character.ruleset)
            yield RollForm(self.character, self.kind, self._opening_pool(), fixed_pool=self.kind_spec.fixed_pool,
                           difficulty=self._difficulty_text(),
                           surge_dice=self._surge_dice(), storyteller=self.app.player is None,
                           id="form")
            yield Input("", id="reroll-faces", compact=True)  # above the result, so it is never scrolled away
            yield RollResult(id="result")
            yield Static(FORM_KEYS, id="keys")

    def _opening_pool(self) -> str:
        assert self.character is not None
        store = self._store = self.app.chronicle_store
        if store is not None and self.recorder is None:
            self.recorder = Recorder(store, self.app.clock, self._session_started,
                                     player=self.app.player is not None)
        if not self.kind_spec.ordinary:
            return ""
        if self.initial_pool:
            return self.initial_pool
        last = self.recorder.last_pool(self.character.name) if self.recorder else None
        return default_pool(self.character, self.character.ruleset, last)

    def _surge_dice(self) -> int:
        if self.character is None:
            return 0
        return ruleset_for(self.character.ruleset).roll_play().surge_dice(self.character.sheet)

    def on_mount(self) -> None:
        if self.character is None:
            self.app.notify("No character selected: pick one on the coterie screen first.", title="Roll",
                            severity="warning")
            self.dismiss(None)
            return
        self.form = self.query_one(RollForm)
        self.result_view = self.query_one("#result", RollResult)
        self.keys_line = self.query_one("#keys", Static)
        self.result_view.display = False
        self.query_one("#reroll-faces", Input).display = False
        self._begin()

    def _begin(self) -> None:
        """What every opening does once the form shows its fields: the request and its odds, the focus."""
        assert self.character is not None
        if self.recorder is not None:
            self.free_botch_used = ruleset_for(self.character.ruleset).roll_play().free_botch_spent(self.recorder)
        self.refresh_request()
        self.query_one("#faces" if self.kind_spec.fixed_pool else "#pool", Input).focus()

    def _difficulty_text(self) -> str | None:
        return None if self.initial_difficulty is None else str(self.initial_difficulty)

    # -- the form ------------------------------------------------------------------------------------
    def build_request(self) -> RollRequest:
        """The request the form describes now; the last one is reused when nothing it depends on changed
        (Enter after the form has shown it: parsing the pool again cost 0.4 ms of the roll's frame)."""
        assert self.character is not None
        store = self.app.chronicle_store
        options = dict(store.chronicle.options) if store is not None else {}
        chosen = self.form.options(self.kind)
        key = (chosen, self.free_botch_used, sorted(options.items()))
        # The sheet itself is kept and compared by identity (not its id(): a freed sheet's address can be reused).
        if self._built is not None and self._built[0] is self.character and self._built[1] == key:
            return self._built[2]
        request = request_for(self.character, chosen, house_rules=options, free_botch_used=self.free_botch_used)
        self._built = (self.character, key, request)
        return request

    def refresh_request(self) -> RollRequest | None:
        """Re-read the form: the request, its odds in the chart, or the error inline."""
        form = self.form
        try:
            request = self.build_request()
            view = odds(request)
        except VtmError as exc:
            self.request = None
            form.show_error(str(exc))
            return None
        self.request = request
        form.show_request(request, view, faces_hint(request))
        return request

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in LIVE_FIELDS:
            self.refresh_request()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.refresh_request()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "add-trait":
            if not event.select.is_blank():
                name = str(event.value)
                event.select.clear()
                self.form.add_trait(name)
            return
        self.refresh_request()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "reroll-faces":
            self._typed_reroll(event.value)
            return
        self.roll()

    # -- rolling -------------------------------------------------------------------------------------
    def roll(self) -> None:
        """Roll (or judge the typed faces), log at once, save what changed, show the result."""
        form = self.form
        try:
            request = self.build_request()  # the form already shows it: no need to redraw what will be hidden
        except VtmError as exc:
            form.show_error(str(exc))
            self.query_one("#pool", Input).focus()
            return
        if self.character is None:
            return
        faces = form.faces
        refused = self._typed_refusal() if faces else ""
        if refused:
            form.show_error(refused)
            self.query_one("#faces", Input).focus()
            return
        self.from_faces = bool(faces)  # the entries logged below say their faces were typed
        rouse_faces = None
        if request.surge and faces:  # the Rouse check a Blood Surge costs comes first: the first face typed
            rouse_faces, _, faces = faces.replace(",", " ").strip().partition(" ")
        if self.recorder is None:  # no chronicle open: the dice are shown, nothing is logged
            try:
                self.show_result(request, judge_faces(request, faces) if faces else perform(request, self.app.dice),
                                 None, ())
            except VtmError as exc:
                form.show_error(str(exc))
            return
        store = self.app.chronicle_store
        try:
            chosen = self._built[1][0] if self._built is not None else self.form.options(self.kind)  # the request's
            made = make_roll(self.character, chosen, recorder=self.recorder,
                             dice=self.app.dice, request=request, faces=faces or None, rouse_faces=rouse_faces,
                             typed=self.from_faces, free_botch_used=self.free_botch_used,
                             house_rules=store.chronicle.options if store is not None else {})
        except SessionEnded as exc:  # asked; Esc leaves the form as it was
            return self.app.ask_next_session(exc, self.roll, said_later=self._say_when_closing)
        except VtmError as exc:
            form.show_error(str(exc))
            self.query_one("#faces" if faces or rouse_faces else "#pool", Input).focus()
            return
        self._made(made)

    def _made(self, made: RollMade) -> None:
        """What a roll made: say what could not be saved, take the sheet as saved, show the result."""
        for conflict in made.conflicts:
            self.app.notify(f"{conflict}\nThe roll is logged; the sheet was reloaded and not changed.",
                            title="Changed by another process", severity="error", timeout=12)
        for problem in made.problems:
            self.app.notify(problem, title="Not saved", severity="error", timeout=12)
        if made.changed:
            self.character = made.character
            self.post_message(CharacterChanged(made.character))
        if getattr(made.outcome, "free_botch_consumed", False):
            self.free_botch_used = True
        if made.entry is None and made.problems:
            return
        self.last_entry = made.entry or self.last_entry
        self.show_result(made.request, made.outcome, made.entry, made.changes)

    def _typed_refusal(self) -> str:
        """A player's seat may type faces only when the chronicle allows it (``players_may_type_faces``)."""
        from vtm_tui.play.visibility import Viewer, typed_faces_refusal

        player = self.app.player
        store = self.app.chronicle_store
        if player is None:
            return ""
        return typed_faces_refusal(Viewer(player=player), store.chronicle.options if store is not None else {})

    def _record(self, request: RollRequest, outcome: Any, *, ref: str = "", show: bool = False) -> LogEntry | None:
        assert self.character is not None
        if self.recorder is None:
            entry = None
            changes: tuple[str, ...] = ()
        else:
            try:
                session = self.recorder.session(request.kind)
                now = self.app.clock()
                applied = apply(self.character, request, outcome, session=session, now=now, ref=ref,
                                typed=self.from_faces)
                saved = self.recorder.record(applied, self.character)
            except ConflictError as exc:
                self.app.notify(f"{exc}\nThe roll is logged; the sheet was reloaded and not changed.",
                                title="Changed by another process", severity="error", timeout=12)
                saved, applied = self.character, None
            except VtmError as exc:
                self.app.notify(str(exc), title="Not saved", severity="error", timeout=12)
                return None
            entry = applied.entries[0] if applied else None
            changes = applied.changes if applied else ()
            if applied and applied.changed:
                self.character = saved
                self.post_message(CharacterChanged(saved))
            if getattr(outcome, "free_botch_consumed", False):
                self.free_botch_used = True
        self.last_entry = entry or self.last_entry
        if show:
            self.show_result(request, outcome, entry, changes)
        return entry

    def show_result(self, request: RollRequest, outcome: Any, entry: LogEntry | None, changes: tuple[str, ...]) -> None:
        self.request = request
        self.result_request, self.outcome, self.result_entry = request, outcome, entry
        self.items = follow_ups(outcome, request, self.character)
        self.mode = "result"
        result = self.result_view
        head = headline(request, reveal=False) + (" · typed faces" if self.from_faces else "")
        result.show(outcome, head, self.items, changes, self._result_keys())
        # Swap the pages last: a layout change before the updates would make each of them arrange the screen.
        self.form.display = False
        self.keys_line.display = False
        result.display = True
        result.focus()
        self.refresh_bindings()

    def _result_keys(self) -> str:
        keys = sorted({item.key for item in self.items if item.key and item.available})
        hint = [f"[{'/'.join(keys)}] follow-up"] if keys else []
        return " · ".join(hint + ["[n] new roll", "Enter/Esc close"])

    def _item(self, action: str, key: str | None = None) -> FollowUp | None:
        for item in self.items:
            if item.action == action and (key is None or item.key == key):
                return item
        return None

    # -- follow-ups ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pick", "rouse", "frenzy", "cost", "compulsion"):
            return self.mode == "result" and self._item(action) is not None
        if action == "again":
            return self.mode == "result"
        if action == "digit":
            return self.mode in ("result", "pick")
        if action == "confirm":
            return self.mode in ("form", "result", "pick")
        return True


    def action_again(self) -> None:
        """Back to the form, same pool and settings, for another roll."""
        self.mode = "form"
        self.result_view.display = False
        form = self.form
        form.display = True
        self.query_one("#faces", Input).value = ""
        keys = self.keys_line
        keys.update(FORM_KEYS)
        keys.display = True
        self.refresh_request()
        self.query_one("#faces" if self.kind_spec.fixed_pool else "#pool", Input).focus()
        self.refresh_bindings()

    def action_back(self) -> None:
        if self.mode == "pick":
            self.mode = "result"
            self.result_view.set_pick(False)
            self._say(self._result_keys())
            self.refresh_bindings()
            return
        if self.mode == "faces":
            self.mode = "result"
            self.query_one("#reroll-faces", Input).display = False
            self.result_view.focus()
            return
        notes = self.recorder.notes if self.recorder is not None else []
        if notes:  # said when the dialog closes: a toast over the result would hide the dice
            self.app.notify(". ".join(notes) + ".", title="Session", timeout=10)
            notes.clear()
        self.dismiss(self.last_entry)

    def _say(self, text: str) -> None:
        if self.mode in ("result", "pick", "faces"):
            self.result_view.set_keys(text)
        else:
            self.keys_line.update(text)

    def _say_when_closing(self, note: str) -> None:
        """A session the question started is said with the recorder's notes, when the dialog closes."""
        if self.recorder is not None:
            self.recorder.notes.append(note)
        else:
            self.app.notify(note + ".", title="Session")

    def _session_started(self, number: int) -> None:
        """The header shows the new session at once; the recorder's note is said when the dialog closes."""
        self.app.publish_chronicle()

