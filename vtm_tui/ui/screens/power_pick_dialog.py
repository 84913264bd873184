"""Which power a Discipline's new dot brings (V5): the core catalogue's powers of that level or lower the sheet
lacks, whose amalgam it meets (:func:`vtm_tui.play.experience.power_choices`). Enter takes the ``▶`` row, Esc
cancels the whole spend (nothing is bought)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.new_character import DIALOG_CSS
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList


class PowerPickDialog(VtmDialog[str | None]):
    """Answers the chosen power's name, or None."""

    HELP_TITLE = "Pick the new dot's power"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CSS = DIALOG_CSS.format(name="PowerPickDialog") + "PowerPickDialog OptionList { max-height: 12; }"

    def __init__(self, title: str, choices: tuple[Any, ...]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Which power comes with it"
            box.border_subtitle = "Enter takes it · Esc buys nothing"
            yield Label(Text(self.title_text))
            yield MarkedOptionList(*[Option(Text(power.describe()), id=f"power-{index}")
                                     for index, power in enumerate(self.choices)], id="power-pick")

    def on_mount(self) -> None:
        options = self.query_one("#power-pick", OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index].name)

    def action_cancel(self) -> None:
        self.dismiss(None)
