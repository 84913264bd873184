"""What the roll form's fields hold: standard widgets that are never shown (the form draws them, one widget).

Each keeps what Textual gives a field (an ``Input``'s editing, cursor, paste and length limit; a tick
box's value; a ``Select``'s options) and posts the same change messages, so the dialog reads them and
the tests set them as they did. They are not drawn and take no focus: ``focus()`` puts the form's own
cursor on them (:class:`~vtm_tui.ui.widgets.roll_fields.RollFields`), which is what a focus change
cost was saved for.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, Select

from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox

HIDDEN = "display: none;"


class NeverDrawn:
    """A model is never shown, so it never asks to be drawn or laid out again. An ``Input`` changes its
    virtual size with every key typed (its text's width), which laid the whole dialog out again: 30 ms of
    a seat's CPU for each key of a comment."""

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        return self


def _focus_form(model: Any) -> None:
    from vtm_tui.ui.widgets.roll_fields import RollFields

    fields = getattr(model.parent, "fields_widget", None)  # the form's own, once mounted: no query per focus
    if isinstance(fields, RollFields):
        fields.move_to(model.id or "")
        fields.focus()
        return
    for node in model.ancestors:
        found = node.query(RollFields) if hasattr(node, "query") else None
        if found:
            fields = found.first(RollFields)
            fields.move_to(model.id or "")
            fields.focus()
            return


class FieldInput(NeverDrawn, Input):
    """A text field's value and editing; drawn by the form."""

    DEFAULT_CSS = f"FieldInput {{ {HIDDEN} }}"

    def focus(self, scroll_visible: bool = True) -> FieldInput:
        _focus_form(self)
        return self


class FieldCheckbox(NeverDrawn, MarkCheckbox):
    """A tick box's value; drawn by the form."""

    DEFAULT_CSS = f"FieldCheckbox {{ {HIDDEN} }}"

    def focus(self, scroll_visible: bool = True) -> FieldCheckbox:
        _focus_form(self)
        return self


class FieldSelect(NeverDrawn, Select):
    """A choice's options and value; drawn by the form."""

    DEFAULT_CSS = f"FieldSelect {{ {HIDDEN} }}"

    def focus(self, scroll_visible: bool = True) -> FieldSelect:
        _focus_form(self)
        return self
