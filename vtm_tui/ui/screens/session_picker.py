"""Small modal pickers of the log screen: which session, which value of a filter, what to search for.

:class:`SessionPicker` lists every session (number, date, rolls, who played,
title) from the index's cheap summaries, plus "all sessions"; it returns the
session number, 0 for all, or None when cancelled. :class:`ChoicePicker` picks
one of a few values (a character, a kind, an outcome); :class:`TextPrompt` asks
for one line (a search, a date range) and checks it before closing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import tzinfo

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from vtm_tui.errors import VtmError
from vtm_tui.store.session_log import SessionSummary
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

ALL_SESSIONS = 0

PICKER_CSS = """
.log-modal > Vertical {
    width: 78;  /* 72 columns of a session line, the ▶ mark before it, and the border */
    max-height: 90%;
    border: round $secondary;
}
.log-modal .modal-title {
    text-style: bold;
    height: 1;
}
.log-modal .modal-hint {
    color: $text-muted;
    height: auto;
}
.log-modal .modal-error {
    color: $error;
    height: auto;
}
.log-modal OptionList {
    height: auto;
    max-height: 16;
    border: none;
    padding: 0;
}
.log-modal Input {
    border: none;
    height: 1;
    padding: 0 1;
    background: $panel;
}
"""


def session_label(summary: SessionSummary, tz: tzinfo | None = None, width: int = 72) -> Text:
    """``#3  2026-10-03  12 rolls  Inês, Nora, Duarte — A bargain in Alfama``."""
    when = summary.started.astimezone(tz).strftime("%Y-%m-%d") if summary.started else "????-??-??"
    rolls = f"{summary.rolls} roll" + ("" if summary.rolls == 1 else "s")
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"#{summary.number:<4}", "bold")
    text.append(f"{when}  ")
    text.append(f"{rolls:>9}  ")
    if summary.problem:
        text.append(f"cannot be read: {summary.problem}", "bold red")
        return text
    players = ", ".join(name.split()[0] for name in summary.actors[:4])
    if len(summary.actors) > 4:
        players += f" +{len(summary.actors) - 4}"
    text.append(players)
    if summary.title:
        text.append(f" — {summary.title}", "italic")
    text.truncate(width, overflow="ellipsis")
    return text


class _Modal(VtmDialog):
    DEFAULT_CSS = PICKER_CSS
    SCOPED_CSS = False  # the rules name the .log-modal class the screen itself carries
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="picker.cancel")]

    def __init__(self) -> None:
        super().__init__(classes="log-modal")

    def action_cancel(self) -> None:
        self.dismiss(None)


class SessionPicker(_Modal):
    """Jump to one session, or to all of them together."""

    HELP_TITLE = "Sessions"

    def __init__(self, summaries: Sequence[SessionSummary], current: int | None, tz: tzinfo | None = None) -> None:
        super().__init__()
        self.summaries = list(summaries)
        self.current = current
        self.tz = tz

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Sessions — Enter shows one, or all together", classes="modal-title")
            options = [Option(Text("All sessions together", style="bold"), id="all")]
            options += [Option(session_label(s, self.tz), id=str(s.number)) for s in reversed(self.summaries)]
            yield MarkedOptionList(*options, id="sessions")
            yield Static("↑/↓ choose · Enter show · Esc cancel", classes="modal-hint")

    def on_mount(self) -> None:
        sessions = self.query_one(OptionList)
        target = "all" if self.current is None else str(self.current)
        try:
            sessions.highlighted = sessions.get_option_index(target)
        except Exception:  # noqa: BLE001 - an unknown session: start at the top
            sessions.highlighted = 0
        sessions.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        chosen = event.option.id or "all"
        self.dismiss(ALL_SESSIONS if chosen == "all" else int(chosen))


class ChoicePicker(_Modal):
    """One value out of a short list; returns it (the value, not the label)."""

    HELP_TITLE = "Choose"

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)  # (value, label)
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="modal-title", markup=False)
            if self.choices:
                yield MarkedOptionList(*[Option(Text(label), id=str(i))  # names from the log: text, not markup
                                  for i, (_value, label) in enumerate(self.choices)])
            else:
                yield Static("Nothing to choose from yet.", classes="modal-hint")
            yield Static(self.hint or "↑/↓ choose · Enter pick · Esc cancel", classes="modal-hint", markup=False)

    def on_mount(self) -> None:
        for options in self.query(OptionList):
            options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)][0])


class TextPrompt(_Modal):
    """One line of text; ``check`` may refuse it with a VtmError, shown under the field."""

    HELP_TITLE = "Prompt"

    def __init__(self, title: str, value: str = "", *, placeholder: str = "", hint: str = "",
                 check: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.hint = hint
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="modal-title", markup=False)
            yield Input(self.value, placeholder=self.placeholder, id="prompt")
            yield Static("", classes="modal-error", id="prompt-error", markup=False)
            yield Static(self.hint or "Enter apply · empty clears · Esc cancel", classes="modal-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.check is not None:
            try:
                self.check(event.value)
            except VtmError as exc:
                self.query_one("#prompt-error", Static).update(str(exc))
                return
        self.dismiss(event.value)
