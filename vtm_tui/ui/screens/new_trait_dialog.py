"""The storyteller's ``N`` (a new trait with experience): what kind, and its name.

Experience buys more than a higher dot: a specialty, an advantage, a Discipline the character lacks (an
out-of-clan one included), a ritual or a formula (V5), a path (V20), a proficiency (Ingenuity). The kinds
are the rule set's ``--raise`` prefixes; the answer is the text ``vtm-tui xp spend --raise`` takes
(``Ritual: Ward against Ghouls``, ``Brawl (Grappling)``, ``Celerity``), so the app and the command line
resolve and price it by one path (:mod:`vtm_tui.play.experience`). Names complete from the rule set's
lists (→ accepts the completion).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.new_character import DIALOG_CSS
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

#: The kinds every rule set has: a trait by name (a new Discipline, Skill…) and a specialty.
TRAIT = ("", "A trait by name (a Discipline, Skill, Attribute…)", "e.g. Celerity")
SPECIALTY = ("specialty", "A specialty", "Skill (specialty), e.g. Brawl (Grappling)")


class NewTraitDialog(VtmDialog[str | None]):
    """Answers the ``--raise`` text, or None (Esc)."""

    HELP_TITLE = "New trait with experience"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CSS = DIALOG_CSS.format(name="NewTraitDialog")

    def __init__(self, character_name: str, prefixes: tuple[str, ...], rules: object) -> None:
        super().__init__()
        self.character_name = character_name
        self.kinds = [TRAIT, SPECIALTY, *((p, f"{p.capitalize()}: a new one", f"the {p}'s name")
                                          for p in prefixes)]
        self.rules = rules  # the rule set's experience module (its ``suggestions``)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"{self.character_name}: buy something new"
            box.border_subtitle = "Enter next · → completes · Esc cancels"
            yield Label("What")
            yield MarkedOptionList(*[Option(Text(text), id=f"kind-{index}")
                                     for index, (_key, text, _hint) in enumerate(self.kinds)], id="new-kind")
            yield Label("Name")
            yield Input(id="new-name")
            yield Label("", id="problem", classes="error")

    def on_mount(self) -> None:
        kinds = self.query_one("#new-kind", OptionList)
        kinds.highlighted = 0
        kinds.focus()

    def _kind(self) -> tuple[str, str, str]:
        return self.kinds[self.query_one("#new-kind", OptionList).highlighted or 0]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        key, _text, hint = self._kind()
        name = self.query_one("#new-name", Input)
        name.placeholder = hint
        names = self.rules.suggestions(key) if key != "specialty" else ()  # type: ignore[attr-defined]
        name.suggester = SuggestFromList(names, case_sensitive=False) if names else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#new-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = " ".join(event.value.split())
        if not name:
            self.query_one("#problem", Label).update("Type its name first.")
            return
        key, _text, _hint = self._kind()
        self.dismiss(f"{key.capitalize()}: {name}" if key and key != "specialty" else name)

    def action_cancel(self) -> None:
        self.dismiss(None)
