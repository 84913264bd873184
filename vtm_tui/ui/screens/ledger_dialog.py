"""Add or edit one ledger entry: a labelled field per item of the section's field table.

The fields come from :data:`vtm_tui.model.ledger.SPECS`, so a new field needs no
new dialog. Text and numbers are typed (each input is size-limited), a choice
(a boon's size) completes from its list, a person's name (a boon's debtor, a
bond's thrall…) from the chronicle's characters and the names already in the
ledger, yes/no fields are check marks. The
dialog does not save by itself: ``save`` (the ledger screen's, through the
headless layer) answers an error message or ``None``; on an error the dialog
stays open with everything typed kept, and says what was wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from vtm_tui.model.ledger import SINGULAR, FieldSpec, LedgerItem, field_specs, item_values
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox

Save = Callable[[dict[str, str]], "str | None"]


class LedgerItemDialog(VtmDialog[bool]):
    """Answers True once ``save`` accepted the form, False when cancelled."""

    HELP_TITLE = "Ledger entry"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True, id="ledger_dialog.save"),
        Binding("escape", "cancel", "Cancel", id="ledger_dialog.cancel"),
        # Enter saves from any field (a check mark would otherwise take it as a tick).
        Binding("enter", "save", "Save", show=False, priority=True, id="ledger_dialog.enter"),
    ]
    DEFAULT_CSS = """
    LedgerItemDialog > VerticalScroll { width: 72; max-height: 100%; }
    LedgerItemDialog Horizontal { height: 1; }
    LedgerItemDialog Label { width: 19; }
    LedgerItemDialog Input { border: none; height: 1; background: $panel; width: 1fr; padding: 0 1; }
    LedgerItemDialog Input:focus { background: $boost; border: none; }
    LedgerItemDialog MarkCheckbox, LedgerItemDialog MarkCheckbox:focus { border: none; height: 1; padding: 0;
        width: auto; }
    LedgerItemDialog #ledger-error { color: $warning; text-style: bold; height: auto; }
    LedgerItemDialog #ledger-hint { color: $text-muted; }
    """

    def __init__(self, section: str, item: LedgerItem | None, save: Save, names: Sequence[str] = ()) -> None:
        super().__init__()
        self.section = section
        self.item = item
        self.save = save
        self.names = list(names)
        self.specs: tuple[FieldSpec, ...] = field_specs(section)

    def compose(self) -> ComposeResult:
        values: dict[str, Any] = item_values(self.item) if self.item is not None else {}
        with VerticalScroll() as box:
            what = SINGULAR[self.section]
            box.border_title = f"Edit {what} {self.item.id}" if self.item is not None else f"New {what}"
            for spec in self.specs:
                value = values.get(spec.name, spec.default)
                with Horizontal():
                    yield Label(spec.label + ("*" if spec.required else ""), markup=False)
                    yield self._widget(spec, value)
            yield Static("", id="ledger-error", markup=False)
            yield Static("Tab next · → completes a name · space ticks · Enter saves · Esc cancels", id="ledger-hint",
                         markup=False)

    def _widget(self, spec: FieldSpec, value: Any) -> Input | MarkCheckbox:
        wid = f"field-{spec.name}"
        if spec.kind == "bool":
            return MarkCheckbox("yes", value=bool(value), id=wid)
        if spec.kind == "int":
            return Input(str(value), id=wid, restrict=r"\d*", max_length=len(str(spec.hi)), compact=True,
                         placeholder=f"{spec.lo}-{spec.hi}")
        if spec.kind == "choice":
            return Input(str(value), id=wid, max_length=spec.limit, compact=True, placeholder=", ".join(spec.choices),
                         suggester=SuggestFromList(spec.choices, case_sensitive=False))
        suggester = SuggestFromList(self.names, case_sensitive=False) if spec.person and self.names else None
        return Input(str(value), id=wid, max_length=spec.limit, compact=True, suggester=suggester)

    def on_mount(self) -> None:
        self.query(Input).first().focus()

    def typed(self) -> dict[str, str]:
        """The form as typed text, field by field (yes/no for check marks)."""
        typed: dict[str, str] = {}
        for spec in self.specs:
            widget = self.query_one(f"#field-{spec.name}")
            if isinstance(widget, MarkCheckbox):
                typed[spec.name] = "yes" if widget.value else "no"
            else:
                typed[spec.name] = self.query_one(f"#field-{spec.name}", Input).value
        return typed

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        """Save; after an ended session the app asks first, and Esc on the question keeps this dialog."""
        self.app.before_logging(self._save_now)

    def _save_now(self) -> None:
        problem = self.save(self.typed())
        if problem:
            self.query_one("#ledger-error", Static).update(problem)
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
