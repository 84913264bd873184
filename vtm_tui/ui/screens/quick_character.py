"""The quick storyteller character dialog: pick a template, type a name, Enter — a whole character.

Opened with ``A`` on the coterie (the character is saved and logged as one added character, ``ctrl+z``
removes it) and with ``ctrl+t`` in the conflict's add dialog (the template fills the extras' pools and
health; no name is asked). Templates are the rule set's own plus the chronicle's ``templates/``; a broken
template file is named in the dialog, the others still offered. Keyboard only: ↑/↓ pick, Enter/Tab next,
Esc cancels.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from vtm_tui.rules.sheet_spec import QuickTemplate
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.screens.new_character import DIALOG_CSS
from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList


def _pools_text(template: QuickTemplate) -> str:
    pools = template.character.get("pools", {})
    return ", ".join(f"{k} {v}" for k, v in pools.items()) if isinstance(pools, dict) else ""


class QuickCharacterDialog(VtmDialog[tuple[QuickTemplate, str] | None]):
    """Answers ``(template, name)`` (the name is "" when ``ask_name`` is off), or None."""

    HELP_TITLE = "Quick storyteller character"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CSS = DIALOG_CSS.format(name="QuickCharacterDialog") + """
    QuickCharacterDialog > Vertical { width: 72; }
    QuickCharacterDialog OptionList { max-height: 10; }
    QuickCharacterDialog #quick-detail { color: $text-muted; height: auto; }
    """

    def __init__(self, templates: tuple[QuickTemplate, ...], problems: tuple[str, ...] = (), *,
                 ask_name: bool = True) -> None:
        super().__init__()
        self.templates = templates
        self.problems = problems
        self.ask_name = ask_name

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Quick storyteller character — Enter next, Esc cancels"
            yield Label("Template")
            yield MarkedOptionList(*[Option(Text(t.label), id=t.id) for t in self.templates], id="quick-templates")
            yield Static("", id="quick-detail", markup=False)
            if self.ask_name:
                yield Label("Name")
                yield Input(id="quick-name", max_length=80)
            problems = "\n".join(f"⚠ {p}" for p in self.problems)
            yield Static(problems, id="quick-problem", classes="error", markup=False)

    def on_mount(self) -> None:
        options = self.query_one("#quick-templates", OptionList)
        options.highlighted = 0 if self.templates else None
        options.focus()
        self._detail()

    @property
    def template(self) -> QuickTemplate | None:
        index = self.query_one("#quick-templates", OptionList).highlighted
        return None if index is None or not self.templates else self.templates[index]

    def _detail(self) -> None:
        template = self.template
        text = "" if template is None else " · ".join(x for x in (template.description, _pools_text(template)) if x)
        self.query_one("#quick-detail", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.ask_name:
            name = self.query_one("#quick-name", Input)
            if not name.value.strip() and self.template is not None:
                name.value = self.template.label
            name.focus()
        else:
            self.submit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def submit(self) -> None:
        template = self.template
        if template is None:
            self.query_one("#quick-problem", Static).update("No template to make a character from.")
            return
        name = self.query_one("#quick-name", Input).value.strip() if self.ask_name else ""
        if self.ask_name and not name:
            self.query_one("#quick-problem", Static).update("A character needs a name.")
            return
        self.dismiss((template, name))

    def action_cancel(self) -> None:
        self.dismiss(None)
