"""A text field where Tab takes the completion it shows, as → does, and moves on only when none is shown.

A page that says "Tab completes" must mean it: with a plain Input, Tab moved the focus away and the next
letters typed went to the next widget (the guided creation's powers page). The suggestion is asked of the
field's own suggester through its public ``get_suggestion``, so what Tab takes is exactly what the field shows.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input


class CompletingInput(Input):
    """An :class:`~textual.widgets.Input` whose Tab completes first (priority: before the screen's focus move)."""

    BINDINGS = [Binding("tab", "complete_or_next", "Complete, else next field", show=False, priority=True,
                        id="input.complete")]

    async def action_complete_or_next(self) -> None:
        if self.suggester is not None and self.value and self.cursor_at_end:
            typed = self.value if self.suggester.case_sensitive else self.value.casefold()
            suggestion = await self.suggester.get_suggestion(typed)
            if suggestion and suggestion != self.value:
                self.value = suggestion
                self.cursor_position = len(suggestion)
                return
        self.screen.focus_next()
