"""One entry in full: every die, the roll it re-rolled or its re-rolls, and the odds it had.

The words come from :func:`vtm_tui.review.detail.detail_rows`; this screen
lays them out and lets ``l`` follow the re-roll link to the linked entry.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import tzinfo

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.detail import DetailRow, detail_rows
from vtm_tui.review.entry_odds import OddsContext, entry_odds
from vtm_tui.review.lines import outcome_name
from vtm_tui.ui.dialog import VtmDialog

Finder = Callable[[LogEntry], tuple[LogEntry | None, tuple[LogEntry, ...]]]


class EntryDetail(VtmDialog[None]):
    """The detail of one entry; Esc closes, ``l`` opens the linked roll."""

    HELP_TITLE = "Entry"
    DEFAULT_CSS = """
    EntryDetail > Vertical {
        width: 96;
        max-height: 100%;
        border: round $secondary;
    }
    EntryDetail #detail-title {
        text-style: bold;
        height: 1;
    }
    EntryDetail VerticalScroll {
        height: auto;
        max-height: 20;
    }
    EntryDetail #detail-hint {
        color: $text-muted;
        height: 1;
    }
    """
    BINDINGS = [
        Binding("escape,q", "dismiss", "Close", id="detail.close"),
        Binding("l", "linked", "Linked roll", id="detail.linked"),
    ]

    def __init__(self, entry: LogEntry, *, find_links: Finder | None = None, context: OddsContext | None = None,
                 storyteller: bool = True, tz: tzinfo | None = None) -> None:
        super().__init__()
        self.entry = entry
        self.find_links = find_links
        self.context = context
        self.storyteller = storyteller
        self.tz = tz
        original, rerolls = find_links(entry) if find_links else (None, ())
        self.original = original
        self.rerolls = rerolls
        self.rows: list[DetailRow] = detail_rows(entry, odds=entry_odds(entry, context), original=original,
                                                 rerolls=rerolls, storyteller=storyteller, tz=tz)

    def compose(self) -> ComposeResult:
        entry = self.entry
        title = f"{entry.actor or entry.kind}" + (f" — {outcome_name(entry.result)}" if entry.result else "")
        with Vertical():
            yield Static(title, id="detail-title", markup=False)
            table = Table.grid(padding=(0, 1))
            table.add_column(style="bold", justify="right", no_wrap=True)
            table.add_column(overflow="fold")
            for row in self.rows:  # Text: a comment or name is shown as typed, never run as markup
                table.add_row(Text(row.label), Text(row.value))
            with VerticalScroll():
                yield Static(table, id="detail-body")
            linked = " · l linked roll" if self.original or self.rerolls else ""
            yield Static(f"Esc close{linked}", id="detail-hint")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "linked":
            return bool(self.original or self.rerolls)
        return True

    def action_linked(self) -> None:
        target = self.original or (self.rerolls[0] if self.rerolls else None)
        if target is None:
            return
        self.dismiss(None)
        self.app.push_screen(EntryDetail(target, find_links=self.find_links, context=self.context,
                                         storyteller=self.storyteller, tz=self.tz))
