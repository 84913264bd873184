"""``a`` on a player's seat: answer the storyteller's roll request, pre-filled with what was asked.

The storyteller's request (:class:`~vtm_tui.store.requests.RollAsk`) names the
character, the pool, the kind of roll and a Difficulty that may be secret. The
player sees the pool (and may change it, e.g. to add a specialty), never a
secret Difficulty, and no odds (they would give it away). Enter rolls with the
app's dice, or judges faces typed from physical dice; the roll goes through the
same one call as the roll dialog (:func:`~vtm_tui.play.roll_path.make_roll`: logged at once, the sheet
saved after) with ``ref`` naming the request, which closes it; a pool the player changed from the one asked
is logged as changed, with the asked one beside it (:mod:`vtm_tui.model.asked`), so the storyteller sees it. The result is shown as the
player's log shows it (through :mod:`vtm_tui.play.visibility`), so a V20
Difficulty cannot be read off which dice counted either.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play import faces_hint
from vtm_tui.play.record import Recorder
from vtm_tui.play.request import request_for
from vtm_tui.play.roll_path import make_roll
from vtm_tui.play.visibility import Viewer, entry_for, typed_faces_refusal, viewer_for
from vtm_tui.review.lines import format_entry
from vtm_tui.rules.roll_options import RollOptions
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.store.requests import RollAsk
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.messages import CharacterChanged
from vtm_tui.ui.seat_text import seat_text

KEYS = "Enter rolls (or judges the faces typed) · Tab next field · Esc later"


class RequestDialog(VtmDialog[LogEntry | None]):
    """Roll what the storyteller asked for; returns the logged entry (None if closed unrolled)."""

    HELP_TITLE = "Roll request"
    BINDINGS = [
        Binding("escape", "close", "Later / close", id="request.close"),
        Binding("enter", "close", "Close", show=False, id="request.done"),
    ]
    DEFAULT_CSS = """
    RequestDialog > Vertical { width: 72; height: 21; max-height: 100%; }
    RequestDialog .row { height: 1; margin-top: 1; }
    RequestDialog .row > Label { width: 12; color: $text-muted; }
    RequestDialog .row > Input { width: 1fr; }
    RequestDialog #request-prompt { text-style: italic; margin-top: 1; }
    RequestDialog #request-difficulty, RequestDialog #request-hint { color: $text-muted; }
    RequestDialog #request-result { text-style: bold; margin-top: 1; height: 2; }
    RequestDialog #request-error { color: $error; text-style: bold; height: 1; }
    RequestDialog #request-keys { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, ask: RollAsk, character: Character) -> None:
        super().__init__()
        self.ask = ask
        self.character = character
        self.entry: LogEntry | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="request-box") as box:
            box.border_title = f"The storyteller asks — {self.character.name}"  # never markup (ui/textual_compat.py, install_screen_text)
            yield Static(Text(self.ask.prompt or "Roll when you are ready."), id="request-prompt")
            with Horizontal(classes="row"):
                yield Label("Pool")
                yield Input(self.ask.pool, id="request-pool", compact=True, disabled=bool(self._fixed_pool()))
            yield Static(self._difficulty_text(), id="request-difficulty")
            with Horizontal(classes="row"):
                yield Label("Faces")
                yield Input("", id="request-faces", compact=True, placeholder="optional: physical dice")
            yield Static("", id="request-hint")
            yield Static("", id="request-error")
            yield Static("", id="request-result")
            yield Static(KEYS, id="request-keys")

    def _difficulty_text(self) -> str:
        if self.ask.difficulty is None:
            return "Difficulty: none set"
        if self.ask.secret:
            return "Difficulty: secret (the storyteller knows it)"
        return f"Difficulty: {self.ask.difficulty}"

    def on_mount(self) -> None:
        self._hint()
        self.query_one("#request-faces" if self._fixed_pool() else "#request-pool", Input).focus()

    def _fixed_pool(self) -> str:
        """The pool the rules fix for the kind asked (a Rouse check, Remorse, Frenzy), as its rule set declares it."""
        return ruleset_for(self.character.ruleset).roll_kind(self.ask.roll_kind).fixed_pool

    def _options(self) -> RollOptions:
        """The roll as asked, with the pool the player may have changed (the kinds whose pool the rules fix
        take none)."""
        pool = self.query_one("#request-pool", Input).value
        kind = self.ask.roll_kind
        return RollOptions(pool="" if self._fixed_pool() else pool, kind=kind,
                           difficulty=self.ask.difficulty, secret=self.ask.secret)

    def _house_rules(self) -> dict[str, Any]:
        store = self.app.chronicle_store
        return dict(store.chronicle.options) if store is not None else {}

    def _request(self) -> RollRequest:
        return request_for(self.character, self._options(), house_rules=self._house_rules())

    def _hint(self) -> None:
        try:
            request = self._request()
        except VtmError as exc:
            self._error(str(exc))
            return
        self._error("")
        head = ruleset_for(request.ruleset).roll_play().headline(request)
        self.query_one("#request-hint", Static).update(Text(f"{head} · faces: {faces_hint(request)}"))

    def _error(self, text: str) -> None:
        self.query_one("#request-error", Static).update(Text(seat_text(self.app, text)))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "request-pool" and self.entry is None:
            self._hint()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.entry is None:
            self.roll()
        else:
            self.action_close()

    def roll(self) -> None:
        """Roll (or judge typed faces), log it with ``ref`` = the request, save the sheet, show the result."""
        store = self.app.chronicle_store
        faces = self.query_one("#request-faces", Input).value.strip()
        refused = typed_faces_refusal(Viewer(player=self.app.player or ""),
                                      store.chronicle.options) if faces else ""
        if refused:
            self._error(refused)
            return
        options = self._options()
        try:
            made = make_roll(self.character, options, recorder=Recorder(store, self.app.clock, player=True),
                             dice=self.app.dice, house_rules=self._house_rules(), faces=faces or None,
                             typed=bool(faces), ref=self.ask.id,
                             asked_pool=self.ask.pool if options.pool else None)
        except VtmError as exc:
            self._error(str(exc))
            return
        for conflict in made.conflicts:
            self.notify(f"{conflict}\nThe roll is logged; your sheet was reloaded and not changed.",
                        title="Changed by another seat", severity="error", timeout=10)
        if made.entry is None:
            self._error("; ".join(made.problems) or "the roll could not be logged")
            return
        self.entry = made.entry
        if made.changed:
            self.character = made.character
            self.post_message(CharacterChanged(made.character))
        self._show_result(made.changes)

    def _show_result(self, changes: tuple[str, ...]) -> None:
        assert self.entry is not None
        store = self.app.chronicle_store
        viewer = viewer_for(self.app.player or self.character.player, store.characters)
        shown = entry_for(viewer, self.entry)  # None: nothing of it is the player's to see, not the raw entry
        line = format_entry(shown, storyteller=False) if shown is not None else None
        words = [line.dice_text, "→", line.outcome or "rolled"] if line is not None else ["rolled"]
        if line is not None and line.margin:
            words.append(line.margin)
        # Every widget keeps its place and size (a box that moves is sent to the terminal whole): only the
        # result and the keys line change, a few hundred bytes over SSH.
        result = self.query_one("#request-result", Static)
        result.update(Text(" ".join(w for w in words if w) + ("\nSaved: " + "; ".join(changes) if changes else "")))
        self._error("")
        self.query_one("#request-keys", Static).update("Logged — the storyteller sees it now. Enter or Esc closes.")

    def action_close(self) -> None:
        self.dismiss(self.entry)
