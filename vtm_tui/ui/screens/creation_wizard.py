"""Guided creation (``c`` on the coterie): one page per step of the rule set's core book, keyboard only.

The pages come from :meth:`RuleSet.creation_steps` — nothing here knows a rule set. Each change is laid on
the character's document, the rule set sets what the choices decide (``creation_apply``), and the budget
panel shows what is left to spend and what differs from the book (``creation_report``). It warns and never
blocks: ``ctrl+s`` saves on any page. The finished character is checked like a file and handed back to the
coterie, which saves it as ``a`` does (one logged "added" entry; ``ctrl+z`` removes it).

Keys: PageDown / PageUp next and previous page (Enter on a choice also moves on); on a page of dots ↑/↓
pick a trait, ``+``/``-`` or a digit set it; on a page of names type ``Name 2`` (completion from the rule
set's list; ``Skill: specialty`` on the specialties page) and Enter, Delete removes the highlighted one;
Esc goes back a page; on the first page it leaves, asking first (``d`` discards) once anything was typed.
"""

from __future__ import annotations

import copy
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character, new_character
from vtm_tui.rules.entry_pages import entry_page
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_spec import CreationStep
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.confirm_discard import ConfirmDiscard
from vtm_tui.ui.widgets.completing_input import CompletingInput
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList
from vtm_tui.ui.screens.creation_pages import (
    NAME_STEP,
    dots_line,
    get_path,
    named_entries,
    parse_named,
    read_convictions,
    rating,
    set_path,
    set_rating,
    write_convictions,
)

MAX_TEXT = 300


class DotsList(OptionList):
    """A page of ratings: a digit sets the highlighted one, ``+``/``-`` move it by one step.

    The keys are this widget's own bindings, so the row they act on is the one highlighted when the key came,
    even when keys arrive in a burst (a key handled on the screen could overtake a pending ↓).
    """

    BINDINGS = [
        *[Binding(str(d), f"rate({d}, True)", show=False) for d in range(10)],
        Binding("plus,equals_sign", "rate(1, False)", "Raise", show=False),
        Binding("minus", "rate(-1, False)", "Lower", show=False),
    ]

    class Rated(Message):
        def __init__(self, index: int, value: int, absolute: bool) -> None:
            super().__init__()
            self.index, self.value, self.absolute = index, value, absolute

    def action_rate(self, value: int, absolute: bool) -> None:
        if self.highlighted is not None:
            self.post_message(self.Rated(self.highlighted, value, absolute))


class CreationWizard(VtmDialog[Character | None]):
    """Answers the finished (unsaved) character, or None when discarded."""

    HELP_TITLE = "Guided creation"
    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", priority=True, id="create.next"),
        Binding("pageup", "page(-1)", "Previous page", priority=True, id="create.previous"),
        Binding("ctrl+s", "finish", "Save the character", priority=True, id="create.save"),
        Binding("escape", "back", "Back / discard", id="create.back"),
        Binding("delete", "remove", "Remove", show=False, id="create.remove"),
    ]
    DEFAULT_CSS = """
    CreationWizard > Vertical { width: 90; height: 100%; max-height: 40; }
    CreationWizard #create-page { height: 1fr; }
    CreationWizard OptionList { height: auto; max-height: 1fr; }
    CreationWizard TextArea { height: 8; }
    CreationWizard Input { background: $panel; }
    CreationWizard Input:focus { background: $boost; }
    CreationWizard #create-help { color: $text-muted; height: auto; }
    CreationWizard #create-report { height: auto; max-height: 9; border-top: solid $primary; }
    CreationWizard #create-problem { color: $error; text-style: bold; height: auto; }
    CreationWizard #create-unmet { text-style: bold; height: auto; }
    CreationWizard Label { text-style: bold; }
    """

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.rules = ruleset_for(ruleset)
        self.steps: tuple[CreationStep, ...] = (NAME_STEP, *self.rules.creation_steps())
        self.page = 0
        self.choices: dict[str, str] = {}
        self.doc: dict[str, Any] = self.rules.creation_apply(
            self.rules.creation_start(new_character("?", ruleset, kind="pc").to_toml()), {})
        self._blank = copy.deepcopy(self.doc)  # nothing chosen yet: Esc leaves without asking
        self.identity = {"name": "", "player": ""}
        self.fields = {f.key: f for f in self.rules.text_fields()}
        self.pending_problem = ""  # said on the next page drawn (a value collected as the page was left)

    # -- building -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Guided creation — PgDn/PgUp pages · ctrl+s saves · Esc back"
            yield Static("", id="create-title", markup=False)
            yield Static("", id="create-help", markup=False)
            yield VerticalScroll(id="create-page")
            yield Static("", id="create-problem", markup=False)
            yield Static("", id="create-report", markup=False)

    async def on_mount(self) -> None:
        await self.show_page()

    @property
    def step(self) -> CreationStep:
        return self.steps[self.page]

    async def show_page(self) -> None:
        step = self.step
        self.query_one("#create-title", Static).update(
            Text(f"Step {self.page + 1} of {len(self.steps)}: {step.title}", style="bold"))
        self.query_one("#create-help", Static).update(step.help)
        self.query_one("#create-problem", Static).update(self.pending_problem)  # markup=False: typed text
        self.pending_problem = ""
        page = self.query_one("#create-page", VerticalScroll)
        await page.remove_children()
        await page.mount_all(list(self._widgets(step)))
        self._focus_page()
        self.refresh_report()

    def _widgets(self, step: CreationStep) -> list[Any]:
        if step.kind == "text":
            return self._text_widgets(step)
        if step.kind == "choice":
            options = MarkedOptionList(*[Option(Text(o), id=o) for o in step.options], id="create-choice")
            chosen = self.choices.get(step.id)
            if chosen in step.options:
                options.highlighted = step.options.index(chosen)
            return [options]
        if step.kind == "dots":
            dots = DotsList(*self._dots_options(step), id="create-dots")
            dots.highlighted = 0
            return [dots]
        if step.kind == "entries":
            return self._entry_widgets(step)
        entries = named_entries(self.doc, step)
        return [Label("Add (Enter):"),
                CompletingInput(id="create-named", suggester=SuggestFromList(step.options, case_sensitive=False),
                      placeholder="Brawl: Grappling" if step.table == "specialties" else f"{step.options[0]} 2",
                      max_length=80),
                MarkedOptionList(*[Option(Text(e)) for e in entries], id="create-entries")]

    def _entry_widgets(self, step: CreationStep) -> list[Any]:
        """A page of entries the rule set reads (V5 powers): add with completion, the list, what may be added."""
        page = entry_page(self.ruleset, step.id)
        if page is None:
            return [Static(f"Nothing to edit on this page ({step.id}).", markup=False)]
        offered = page.suggestions(self.doc)
        unmet = Static(self._unmet_text(step), id="create-unmet", markup=False)
        unmet.display = bool(self._unmet_text(step))  # no blank line when there is nothing to say
        return [Label("Add (Enter):"),
                CompletingInput(id="create-entry", suggester=SuggestFromList(offered, case_sensitive=False),
                      placeholder=offered[0] if offered else page.placeholder, max_length=160),
                unmet,
                MarkedOptionList(*[Option(Text(e)) for e in page.lines(self.doc)], id="create-entries"),
                Static(self._available_text(step), id="create-available", markup=False)]

    def _unmet_text(self, step: CreationStep) -> str:
        """What the sheet's entries lack (``⚠ Dementation needs Obfuscate 2 (has 0)``), as text under the field:
        the storyteller may grant it, never silently."""
        page = entry_page(self.ruleset, step.id)
        return "\n".join(f"⚠ {problem}" for problem in (page.problems(self.doc) if page else []))

    def _available_text(self, step: CreationStep) -> str:
        page = entry_page(self.ruleset, step.id)
        offered = page.available(self.doc) if page else []
        return "Catalogue (level ≤ dots): " + ("; ".join(offered) if offered else "nothing more to add")

    def _text_widgets(self, step: CreationStep) -> list[Any]:
        labels = {f.key: f for f in self.rules.text_fields()}
        found: list[Any] = []
        for key in step.fields:
            if key == "convictions":
                found += [Label("Convictions (one per line: conviction = touchstone)"),
                          TextArea(read_convictions(self.doc), id="create-convictions")]
                continue
            spec = labels.get(key)
            label = spec.label if spec else key.replace("_", " ").capitalize()
            value = self.identity[key] if key in self.identity else str(get_path(self.doc, key))
            suggester = SuggestFromList(spec.choices, case_sensitive=False) if spec and spec.choices else None
            found += [Label(label), Input(value, id=f"create-text-{key.replace('.', '-')}", compact=True,
                                          max_length=spec.limit if spec else MAX_TEXT, suggester=suggester)]
        return found

    def _dots_options(self, step: CreationStep) -> list[Option]:
        table = self.doc.get(step.table, {}) or {}
        return [Option(dots_line(name, rating(table, name, step.low), step)) for name in step.fields]

    def _focus_page(self) -> None:
        focusable = [w for w in self.query_one("#create-page").query("Input, OptionList, TextArea")]
        if focusable:
            focusable[0].focus()

    def refresh_report(self) -> None:
        report = self.rules.creation_report(self.doc, self.choices)
        lines = [b.text() for b in report.budgets] + [f"⚠ {w}" for w in report.warnings[:4]]
        if len(report.warnings) > 4:
            lines.append(f"⚠ … {len(report.warnings) - 4} more")
        self.query_one("#create-report", Static).update("\n".join(lines))

    # -- changes --------------------------------------------------------------------------------
    def derive(self, doc: dict[str, Any]) -> dict[str, Any]:
        """What follows from the choices (a clan's, an age's values); the sheet editor derives nothing."""
        return self.rules.creation_apply(doc, self.choices)

    def _changed(self) -> None:
        self.doc = self.derive(self.doc)
        self.refresh_report()

    def collect_text(self) -> None:
        """Take what the text page holds into the document (called on leaving the page and on saving)."""
        if self.step.kind != "text":
            return
        for key in self.step.fields:
            if key == "convictions":
                write_convictions(self.doc, self.query_one("#create-convictions", TextArea).text)
                continue
            typed = self.query_one(f"#create-text-{key.replace('.', '-')}", Input).value
            if key not in self.identity and typed == str(get_path(self.doc, key)):
                continue  # untouched: kept exactly as the file has it
            value = " ".join(typed.split())
            spec = self.fields.get(key)
            if key in self.identity:
                self.identity[key] = value
            elif spec is not None and spec.number and value:
                if value.isdigit():
                    set_path(self.doc, key, int(value))
                else:
                    self.pending_problem = f"{spec.label}: {value!r} is not a whole number; kept " \
                                           f"{get_path(self.doc, key) or 'nothing'}"
            else:
                set_path(self.doc, key, value or None)
        self._changed()

    def _current_choice(self, event: OptionList.OptionMessage) -> str | None:
        """The option an event names, if it comes from this page's choice list (a message from the page just
        left can arrive after the next page is drawn: it must not set, or break, the new page)."""
        step = self.step
        if event.option_list.id != "create-choice" or not event.option_list.is_attached or step.kind != "choice":
            return None
        return event.option.id if event.option.id in step.options else None

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        chosen = self._current_choice(event)
        if chosen is not None:
            event.option_list.disabled = True  # keys typed ahead go to the next page, never to this choice
            self.choices[self.step.id] = chosen
            self._changed()
            await self.action_page(1)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        chosen = self._current_choice(event)
        if chosen is not None:
            self.choices[self.step.id] = chosen
            self._changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "create-named":
            try:
                parse_named(self.doc, self.step, event.value)
            except VtmError as exc:
                self.query_one("#create-problem", Static).update(str(exc))
                return
            event.input.value = ""
            self._changed()
            self._refresh_entries()
        elif event.input.id == "create-entry":
            self._add_entry(event.input)
        elif self.step.kind == "text":
            self.focus_next()

    def on_dots_list_rated(self, message: DotsList.Rated) -> None:
        message.stop()
        step = self.step
        if step.kind != "dots" or not 0 <= message.index < len(step.fields):
            return
        name = step.fields[message.index]
        problem = set_rating(self.doc, step, name, message.value, absolute=message.absolute)
        self.query_one("#create-problem", Static).update(problem or "")
        self._changed()
        table = self.doc.get(step.table, {}) or {}
        self.query_one("#create-dots", DotsList).replace_option_prompt_at_index(
            message.index, dots_line(name, rating(table, name, step.low), step))

    def _add_entry(self, field: Input) -> None:
        page = entry_page(self.ruleset, self.step.id)
        if page is None or self.step.kind != "entries":
            return
        try:
            page.add(self.doc, field.value)
        except VtmError as exc:
            self.query_one("#create-problem", Static).update(str(exc))
            return
        self.query_one("#create-problem", Static).update("")
        field.value = ""
        self._changed()
        self._refresh_entries()

    def action_remove(self) -> None:
        entries = self.query("#create-entries")
        if not entries or self.step.kind not in ("named", "entries"):
            return
        listing = entries.first(OptionList)
        if listing.highlighted is None:
            return
        page = entry_page(self.ruleset, self.step.id) if self.step.kind == "entries" else None
        if page is not None:
            page.remove(self.doc, listing.highlighted)
        elif self.step.kind == "named":
            named_entries(self.doc, self.step, remove=listing.highlighted)
        self._changed()
        self._refresh_entries()

    def _refresh_entries(self) -> None:
        listing = self.query_one("#create-entries", OptionList)
        page = entry_page(self.ruleset, self.step.id) if self.step.kind == "entries" else None
        if page is None:
            listing.set_options([Option(Text(e)) for e in named_entries(self.doc, self.step)])
            return
        listing.set_options([Option(Text(e)) for e in page.lines(self.doc)])
        self.query_one("#create-entry", Input).suggester = SuggestFromList(page.suggestions(self.doc),
                                                                          case_sensitive=False)
        self.query_one("#create-available", Static).update(self._available_text(self.step))
        unmet = self.query_one("#create-unmet", Static)
        unmet.update(self._unmet_text(self.step))
        unmet.display = bool(self._unmet_text(self.step))

    # -- pages and the end ----------------------------------------------------------------------
    async def action_page(self, delta: int) -> None:
        self.collect_text()
        self.page = max(0, min(len(self.steps) - 1, self.page + delta))
        await self.show_page()

    async def action_back(self) -> None:
        """Esc: back a page; on the first page, leave. What was typed is never thrown away without a ``d``."""
        if self.page > 0:
            return await self.action_page(-1)
        self.collect_text()
        if not self.touched():
            return self.dismiss(None)
        self.app.push_screen(ConfirmDiscard(self.discard_question()),
                             lambda discard: self.dismiss(None) if discard else None)

    def touched(self) -> bool:
        """Whether anything was typed or chosen (Esc then asks before throwing it away)."""
        return bool(self.identity.get("name") or self.choices or self.doc != self._blank)

    def discard_question(self) -> str:
        """What Esc on the first page asks before anything typed is thrown away."""
        name = self.identity.get("name") or "this character"
        return f"Discard {name}? Everything chosen and typed in the wizard is lost."

    async def action_finish(self) -> None:
        self.collect_text()
        await self.finish()

    async def finish(self) -> None:
        """Check the new character like a file and hand it back."""
        name, player = self.identity["name"], self.identity["player"]
        if not name:
            self.page = 0
            await self.show_page()
            self.query_one("#create-problem", Static).update("A character needs a name.")
            return
        doc = copy.deepcopy(self.doc)
        doc.update(name=name, player=player, kind="pc" if player else "spc")
        try:
            character = Character.from_toml(doc, where="the new character", ruleset=self.ruleset)
        except VtmError as exc:
            self.query_one("#create-problem", Static).update(str(exc))
            return
        # After an ended session the app asks before the character is added; Esc keeps this wizard as it is.
        self.app.before_logging(lambda: self.dismiss(character))
