"""The ``X`` key (``sheet.raise_with_xp``): raise the trait under the sheet's cursor with experience.

Shared by the storyteller's coterie and a player's seat. The price comes first
(a refusal — at the maximum, not bought with experience, not enough unspent —
is one line in the status bar, naming the cost); the confirm dialog shows trait,
from → to, cost and what remains; Enter spends through
:mod:`vtm_tui.play.experience`, which saves and logs. ctrl+z takes a spend back
like any other change (trait, experience spent and the history row; logged too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vtm_tui.errors import VtmError
from vtm_tui.store.errors import ConflictError
from vtm_tui.ui.app_base import VtmNode

if TYPE_CHECKING:
    from vtm_tui.model.character import Character


class XpActions(VtmNode):
    """For a screen with a ``SheetView``, ``selected_character``, ``say`` and ``after_xp(saved)``."""

    selected_character: Character | None

    def say(self, text: str, *, error: bool = False) -> None:  # provided by the screen
        raise NotImplementedError

    def xp_allowed(self, character: Character) -> str | None:
        """None when this screen may spend ``character``'s experience, else why not."""
        return None

    def after_xp(self, saved: Character) -> None:  # provided by the screen
        raise NotImplementedError

    def action_raise_with_xp(self) -> None:
        from vtm_tui.play import experience as xp
        from vtm_tui.rules.experience import xp_rules
        from vtm_tui.ui.screens.xp_dialog import SpendXpDialog
        from vtm_tui.ui.widgets.sheet_view import SheetView

        character = self.selected_character
        store = self.app.chronicle_store
        if character is None or store is None:
            return self.say("No character selected.", error=True)
        refusal = self.xp_allowed(character)
        if refusal:
            return self.say(refusal, error=True)
        slot = self.query_one(SheetView).focused_slot  # type: ignore[attr-defined]
        if slot is None:
            return self.say("Move the sheet's cursor to a trait (Tab, then ↑/↓), then press X.", error=True)
        try:
            offer = xp.quote(store.chronicle, character, slot.field, slot.label)
            xp.check_affordable(character, offer)
        except VtmError as exc:
            return self.say(str(exc), error=True)
        rules = xp_rules(character.ruleset)
        formula = rules.FORMULAS[offer.kind].format(n=xp.costs_of(store.chronicle)[offer.kind])
        shown = (rules.show(offer.field, offer.before), rules.show(offer.field, offer.after))

        def answered(spend: bool | None) -> None:
            if spend:
                self._spend(character, offer.field, offer.trait)

        self.app.push_screen(SpendXpDialog(character.name, offer, xp.remaining(character), formula, shown),
                             answered)

    def _spend(self, character: Character, field: str, label: str) -> None:
        from vtm_tui.play import experience as xp

        store = self.app.chronicle_store
        current = next((c for c in store.characters if c.slug == character.slug), character)
        try:
            spent = xp.spend(store, current, field, label, now=self.app.clock())
        except ConflictError as exc:
            store.reload()
            return self.say(f"{exc} — reloaded; press X again if it is still wanted.", error=True)
        except VtmError as exc:
            return self.say(str(exc), error=True)
        keeper = getattr(self, "keeper", None)
        if keeper is not None:
            keeper.remember(spent.replaced or current, spent.character, spent.entry)
        self.after_xp(spent.character)
        p = spent.price
        self.say(f"Spent {p.cost} experience · {spent.character.name}: {p.trait} {p.before} → {p.after} · "
                 f"{spent.remaining} left · ctrl+z undoes")
