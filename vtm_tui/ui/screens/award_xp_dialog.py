"""The storyteller's ``G`` (give experience): an amount, a reason, and to whom — the selected character or the coterie.

The dialog only asks; the screen awards through :mod:`vtm_tui.play.experience` (``award``, the path
``vtm-tui xp award`` takes too), which saves each sheet and logs one entry each with the reason. The
amount and the reason are checked here first so that a typo is named in the dialog, typed text kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from vtm_tui.model.experience import NOTE_LIMIT
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.new_character import DIALOG_CSS
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

#: The most one award may grant (as :data:`vtm_tui.play.experience.MAX_AWARD`, not imported: the play layer
#: loads with the first award, not with the dialog).
MAX_AWARD = 100


@dataclass(frozen=True)
class Award:
    """What the storyteller asked for: ``everyone`` is the coterie (every player character)."""

    amount: int
    reason: str
    everyone: bool


class AwardXpDialog(VtmDialog[Award | None]):
    """Answers an :class:`Award`, or None (Esc)."""

    HELP_TITLE = "Give experience"
    BINDINGS = [
        Binding("ctrl+s", "submit", "Give", id="award.give"),
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
    ]
    DEFAULT_CSS = DIALOG_CSS.format(name="AwardXpDialog")

    def __init__(self, character_name: str | None, coterie: int) -> None:
        super().__init__()
        self.character_name = character_name
        self.coterie = coterie

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Give experience"
            box.border_subtitle = "Enter next · ctrl+s gives · Esc cancels"
            yield Label("Experience")
            yield Input(id="award-amount", type="integer", max_length=3, placeholder=f"1-{MAX_AWARD}")
            yield Label("Reason (goes into the log)")
            yield Input(id="award-reason", max_length=NOTE_LIMIT, placeholder="e.g. the story's end")
            yield Label("To")
            options = []
            if self.character_name is not None:
                options.append(Option(Text(f"{self.character_name} only"), id="one"))
            options.append(Option(Text(f"the whole coterie ({self.coterie} player characters)"), id="all"))
            yield MarkedOptionList(*options, id="award-who")
            yield Label("", id="problem", classes="error")

    def on_mount(self) -> None:
        self.query_one("#award-who", OptionList).highlighted = 0
        self.query_one("#award-amount", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()

    def _problem(self, text: str, field: str) -> None:
        self.query_one("#problem", Label).update(Text(text))
        self.query_one(f"#{field}", Input).focus()

    def action_submit(self) -> None:
        amount_text = self.query_one("#award-amount", Input).value.strip()
        if not amount_text.isdigit() or not 1 <= int(amount_text) <= MAX_AWARD:
            return self._problem(f"Experience: give a whole number 1-{MAX_AWARD}.", "award-amount")
        reason = " ".join(self.query_one("#award-reason", Input).value.split())
        if not reason:
            return self._problem("Reason: say what the experience is for (it goes into the log).", "award-reason")
        who = self.query_one("#award-who", OptionList)
        option = who.get_option_at_index(who.highlighted or 0)
        award = Award(int(amount_text), reason, option.id == "all")
        self.app.before_logging(lambda: self.dismiss(award))  # asked after an ended session; Esc keeps the reason

    def action_cancel(self) -> None:
        self.dismiss(None)
