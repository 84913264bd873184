"""The roll dialog's form: pool (with completion), Difficulty and its ladder, modifiers, options, faces.

Only fields live here; the dialog reads them with :meth:`RollForm.values`,
builds the request through the play layer and tells the form what to show
(:meth:`RollForm.show_request`, :meth:`RollForm.show_error`). Laid out one row
per line so the whole form and the odds chart fit 80×24, drawn by one widget
that owns the cursor (:mod:`vtm_tui.ui.widgets.roll_fields`: a Tab is no focus
change); each field's value lives in a standard widget never shown
(:mod:`vtm_tui.ui.widgets.field_models`).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select

from vtm_tui.model.character import Character
from vtm_tui.play.defaults import completion_names, trait_completions
from vtm_tui.play.request import RollRequest, headline
from vtm_tui.rules.roll_options import RollOption, RollOptions, form_ticks
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.seat_text import seat_text
from vtm_tui.ui.widgets.field_cells import LADDER, STATUS, Cell, Row
from vtm_tui.ui.widgets.field_models import FieldCheckbox, FieldInput, FieldSelect
from vtm_tui.ui.widgets.odds_chart import OddsChart
from vtm_tui.ui.widgets.roll_fields import RollFields

#: Fields whose changes re-compute the request and the odds.
LIVE_FIELDS = ("pool", "difficulty", "modifier", "difficulty-modifier")
#: The key line under the form (the roll dialog shows it while the form is up).
FORM_KEYS = "Enter rolls · Tab next field · → completes · ctrl+t comment · Esc closes"


class RollForm(VerticalScroll):
    """The fields of a roll for one character and kind: one widget draws them (:class:`RollFields`)."""

    DEFAULT_CSS = """
    RollForm { height: auto; max-height: 100%; }
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
        default = ruleset_for(ruleset).roll_play().default_difficulty(kind)
        self.initial_difficulty = difficulty if difficulty is not None else ("" if not default else str(default))
        self.surge_dice = surge_dice
        self._specialties: tuple[tuple[Text, str], ...] = ()
        self._traits_offered: list[tuple[Text, str]] = []
        self._trait_pairs: list[tuple[str, str]] = []  # (name, rating) the offered list was made from
        self._completions: dict[str, str | None] = {}
        self._declared: tuple[RollOption, ...] = ()  # the rule set's declared options shown as tick boxes

    def compose(self) -> ComposeResult:
        """The fields' models (never shown), then the one widget that draws them, then the odds."""
        ruleset = self.character.ruleset
        rules = ruleset_for(ruleset)
        fixed = bool(self.fixed_pool)
        kind = rules.roll_kind(self.kind)  # as its rule set declares it
        no_difficulty = not kind.takes_difficulty  # greyed, and no ladder shown
        ordinary = kind.ordinary  # the ordinary test: a modifier and a specialty
        label, short = 11, 8
        models: list[Widget] = [
            FieldInput(self.fixed_pool or self.initial_pool, id="pool", disabled=fixed,
                       placeholder="e.g. Wits + Awareness (→ or Tab completes)"),
            FieldInput(self.initial_difficulty, id="difficulty", disabled=no_difficulty,
                       placeholder=rules.difficulty_placeholder),
            FieldInput("", id="modifier", placeholder="0", disabled=fixed or not ordinary),
            FieldInput("", id="difficulty-modifier", placeholder="0", disabled=no_difficulty),
            FieldCheckbox("Secret", id="secret"),
        ]
        pool_row = [Cell(text="Pool", width=label), Cell("pool", kind="text")]
        if not fixed:
            self._traits_offered = self._trait_options()
            models.append(FieldSelect(self._traits_offered, prompt="+ add a trait", id="add-trait"))
            pool_row.append(Cell("add-trait", "+ add a trait", width=26, kind="choice"))
        ticks = [Cell("secret", "Secret", kind="tick", gap=2)]
        # The rule set's own boxes (Blood Surge, Spend Willpower, Forced...) are its declared options.
        self._declared = form_ticks(rules.roll_options(), self.kind,
                                    vampire=bool(getattr(self.character.sheet, "is_vampire", False)))
        for option in self._declared:
            models.append(FieldCheckbox(option.label.format(surge_dice=self.surge_dice), id=option.field_id))
            ticks.append(Cell(option.field_id, kind="tick", gap=2))
        play = rules.roll_play()
        if ordinary:
            prompt = play.specialty_prompt
            models.append(FieldSelect([], prompt=prompt, id="specialty"))
            ticks.append(Cell("specialty", prompt, kind="choice"))
        comment_row = [Cell(text="Comment", width=label), Cell("comment", kind="text")]
        models.append(FieldInput("", id="comment", placeholder="what is attempted (logged)"))
        if self.storyteller:
            models.append(FieldInput("", id="st-comment", placeholder="players never see it"))
            comment_row += [Cell(text="ST only", width=short), Cell("st-comment", kind="text")]
        models.append(FieldInput("", id="faces", placeholder="empty: the app rolls; or type physical dice"))
        rows: list[Row] = [
            tuple(pool_row), STATUS,
            (Cell(text="Difficulty", width=label), Cell("difficulty", kind="text"),
             Cell(text=play.modifier_label, width=short),
             Cell("modifier", kind="text", width=short), Cell(text="± Diff.", width=short),
             Cell("difficulty-modifier", kind="text", width=short)),
            *((LADDER,) if not no_difficulty else ()),
            tuple(ticks), tuple(comment_row),
            (Cell(text="Faces", width=label), Cell("faces", kind="text")),
        ]
        yield from models
        fields = RollFields(rows, {model.id: model for model in models if model.id},
                            options=self._options, completion=self._complete, id="fields")
        if not no_difficulty:
            fields.ladder = rules.roll_play().ladder_text(self.kind)
        yield fields
        yield OddsChart(id="odds")

    def _options(self, name: str) -> tuple[tuple[Text, str], ...] | list[tuple[Text, str]]:
        return self._traits_offered if name == "add-trait" else self._specialties

    def _complete(self, value: str) -> str | None:
        """The pool's completion: its last term as one of the character's trait names, any case."""
        if value not in self._completions:
            if len(self._completions) > 256:
                self._completions.clear()
            found = trait_completions(self.character, value)
            self._completions[value] = found[0] if found else None
        return self._completions[value]

    def _trait_options(self) -> list[tuple[Text, str]]:
        """The ``+ add a trait`` list: the one offered already when no name or rating changed (a reopened
        dialog asks at every opening; building its forty texts again was a tenth of the opening's work)."""
        traits = self.character.traits()
        rating = ruleset_for(self.character.ruleset).roll_play().rating_text
        pairs = [(name, rating(traits.get(name, 0))) for name in completion_names(self.character)]
        if pairs == self._trait_pairs:
            return self._traits_offered
        self._trait_pairs = pairs
        return [(Text(f"{name} {rating}"), name) for name, rating in pairs]  # names from the sheet: text

    # -- reading ---------------------------------------------------------------------------------
    def on_mount(self) -> None:
        # Looked up once: a query per keystroke costs more than the exact odds do.
        self._inputs = {widget.id: widget for widget in self.query(Input) if widget.id}
        self._checks = {widget.id: widget for widget in self.query(Checkbox) if widget.id}
        found = self.query("#specialty")
        self._specialty: Select | None = found.first(Select) if found else None
        self._fields = self.query_one(RollFields)
        self._chart = self.query_one(OddsChart)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A field's model changed (typed, or set by the dialog): its row is drawn again. The message goes on."""
        self._fields.refresh_field(event.input.id or "")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._fields.refresh_field(event.checkbox.id or "")

    def on_select_changed(self, event: Select.Changed) -> None:
        self._fields.refresh_field(event.select.id or "")

    def on_roll_fields_chose(self, event: RollFields.Chose) -> None:
        """A trait picked on the form's ``+ add a trait``: its model is set, as a Select's choice would be."""
        event.stop()
        self.query_one("#add-trait", Select).value = event.value

    @property
    def fields_widget(self) -> RollFields | None:
        """The one widget that draws the fields (None until mounted): where a model's ``focus()`` goes."""
        return getattr(self, "_fields", None)

    @property
    def status_text(self) -> str:
        """What the line under the pool says (the request's headline, or what is wrong)."""
        return "\n".join(self._fields.status)

    def values(self) -> dict[str, Any]:
        """Every field by its :class:`~vtm_tui.rules.roll_options.RollOptions` name (faces apart)."""
        inputs, checks = self._inputs, self._checks

        def checked(name: str) -> bool:
            box = checks.get(name)
            return box is not None and bool(box.value)

        select = self._specialty
        specialty = "" if select is None or select.is_blank() else str(select.value)
        values: dict[str, Any] = {
            "pool": self.fixed_pool or inputs["pool"].value,
            "difficulty": inputs["difficulty"].value,
            "modifier": inputs["modifier"].value,
            "difficulty_modifier": inputs["difficulty-modifier"].value,
            "secret": checked("secret"),
            "specialty": specialty,
            "comment": inputs["comment"].value,
            "storyteller_comment": inputs["st-comment"].value if "st-comment" in inputs else "",
        }
        for option in self._declared:
            values[option.name] = checked(option.field_id) != option.negate
        return values

    def options(self, kind: str) -> RollOptions:
        """The form as the one typed value the play layer takes (:func:`vtm_tui.play.request.request_for`)."""
        return RollOptions(kind=kind, **self.values())

    @property
    def faces(self) -> str:
        return self._inputs["faces"].value.strip()

    # -- showing ---------------------------------------------------------------------------------
    def show_request(self, request: RollRequest, odds_view: Any, faces_hint: str) -> None:
        lines = [headline(request)]
        lines += [f"  {p}" for p in request.penalties]
        lines += [f"  ⚠ {w}" for w in request.warnings]
        lines += [f"  note: {n}" for n in request.notes]
        self._fields.set_status(lines, error=False)
        faces = self._inputs["faces"]
        placeholder = f"empty: the app rolls; or {faces_hint}"
        if faces.placeholder != placeholder:
            faces.placeholder = placeholder
            self._fields.refresh_field("faces")
        self._chart.view = odds_view
        self._offer_specialties(request)

    def show_error(self, message: str) -> None:
        self._fields.set_status(["⚠ " + seat_text(self.app, message)], error=True)
        self._chart.view = None

    def _offer_specialties(self, request: RollRequest) -> None:
        """Offer what the rule set offers for this pool (the specialties of its traits; Ingenuity's proficiencies)."""
        select = self._specialty
        if select is None:
            return
        offered = ruleset_for(self.character.ruleset).roll_play().specialty_choices(self.character.sheet, request)
        options = tuple((Text(label), value) for label, value in offered)  # names from the sheet: text
        if options != self._specialties:
            self._specialties = options
            select.set_options(options)
            self._fields.refresh_field("specialty")

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
        self._completions.clear()
        default = ruleset_for(character.ruleset).roll_play().default_difficulty(self.kind)
        self.initial_pool = pool
        self.initial_difficulty = difficulty if difficulty is not None else ("" if not default else str(default))
        inputs = self._inputs
        values = {"pool": self.fixed_pool or pool, "difficulty": self.initial_difficulty}
        for name, field in inputs.items():
            field.value = values.get(name, "")
            field.cursor_position = len(field.value)
        for box in self._checks.values():
            box.value = False
        for option in self._declared:
            if "{surge_dice}" in option.label:
                self._checks[option.field_id].label = option.label.format(surge_dice=surge_dice)
        if self._specialty is not None:
            self._specialty.clear()
        if not self.fixed_pool:
            options = self._trait_options()
            if options is not self._traits_offered:
                self._traits_offered = options
                self.query_one("#add-trait", Select).set_options(options)
        self._fields.reset()
        self.scroll_home(animate=False)

    def add_trait(self, name: str) -> None:
        """Append ``+ name`` to the pool (from the trait picker)."""
        pool = self.query_one("#pool", Input)
        pool.value = f"{pool.value.rstrip()} + {name}" if pool.value.strip() else name
        pool.cursor_position = len(pool.value)
        pool.focus()
