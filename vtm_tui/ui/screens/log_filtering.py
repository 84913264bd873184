"""The log screen's filter keys: who, kind, outcome, messy results, rule set, date, text; chips removed one by one.

A mixin of :class:`~vtm_tui.ui.screens.log.LogScreen` (kept apart so each file
holds one concern): every action builds a new
:class:`~vtm_tui.review.filters.LogFilter` and hands it to the screen's
``set_filter``, which shows the chips and filters the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vtm_tui.model.log_entry import KINDS
from vtm_tui.review.filters import LogFilter, messy_results, parse_dates
from vtm_tui.review.lines import outcome_name
from vtm_tui.review.stats import result_order
from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.ruleset import short_title
from vtm_tui.ui.app_base import VtmNode
from vtm_tui.ui.screens.session_picker import ChoicePicker, TextPrompt
from vtm_tui.ui.widgets.filter_chips import FilterChips

if TYPE_CHECKING:
    from vtm_tui.review.source import SessionTail
    from vtm_tui.ui.widgets.log_view import LogView


class FilterActions(VtmNode):
    """Filter actions; the screen provides ``filter``, ``set_filter``, ``tail``, ``view``, ``_ruleset``, ``app``."""

    filter: LogFilter
    tail: SessionTail | None
    app: object
    view: LogView

    def set_filter(self, log_filter: LogFilter) -> None:  # pragma: no cover - the screen's
        raise NotImplementedError

    def _ruleset(self) -> str | None:  # pragma: no cover - ReviewActions' (later in the screen's bases)
        raise NotImplementedError

    def _known_actors(self) -> list[str]:
        names: dict[str, None] = {}
        store = self.app.chronicle_store
        for character in getattr(store, "characters", []) or []:
            names[character.name] = None
        for entry in self.tail.entries if self.tail else []:
            for name in (entry.actor, *entry.characters):  # a contest's defender too (an extra has no sheet)
                if name:
                    names[name] = None
        return sorted(names, key=str.casefold)

    def _pick(self, title: str, choices: list[tuple[str, str]], apply: Callable[[str], LogFilter]) -> None:
        def chosen(value: str | None) -> None:
            if value is not None:
                self.set_filter(apply(value))

        self.app.push_screen(ChoicePicker(title, choices), chosen)

    def action_filter_actor(self) -> None:
        self._pick("Only this character's entries", [(n, n) for n in self._known_actors()], self.filter.with_actor)

    def action_filter_kind(self) -> None:
        self._pick("Only entries of this kind", [(k, k.replace("_", " ")) for k in KINDS], self.filter.with_kind)

    def action_filter_result(self) -> None:
        ruleset = self._ruleset()
        names = list(result_order(ruleset)) if ruleset else []
        choices = [("messy", " and ".join(outcome_name(r) + "s" for r in messy_results(ruleset)))]
        choices += [(n, outcome_name(n)) for n in names]

        def apply(value: str) -> LogFilter:
            return self.filter.with_results(*messy_results(self._ruleset())) if value == "messy" else self.filter.with_results(value)

        self._pick("Only these outcomes", choices, apply)

    def action_messy(self) -> None:
        """One key for what changes a story: messy criticals, bestial failures (and V20 botches)."""
        self.set_filter(self.filter.with_results(*messy_results(self._ruleset())))

    def action_filter_ruleset(self) -> None:
        self._pick("Only this rule set", [(ruleset, short_title(ruleset)) for ruleset in RULESETS],
                   self.filter.with_ruleset)

    def action_search(self) -> None:
        def chosen(text: str | None) -> None:
            if text is not None:
                self.set_filter(self.filter.with_text(text))

        self.app.push_screen(TextPrompt("Search comments, pools and names (every word must appear)", self.filter.text,
                                        placeholder="e.g. sigil"), chosen)

    def action_filter_date(self) -> None:
        current = next((c.label.removeprefix("date: ") for c in self.filter.chips() if c.key == "date"), "")

        def chosen(text: str | None) -> None:
            if text is not None:
                self.set_filter(self.filter.with_date_text(text))

        self.app.push_screen(TextPrompt("Only these days (local time)", current, placeholder="2026-09-12..2026-10-03",
                                        hint="A day, or FIRST..LAST (either may be left out) · empty clears · Esc cancel",
                                        check=parse_dates), chosen)

    def action_clear_filters(self) -> None:
        if not self.filter.is_empty:
            self.set_filter(LogFilter())

    def on_filter_chips_removed(self, message: FilterChips.Removed) -> None:
        self.set_filter(self.filter.without(message.key))
        if self.filter.is_empty:
            self.view.focus()
