"""The Blood dialog (``b`` on the coterie): a V5 character's upkeep, chosen from one list.

Use a power (its Rouse checks, with Blood Potency's re-roll), mend, awaken, the Blush of
Life, slake, hunt, take or clear a compulsion. The dialog only chooses; the coterie screen
runs the choice through :func:`run_choice`, which calls the same headless actions as
``vtm-tui blood`` (:mod:`vtm_tui.play.blood`, :mod:`vtm_tui.play.hunting`). Hunting and
slaking ask for their details in :class:`FeedDialog`. What the rules say (Blood Potency's mend,
the clan's compulsion, the predator type's pools) comes from the rule set's blood upkeep facet
(:mod:`vtm_tui.rules.blood_upkeep`); no engine is imported here. Every name shown comes from a
file, so every line is a :class:`rich.text.Text`, never markup.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.play import blood
from vtm_tui.rules.dice import DiceSource
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

SOURCES = (("human", "a human"), ("human+kill", "a human, drained (killed)"), ("animal", "an animal"),
           ("bagged", "bagged blood"))


def blood_options(character: Character, *, compulsion_due: bool = False, powers_only: bool = False) -> list[Option]:
    """The dialog's choices for this character, each with an id :func:`run_choice` understands."""
    sheet = character.sheet
    options: list[Option] = []
    if powers_only:
        return [Option(Text(f"Use {power.describe()}"), id=f"power:{index}")
                for index, power in enumerate(sheet.power_infos())]
    upkeep = blood.upkeep_of(character)
    if not compulsion_due:
        for index, power in enumerate(sheet.power_infos()):
            options.append(Option(Text(f"Use {power.describe()}"), id=f"power:{index}"))
        if sheet.is_vampire:
            row = upkeep.blood_potency(sheet.blood_potency)
            options += [
                Option(Text(f"Mend: a Rouse check heals {row.mend} Superficial Health"), id="mend"),
                Option(Text("Hunt: the predator type's pool, then Resonance and slaking"), id="hunt"),
                Option(Text("Slake: lower Hunger by an amount (Blood Potency's penalty applies)"), id="slake"),
                Option(Text("Blush of Life: a Rouse check"), id="blush"),
            ]
        options.append(Option(Text("Awaken: nightfall Rouse check, Willpower back"), id="awaken"))
    if compulsion_due or sheet.is_vampire:
        options.append(Option(Text("Compulsion: roll the general table (Hunger, Dominance, Harm, Paranoia)"),
                              id="compulsion:roll"))
        clan = upkeep.clan_compulsion(sheet.clan)
        if clan is not None:
            options.append(Option(Text(f"Compulsion of the {clan.clan}: {clan.name}, {clan.demand}"),
                                  id=f"compulsion:{clan.name}"))
    for index, condition in enumerate(sheet.conditions):
        options.append(Option(Text(f"Clear: {condition}"), id=f"clear:{index}"))
    if not compulsion_due:
        options += [Option(Text(f"Add to the sheet: {power.describe()}"), id=f"learn:{index}")
                    for index, power in enumerate(blood.learnable_powers(character))]
    return options


def run_choice(character: Character, choice: str, answer: dict[str, Any], dice: DiceSource, *, session: int,
               now: datetime, oblivion_stains: bool = False) -> blood.Upkeep:
    """Run a dialog choice through the headless actions; bad input raises :class:`VtmError`."""
    from vtm_tui.play.hunting import hunt

    at = dict(session=session, now=now)
    kind, _, arg = choice.partition(":")
    if kind == "power":
        power = character.sheet.power_infos()[int(arg)]
        return blood.use_power(character, power, dice, oblivion_stains=oblivion_stains, **at)
    if kind == "compulsion":
        name = blood.pick_compulsion(character, "" if arg == "roll" else arg, dice)
        return blood.add_condition(character, blood.compulsion_condition(name), **at)
    if kind == "learn":
        power = blood.learnable_powers(character)[int(arg)]
        return blood.add_power(character, power.discipline, power.name, **at)
    if kind == "clear":
        return blood.clear_condition(character, character.sheet.conditions[int(arg)], **at)
    if kind in ("mend", "awaken", "blush"):
        return getattr(blood, kind)(character, dice, **at)
    source, _, kill = answer.get("source", "human").partition("+")
    if kind == "slake":
        return blood.slake(character, answer["amount"], source=source, killed=bool(kill), **at)
    if kind == "hunt":
        return hunt(character, answer.get("pool", ""), answer.get("difficulty"), dice, amount=answer.get("amount"),
                    source=source, killed=bool(kill), **at)
    raise VtmError(f"unknown blood action {choice!r}")


class BloodDialog(VtmDialog[str | None]):
    """Answers the id of the chosen action, or None."""

    HELP_TITLE = "Blood"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, character: Character, *, compulsion_due: bool = False, powers_only: bool = False) -> None:
        super().__init__()
        self.character = character
        self.compulsion_due = compulsion_due
        self.powers_only = powers_only  # the roll dialog's ctrl+o: pick a power, its Rouse checks first

    def compose(self) -> ComposeResult:
        sheet = self.character.sheet
        with Vertical(id="blood-box") as box:
            box.border_title = f"Blood — {self.character.name} — Enter chooses, Esc cancels"
            line = f"Hunger {sheet.hunger} · Blood Potency {sheet.blood_potency}" if sheet.is_vampire \
                else f"{sheet.creature.capitalize()}: no Hunger"
            if sheet.resonance:
                line += f" · Resonance {sheet.resonance}"
            yield Static(Text(line), id="blood-state")
            if self.compulsion_due:
                yield Static(Text("The Beast calls for a compulsion (a messy critical or a bestial failure)."),
                             id="blood-due")
            for condition in sheet.conditions:
                yield Static(Text("⚠ " + blood.condition_text(condition, self.character.ruleset)),
                             classes="blood-condition")
            yield MarkedOptionList(*blood_options(self.character, compulsion_due=self.compulsion_due,
                                            powers_only=self.powers_only), id="blood-actions")

    def on_mount(self) -> None:
        actions = self.query_one("#blood-actions", OptionList)
        actions.highlighted = 0
        actions.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FeedDialog(VtmDialog[dict | None]):
    """Hunting (pool, Difficulty, amount, source) or slaking (amount, source); answers a dict or None."""

    HELP_TITLE = "Feeding"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, character: Character, mode: str) -> None:
        super().__init__()
        self.character = character
        self.mode = mode  # hunt | slake

    def compose(self) -> ComposeResult:
        from vtm_tui.play.hunting import default_pool

        sheet = self.character.sheet
        with Vertical(id="feed-box") as box:
            title = "Hunt" if self.mode == "hunt" else "Slake"
            box.border_title = f"{title} — {self.character.name} — Tab/Enter next, Esc cancels"
            if self.mode == "hunt":
                pools = blood.upkeep_of(self.character).hunting_pools(sheet.predator)
                known = f" ({sheet.predator}: {' or '.join(pools)})" if pools else \
                    f" (predator type {sheet.predator or 'not set'}: name one)"
                yield Label(Text("Hunting pool" + known))
                yield Input(value=default_pool(self.character), id="feed-pool", compact=True)
                yield Label("Difficulty (the storyteller's)")
                yield Input(value="3", id="feed-difficulty", compact=True)
                yield Label(f"Hunger a win slakes (0-5; empty: all of it, Hunger {sheet.hunger} now)")
                yield Input(id="feed-amount", compact=True)
            else:
                yield Label(f"Hunger to slake (0-5; Hunger {sheet.hunger} now)")
                yield Input(value="1", id="feed-amount", compact=True)
            yield Label("Whose blood (Blood Potency slakes less from animals and bags)")
            yield MarkedOptionList(*[Option(text, id=key) for key, text in SOURCES], id="feed-source", compact=True)
            yield Label("", id="feed-problem", classes="error")

    def on_mount(self) -> None:
        self.query_one("#feed-source", OptionList).highlighted = 0
        self.query(Input).first().focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit(event.option.id or "human")

    def _problem(self, text: str, field: str) -> None:
        self.query_one("#feed-problem", Label).update(Text(text))
        self.query_one(f"#{field}", Input).focus()

    def submit(self, source: str) -> None:
        from vtm_tui.rules.pool import resolve

        answer: dict[str, Any] = {"source": source}
        amount = self.query_one("#feed-amount", Input).value.strip()
        if amount or self.mode == "slake":
            if not amount.isdigit() or not 0 <= int(amount) <= 5:
                return self._problem(f"Hunger to slake is a whole number 0-5, not {amount!r}", "feed-amount")
            answer["amount"] = int(amount)
        if self.mode == "hunt":
            pool = self.query_one("#feed-pool", Input).value.strip()
            try:
                resolve(pool, self.character.traits())
            except VtmError as exc:
                return self._problem(f"Pool: {exc}", "feed-pool")
            difficulty = self.query_one("#feed-difficulty", Input).value.strip()
            if not difficulty.isdigit():
                return self._problem(f"Difficulty is a whole number, not {difficulty!r}", "feed-difficulty")
            answer.update(pool=pool, difficulty=int(difficulty))
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)
