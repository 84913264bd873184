"""``a`` on the tracker: add chronicle characters, or nameless extras ("three ghouls"), to a side.

Space ticks characters in the list (those already fighting are not offered);
or type an extra's name, how many, one number per pool (``general 5, attack 6``:
dice in V5/V20, die sizes in Ingenuity such as ``d8``) and health — or ``ctrl+t``
fills them from a quick storyteller-character template. Enter or
ctrl+s adds, Esc cancels. Bad input is explained in the dialog, which stays open.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from vtm_tui.conflict.roster import parse_pools
from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox as Checkbox
from vtm_tui.ui.widgets.mark_checkbox import MarkSelectionList as SelectionList

@dataclass(frozen=True)
class AddRequest:
    """What the storyteller asked for: characters by name, and/or a group of extras."""

    characters: tuple[str, ...] = ()
    side: str = ""
    extras_name: str = ""
    extras_count: int = 0
    pools: dict[str, int] = field(default_factory=dict)
    health: int = 0
    vampire: bool = False


class AddParticipantDialog(VtmDialog[AddRequest | None]):
    """Answers an :class:`AddRequest`, or None when cancelled."""

    HELP_TITLE = "Add participants"
    BINDINGS = [
        Binding("ctrl+s", "add", "Add", priority=True, id="add_participant.add"),
        Binding("escape", "cancel", "Cancel", id="add_participant.cancel"),
        Binding("enter", "add", "Add", show=False, id="add_participant.enter"),  # from the list and tick boxes
        Binding("ctrl+t", "template", "From a template", priority=True, id="add_participant.template"),
    ]
    DEFAULT_CSS = """
    AddParticipantDialog > Vertical { width: 76; max-height: 100%; }
    AddParticipantDialog SelectionList, AddParticipantDialog SelectionList:focus { height: auto; max-height: 7;
        border: none; padding: 0; }
    AddParticipantDialog Input { border: none; height: 1; background: $panel; width: 1fr; padding: 0 1; }
    AddParticipantDialog #add-count, AddParticipantDialog #add-health { width: 6; }
    AddParticipantDialog Input:focus { background: $boost; border: none; }
    AddParticipantDialog Horizontal { height: 1; }
    AddParticipantDialog #add-side-row { margin-top: 1; }
    AddParticipantDialog #add-extras-title { margin-top: 1; }
    AddParticipantDialog Label { width: auto; padding: 0 1 0 0; }
    AddParticipantDialog Checkbox, AddParticipantDialog Checkbox:focus { border: none; height: 1; padding: 0;
        width: auto; }
    AddParticipantDialog #add-error { color: $warning; text-style: bold; height: auto; }
    AddParticipantDialog #add-hint { color: $text-muted; }
    """

    def __init__(self, characters: list[Character], ruleset: str) -> None:
        super().__init__()
        self.characters = characters
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Add to the conflict"
            if self.characters:
                yield Label("Characters (space ticks):")
                yield SelectionList(*[(self._label(c), c.name) for c in self.characters], id="add-characters")
            else:
                yield Label("Every character of the chronicle is already taking part.")
            with Horizontal(id="add-side-row"):
                yield Label("Side:")
                yield Input(placeholder="blank: coterie for players, opposition for the storyteller's",
                            id="add-side", compact=True)
            yield Label("— or nameless extras —", id="add-extras-title")
            with Horizontal():
                yield Label("Name:")
                yield Input(placeholder="e.g. Ghoul", id="add-name", compact=True)
                yield Label(" How many:")
                yield Input(placeholder="1", id="add-count", restrict=r"\d*", max_length=2, compact=True)
            with Horizontal():
                yield Label("Pools:")
                rules = ruleset_for(self.ruleset)
                yield Input(placeholder=rules.extra_pools_example, id="add-pools", compact=True)
                yield Label(" Health:")
                yield Input(placeholder=str(rules.default_extra_health), id="add-health",
                            restrict=r"\d*", max_length=2, compact=True)
                if "vampire" in rules.conflict_round().extra_choices():
                    yield Checkbox("Vampire", id="add-vampire")
            yield Static("", id="add-error", markup=False)
            yield Static("Tab: next field · ctrl+t: a template · ctrl+s/Enter: add · Esc: cancel",
                         id="add-hint")

    def _label(self, character: Character) -> Text:
        who = "player" if character.kind == "pc" else "storyteller"
        return Text(f"{character.name} ({who})")  # a name: text, not markup

    def on_mount(self) -> None:
        if self.characters:
            self.query_one(SelectionList).focus()
        else:
            self.query_one("#add-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_add()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_template(self) -> None:
        """Pick a quick storyteller-character template; it fills the extras' name, pools, health and kind."""
        from vtm_tui.store.templates import load_templates
        from vtm_tui.ui.screens.quick_character import QuickCharacterDialog

        store = self.app.chronicle_store
        if store is None:
            return
        loaded = load_templates(store.path, self.ruleset)
        self.app.push_screen(QuickCharacterDialog(loaded.templates, loaded.problems, ask_name=False),
                             self._template_chosen)

    def _template_chosen(self, answer: tuple | None) -> None:
        if answer is None:
            return
        from vtm_tui.conflict.roster import format_pools
        from vtm_tui.play.quick import conflict_extra

        template = answer[0]
        try:
            pools, health, vampire = conflict_extra(template, self.ruleset)
        except VtmError as exc:
            self.query_one("#add-error", Static).update(str(exc))
            return
        self.query_one("#add-name", Input).value = template.label
        self.query_one("#add-pools", Input).value = format_pools(pools)
        self.query_one("#add-health", Input).value = str(health)
        if self.query("#add-vampire"):
            self.query_one("#add-vampire", Checkbox).value = vampire
        self.query_one("#add-count", Input).focus()

    def action_add(self) -> None:
        try:
            request = self.request()
        except (VtmError, ValueError) as exc:
            self.query_one("#add-error", Static).update(str(exc))
            return
        if not request.characters and not request.extras_name:
            self.query_one("#add-error", Static).update("Tick a character (space) or type an extra's name.")
            return
        self.dismiss(request)

    def request(self) -> AddRequest:
        """The form as a request (raises a VtmError or ValueError with a message for a bad field)."""
        lists = self.query(SelectionList)
        chosen = tuple(lists.first().selected) if lists else ()
        value = lambda wid: self.query_one(wid, Input).value.strip()  # noqa: E731
        name = value("#add-name")
        count = int(value("#add-count") or "1")
        pools = parse_pools(value("#add-pools")) if name else {}
        health = int(value("#add-health") or "0")
        vampire = bool(self.query("#add-vampire") and self.query_one("#add-vampire", Checkbox).value)
        if not name and (value("#add-count") or value("#add-pools") or value("#add-health") or vampire):
            # Never drop what was typed: the grey "e.g. Ghoul" is an example, not a name.
            raise VtmError("The extras need a name: How many, Pools, Health or Vampire are set but Name is empty.")
        return AddRequest(chosen, value("#add-side"), name, count if name else 0, pools, health, vampire)
