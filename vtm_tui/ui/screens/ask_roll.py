"""The storyteller asks a player for a roll (``w`` → a connected character → Enter).

The request is a ``request`` entry in the session log (:mod:`vtm_tui.store.requests`):
the player's seat shows it within a second, pre-filled, with the Difficulty only if
it is not secret. ``vtm-tui ask`` does the same from a shell.
"""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import DIFFICULTY_RANGE
from vtm_tui.play.sessions import SessionEnded, session_for_action
from vtm_tui.store.requests import ask_for_roll, request_entry
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox


class AskRollDialog(VtmDialog[str | None]):
    """Pool, Difficulty, secret, a prompt; Enter sends the request. Returns the request's id (None: cancelled)."""

    HELP_TITLE = "Ask for a roll"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel"),
                Binding("enter", "send", "Send", show=False, id="ask.enter")]  # from the Secret box
    DEFAULT_CSS = """
    AskRollDialog > Vertical { width: 70; }
    AskRollDialog .row { height: 1; margin-top: 1; }
    AskRollDialog .row > Label { width: 12; color: $text-muted; }
    AskRollDialog .row > Input { width: 1fr; }
    AskRollDialog #ask-error { color: $error; text-style: bold; height: auto; }
    AskRollDialog #ask-keys { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, actor: str, player: str = "") -> None:
        super().__init__()
        self.actor = actor
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"Ask {self.player or 'a player'} for a roll — {self.actor}"
            with Horizontal(classes="row"):
                yield Label("Pool")
                yield Input("", id="ask-pool", compact=True, placeholder="type a pool, e.g. Wits + Awareness")
            with Horizontal(classes="row"):
                yield Label("Difficulty")
                yield Input("", id="ask-difficulty", compact=True, placeholder="none (or a number)", type="integer")
            with Horizontal(classes="row"):
                yield Label("Prompt")
                yield Input("", id="ask-prompt", compact=True, placeholder="what the player reads")
            yield MarkCheckbox("Secret Difficulty (the player's screen shows '?')", id="ask-secret", compact=True)
            yield Static("", id="ask-error", markup=False)
            yield Static("Enter sends · Tab next field · Esc cancels", id="ask-keys")

    def on_mount(self) -> None:
        self.query_one("#ask-pool", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send()

    def action_send(self) -> None:
        self.send()

    def send(self) -> None:
        store = self.app.chronicle_store
        text = self.query_one("#ask-difficulty", Input).value.strip()
        error = self.query_one("#ask-error", Static)
        try:
            difficulty = int(text) if text else None
            low, high = DIFFICULTY_RANGE
            if difficulty is not None and not low <= difficulty <= high:
                raise VtmError(f"Difficulty {difficulty} is out of range ({low}-{high})")
            entry = request_entry(session=max(1, store.chronicle.current_session), ruleset=store.chronicle.ruleset,
                                  actor=self.actor, pool=self.query_one("#ask-pool", Input).value,
                                  difficulty=difficulty, secret=self.query_one("#ask-secret", MarkCheckbox).value,
                                  prompt=self.query_one("#ask-prompt", Input).value, now=self.app.clock())
            found = session_for_action(store, now=self.app.clock())
            entry = replace(entry, session=found.number)  # checked first: a bad request opens no session
            ask_for_roll(store.path, entry)
            if found.started:
                self.app.publish_chronicle()
                self.app.notify(found.note + ".", title="Session", timeout=10)
        except SessionEnded as exc:  # asked; Esc leaves this dialog as typed
            self.app.ask_next_session(exc, self.send)
            return
        except (VtmError, ValueError) as exc:
            error.update(str(exc))
            return
        self.app.notify(f"Asked {self.player or self.actor}: {entry.pool}", title="Roll request")
        self.dismiss(entry.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
