"""``n`` on the picker: a new chronicle's name and rule set, keyboard only.

Type the name, Tab (or Enter) to the rule set, ↑/↓ to choose, Enter creates; Esc cancels. The dialog only
collects the answer; the picker creates the chronicle through the store.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.ruleset import registry_entry
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList


def ruleset_choices() -> tuple[tuple[str, str], ...]:
    """Every registered rule set as (id, ``title — description``), in registry order (its registry line's words)."""
    return tuple((ruleset, f"{registry_entry(ruleset).short_title} — {registry_entry(ruleset).description}")
                 for ruleset in RULESETS)


class NewChronicleDialog(VtmDialog[tuple[str, str] | None]):
    """Answers ``(name, ruleset)`` or None when cancelled."""

    HELP_TITLE = "New chronicle"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CSS = """
    NewChronicleDialog > Vertical { width: 60; }
    NewChronicleDialog OptionList { height: auto; max-height: 5; }
    NewChronicleDialog .error { color: $error; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "New chronicle"
            yield Label("Name")
            yield Input(placeholder="e.g. Lisboa Nocturna", id="name")
            yield Label("Rule set (↑/↓, Enter creates)")
            yield MarkedOptionList(*[Option(text, id=key) for key, text in ruleset_choices()], id="ruleset")
            yield Label("", id="problem", classes="error")

    def on_mount(self) -> None:
        self.query_one("#ruleset", OptionList).highlighted = 0
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#ruleset", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#problem", Label).update("A chronicle needs a name.")
            self.query_one("#name", Input).focus()
            return
        if event.option.id is None:  # every option is a registered rule set's; nothing to create without one
            return
        self.dismiss((name, event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
