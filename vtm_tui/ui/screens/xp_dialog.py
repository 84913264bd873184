"""The confirm dialog of ``X`` (raise with experience): the trait, from → to, the cost and what is left.

Enter spends, Esc cancels. The dialog only asks; the screen spends through
:mod:`vtm_tui.play.experience` (the path ``vtm-tui xp spend`` takes too).
Every text is shown as text (``rich.text.Text``), never as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from vtm_tui.rules.experience import Price
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.new_character import DIALOG_CSS


class SpendXpDialog(VtmDialog[bool]):
    """Answers True (spend) or False."""

    HELP_TITLE = "Raise with experience"
    BINDINGS = [
        Binding("enter", "spend", "Spend", id="xp.spend"),
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
    ]
    DEFAULT_CSS = DIALOG_CSS.format(name="SpendXpDialog")

    def __init__(self, character_name: str, offer: Price, unspent: int, formula: str, shown: tuple[str, str]) -> None:
        super().__init__()
        self.character_name = character_name
        self.offer = offer
        self.unspent = unspent
        self.formula = formula
        self.shown = shown  # from and to as the sheet writes them (dots, or d8 → d10)

    def compose(self) -> ComposeResult:
        offer = self.offer
        with Vertical() as box:
            box.border_title = "Raise with experience — Enter spends, Esc cancels"
            yield Static(Text(f"{self.character_name}: {offer.trait} {self.shown[0]} → {self.shown[1]}",
                              style="bold"), id="xp-trait")
            yield Static(Text(f"Cost: {offer.cost} experience ({offer.kind.replace('_', ' ')}: {self.formula})"),
                         id="xp-cost")
            yield Static(Text(f"Unspent: {self.unspent} → {self.unspent - offer.cost}"), id="xp-left")

    def action_spend(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
