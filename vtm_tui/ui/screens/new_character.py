"""Dialogs that name a character: ``a`` adds one (name, player or storyteller, player's name, and for V5
vampire/ghoul/mortal), ``R`` renames one. Keyboard only: Tab moves, Enter confirms, Esc cancels.
The dialogs only collect answers; the coterie screen saves through the store."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

DIALOG_CSS = """
{name} > Vertical {{ width: 60; }}
{name} OptionList {{ height: auto; max-height: 7; }}
{name} Label {{ text-style: bold; }}
{name} .error {{ color: $error; text-style: bold; }}
"""

KINDS = (("pc", "Player character"), ("spc", "Storyteller character"))


class NewCharacterDialog(VtmDialog[dict | None]):
    """Answers ``{"name", "kind", "player", "creature"}`` or None."""

    HELP_TITLE = "New character"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CSS = DIALOG_CSS.format(name="NewCharacterDialog")

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.creatures = ruleset_for(ruleset).creatures()  # what a sheet may say it is: empty, no choice

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "New character — Tab/Enter next, Esc cancels"
            yield Label("Name")
            yield Input(id="name")
            yield Label("Player (empty for a storyteller character)")
            yield Input(id="player")
            yield Label("Kind")
            yield MarkedOptionList(*[Option(text, id=key) for key, text in KINDS], id="kind")
            if self.creatures:
                yield Label("Creature")
                yield MarkedOptionList(*[Option(name, id=name) for name in self.creatures], id="creature")
            yield Label("", id="problem", classes="error")

    def on_mount(self) -> None:
        for options in self.query(OptionList):
            options.highlighted = 0
        self.query_one("#name", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "player":
            self.query_one("#kind", OptionList).highlighted = 0 if event.value.strip() else 1

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "kind" and self.creatures:
            self.query_one("#creature", OptionList).focus()
            return
        self.submit()

    def submit(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#problem", Label).update("A character needs a name.")
            self.query_one("#name", Input).focus()
            return
        kind_list = self.query_one("#kind", OptionList)
        kind = KINDS[kind_list.highlighted or 0][0]
        creature = None
        if self.creatures:
            creature = self.creatures[self.query_one("#creature", OptionList).highlighted or 0]
        self.dismiss({"name": name, "kind": kind, "player": self.query_one("#player", Input).value.strip(),
                      "creature": creature})

    def action_cancel(self) -> None:
        self.dismiss(None)


class RenameDialog(VtmDialog[str | None]):
    """Answers the new name, or None."""

    HELP_TITLE = "Rename"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CSS = DIALOG_CSS.format(name="RenameDialog")

    def __init__(self, name: str) -> None:
        super().__init__()
        self.old_name = name

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"Rename {self.old_name} — Enter renames, Esc cancels"
            yield Input(value=self.old_name, id="name")
            yield Label("", id="problem", classes="error")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if not name:
            self.query_one("#problem", Label).update("A character needs a name.")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
