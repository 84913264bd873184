"""The roll dialog's form: pool (with completion), Difficulty and its ladder, modifiers, options, faces.

Only fields live here; the dialog reads them with :meth:`RollForm.values`,
builds the request through the play layer and tells the form what to show
(:meth:`RollForm.show_request`, :meth:`RollForm.show_error`). Laid out one row
per line with compact inputs so the whole form and the odds chart fit 80×24.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Checkbox, Input, Label, Select, Static

from vtm_tui.model.character import Character
from vtm_tui.play.defaults import completion_names, trait_completions
from vtm_tui.play.ladders import ladder_text
from vtm_tui.play.request import RollRequest, headline
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox
from vtm_tui.ui.seat_text import seat_text
from vtm_tui.ui.widgets.odds_chart import OddsChart

#: Fields whose changes re-compute the request and the odds.
LIVE_FIELDS = ("pool", "difficulty", "modifier", "difficulty-modifier")


class PoolSuggester(Suggester):
    """Completes the last term of a pool with the character's trait names, any case (``wits+aw``)."""

    def __init__(self, character: Character) -> None:
        super().__init__(use_cache=True, case_sensitive=True)  # matching folds case itself, keeping what was typed
        self.character = character

    async def get_suggestion(self, value: str) -> str | None:
        found = trait_completions(self.character, value)
        return found[0] if found else None


class PoolInput(Input):
    """The pool field: Tab accepts a shown completion (as → does), else moves on."""

    BINDINGS = [Binding("tab", "complete", "Complete", show=False, id="roll.complete")]

    def action_complete(self) -> None:
        before = self.value
        if self.cursor_at_end:
            self.action_cursor_right()  # Textual's own way to accept a shown completion (→)
        if self.value == before:
            self.screen.focus_next()


class RollForm(VerticalScroll):
    """The fields of a roll for one character and kind."""

    DEFAULT_CSS = """
    RollForm { height: auto; max-height: 100%; }
    RollForm .row { height: 1; margin: 0 1; }
    RollForm .row > Label { width: 11; color: $text-muted; }
    RollForm .row > Input { width: 1fr; }
    RollForm .row > .short { width: 8; }
    RollForm .row > .gap { width: 2; }
    RollForm .row > Checkbox { width: auto; margin-right: 1; }
    RollForm .row > Select { width: 1fr; }
    RollForm #add-trait { width: 26; }
    RollForm #pool-status { margin: 0 1; height: auto; }
    RollForm #pool-status.-error { color: $error; text-style: bold; }
    RollForm #ladder { margin: 0 1; height: auto; color: $text-muted; }
    RollForm OddsChart { margin-top: 1; }
    """

    def __init__(self, character: Character, kind: str, pool: str, *, fixed_pool: str = "",
                 difficulty: str | None = None, surge_dice: int = 0, storyteller: bool = True,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.character = character
        self.storyteller = storyteller  # only the storyteller's app has the storyteller-only comment field
        self.kind = kind
        self.initial_pool = pool
        self.fixed_pool = fixed_pool
        ruleset = character.ruleset
        default = ruleset_for(ruleset).default_difficulty
        self.initial_difficulty = difficulty if difficulty is not None else ("" if not default else str(default))
        self.surge_dice = surge_dice
        self._specialties: tuple[tuple[Text, str], ...] = ()
        self._traits_offered: list[tuple[Text, str]] = []

    def compose(self) -> ComposeResult:
        ruleset = self.character.ruleset
        rules = ruleset_for(ruleset)
        fixed = bool(self.fixed_pool)
        with Horizontal(classes="row"):
            yield Label("Pool")
            yield PoolInput(self.fixed_pool or self.initial_pool, id="pool", compact=True, disabled=fixed,
                            suggester=None if fixed else PoolSuggester(self.character),
                            placeholder="e.g. Wits + Awareness (→ or Tab completes)")
            if not fixed:
                self._traits_offered = self._trait_options()
                yield Select(self._traits_offered, prompt="+ add a trait", id="add-trait", compact=True)
        yield Static("", id="pool-status")
        no_difficulty = self.kind in ("rouse", "check", "remorse")
        with Horizontal(classes="row"):
            yield Label("Difficulty")
            yield Input(self.initial_difficulty, id="difficulty", compact=True, disabled=no_difficulty,
                        placeholder=rules.difficulty_placeholder)
            yield Label("± adv." if rules.rolls_sized_dice else "± dice", classes="short")
            yield Input("", id="modifier", compact=True, placeholder="0", classes="short",
                        disabled=fixed or self.kind != "test")
            yield Label("± Diff.", classes="short")
            yield Input("", id="difficulty-modifier", compact=True, placeholder="0", classes="short",
                        disabled=no_difficulty)
        if not no_difficulty:
            yield Static(Text("Ladder: " + ladder_text(ruleset)), id="ladder")
        with Horizontal(classes="row"):
            yield MarkCheckbox("Secret", id="secret", compact=True)
            if rules.has_hunger and self.kind == "test" and getattr(self.character.sheet, "is_vampire", False):
                yield MarkCheckbox(f"Blood Surge +{self.surge_dice}", id="surge", compact=True)
            if rules.willpower_buys_success and self.kind == "test":  # never on damage, soak or a Virtue roll
                yield MarkCheckbox("Spend Willpower", id="willpower", compact=True)
            if self.kind == "rouse":
                yield MarkCheckbox("Forced", id="forced", compact=True)
                yield MarkCheckbox("Re-roll granted: keep the better die", id="rouse-reroll", compact=True)
            if self.kind == "test":
                prompt = "no proficiency" if rules.has_proficiencies else "no specialty"
                yield Select([], prompt=prompt, id="specialty", compact=True)
        with Horizontal(classes="row"):
            yield Label("Comment")
            yield Input("", id="comment", compact=True, placeholder="what is attempted (logged)")
            if self.storyteller:
                yield Label("ST only", classes="short")
                yield Input("", id="st-comment", compact=True, placeholder="players never see it")
        with Horizontal(classes="row"):
            yield Label("Faces")
            yield Input("", id="faces", compact=True, placeholder="empty: the app rolls; or type physical dice")
        yield OddsChart(id="odds")

    def _trait_options(self) -> list[tuple[str, str]]:
        traits = self.character.traits()
        return [(Text(f"{name} {self._rating(traits.get(name, 0))}"), name)  # names from the sheet: text
                for name in completion_names(self.character)]

    def _rating(self, value: int) -> str:
        return f"d{value}" if ruleset_for(self.character.ruleset).traits_are_die_sizes else str(value)

    # -- reading ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        # Looked up once: a query per keystroke costs more than the exact odds do.
        self._inputs = {widget.id: widget for widget in self.query(Input) if widget.id}
        self._checks = {widget.id: widget for widget in self.query(Checkbox) if widget.id}
        found = self.query("#specialty")
        self._specialty: Select | None = found.first(Select) if found else None
        self._status = self.query_one("#pool-status", Static)
        self._chart = self.query_one(OddsChart)

    def values(self) -> dict[str, Any]:
        """Every field as the play layer's ``make_request`` takes it (faces apart)."""
        inputs, checks = self._inputs, self._checks

        def checked(name: str) -> bool:
            box = checks.get(name)
            return box is not None and bool(box.value)

        select = self._specialty
        specialty = "" if select is None or select.is_blank() else str(select.value)
        return {
            "pool_text": self.fixed_pool or inputs["pool"].value,
            "difficulty": inputs["difficulty"].value,
            "modifier": inputs["modifier"].value,
            "difficulty_modifier": inputs["difficulty-modifier"].value,
            "secret": checked("secret"),
            "surge": checked("surge"),
            "willpower": checked("willpower"),
            "voluntary": not checked("forced"),
            "rouse_reroll": checked("rouse-reroll"),
            "specialty": specialty,
            "comment": inputs["comment"].value,
            "storyteller_comment": inputs["st-comment"].value if "st-comment" in inputs else "",
        }

    @property
    def faces(self) -> str:
        return self._inputs["faces"].value.strip()

    # -- showing ---------------------------------------------------------------------------------
    def show_request(self, request: RollRequest, odds_view: Any, faces_hint: str) -> None:
        lines = [headline(request)]
        lines += [f"  {p}" for p in request.penalties]
        lines += [f"  ⚠ {w}" for w in request.warnings]
        lines += [f"  note: {n}" for n in request.notes]
        status = self._status
        status.update(Text("\n".join(lines)))
        status.remove_class("-error")
        self._inputs["faces"].placeholder = f"empty: the app rolls; or {faces_hint}"
        self._chart.view = odds_view
        self._offer_specialties(request)

    def show_error(self, message: str) -> None:
        status = self._status
        status.update(Text("⚠ " + seat_text(self.app, message)))
        status.add_class("-error")
        self._chart.view = None

    def _offer_specialties(self, request: RollRequest) -> None:
        """Offer the specialties of the pool's traits (Ingenuity: every proficiency)."""
        select = self._specialty
        if select is None:
            return
        sheet = self.character.sheet
        if ruleset_for(self.character.ruleset).has_proficiencies:
            options = tuple((Text(f"{name} +{bonus}"), name) for name, bonus in sheet.proficiencies.items())
        else:
            names = {name for name, _ in request.traits}
            options = tuple((Text(f"{spec} ({trait})"), spec) for trait, specs in sheet.specialties.items()
                            if trait in names for spec in specs)
        if options != self._specialties:
            self._specialties = options
            select.set_options(options)

    # -- opening again ---------------------------------------------------------------------------
    @staticmethod
    def layout_key(character: Character, kind: str) -> tuple[object, ...]:
        """What :meth:`compose` lays out differently: a form built for one key serves another opening with
        the same key (:meth:`reset`); any other needs a new form."""
        return (character.ruleset, kind, bool(getattr(character.sheet, "is_vampire", False)))

    def reset(self, character: Character, pool: str, *, difficulty: str | None = None, surge_dice: int = 0) -> None:
        """Every field as a new form of the same layout would show it, for ``character`` (the same one or its
        sheet saved since): the roll dialog is built once and opened again, and a second roll then costs no
        compose, CSS or layout of some thirty widgets. The caller silences the fields' change messages and
        shows the request once."""
        self.character = character
        self.surge_dice = surge_dice
        default = ruleset_for(character.ruleset).default_difficulty
        self.initial_pool = pool
        self.initial_difficulty = difficulty if difficulty is not None else ("" if not default else str(default))
        inputs = self._inputs
        values = {"pool": self.fixed_pool or pool, "difficulty": self.initial_difficulty}
        for name, field in inputs.items():
            field.value = values.get(name, "")
            field.cursor_position = len(field.value)
        for box in self._checks.values():
            box.value = False
        surge = self._checks.get("surge")
        if surge is not None:
            surge.label = f"Blood Surge +{surge_dice}"
        if self._specialty is not None:
            self._specialty.clear()
        if not self.fixed_pool:
            options = self._trait_options()
            if options != self._traits_offered:
                self._traits_offered = options
                self.query_one("#add-trait", Select).set_options(options)
        self.scroll_home(animate=False)

    def add_trait(self, name: str) -> None:
        """Append ``+ name`` to the pool (from the trait picker)."""
        pool = self.query_one("#pool", Input)
        pool.value = f"{pool.value.rstrip()} + {name}" if pool.value.strip() else name
        pool.cursor_position = len(pool.value)
        pool.focus()
