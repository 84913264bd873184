"""Experience in the app: ``X`` raises the trait under the sheet's cursor, ``N`` buys a new one, ``G`` gives.

``X`` (``sheet.raise_with_xp``) is shared by the storyteller's coterie and a player's seat; ``N``
(``coterie.new_with_xp``: a specialty, an advantage, an out-of-clan Discipline, a ritual or formula) and
``G`` (``coterie.award_xp``: to the selected character or the whole coterie, with a reason) are the
storyteller's. The price comes first (a refusal — at the maximum, past Blood Potency's cap, a ritual
without its Discipline's dots, not enough unspent — is one line in the status bar, naming why); the
confirm dialog shows trait, from → to, cost and what remains; on a V5 Discipline's new dot a list then asks
which core power comes with it. Everything goes through :mod:`vtm_tui.play.experience` (the path
``vtm-tui xp`` takes), which saves and logs. ctrl+z takes a spend back like any other change (trait,
power, experience spent and the history row; logged too).
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
        self._offer(character, slot.field, slot.label)

    def action_new_with_xp(self) -> None:
        """``N``: name something new (the dialog's kinds are the rule set's ``--raise`` prefixes), then as ``X``."""
        from vtm_tui.play import experience as xp
        from vtm_tui.rules.experience import xp_rules
        from vtm_tui.ui.screens.new_trait_dialog import NewTraitDialog

        character = self.selected_character
        if character is None or self.app.chronicle_store is None:
            return self.say("No character selected.", error=True)
        refusal = self.xp_allowed(character)
        if refusal:
            return self.say(refusal, error=True)
        rules = xp_rules(character.ruleset)

        def named(text: str | None) -> None:
            if not text:
                return
            try:
                field, label = xp.resolve(character, text)
            except VtmError as exc:
                return self.say(str(exc), error=True)
            self._offer(character, field, label)

        self.app.push_screen(NewTraitDialog(character.name, tuple(rules.PREFIXES), rules), named)

    def action_award_xp(self) -> None:
        """``G``: give experience to the selected character or the coterie, with a reason (logged)."""
        from vtm_tui.play import experience as xp
        from vtm_tui.ui.screens.award_xp_dialog import Award, AwardXpDialog

        store = self.app.chronicle_store
        if store is None:
            return
        character = self.selected_character

        def answered(award: Award | None) -> None:
            if award is None:
                return
            chosen = xp.coterie(store) if award.everyone or character is None else [character]
            try:
                with self.app.saying_a_started_session():
                    done = xp.award(store, chosen, award.amount, award.reason, now=self.app.clock())
            except ConflictError as exc:
                store.reload()
                return self.say(f"{exc} — reloaded; press G again if it is still wanted.", error=True)
            except VtmError as exc:
                return self.say(str(exc), error=True)
            shown = next((a.character for a in done if character and a.character.slug == character.slug), None)
            if shown is not None:
                self.after_xp(shown)
            names = ", ".join(a.character.name for a in done)
            self.say(f"Gave {award.amount} experience to {names} · {award.reason}")

        self.app.push_screen(AwardXpDialog(character.name if character else None, len(xp.coterie(store))), answered)

    def _offer(self, character: Character, field: str, label: str) -> None:
        """Price ``field``; the confirm dialog; on a Discipline's new dot, its power; then the spend."""
        from vtm_tui.play import experience as xp
        from vtm_tui.rules.experience import xp_rules
        from vtm_tui.ui.screens.power_pick_dialog import PowerPickDialog
        from vtm_tui.ui.screens.xp_dialog import SpendXpDialog

        store = self.app.chronicle_store
        try:
            offer = xp.quote(store.chronicle, character, field, label)
            xp.check_affordable(character, offer)
        except VtmError as exc:
            return self.say(str(exc), error=True)
        rules = xp_rules(character.ruleset)
        formula = rules.FORMULAS[offer.kind].format(n=xp.costs_of(store.chronicle)[offer.kind])
        shown = (rules.show(offer.field, offer.before), rules.show(offer.field, offer.after))
        choices = xp.power_choices(character, offer)

        def picked(power: str | None) -> None:
            if power is not None:
                self._spend(character, offer.field, offer.trait, power)

        def answered(spend: bool | None) -> None:
            if not spend:
                return
            if choices:
                title = f"{character.name}: {offer.trait} {offer.after} brings one power"
                return self.app.push_screen(PowerPickDialog(title, choices), picked)
            self._spend(character, offer.field, offer.trait)

        self.app.push_screen(SpendXpDialog(character.name, offer, xp.remaining(character), formula, shown),
                             answered)

    def _spend(self, character: Character, field: str, label: str, power: str | None = None) -> None:
        from vtm_tui.play import experience as xp
        from vtm_tui.play.sessions import SessionEnded

        store = self.app.chronicle_store
        current = next((c for c in store.characters if c.slug == character.slug), character)
        try:
            with self.app.saying_a_started_session():
                spent = xp.spend(store, current, field, label, now=self.app.clock(), power=power)
        except ConflictError as exc:
            store.reload()
            return self.say(f"{exc} — reloaded; press X again if it is still wanted.", error=True)
        except SessionEnded as exc:  # asked; s starts the next session and buys it there
            return self.app.ask_next_session(exc, lambda: self._spend(character, field, label, power))
        except VtmError as exc:
            return self.say(str(exc), error=True)
        keeper = getattr(self, "keeper", None)
        if keeper is not None:
            keeper.remember(spent.replaced or current, spent.character, spent.entry)
        self.after_xp(spent.character)
        p = spent.price
        brought = f" with {power}" if power else ""
        self.say(f"Spent {p.cost} experience · {spent.character.name}: {p.trait} {p.before} → {p.after}{brought} · "
                 f"{spent.remaining} left · ctrl+z undoes")
